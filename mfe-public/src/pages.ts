/**
 * The pages this remote owns, as data (see PageManifest in shared-api): the
 * shell routes, guards and renders on the server from this list, published
 * with each version of the remote as pages.json. src/App.tsx routes the same
 * paths (App.test.tsx checks that they agree).
 *
 * Guest-only pages send a signed-in visitor to /dashboard (spec §2.1). Only
 * pages that look the same for every guest are rendered on the server: not the
 * programs of a university (which one depends on what this browser saved) nor
 * a reset link's page (one per token).
 */
import type { PageManifest } from 'shared-api';

const GUEST_PAGE = { roles: ['guest'], layout: 'none', prerender: true } satisfies Partial<PageManifest['pages'][number]>;
const EVERYONE = ['guest', 'USER', 'ADMIN', 'SUPERUSER'] satisfies PageManifest['pages'][number]['roles'];

export const PAGES = {
  format: 1,
  pages: [
    { path: '/', ...GUEST_PAGE },
    { path: '/home', ...GUEST_PAGE },
    { path: '/learn-more', ...GUEST_PAGE },
    { path: '/about', ...GUEST_PAGE },
    { path: '/coming-soon', ...GUEST_PAGE },
    { path: '/forgot-password', ...GUEST_PAGE },
    { path: '/reset-password/:token', roles: ['guest'], layout: 'none' },
    { path: '/privacy', ...GUEST_PAGE },
    { path: '/universities', roles: EVERYONE, layout: 'none', prerender: true },
    { path: '/guest/programs/:id', roles: EVERYONE, layout: 'none' },
  ],
} satisfies PageManifest;
