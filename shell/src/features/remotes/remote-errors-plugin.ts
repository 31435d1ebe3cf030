/**
 * Federation runtime plugin: a remote whose entry cannot be loaded (server down,
 * garbage, blocked) resolves to a marked fallback module instead of an
 * unhandled rejection. The shell's loader turns the mark into an error its
 * boundary shows as "temporarily unavailable" with a Retry button.
 *
 * errorLoadRemote fires first with lifecycle 'afterResolve' (whatever it returns
 * there is taken as a manifest), then with 'onLoad': answer only 'onLoad'.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_FAILED, type RemoteFailure } from './remote-failure';

export default function remoteErrorsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-errors',
    errorLoadRemote(args) {
      const { id, error, lifecycle } = args;
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`[portal] remote ${String(id)} could not be loaded`, error);
      const failure: RemoteFailure = { [REMOTE_FAILED]: true, id: String(id), default: () => null };
      return failure;
    },
  };
}
