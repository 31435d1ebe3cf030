/**
 * Which requests the service worker keeps, and how (issue 19). Pure
 * functions of a URL, so the rules are tested without a worker.
 *
 * - the shell's files: precached at install from the build's list (sw.ts);
 * - content-hashed files (the shell's and every deployed remote version's):
 *   cache first, they never change under one name;
 * - what says which version runs (/remotes.json, a remote's remoteEntry.js,
 *   mf-manifest.json, pages.json) and the page itself: network first, the
 *   saved copy only when the network fails, so a deployment or a rollback
 *   takes effect on the next visit;
 * - the applicant's own reads (below): network first with a short timeout,
 *   the saved copy offline, kept per user and only for applicants.
 */

export { ASSET_CACHE, DATA_CACHE, RUNTIME_CACHE, WARM_MESSAGE, type WarmMessage } from './names';

/** webpack's [contenthash:8] before the extension. */
const HASHED_FILE = /\.[0-9a-f]{8}\.(js|css|png|jpe?g|gif|svg|webp|avif|woff2?)$/i;

export function isHashedAsset(pathname: string): boolean {
  return HASHED_FILE.test(pathname);
}

/** Files that name the deployed versions: always asked of the network first. */
export function isVersionPointer(pathname: string): boolean {
  return pathname === '/remotes.json' || /^\/remotes\/.+\/(remoteEntry\.js|mf-manifest\.json|pages\.json)$/.test(pathname);
}

/**
 * The GETs the applicant's pages make for their own data and the catalogue
 * they show it with. Nothing else of /api is ever kept: no document or file
 * download, receipt, letter, data export, staff answer or payment call.
 */
const APPLICANT_READS: readonly RegExp[] = [
  /^\/api\/applications\/user\/\d+$/,
  /^\/api\/applications\/\d+$/,
  /^\/api\/applications\/\d+\/offer$/,
  /^\/api\/drafts\/mine$/,
  /^\/api\/users\/\d+$/,
  /^\/api\/users\/me\/notification-preferences$/,
  /^\/api\/notifications$/,
  /^\/api\/notifications\/unread-count$/,
  /^\/api\/universities$/,
  /^\/api\/universities\/\d+$/,
  /^\/api\/universities\/\d+\/intakes$/,
  /^\/api\/programs\/university\/\d+$/,
  /^\/api\/programs\/\d+$/,
  /^\/api\/courses\/program\/\d+$/,
  /^\/api\/intakes\/\d+$/,
];

export function isApplicantRead(pathname: string): boolean {
  return APPLICANT_READS.some((pattern) => pattern.test(pathname));
}

/** The data cache's key for one user: two people's answers to the same URL never meet. */
export function dataCacheKey(url: string, userId: number): string {
  const key = new URL(url);
  key.searchParams.set('offline-user', String(userId));
  return key.href;
}

/**
 * The asset files of a remote version, from the mf-manifest.json beside its
 * remoteEntry.js (Module Federation's build manifest): every file its exposed
 * modules load, resolved against the manifest's URL. Its shared modules'
 * own copies are left out: the remotes run on the shell's (shareStrategy
 * 'loaded-first'), which the worker keeps with the shell's files.
 */
export function remoteFilesOf(manifest: unknown, manifestUrl: string): string[] {
  const files = new Set<string>();
  const addAssets = (assets: unknown) => {
    if (typeof assets !== 'object' || assets === null) return;
    for (const kind of ['js', 'css'] as const) {
      const group = (assets as Record<string, unknown>)[kind] as { sync?: unknown; async?: unknown } | undefined;
      for (const list of [group?.sync, group?.async]) {
        if (Array.isArray(list)) for (const file of list) if (typeof file === 'string' && isHashedAsset(file)) files.add(new URL(file, manifestUrl).href);
      }
    }
  };
  if (typeof manifest === 'object' && manifest !== null) {
    const exposes = (manifest as Record<string, unknown>).exposes;
    if (Array.isArray(exposes)) for (const item of exposes) addAssets((item as { assets?: unknown } | null)?.assets);
  }
  return [...files];
}
