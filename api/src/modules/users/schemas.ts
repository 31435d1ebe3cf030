/** Request shapes only this API uses (the shared ones are in shared-api's contract). */
import { Id, PageQuery } from 'shared-api/contract';

/** The students list: a page, and for a SUPERUSER one university. */
export const StudentQuery = PageQuery.extend({ universityId: Id.optional() }).strict();
