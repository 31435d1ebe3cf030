import { httpClient, type ApplicationBulk, type ApplicationBulkResult } from 'shared-api';

/** POST /api/applications/bulk: assign or decline many applications at once, all or nothing. */
export async function bulkApplications(body: ApplicationBulk): Promise<ApplicationBulkResult> {
  return (await httpClient()).post('applications/bulk', { json: body }).json<ApplicationBulkResult>();
}
