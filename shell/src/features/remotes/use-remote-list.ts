import { use } from 'react';
import { remoteListForRouting, type RemoteList, type Tracked } from './registry';

/**
 * The remote list for rendering: at once when it has loaded (the usual case:
 * the shell's entry asked for it before React started), else the component
 * waits for it (Suspense), and a page the server rendered stays on screen.
 * Apart from the registry, which the shell's entry imports before React exists.
 */
export function useRemoteList(): RemoteList | null {
  const list: Tracked<RemoteList | null> = remoteListForRouting();
  return list.status === 'fulfilled' ? (list.value ?? null) : use(list as Promise<RemoteList | null>);
}
