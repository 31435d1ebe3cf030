/**
 * Whether the page is showing saved data: the browser says it is offline, or
 * the last API answer was the service worker's saved copy (the HTTP client's
 * OFFLINE_DATA_EVENT). Kept from the first answer on, whichever screen is
 * mounted, for the banner to read.
 */
import { useSyncExternalStore } from 'react';
import { OFFLINE_DATA_EVENT, type OfflineDataDetail } from 'shared-api/offline';

let online = typeof navigator === 'undefined' ? true : navigator.onLine;
let savedAnswers = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    online = false;
    changed();
  });
  window.addEventListener('online', () => {
    online = true;
    // What the screens read next comes from the network again.
    savedAnswers = false;
    changed();
  });
  window.addEventListener(OFFLINE_DATA_EVENT, (event) => {
    savedAnswers = (event as CustomEvent<OfflineDataDetail>).detail?.saved === true;
    changed();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const showingSavedData = () => !online || savedAnswers;

export function useShowingSavedData(): boolean {
  return useSyncExternalStore(subscribe, showingSavedData, () => false);
}
