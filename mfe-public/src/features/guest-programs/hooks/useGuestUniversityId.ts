import { STORAGE_KEYS } from 'shared-api';
import { useAuth } from 'shared-auth';

function storedUniversity(): string | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEYS.selectedUniversity);
    return value && value.trim() !== '' && value !== 'null' ? value.trim() : null;
  } catch {
    return null;
  }
}

/**
 * The university whose programs the guest page shows (spec §2.3): the
 * signed-in ADMIN's own university, else the saved selectedUniversity, else
 * the id in the route.
 */
export function useGuestUniversityId(routeId: string | undefined): string | null {
  const user = useAuth((state) => state.user);
  if (user?.role === 'ADMIN' && user.universityId != null) return String(user.universityId);
  return storedUniversity() ?? routeId ?? null;
}
