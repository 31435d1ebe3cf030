import { httpClient, type Application } from 'shared-api';

/** PUT /api/applications/{id}/assignee: give the application to a reviewer, or (null) to nobody. */
export async function assignApplication(id: number, userId: number | null): Promise<Application> {
  return (await httpClient()).put(`applications/${id}/assignee`, { json: { userId } }).json<Application>();
}
