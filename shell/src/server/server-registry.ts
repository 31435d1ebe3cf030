/**
 * The server's stand-in for features/remotes/registry.ts, swapped in by the
 * shell's server build: when the server renders a page, a remote's App comes
 * from that remote's server bundle (handed to renderDocument), not from the
 * network through the federation runtime.
 */
import type { ComponentType } from 'react';
import { RemoteUnavailableError } from '../features/remotes/remote-failure';
import type { RemoteManifest, RemoteName } from '../features/remotes/registry';

export type { RemoteManifest, RemoteName };
export const MANIFEST_URL = '/remotes.json';

let remoteApps: Partial<Record<RemoteName, ComponentType>> = {};

/** The remotes' Apps of the render about to start (renders run one at a time). */
export function provideRemoteApps(apps: Partial<Record<RemoteName, ComponentType>>): void {
  remoteApps = apps;
}

export function loadManifest(): Promise<RemoteManifest> {
  return Promise.resolve({});
}

export async function loadRemoteApp(name: RemoteName): Promise<{ default: ComponentType }> {
  const App = remoteApps[name];
  if (!App) throw new RemoteUnavailableError(name);
  return { default: App };
}

export async function resetRemote(_name: RemoteName): Promise<void> {}
