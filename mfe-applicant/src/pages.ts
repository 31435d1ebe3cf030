/**
 * The pages this remote owns, as data (see PageManifest in shared-api): the
 * shell routes, guards and builds the applicant's menus from this list,
 * published with each version of the remote as pages.json. src/App.tsx routes
 * the same paths (App.test.tsx checks that they agree).
 *
 * Menus (spec §2.1): the top navigation Universities, Applications, Profile,
 * Settings; the USER sidebar entries Dashboard, Profile, Settings.
 */
import type { PageManifest } from 'shared-api';

const USER_PAGE = { roles: ['USER'], layout: 'applicant' } satisfies Partial<PageManifest['pages'][number]>;

export const PAGES = {
  format: 1,
  pages: [
    {
      path: '/dashboard',
      ...USER_PAGE,
      // The university list: the same for every applicant, so the server renders it ahead (src/server.ts).
      prerenderForRoles: ['USER'],
      code: ['universities'],
      nav: [
        { menu: 'top', label: 'Universities', order: 10 },
        { menu: 'sidebar', label: 'Dashboard', order: 10, icon: 'dashboard' },
      ],
    },
    { path: '/applications', ...USER_PAGE, code: ['applications'], nav: [{ menu: 'top', label: 'Applications', order: 20 }] },
    {
      path: '/profile',
      ...USER_PAGE,
      nav: [
        { menu: 'top', label: 'Profile', order: 30 },
        { menu: 'sidebar', label: 'Profile', order: 20, icon: 'profile' },
      ],
    },
    {
      path: '/settings',
      ...USER_PAGE,
      nav: [
        { menu: 'top', label: 'Settings', order: 40 },
        { menu: 'sidebar', label: 'Settings', order: 30, icon: 'settings' },
      ],
    },
    { path: '/applications/:applicationId', ...USER_PAGE, code: ['applications'] },
    { path: '/universities/:id', ...USER_PAGE, code: ['universities'] },
    { path: '/courses/:id', ...USER_PAGE },
    {
      path: '/apply/:universityId',
      ...USER_PAGE,
      // Rendered for its applicant (decision 013), unless this device keeps a draft of its own
      // (DRAFT_KEY of lib/application-draft.ts), which the server cannot see.
      prerenderForPerson: true,
      prerenderUnlessStored: ['applicationDraft'],
      code: ['wizard'],
    },
    // The notification centre (issue 18): reached from the shell's bell, no menu entry.
    { path: '/notifications', ...USER_PAGE },
  ],
} satisfies PageManifest;
