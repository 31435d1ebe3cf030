import { httpClient, type Assignee } from 'shared-api';

/** GET /api/applications/assignees: whom applications of a university can be assigned to. */
export async function listAssignees(universityId: number | null): Promise<Assignee[]> {
  return (await httpClient()).get('applications/assignees', universityId === null ? {} : { searchParams: { universityId: String(universityId) } }).json<Assignee[]>();
}
