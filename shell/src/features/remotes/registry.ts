/**
 * Runtime remotes: the list comes from /remotes.json (fetched once, no-store),
 * never from the build, so a remote is redeployed by changing its URL there.
 */
import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { isRemoteFailure, RemoteUnavailableError } from './remote-failure';

export type RemoteName = 'mfe_public' | 'mfe_applicant' | 'mfe_staff';
export type RemoteManifest = Partial<Record<RemoteName, string>>;

export const MANIFEST_URL = '/remotes.json';

let manifestPromise: Promise<RemoteManifest> | null = null;

async function fetchManifest(): Promise<RemoteManifest> {
  const response = await fetch(MANIFEST_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${MANIFEST_URL} answered ${response.status}`);
  const manifest = (await response.json()) as Record<string, unknown>;
  const remotes = Object.entries(manifest)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([name, entry]) => ({ name, entry }));
  registerRemotes(remotes);
  return Object.fromEntries(remotes.map((r) => [r.name, r.entry])) as RemoteManifest;
}

/** The runtime manifest, registered with the federation runtime once. A failure is retried on the next call. */
export function loadManifest(): Promise<RemoteManifest> {
  if (!manifestPromise) {
    manifestPromise = fetchManifest().catch((error: unknown) => {
      manifestPromise = null;
      throw error;
    });
  }
  return manifestPromise;
}

/** Loads `<name>/App`; a remote that is missing, down or not a component throws RemoteUnavailableError. */
export async function loadRemoteApp(name: RemoteName): Promise<{ default: ComponentType }> {
  let manifest: RemoteManifest;
  try {
    manifest = await loadManifest();
  } catch (error) {
    throw new RemoteUnavailableError(name, error);
  }
  if (!manifest[name]) throw new RemoteUnavailableError(name);
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
  const manifest = manifestPromise ? await manifestPromise.catch(() => null) : null;
  const entry = manifest?.[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
