import { useAuth } from 'shared-auth';

/**
 * Whether an object of a university is within the signed-in staff member's
 * reach: a SUPERUSER reaches all; an ADMIN only its own university (objects
 * elsewhere are shown as not found, as the API answers 404 for them).
 */
export function useInReach(): (universityId: number | null | undefined) => boolean {
  const user = useAuth((s) => s.user);
  return (universityId) => user?.role === 'SUPERUSER' || (user?.role === 'ADMIN' && universityId === user.universityId);
}
