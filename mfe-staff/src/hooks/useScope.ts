import { useAuth, type SessionUser } from 'shared-auth';

export interface Scope {
  user: SessionUser | null;
  isSuperuser: boolean;
  /**
   * The university the lists follow: an ADMIN's own university always; for a
   * SUPERUSER the selected one, or null for all.
   */
  universityId: number | null;
}

export function useScope(): Scope {
  const user = useAuth((s) => s.user);
  const selected = useAuth((s) => s.selectedUniversity);
  const isSuperuser = user?.role === 'SUPERUSER';
  return { user, isSuperuser, universityId: isSuperuser ? selected : (user?.universityId ?? null) };
}
