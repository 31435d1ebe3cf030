/** /api/subscribers: the waitlist. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageBody, SubscriberCount, SubscriberCreate } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { withRetryAfter } from '../../infrastructure/http/retry-after';
import { subscribe, subscriberCount } from './service';

export async function subscribersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/subscribers/count', { config: { access: 'public' }, schema: { tags: ['subscribers'], summary: 'Waitlist size', response: { 200: SubscriberCount } } }, async () => ({
    count: await subscriberCount(ctx),
  }));

  r.post(
    '/api/subscribers',
    { config: { access: 'public' }, schema: { tags: ['subscribers'], summary: 'Join the waitlist', body: SubscriberCreate, response: { 200: MessageBody, 201: MessageBody } } },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const { created, message } = await subscribe(ctx, request.body, request.ip);
        return reply.code(created ? 201 : 200).send({ message });
      }),
  );
}
