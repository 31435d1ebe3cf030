/**
 * The pages this remote owns, as data (see PageManifest in shared-api): the
 * shell routes, guards and builds the staff sidebar from this list, published
 * with each version of the remote as pages.json. src/App.tsx routes the same
 * paths (App.test.tsx checks that they agree).
 *
 * Sidebar (spec §2.1): ADMIN Dashboard, Applications, Programs; SUPERUSER
 * Dashboard, Universities, Programs, Courses, Applications, User Management
 * (the spec spells it 'User Managemant'; the product shows the corrected label).
 * Issue 16 adds Intakes (admission rounds) after Programs for both roles,
 * and Fee waivers (fee waiver codes) after Intakes.
 *
 * Each page names its code (`code`: the webpackChunkName of the feature its
 * route in App.tsx loads, then what the page loads at once, as the
 * dashboard's charts), so the server names those scripts in the head of the
 * page (deploy/test/page-manifests.test.mjs checks the names agree).
 */
import type { PageManifest } from 'shared-api';

/** A calendar (Material Icons 'event', Apache-2.0): the shell's own icon set has none, and needs no release for it. */
const CALENDAR_ICON = 'M17 12h-5v5h5zM16 1v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-1V1zm3 18H5V8h14z';

/** A ticket (Material Icons 'confirmation_number', Apache-2.0), for fee waiver codes. */
const TICKET_ICON =
  'M22 10V6c0-1.11-.9-2-2-2H4c-1.1 0-1.99.89-1.99 2v4c1.1 0 1.99.9 1.99 2s-.89 2-2 2v4c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2v-4c-1.1 0-2-.9-2-2s.9-2 2-2m-9 7.5h-2v-2h2zm0-4.5h-2v-2h2zm0-4.5h-2v-2h2z';

const STAFF = { roles: ['ADMIN', 'SUPERUSER'], layout: 'staff' } satisfies Partial<PageManifest['pages'][number]>;
/** An ADMIN gets a 'not found' page here; the server refuses the calls anyway. */
const SUPERUSER_ONLY = { roles: ['SUPERUSER'], layout: 'staff' } satisfies Partial<PageManifest['pages'][number]>;

export const PAGES = {
  format: 1,
  pages: [
    {
      path: '/dashboard',
      ...STAFF,
      // The figures and charts, rendered on the server for the person who opens it (decision 013, src/server.ts).
      prerenderForPerson: true,
      code: ['staff-dashboard', 'dashboard-charts'],
      nav: [{ menu: 'sidebar', label: 'Dashboard', order: 10, icon: 'dashboard' }],
    },
    {
      path: '/applications',
      ...STAFF,
      // The review queue, rendered on the server for the person who opens it (decision 013, src/server.ts).
      prerenderForPerson: true,
      code: ['staff-applications'],
      nav: [
        { menu: 'sidebar', label: 'Applications', order: 20, roles: ['ADMIN'], icon: 'applications' },
        { menu: 'sidebar', label: 'Applications', order: 50, roles: ['SUPERUSER'], icon: 'applications' },
      ],
    },
    { path: '/applications/:id', ...STAFF, code: ['staff-applications'] },
    { path: '/programs', ...STAFF, code: ['staff-programs'], nav: [{ menu: 'sidebar', label: 'Programs', order: 30, icon: 'programs' }] },
    { path: '/programs/add', ...STAFF, code: ['staff-programs'] },
    { path: '/programs/edit/:id', ...STAFF, code: ['staff-programs'] },
    { path: '/programs/:id', ...STAFF, code: ['staff-programs'] },
    { path: '/intakes', ...STAFF, code: ['staff-intakes'], nav: [{ menu: 'sidebar', label: 'Intakes', order: 35, iconPath: CALENDAR_ICON }] },
    { path: '/intakes/add', ...STAFF, code: ['staff-intakes'] },
    { path: '/intakes/edit/:id', ...STAFF, code: ['staff-intakes'] },
    { path: '/intakes/:id', ...STAFF, code: ['staff-intakes'] },
    { path: '/fee-waivers', ...STAFF, code: ['staff-fee-waivers'], nav: [{ menu: 'sidebar', label: 'Fee waivers', order: 36, iconPath: TICKET_ICON }] },
    { path: '/courses', ...STAFF, code: ['staff-courses'], nav: [{ menu: 'sidebar', label: 'Courses', order: 40, roles: ['SUPERUSER'], icon: 'courses' }] },
    { path: '/course/add', ...STAFF, code: ['staff-courses'] },
    { path: '/course/edit/:id', ...STAFF, code: ['staff-courses'] },
    { path: '/course/:id', ...STAFF, code: ['staff-courses'] },
    { path: '/universities/all', ...SUPERUSER_ONLY, code: ['staff-universities'], nav: [{ menu: 'sidebar', label: 'Universities', order: 20, icon: 'universities' }] },
    { path: '/universities/add', ...SUPERUSER_ONLY, code: ['staff-universities'] },
    { path: '/universities/edit/:id', ...SUPERUSER_ONLY, code: ['staff-universities'] },
    { path: '/universities/:id', ...STAFF, code: ['staff-universities'] },
    { path: '/users', ...STAFF, code: ['staff-users'], nav: [{ menu: 'sidebar', label: 'User Management', order: 60, roles: ['SUPERUSER'], icon: 'users' }] },
    { path: '/users/add-admin', ...STAFF, code: ['staff-users'] },
    { path: '/students/all', ...STAFF, code: ['staff-students'] },
    { path: '/profile', ...STAFF, code: ['staff-profile'] },
    { path: '/audit', ...SUPERUSER_ONLY, code: ['staff-audit'] },
    // The notification centre (issue 18): reached from the shell's bell, no sidebar entry.
    { path: '/notifications', ...STAFF, code: ['staff-notifications'] },
  ],
} satisfies PageManifest;
