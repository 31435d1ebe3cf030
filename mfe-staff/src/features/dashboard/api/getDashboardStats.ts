import { httpClient, type DashboardStats } from 'shared-api';

/**
 * The dashboard's figures, as asked with no university: an ADMIN's own
 * university, or everything for a SUPERUSER. A page the server renders for
 * its person carries this answer (decision 013, src/server.ts).
 */
export const DASHBOARD_STATS_PATH = 'dashboard/stats';

/** GET /api/dashboard/stats: the figures of one university (a SUPERUSER's choice), or unscoped. */
export async function getDashboardStats(universityId: number | null): Promise<DashboardStats> {
  return (await httpClient()).get(DASHBOARD_STATS_PATH, universityId === null ? {} : { searchParams: { universityId: String(universityId) } }).json<DashboardStats>();
}
