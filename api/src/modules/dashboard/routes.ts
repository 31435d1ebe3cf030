/** /api/dashboard/stats: the staff dashboard's figures. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../infrastructure/http/access';
import { DashboardQuery, DashboardStats } from 'shared-api/contract';
import { dashboardScope, dashboardStats } from './service';
import { catalogueCache, freshnessOf, sendUncacheable } from '../../infrastructure/caches/public-cache';

export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = catalogueCache(ctx);
  r.get(
    '/api/dashboard/stats',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['dashboard'],
        summary: "Dashboard figures for the caller's reach (?universityId= honoured for a SUPERUSER only)",
        description:
          'Outside tests the figures of each scope are kept for a few seconds in this process (catalogue writes clear them), so repeated dashboard loads stay cheap however many applications there are.',
        querystring: DashboardQuery,
        response: { 200: DashboardStats },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const scope = dashboardScope(caller, request.query.universityId);
      const body = await cache.get(`dashboard:${scope ?? 'all'}`, freshnessOf(request), () => dashboardStats(ctx, caller, request.query.universityId));
      return sendUncacheable(reply, body);
    },
  );
}
