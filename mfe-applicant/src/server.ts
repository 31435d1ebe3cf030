/**
 * This remote's server entry (built to dist/server/remote.cjs): what the
 * portal's server needs to render an applicant's page ahead of the browser,
 * for the role and never for a person, as the render contract in
 * page-platform says (ServerRemoteBundle). A page qualifies when its manifest
 * entry (src/pages.ts) names USER in `prerenderForRoles`: it shows only what
 * every applicant sees, from API responses any guest may read.
 */
import { matchPath } from 'react-router-dom';
import { apiPath, UNIVERSITIES_PATH } from 'shared-api';
import { routeAt, type PageEntry } from 'shared-api/pages';
import { PAGES } from './pages';

export { default as App } from './App';

// By path, so the number is the one this bundle was built against, not the shell's at run time.
export { SERVER_RENDER_CONTRACT } from 'page-platform/render-contract';

/** Whether the page at `pathname` may be rendered ahead for the role: its manifest entry says so. */
export function canPrerender(pathname: string): boolean {
  const page = PAGES.pages.find((p) => matchPath(p.path, pathname));
  return page !== undefined && 'prerenderForRoles' in page && page.prerenderForRoles.length > 0;
}

/** The API responses a page shows (GET, without a session), embedded in the rendered page. */
export function preloadFor(pathname: string): string[] {
  return matchPath('/dashboard', pathname) ? [apiPath(UNIVERSITIES_PATH)] : [];
}

/** The names of the code of the page at `pathname` (its manifest entry's `code`), whose scripts the server names in the page's head. */
export function codeFor(pathname: string): readonly string[] | null {
  const page: PageEntry | undefined = routeAt(PAGES.pages, pathname);
  return page?.code ?? null;
}
