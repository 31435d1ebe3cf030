/**
 * The baseline's stand-in for shell/src/features/remotes/registry.ts: the same
 * exports, but each remote's App is a plain code-split import of its source,
 * so the whole portal builds as one ordinary webpack app without federation.
 */
import type { ComponentType } from 'react';
import type { RemoteList } from 'shared-api/pages';
import { PAGES as applicantPages } from '@portal-baseline/mfe-applicant/pages';
import { PAGES as publicPages } from '@portal-baseline/mfe-public/pages';
import { PAGES as staffPages } from '@portal-baseline/mfe-staff/pages';

export type RemoteName = 'mfe_public' | 'mfe_applicant' | 'mfe_staff';
export type { RemoteList };
export const REMOTE_LIST_URL = '/remotes.json';

/** The remotes' page manifests, built in (the federated shell reads them from /remotes.json). */
const REMOTES: RemoteList = {
  mfe_public: { entry: 'built-in', pages: publicPages },
  mfe_applicant: { entry: 'built-in', pages: applicantPages },
  mfe_staff: { entry: 'built-in', pages: staffPages },
};
const settled = Object.assign(Promise.resolve(REMOTES), { status: 'fulfilled' as const, value: REMOTES });

const APPS: Record<RemoteName, () => Promise<{ default: ComponentType }>> = {
  mfe_public: () => import('@portal-baseline/mfe-public/App'),
  mfe_applicant: () => import('@portal-baseline/mfe-applicant/App'),
  mfe_staff: () => import('@portal-baseline/mfe-staff/App'),
};

export function loadRemoteList(): Promise<RemoteList> {
  return settled;
}

export function remoteListForRouting(): Promise<RemoteList | null> {
  return settled;
}

export function forgetRemoteList(): void {}

export function loadRemoteApp(name: RemoteName): Promise<{ default: ComponentType }> {
  return APPS[name]();
}

export async function resetRemote(_name: RemoteName): Promise<void> {}
