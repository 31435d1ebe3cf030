/**
 * Route ownership (brief): which remote answers which path for which role.
 * Remotes render their own absolute <Routes>; the shell only decides which
 * remote, inside which layout, a path belongs to.
 *
 * Nothing here imports a shared module: the shell's entry uses `areaFor` to
 * start loading the right remote before the shared libraries are negotiated.
 */
import type { RemoteName } from '../features/remotes/registry';

/** mfe-public pages every visitor may see, signed in or not. */
export const PUBLIC_FOR_ALL = ['/universities', '/guest/programs/:id'];
/** mfe-public pages for guests only: a signed-in user is sent to /dashboard. */
export const PUBLIC_GUEST_ONLY = ['/', '/home', '/learn-more', '/about', '/coming-soon', '/forgot-password', '/reset-password/:token', '/privacy'];
/** mfe-applicant (USER). */
export const APPLICANT_PATHS = [
  '/dashboard',
  '/profile',
  '/settings',
  '/applications',
  '/applications/:applicationId',
  '/universities/:id',
  '/courses/:id',
  '/apply/:universityId',
];
/** mfe-staff pages only a SUPERUSER may open. */
export const SUPERUSER_ONLY_PATHS = ['/universities/all', '/universities/add', '/universities/edit/:id', '/audit'];
/** mfe-staff (ADMIN and SUPERUSER). */
export const STAFF_PATHS = [
  '/dashboard',
  '/applications',
  '/applications/:id',
  '/programs',
  '/programs/add',
  '/programs/edit/:id',
  '/programs/:id',
  '/courses',
  '/course/add',
  '/course/edit/:id',
  '/course/:id',
  ...SUPERUSER_ONLY_PATHS,
  '/universities/:id',
  '/users',
  '/users/add-admin',
  '/students/all',
  '/profile',
];

/** Matches a route pattern ('/universities/:id') the way the router does: whole path, any case, ':x' is one segment. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? true : segment.toLowerCase() === got[i]!.toLowerCase()));
}

export function matchesAny(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((pattern) => matchesPattern(pattern, pathname));
}

export type Role = 'USER' | 'ADMIN' | 'SUPERUSER';

/** What the shell shows at a path other than /login and /register. */
export type Area =
  | { kind: 'remote'; remote: RemoteName; layout: 'none' | 'applicant' | 'staff' }
  | { kind: 'redirect'; to: '/login' | '/dashboard' }
  | { kind: 'not-found' };

export function areaFor(role: Role | null, pathname: string): Area {
  if (matchesAny(PUBLIC_FOR_ALL, pathname)) return { kind: 'remote', remote: 'mfe_public', layout: 'none' };
  if (role === null) {
    if (matchesAny(PUBLIC_GUEST_ONLY, pathname)) return { kind: 'remote', remote: 'mfe_public', layout: 'none' };
    return { kind: 'redirect', to: '/login' };
  }
  if (matchesAny(PUBLIC_GUEST_ONLY, pathname)) return { kind: 'redirect', to: '/dashboard' };
  if (role === 'USER') {
    return matchesAny(APPLICANT_PATHS, pathname) ? { kind: 'remote', remote: 'mfe_applicant', layout: 'applicant' } : { kind: 'not-found' };
  }
  if (role !== 'ADMIN' && role !== 'SUPERUSER') return { kind: 'not-found' };
  const allowed = matchesAny(STAFF_PATHS, pathname) && (role === 'SUPERUSER' || !matchesAny(SUPERUSER_ONLY_PATHS, pathname));
  return allowed ? { kind: 'remote', remote: 'mfe_staff', layout: 'staff' } : { kind: 'not-found' };
}
