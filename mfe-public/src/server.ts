/**
 * This remote's server entry (built to dist/server/remote.cjs): what the
 * portal's server needs to render a guest's page ahead of the browser, as the
 * render contract in page-platform says (ServerRemoteBundle).
 */
import { matchPath } from 'react-router-dom';
import { apiPath, UNIVERSITIES_PATH } from 'shared-api';
import { PAGES } from './pages';

import { pageAt } from './App';

export { default as App } from './App';

// By path, so the number is the one this bundle was built against, not the shell's at run time.
export { SERVER_RENDER_CONTRACT } from 'page-platform/render-contract';

/** Whether the page at `pathname` looks the same for every guest: its manifest entry (src/pages.ts) says so. */
export function canPrerender(pathname: string): boolean {
  const page = PAGES.pages.find((p) => matchPath(p.path, pathname));
  return page !== undefined && 'prerender' in page && page.prerender === true;
}

/** The API responses a page shows (GET, without a session), embedded in the rendered page. */
export function preloadFor(pathname: string): string[] {
  return matchPath('/universities', pathname) ? [apiPath(UNIVERSITIES_PATH)] : [];
}

/** The name of the code of the page at `pathname` (see App.tsx, pageAt), whose scripts the server names in the page's head. */
export function codeFor(pathname: string): string | null {
  return pageAt(pathname) ?? null;
}
