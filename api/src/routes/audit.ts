import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditEntry, PageQuery, Paged } from 'shared-api/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import { listAuditEntries, recordRefusals } from '../services/audit';

const AuditQuery = PageQuery.extend({ action: z.string().trim().max(100).optional() }).strict();

export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  recordRefusals(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/audit',
    { config: { access: 'superuser' }, schema: { tags: ['audit'], summary: 'Audit log (SUPERUSER)', querystring: AuditQuery, response: { 200: Paged(AuditEntry) } } },
    async (request) => listAuditEntries(ctx, request.query),
  );
}
