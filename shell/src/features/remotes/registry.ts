/**
 * Runtime remotes: the list comes from /remotes.json (fetched once, no-store)
 * or from the copy a page the server rendered carries (the list it was
 * rendered with), never from the build, so a remote is redeployed, and its
 * pages and menu entries changed, by changing its entry there. Each remote's entry in the list
 * carries its page manifest (checked against the schema where it was built and
 * published; read here with shared-api/pages): a remote with an entry the shell
 * cannot read is left out and logged, and the others keep working.
 */
import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_LIST_ELEMENT_ID } from 'page-platform/page-document';
import { readRemoteList, type RemoteList } from 'shared-api/pages';
import { isRemoteFailure, RemoteUnavailableError } from './remote-failure';

/** A remote's federation name: 'mfe_staff'. Any remote the list names, not a fixed set. */
export type RemoteName = string;
export type { RemoteList };

export const REMOTE_LIST_URL = '/remotes.json';

/** A promise React's `use` reads at once once it has settled (it looks at status and value). */
export type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

let listPromise: Tracked<RemoteList> | null = null;

/**
 * The list the server's page was rendered with, taken once: a later load
 * (Retry after a failure) asks the network. Undefined when the page carries
 * none or it cannot be read.
 */
function takeListFromPage(): unknown {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(REMOTE_LIST_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}

async function fetchRemoteList(): Promise<RemoteList> {
  let list = takeListFromPage();
  if (list === undefined) {
    const response = await fetch(REMOTE_LIST_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`${REMOTE_LIST_URL} answered ${response.status}`);
    list = await response.json();
  }
  const { remotes, rejected } = readRemoteList(list);
  if (rejected.length) console.error(`[portal] ${REMOTE_LIST_URL}: left out ${rejected.join(', ')} (no valid entry and page manifest)`);
  registerRemotes(Object.entries(remotes).map(([name, { entry }]) => ({ name, entry })));
  return remotes;
}

/** The runtime list, registered with the federation runtime once. A failure is retried on the next call. */
export function loadRemoteList(): Promise<RemoteList> {
  if (!listPromise) {
    const loading: Tracked<RemoteList> = fetchRemoteList().then(
      (remotes) => {
        loading.status = 'fulfilled';
        loading.value = remotes;
        return remotes;
      },
      (error: unknown) => {
        listPromise = null;
        throw error;
      },
    );
    listPromise = loading;
  }
  return listPromise;
}

let routingPromise: Tracked<RemoteList | null> | null = null;

/**
 * The list as routing reads it: null when it could not be loaded (every page
 * then shows the unavailable message with Retry). Settles once per page load,
 * so a rendered page reads it without waiting again.
 */
export function remoteListForRouting(): Tracked<RemoteList | null> {
  if (!routingPromise) {
    const loading: Tracked<RemoteList | null> = loadRemoteList().then(
      (remotes) => remotes,
      (error: unknown) => {
        console.error('[portal] the remote list could not be loaded', error);
        return null;
      },
    );
    void loading.then((value) => {
      loading.status = 'fulfilled';
      loading.value = value;
    });
    routingPromise = loading;
  }
  return routingPromise;
}

/** Retry after the list failed: the next read fetches it again. */
export function forgetRemoteList(): void {
  routingPromise = null;
}

/** Loads `<name>/App`; a remote that is missing, down or not a component throws RemoteUnavailableError. */
export async function loadRemoteApp(name: RemoteName): Promise<{ default: ComponentType }> {
  let remotes: RemoteList;
  try {
    remotes = await loadRemoteList();
  } catch (error) {
    throw new RemoteUnavailableError(name, error);
  }
  if (!remotes[name]) throw new RemoteUnavailableError(name);
  let mod: unknown;
  try {
    mod = await loadRemote(`${name}/App`);
  } catch (error) {
    throw new RemoteUnavailableError(name, error);
  }
  if (isRemoteFailure(mod)) throw new RemoteUnavailableError(name);
  const component = (mod as { default?: unknown } | null)?.default ?? mod;
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) throw new RemoteUnavailableError(name);
  return { default: component as ComponentType };
}

/** Retry: forget the failed entry so the next load fetches it again. */
export async function resetRemote(name: RemoteName): Promise<void> {
  const remotes = listPromise ? await listPromise.catch(() => null) : null;
  const entry = remotes?.[name]?.entry;
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
