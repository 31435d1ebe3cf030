/**
 * Development only (NODE_ENV=development without SMTP_URL): the newest
 * message of the mail outbox to an address, as plain text, so a developer
 * can follow a reset link that is never logged and is sealed at rest. Not
 * registered at all otherwise, and answers only requests from this machine.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { readLatestMail } from './outbox';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export async function devMailRoutes(app: FastifyInstance, ctx: AppContext) {
  if (ctx.config.env !== 'development' || ctx.config.mail.smtpUrl) return;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dev/mail',
      { config: { access: 'public' }, schema: { hide: true, querystring: z.object({ to: z.string().trim().min(1, 'is required').max(254) }).strict() } },
      async (request, reply) => {
        if (!LOOPBACK.has(request.ip)) throw notFound();
        const mail = await readLatestMail(ctx, request.query.to);
        if (!mail) throw notFound('No mail to this address');
        return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(`Subject: ${mail.subject}\nDate: ${mail.createdAt.toISOString()}\n\n${mail.text}\n`);
      },
    );
}
