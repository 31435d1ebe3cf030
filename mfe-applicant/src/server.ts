/**
 * This remote's server entry (built to dist/server/remote.cjs): what the
 * portal's server needs to render an applicant's page ahead of the browser,
 * as the render contract in page-platform says (ServerRemoteBundle). A page
 * qualifies when its manifest entry (src/pages.ts) names USER in
 * `prerenderForRoles` (it shows only what every applicant sees, from API
 * responses any guest may read: the university list) or is marked
 * `prerenderForPerson` (the wizard, rendered for its applicant from what
 * their session may read, decision 013).
 */
import { matchPath } from 'react-router-dom';
import { apiPath, isRecordId, UNIVERSITIES_PATH } from 'shared-api';
import { routeAt, type PageEntry } from 'shared-api/pages';
import { PERSON_IN_PATH } from 'page-platform/render-contract';
import { wizardPageData } from './features/wizard';
import { PAGES } from './pages';

export { default as App } from './App';

// By path, so the number is the one this bundle was built against, not the shell's at run time.
export { SERVER_RENDER_CONTRACT } from 'page-platform/render-contract';

/** Whether the page at `pathname` may be rendered ahead, for the role or for the person: its manifest entry says so. */
export function canPrerender(pathname: string): boolean {
  const page: PageEntry | undefined = PAGES.pages.find((p) => matchPath(p.path, pathname));
  return page !== undefined && ((page.prerenderForRoles?.length ?? 0) > 0 || page.prerenderForPerson === true);
}

/**
 * The API responses a page shows, embedded in the rendered page: the
 * universities (no session); for the wizard, with its applicant's session, the
 * university, its programs and intakes, the applicant's applications and their
 * draft on the server (none: null).
 */
export function preloadFor(pathname: string): string[] {
  if (matchPath('/dashboard', pathname)) return [apiPath(UNIVERSITIES_PATH)];
  const param = matchPath('/apply/:universityId', pathname)?.params.universityId;
  if (!isRecordId(param)) return [];
  const universityId = Number(param);
  return [
    wizardPageData.university(universityId),
    wizardPageData.programs(universityId),
    wizardPageData.intakes(universityId),
    wizardPageData.applications(PERSON_IN_PATH),
    wizardPageData.draft(),
  ].map((path) => apiPath(path));
}

/** The names of the code of the page at `pathname` (its manifest entry's `code`), whose scripts the server names in the page's head. */
export function codeFor(pathname: string): readonly string[] | null {
  const page: PageEntry | undefined = routeAt(PAGES.pages, pathname);
  return page?.code ?? null;
}
