/**
 * Federation runtime plugin: lends the shell's federation runtime to the
 * remotes, which are built without one of their own (externalRuntime in
 * deploy/webpack/create-config.cjs), so a page downloads the runtime once
 * rather than once more per remote (about 13 KB gzipped each).
 *
 * A remote reads the runtime from the global _FEDERATION_RUNTIME_CORE when its
 * remoteEntry.js runs, which is always after the shell's runtime started.
 * Only the names a remote's entry uses are lent (listed by reading the
 * runtime's sources, @module-federation/runtime 2.9.2): lending the whole
 * module would keep all of it in the shell's bundle, tree-shaking nothing.
 * Every package builds with the same runtime version (one lockfile, and the
 * shared-versions check), so the names a remote expects are the ones lent.
 */
import {
  assert,
  CurrentGlobal,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  Module,
  ModuleFederation,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export const LENT_RUNTIME_GLOBAL = '_FEDERATION_RUNTIME_CORE';

const lent = {
  assert,
  CurrentGlobal,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  Module,
  ModuleFederation,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

export default function shareRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-share-runtime',
    beforeInit(args) {
      const global = globalThis as Record<string, unknown>;
      global[LENT_RUNTIME_GLOBAL] ??= lent;
      return args;
    },
  };
}
