/**
 * The server's stand-in for features/remotes/registry.ts, swapped in by the
 * shell's server build: when the server renders a page, the remote list is the
 * one the server serves as /remotes.json (handed to renderDocument, so the
 * server decides exactly as the browser will), and a remote's App comes from
 * that remote's server bundle, not from the network.
 */
import type { ComponentType } from 'react';
import { RemoteUnavailableError } from '../features/remotes/remote-failure';
import type { RemoteList, RemoteName } from '../features/remotes/registry';

export type { RemoteList, RemoteName };
export const REMOTE_LIST_URL = '/remotes.json';

type Settled<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

function settled<T>(value: T): Settled<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}

let remoteApps: Partial<Record<RemoteName, ComponentType>> = {};
let remoteList: Settled<RemoteList | null> = settled(null);

/** The remote list and the remotes' Apps of the render about to start (renders run one at a time). */
export function provideRemotes(list: RemoteList | null, apps: Partial<Record<RemoteName, ComponentType>>): void {
  remoteList = settled(list);
  remoteApps = apps;
}

export function loadRemoteList(): Promise<RemoteList> {
  const list = remoteList.value;
  return list ? Promise.resolve(list) : Promise.reject(new Error('no remote list'));
}

export function remoteListForRouting(): Settled<RemoteList | null> {
  return remoteList;
}

export function forgetRemoteList(): void {}

export async function loadRemoteApp(name: RemoteName): Promise<{ default: ComponentType }> {
  const App = remoteApps[name];
  if (!App) throw new RemoteUnavailableError(name);
  return { default: App };
}

export async function resetRemote(_name: RemoteName): Promise<void> {}
