/**
 * How a page learns that an API answer is the service worker's saved copy
 * rather than the server's (issue 19): the worker marks the copy with one
 * header, the HTTP client notices it and tells the page with one window event,
 * which the shell's 'Offline — showing saved data' banner listens to. Plain
 * constants: the service worker bundles this file too.
 */

/** The header the service worker adds to an answer it took from its cache. */
export const SERVED_FROM_HEADER = 'x-served-from';
export const SERVED_FROM_OFFLINE_CACHE = 'offline-cache';

/** Window event: `detail.saved` is true when the last API answer was a saved copy, false when the server answered. */
export const OFFLINE_DATA_EVENT = 'portal:offline-data';

export interface OfflineDataDetail {
  saved: boolean;
}

export function servedFromOfflineCache(response: Pick<Response, 'headers'>): boolean {
  return response.headers.get(SERVED_FROM_HEADER) === SERVED_FROM_OFFLINE_CACHE;
}
