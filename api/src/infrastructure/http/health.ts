import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export interface Lifecycle {
  shuttingDown: boolean;
}

export async function healthRoutes(app: FastifyInstance, ctx: AppContext & { lifecycle: Lifecycle }) {
  app.get('/api/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { config: { access: 'public' } }, async (_request, reply) => {
    if (ctx.lifecycle.shuttingDown) return reply.code(503).send({ status: 'shutting down', message: 'Server is shutting down' });
    const up = await ctx.database.ping();
    if (!up) return reply.code(503).send({ status: 'unavailable', message: 'Database unreachable' });
    return { status: 'ready', database: ctx.database.kind };
  });
}
