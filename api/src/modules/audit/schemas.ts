/** Request shapes only this API uses (the shared ones are in shared-api's contract). */
import { PageQuery, PlainString } from 'shared-api/contract';

/** A page of the log, narrowed to one action. */
export const AuditQuery = PageQuery.extend({ action: PlainString.trim().max(100).optional() }).strict();
