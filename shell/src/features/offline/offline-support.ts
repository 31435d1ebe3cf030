/**
 * The page's side of the service worker (issue 19). For a signed-in visitor
 * the worker (/sw.js) is registered once the page has loaded and the browser
 * is idle, and an applicant's worker is asked to keep every file of the
 * applicant pages' remote versions. Guests' pages never register it, so they
 * load as before. The applicant's saved answers are deleted here, by the
 * shell that owns sign-in and sign-out, whenever the signed-in person changes:
 * sign-out (either kind), a session that ended or expired, another person's
 * sign-in, and a start without a session.
 */
import type { RemoteList } from 'shared-api/pages';
import { authStore } from 'shared-auth';
import { PRELOADED_RESPONSES_ELEMENT_ID } from 'page-platform/page-document';
import { DATA_CACHE, WARM_MESSAGE, type WarmMessage } from '../../service-worker/names';

export const SERVICE_WORKER_URL = '/sw.js';

export interface OfflineSupportOptions {
  /** The remoteEntry.js URLs of the remotes whose pages this role opens, for the worker to keep. */
  remoteEntriesFor: (role: string) => Promise<string[]>;
  /** The runtime list the page started with, for the worker to keep (see WarmMessage). */
  remoteList?: () => Promise<unknown>;
  /** The browser's pieces, replaced in tests. */
  browser?: { caches?: CacheStorage; serviceWorker?: ServiceWorkerContainer; whenIdle?: (run: () => void) => void };
}

/** After the load event, when the browser has nothing else to do: never in the way of the page. */
function whenLoadedAndIdle(run: () => void): void {
  const idle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => run(), { timeout: 10_000 }) : setTimeout(run, 2_000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The entries of the remotes with a page for this role: the files to keep for it. */
export function entriesForRole(remotes: RemoteList, role: string): string[] {
  return Object.values(remotes)
    .filter(({ pages }) => pages.pages.some((page) => (page.roles as readonly string[]).includes(role)))
    .map(({ entry }) => entry);
}

/** Deletes the applicant's saved API answers; resolves whether or not there were any. */
export async function clearOfflineData(cacheStorage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  await cacheStorage?.delete(DATA_CACHE).catch(() => false);
}

/** The API answers the page arrived with (page-platform's embedded block), by path; none when it carries none. */
function embeddedResponses(): Record<string, unknown> {
  const text = typeof document === 'undefined' ? null : document.getElementById(PRELOADED_RESPONSES_ELEMENT_ID)?.textContent;
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function startOfflineSupport({ remoteEntriesFor, remoteList, browser = {} }: OfflineSupportOptions): void {
  const cacheStorage = 'caches' in browser ? browser.caches : globalThis.caches;
  const serviceWorker = 'serviceWorker' in browser ? browser.serviceWorker : typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  const whenIdle = browser.whenIdle ?? whenLoadedAndIdle;

  let owner = authStore.getState().user?.id ?? null;
  // A session that ended while the portal was closed leaves no one's data behind.
  if (owner === null) void clearOfflineData(cacheStorage);

  // A page the worker already controls hands over what it arrived with at once: a message, no
  // network. Waiting for idle, as registering does, loses it when the applicant moves on first
  // (the rendered dashboard shows its list before the app has even started).
  // The applicant it went to, so the message sent when idle does not carry it again.
  let handedOverFor: number | null = null;
  const keepNow = async () => {
    const controller = serviceWorker?.controller;
    const user = authStore.getState().user;
    const byPath = embeddedResponses();
    if (!controller || user?.role !== 'USER' || Object.keys(byPath).length === 0) return;
    const message: WarmMessage = { type: WARM_MESSAGE, entries: [], remoteList: await remoteList?.(), responses: { userId: user.id, byPath } };
    controller.postMessage(message);
    handedOverFor = user.id;
  };
  if (owner !== null) void keepNow().catch(() => undefined);

  let registering = false;
  const register = () => {
    if (registering || !serviceWorker) return;
    registering = true;
    whenIdle(() => {
      serviceWorker
        .register(SERVICE_WORKER_URL, { scope: '/' })
        .then(() => serviceWorker.ready)
        .then(async (registration) => {
          const user = authStore.getState().user;
          if (user?.role !== 'USER' || !registration.active) return;
          const handedOver = handedOverFor === user.id;
          const message: WarmMessage = {
            type: WARM_MESSAGE,
            entries: await remoteEntriesFor(user.role),
            remoteList: handedOver ? undefined : await remoteList?.(),
            responses: handedOver ? undefined : { userId: user.id, byPath: embeddedResponses() },
          };
          registration.active.postMessage(message);
        })
        .catch(() => undefined);
    });
  };
  if (owner !== null) register();

  authStore.subscribe((state) => {
    const id = state.user?.id ?? null;
    if (id === owner) return;
    owner = id;
    void clearOfflineData(cacheStorage);
    if (id !== null) register();
  });
}
