/**
 * Federation runtime plugin: reports in the console a remote built with
 * another version of a shared library than the page uses. Every shared
 * library is a singleton, so the page goes on with the one instance it
 * loaded first (the shell's) and never shows a blank page; the report tells
 * the remote's team to rebuild. Ranges are not checked in the browser (see
 * the shared map); comparing the versions each container registers costs a
 * few string comparisons once per remote.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type ShareScope = Record<string, Record<string, { from?: string; loaded?: boolean; lib?: unknown }>>;

/** '@mui/material/Button' → '@mui/material', 'react/jsx-runtime' → 'react'. */
export function packageOf(shareKey: string): string {
  const parts = shareKey.split('/');
  return shareKey.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** One line per package and version another container provides besides the one in use. */
export function versionSkew(scope: ShareScope, remote: string): string[] {
  const found = new Map<string, string>();
  for (const [key, versions] of Object.entries(scope)) {
    const all = Object.keys(versions);
    if (all.length < 2) continue;
    const inUse = all.find((v) => versions[v]!.loaded || typeof versions[v]!.lib === 'function');
    if (!inUse) continue;
    for (const version of all) {
      if (version === inUse || versions[version]!.from !== remote) continue;
      found.set(
        `${packageOf(key)}@${version}`,
        `[portal] ${remote} was built with ${packageOf(key)} ${version}; this page shares ${inUse}, the version it loaded first. Rebuild ${remote} with the shell's versions.`,
      );
    }
  }
  return [...found.values()];
}

export default function versionSkewPlugin(): ModuleFederationRuntimePlugin {
  const reported = new Set<string>();
  return {
    name: 'portal-version-skew',
    initContainer(args) {
      const scope = args.shareScope as unknown as ShareScope | undefined;
      for (const line of versionSkew(scope ?? {}, args.remoteInfo.name)) {
        if (reported.has(line)) continue;
        reported.add(line);
        console.warn(line);
      }
      return args;
    },
  };
}
