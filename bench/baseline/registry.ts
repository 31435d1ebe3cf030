/**
 * The baseline's stand-in for shell/src/features/remotes/registry.ts: the same
 * exports, but each remote's App is a plain code-split import of its source,
 * so the whole portal builds as one ordinary webpack app without federation.
 */
import type { ComponentType } from 'react';

export type RemoteName = 'mfe_public' | 'mfe_applicant' | 'mfe_staff';
export type RemoteManifest = Partial<Record<RemoteName, string>>;
export const MANIFEST_URL = '/remotes.json';

const APPS: Record<RemoteName, () => Promise<{ default: ComponentType }>> = {
  mfe_public: () => import('@portal-baseline/mfe-public/App'),
  mfe_applicant: () => import('@portal-baseline/mfe-applicant/App'),
  mfe_staff: () => import('@portal-baseline/mfe-staff/App'),
};

export function loadManifest(): Promise<RemoteManifest> {
  return Promise.resolve({});
}

export function loadRemoteApp(name: RemoteName): Promise<{ default: ComponentType }> {
  return APPS[name]();
}

export async function resetRemote(_name: RemoteName): Promise<void> {}
