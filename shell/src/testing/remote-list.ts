/**
 * A stand-in for /remotes.json in the shell's tests: three remotes with a few
 * pages each, shaped like the real manifests (the real ones are checked against
 * the spec's menus and guards in deploy/test/page-manifests.test.mjs).
 */
import type { PageEntry, RemoteList } from 'shared-api/pages';

const EVERYONE: PageEntry['roles'] = ['guest', 'USER', 'ADMIN', 'SUPERUSER'];
const STAFF: PageEntry['roles'] = ['ADMIN', 'SUPERUSER'];
const guest = (path: string): PageEntry => ({ path, roles: ['guest'], layout: 'none', prerender: true });
const user = (path: string, nav?: PageEntry['nav']): PageEntry => ({ path, roles: ['USER'], layout: 'applicant', ...(nav ? { nav } : {}) });
const staff = (path: string, roles = STAFF, nav?: PageEntry['nav']): PageEntry => ({ path, roles, layout: 'staff', ...(nav ? { nav } : {}) });

export const TEST_REMOTES: RemoteList = {
  mfe_public: {
    entry: '/remotes/mfe-public/remoteEntry.js',
    pages: {
      format: 1,
      pages: [
        guest('/'),
        guest('/home'),
        guest('/privacy'),
        { path: '/reset-password/:token', roles: ['guest'], layout: 'none' },
        { path: '/universities', roles: EVERYONE, layout: 'none', prerender: true },
        { path: '/guest/programs/:id', roles: EVERYONE, layout: 'none' },
      ],
    },
  },
  mfe_applicant: {
    entry: '/remotes/mfe-applicant/remoteEntry.js',
    pages: {
      format: 1,
      pages: [
        {
          ...user('/dashboard', [
            { menu: 'top', label: 'Universities', order: 10 },
            { menu: 'sidebar', label: 'Dashboard', order: 10 },
          ]),
          prerenderForRoles: ['USER'],
        },
        user('/applications', [{ menu: 'top', label: 'Applications', order: 20 }]),
        user('/profile', [
          { menu: 'top', label: 'Profile', order: 30 },
          { menu: 'sidebar', label: 'Profile', order: 20 },
        ]),
        user('/settings', [{ menu: 'top', label: 'Settings', order: 40 }]),
        user('/applications/:applicationId'),
        { ...user('/apply/:universityId'), prerenderForPerson: true, prerenderUnlessStored: ['applicationDraft'] },
      ],
    },
  },
  mfe_staff: {
    entry: '/remotes/mfe-staff/remoteEntry.js',
    pages: {
      format: 1,
      pages: [
        staff('/dashboard', STAFF, [{ menu: 'sidebar', label: 'Dashboard', order: 10, icon: 'dashboard' }]),
        staff('/applications', STAFF, [
          { menu: 'sidebar', label: 'Applications', order: 20, roles: ['ADMIN'] },
          { menu: 'sidebar', label: 'Applications', order: 50, roles: ['SUPERUSER'] },
        ]),
        staff('/programs', STAFF, [{ menu: 'sidebar', label: 'Programs', order: 30, icon: 'programs' }]),
        staff('/programs/add'),
        staff('/programs/edit/:id'),
        staff('/universities/all', ['SUPERUSER'], [{ menu: 'sidebar', label: 'Universities', order: 20 }]),
        staff('/universities/:id'),
        staff('/users', STAFF, [{ menu: 'sidebar', label: 'User Management', order: 60, roles: ['SUPERUSER'] }]),
        staff('/users/add-admin'),
        staff('/audit', ['SUPERUSER']),
      ],
    },
  },
};

/** What the registry's remoteListForRouting() gives once the list has loaded. */
export function settledRemoteList(list: RemoteList | null = TEST_REMOTES): Promise<RemoteList | null> {
  return Object.assign(Promise.resolve(list), { status: 'fulfilled' as const, value: list });
}
