/** /api/audit: the audit log for the SUPERUSER; refused authorizations are recorded as they happen. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditEntry, Paged } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { AuditQuery } from './schemas';
import { listAuditEntries, recordRefusals } from './service';

export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  recordRefusals(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/audit',
    { config: { access: 'superuser' }, schema: { tags: ['audit'], summary: 'Audit log (SUPERUSER)', querystring: AuditQuery, response: { 200: Paged(AuditEntry) } } },
    async (request) => listAuditEntries(ctx, request.query),
  );
}
