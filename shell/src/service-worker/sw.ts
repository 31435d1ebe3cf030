/**
 * The portal's service worker, /sw.js (issue 19: the portal opens offline).
 * Built by the shell's webpack configuration after the shell, with the
 * shell's file list (workbox-build's getManifest) in place of the precache
 * manifest placeholder; the rules of what is kept are in ./routes.ts, the reasons in
 * docs/decisions/010-offline-service-worker.md.
 */
/// <reference lib="webworker" />
import { clientsClaim, type RouteHandlerCallbackOptions } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { peekSession } from 'page-platform/session-peek';
import { SERVED_FROM_HEADER, SERVED_FROM_OFFLINE_CACHE } from 'shared-api/offline';
import { ASSET_CACHE, DATA_CACHE, dataCacheKey, isApplicantRead, isHashedAsset, isVersionPointer, remoteFilesOf, RUNTIME_CACHE, WARM_MESSAGE, type WarmMessage } from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** How long an applicant's read may take before the saved copy is shown (the fresh answer is still saved when it comes). */
const DATA_NETWORK_TIMEOUT_SECONDS = 4;
/** A page or a version pointer that takes longer is taken from the cache, when there is one. */
const PAGE_NETWORK_TIMEOUT_SECONDS = 10;

// A new worker (a new shell build) takes over at once: it only changes what
// is kept, and every page it serves still asks the network first.
void self.skipWaiting();
clientsClaim();

// The shell's own files, index.html included (the page offline). No directory
// index: '/' is a guest's page the server renders, asked of the network.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

/** The applicant whose token a request carries, or null (a guest, staff, or an expired token). */
function applicantOf(request: Request): number | null {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const session = peekSession(token);
  if (session?.role !== 'USER') return null;
  const id = Number(session.claims.id ?? session.claims.sub);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Saves only complete answers, keyed per user, and marks a saved copy as one when it is used. */
const perApplicant: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const userId = applicantOf(request);
    // Matched only by requests that carry an applicant's token (see the route below).
    return userId === null ? request : dataCacheKey(request.url, userId);
  },
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(SERVED_FROM_HEADER, SERVED_FROM_OFFLINE_CACHE);
    return new Response(await cachedResponse.blob(), { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isApplicantRead(url.pathname) && applicantOf(request) !== null,
  new NetworkFirst({
    cacheName: DATA_CACHE,
    networkTimeoutSeconds: DATA_NETWORK_TIMEOUT_SECONDS,
    // The answers vary by Authorization; the key carries the user instead, and the token changes with every renewal.
    matchOptions: { ignoreVary: true },
    plugins: [perApplicant],
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isVersionPointer(url.pathname),
  new NetworkFirst({ cacheName: RUNTIME_CACHE, networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS, matchOptions: { ignoreVary: true } }),
);

const assets = new CacheFirst({
  cacheName: ASSET_CACHE,
  matchOptions: { ignoreVary: true },
  // Old versions' files leave as new ones come (every deployment adds its own).
  plugins: [new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true })],
});
registerRoute(({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && !url.pathname.startsWith('/api/') && isHashedAsset(url.pathname), assets);

// Pages: the network's answer (a page rendered on the server for a guest or
// for the visitor's role, or the shell's page); offline, the shell's page from
// the precache, which opens the signed-in app with what was saved.
const pages = new NetworkOnly({ networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS });
registerRoute(
  new NavigationRoute(async (options: RouteHandlerCallbackOptions) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  }),
);

/**
 * Keeps every file of the named remote versions (read from each version's
 * mf-manifest.json), so a page or wizard step never opened online still opens
 * offline. Files already kept are not fetched again: a version's files never change.
 */
async function warmRemotes(entries: readonly string[]): Promise<void> {
  const cache = await caches.open(ASSET_CACHE);
  for (const entry of entries) {
    const entryUrl = new URL(entry, self.location.href);
    if (entryUrl.origin !== self.location.origin) continue;
    const manifestUrl = new URL('mf-manifest.json', entryUrl).href;
    let files: string[];
    try {
      const response = await fetch(manifestUrl, { cache: 'no-cache' });
      if (!response.ok) continue;
      files = remoteFilesOf(await response.clone().json(), manifestUrl);
      await (await caches.open(RUNTIME_CACHE)).put(manifestUrl, response);
      const entryResponse = await fetch(entryUrl.href, { cache: 'no-cache' });
      if (entryResponse.ok) await (await caches.open(RUNTIME_CACHE)).put(entryUrl.href, entryResponse);
    } catch {
      continue;
    }
    for (const file of files) {
      if (await cache.match(file, { ignoreVary: true })) continue;
      // Through the strategy, so the expiration plugin counts it.
      await assets.handle({ request: new Request(file), event: new ExtendableEvent('warm') }).catch(() => undefined);
    }
  }
}

/**
 * Keeps what the page arrived with and never asked the network for: the
 * runtime list (for the shell's own page, served offline, whose shell asks
 * /remotes.json) and the applicant's reads a page rendered for the role
 * embedded (the university list), under that applicant's key.
 */
async function keepPageData(data: Partial<WarmMessage>): Promise<void> {
  if (data.remoteList && typeof data.remoteList === 'object') {
    const cache = await caches.open(RUNTIME_CACHE);
    await cache.put(new URL('/remotes.json', self.location.href).href, Response.json(data.remoteList));
  }
  const { userId, byPath } = data.responses ?? {};
  if (!Number.isInteger(userId) || (userId as number) <= 0 || !byPath || typeof byPath !== 'object') return;
  const cache = await caches.open(DATA_CACHE);
  for (const [apiPath, body] of Object.entries(byPath)) {
    if (!apiPath.startsWith('/api/') || !isApplicantRead(apiPath)) continue;
    // The page was made on this visit, with the API's answer at that moment: it replaces an older copy.
    await cache.put(dataCacheKey(new URL(apiPath, self.location.href).href, userId as number), Response.json(body));
  }
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as Partial<WarmMessage> | null;
  if (event.origin !== self.location.origin || data?.type !== WARM_MESSAGE || !Array.isArray(data.entries)) return;
  event.waitUntil(Promise.all([keepPageData(data).catch(() => undefined), warmRemotes(data.entries.filter((e): e is string => typeof e === 'string'))]));
});
