/** /api/contact: the About page's contact form. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactMessage, MessageBody } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { sendContactMessage } from './service';
import { withRetryAfter } from '../../infrastructure/http/retry-after';
import { createRateLimiter } from '../../infrastructure/rate-limit';

export async function contactRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createRateLimiter({
    redisUrl: ctx.config.redisUrl,
    onError: (error) => app.log.warn({ reason: error.message }, 'rate limiter: Redis unavailable, counting in memory'),
  });
  app.addHook('onClose', () => limiter.close());

  r.post(
    '/api/contact',
    {
      config: { access: 'public' },
      schema: { tags: ['contact'], summary: "Send a message to the portal's team (mail outbox)", body: ContactMessage, response: { 202: MessageBody } },
    },
    async (request, reply) => withRetryAfter(reply, async () => reply.code(202).send({ message: await sendContactMessage(ctx, limiter, request.body, request.ip) })),
  );
}
