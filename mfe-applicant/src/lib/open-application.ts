/**
 * The applicant's open (not yet decided) application to a university, if any:
 * before starting another to the same university the applicant is told, since
 * both would be reviewed (and each has its own fee). A failed look-up is no
 * reason to stop anyone applying, so it answers null. Undefined while looking.
 */
import { applicationsApi, DECIDABLE_STATUSES, type Application } from 'shared-api';
import { useServerData } from 'shared-api/data';

/** `rendered`: the applicant's applications a page the server rendered came with (not asked again). */
export function useOpenApplication(userId: number | null | undefined, universityId: number | null, rendered?: Application[]): Application | null | undefined {
  const asking = Boolean(userId) && universityId !== null;
  const { data, error, loading } = useServerData(asking ? () => applicationsApi.ofUser(userId!, { skipLogoutOn401: true }) : null, [userId, universityId], { initial: asking ? rendered : undefined });
  if (!asking || error) return null;
  if (loading || data === undefined) return undefined;
  if (!Array.isArray(data)) return null;
  return data.find((a) => a.universityId === universityId && DECIDABLE_STATUSES.includes(String(a.status).toUpperCase() as Application['status'])) ?? null;
}
