/**
 * The render contract: what the portal's server (server/src/pages) asks of the
 * shell's and a remote's server bundles (dist/server/*.cjs) to render a
 * guest's page, defined once for the shell, the remotes and the server. A
 * bundle reports the contract it was built against (this module is imported
 * by path, so it is bundled, never taken from a shared scope at run time); the
 * server refuses a bundle that speaks another.
 */

import type { SessionRole } from './session-peek';

/**
 * Bumped when what a server bundle must export changes. Additions an older
 * bundle can ignore (the role a page is rendered for: an older shell plans
 * and renders guests' pages only) keep the number.
 */
export const SERVER_RENDER_CONTRACT = 1;

/** In a path of ServerRemoteBundle.preloadFor: the id of the person the page is rendered for ('/api/applications/user/{person}'). */
export const PERSON_IN_PATH = '{person}';

/** What a remote's server bundle (dist/server/remote.cjs) exports. */
export interface ServerRemoteBundle<Component = unknown> {
  SERVER_RENDER_CONTRACT: number;
  App: Component;
  /** Whether the page at `pathname` looks the same for every guest (so it may be rendered ahead). */
  canPrerender(pathname: string): boolean;
  /**
   * The API paths (GET) the page at `pathname` shows: '/api/universities'.
   * Asked without a session, or for a page rendered for a person (decision
   * 013) with theirs, where PERSON_IN_PATH stands for that person's id and a
   * 404 is embedded as null ('there is none').
   */
  preloadFor(pathname: string): string[];
  /**
   * The name of the code of the page at `pathname` (its webpackChunkName), whose
   * scripts the server names in the page's head (dist/page-scripts.json); null
   * when it has none. Optional: an older bundle's pages get no such names.
   */
  codeFor?(pathname: string): string | readonly string[] | null;
}

/** What the shell's server bundle (dist/server/render-document.cjs) exports. */
export interface ServerShellBundle {
  SERVER_RENDER_CONTRACT: number;
  /** The single-instance packages a remote's server bundle takes from the shell's, as the browser's federation shares them. */
  sharedModules: Record<string, unknown>;
  /** `role`: the page-role cookie's; the plan says whom the page is rendered for (a guest when left out). */
  /** `code`: the names of the shell's code the page runs (its own page's, or the frame's around a remote's page; see ServerRemoteBundle.codeFor). */
  /** `person`: the server has checked a session of `role`, so a page marked `prerenderForPerson` may be planned for that person (decision 013); the plan says so (`forPerson`). */
  documentPlan(
    pathname: string,
    remoteList: unknown,
    role?: SessionRole | null,
    person?: boolean,
  ): { remote: string | null; renderedFor?: SessionRole | null; forPerson?: boolean; code?: readonly string[] } | null;
  /**
   * For a page the server does not render: the remote and code the browser
   * will run for a visitor of `role`, whose scripts the server names in the
   * head; null when it cannot tell. Optional: an older shell's such pages are
   * sent as its template.
   */
  browserPagePlan?(pathname: string, remoteList: unknown, role: SessionRole | null): { remote: string; code: readonly string[]; remoteCode: readonly string[] } | null;
  /** The template of a page the browser renders, carrying the runtime list (see browserPagePlan). */
  browserDocument?(input: { template: string; remoteList: unknown }): string;
  renderDocument(input: {
    url: string;
    template: string;
    remotes: Record<string, unknown>;
    remoteList: unknown;
    responses: Record<string, unknown>;
    renderedFor?: SessionRole | null;
    /** The checked session of the person a `forPerson` page is rendered for. */
    personToken?: string | null;
  }): Promise<string>;
}
