/**
 * The names the page and the service worker share: its caches and its one
 * message. Apart from routes.ts so the page's offline code carries only these.
 */

/** The cache of the applicant's API answers: the shell deletes it when the session ends or another person signs in. */
export const DATA_CACHE = 'portal-data';
/** Remotes' and the shell's hashed files fetched at run time, and each remote version's files warmed for offline use. */
export const ASSET_CACHE = 'portal-assets';
/** The runtime list, remote entries and manifests: the last ones seen, for offline use only. */
export const RUNTIME_CACHE = 'portal-runtime';

/** The page asks the worker to keep every file of these remote entries' versions (message data). */
export const WARM_MESSAGE = 'portal:warm-remotes';
export interface WarmMessage {
  type: typeof WARM_MESSAGE;
  /** remoteEntry.js URLs, as /remotes.json names them. */
  entries: string[];
  /**
   * The runtime list the page started with. A page the server made carries
   * it, so the shell did not ask /remotes.json for it; offline the worker
   * serves the shell's own page, whose shell asks, and gets this copy.
   */
  remoteList?: unknown;
  /**
   * The API answers the page arrived with (a page rendered for the applicant's
   * role embeds the university list), by API path, and whose they are: the
   * app never asked for them, so the worker keeps them as if it had, in place of
   * an older copy (the page was made on this visit).
   */
  responses?: { userId: number; byPath: Record<string, unknown> };
}
