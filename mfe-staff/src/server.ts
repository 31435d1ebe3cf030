/**
 * This remote's server entry (built to dist/server/remote.cjs): what the
 * portal's server needs to render a staff page ahead of the browser, as the
 * render contract in page-platform says (ServerRemoteBundle). A page
 * qualifies when its manifest entry (src/pages.ts) is marked
 * `prerenderForPerson` (the queue and the dashboard): the server renders it for the person whose session it
 * has checked, from the API responses that person may read (decision 013),
 * with no university selected (the pre-start script hides it from a
 * SUPERUSER who has one).
 */
import { matchPath } from 'react-router-dom';
import { apiPath, UNIVERSITIES_PATH } from 'shared-api';
import { routeAt, type PageEntry } from 'shared-api/pages';
import { FIRST_PAGE_PATH } from './features/applications';
import { DASHBOARD_STATS_PATH } from './features/dashboard';
import { PAGES } from './pages';

export { default as App } from './App';

// By path, so the number is the one this bundle was built against, not the shell's at run time.
export { SERVER_RENDER_CONTRACT } from 'page-platform/render-contract';

/** Whether the page at `pathname` may be rendered ahead: its manifest entry says so. */
export function canPrerender(pathname: string): boolean {
  const page = PAGES.pages.find((p) => matchPath(p.path, pathname));
  return page !== undefined && 'prerenderForPerson' in page && page.prerenderForPerson === true;
}

/**
 * The API responses a page shows, embedded in the rendered page, asked with
 * the person's session: the queue's first page exactly as the list asks for
 * it, or the dashboard's unscoped figures; and on both the universities a
 * SUPERUSER's selector lists.
 */
export function preloadFor(pathname: string): string[] {
  if (matchPath('/applications', pathname)) return [apiPath(FIRST_PAGE_PATH), apiPath(UNIVERSITIES_PATH)];
  if (matchPath('/dashboard', pathname)) return [apiPath(DASHBOARD_STATS_PATH), apiPath(UNIVERSITIES_PATH)];
  return [];
}

/** The names of the code of the page at `pathname` (its manifest entry's `code`), whose scripts the server names in the page's head. */
export function codeFor(pathname: string): readonly string[] | null {
  const page: PageEntry | undefined = routeAt(PAGES.pages, pathname);
  return page?.code ?? null;
}
