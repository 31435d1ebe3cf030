/** The audit log: who did what, to what, when, from where, with what outcome. */
export { audit, auditThrottled, type AuditInput } from './service';
export { auditRoutes } from './routes';
