/**
 * This remote's server entry (built to dist/server/remote.cjs): what the
 * portal's server needs to render a guest's page ahead of the browser. The
 * contract is the shell's (ServerRemote in shell/src/server/render-document.tsx);
 * it is restated here, not imported, because a remote never imports the shell.
 */
import { matchPath } from 'react-router-dom';
import { apiPath, UNIVERSITIES_PATH } from 'shared-api';
import { PUBLIC_ROUTES } from './App';

export { default as App } from './App';

export const SERVER_RENDER_CONTRACT = 1;

/**
 * Pages that look the same for every guest. Not the programs of a university
 * (which university depends on what this browser saved) nor a reset link's
 * page (one per token).
 */
const PRERENDERED = new Set(['landing', 'about', 'comingSoon', 'universities', 'forgotPassword', 'privacy']);

export function canPrerender(pathname: string): boolean {
  const route = PUBLIC_ROUTES.find((r) => matchPath(r.path, pathname));
  return route !== undefined && PRERENDERED.has(route.page);
}

/** The API responses a page shows (GET, without a session), embedded in the rendered page. */
export function preloadFor(pathname: string): string[] {
  return matchPath('/universities', pathname) ? [apiPath(UNIVERSITIES_PATH)] : [];
}
