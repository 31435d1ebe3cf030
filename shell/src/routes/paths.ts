/**
 * Route ownership (brief): which remote answers which path for which role.
 * Remotes render their own absolute <Routes>; the shell only decides which
 * remote, inside which layout, a path belongs to.
 */
import { matchPath } from 'react-router-dom';

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

export function matchesAny(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((path) => matchPath({ path, end: true }, pathname) !== null);
}
