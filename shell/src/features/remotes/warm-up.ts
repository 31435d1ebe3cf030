/**
 * Starts loading the remote the current page will need as soon as the shell's
 * entry runs, before the shared libraries are fetched and React renders, so
 * the remote list (with the page manifests that say which remote answers this
 * path for this role), remoteEntry.js and the remote's App chunks download
 * alongside them instead of after them. The area asks for the same remote again when it
 * renders and gets this load (the federation runtime caches it), or its error.
 *
 * It runs before the shared modules are available, so it reads the role with
 * the session peek (bundled into this entry, imported by path) rather than
 * through shared-auth, which reads the token with the same peek.
 */
import { peekStoredSession } from 'page-platform/session-peek';
import { areaFor } from '../../routes/paths';
import { loadRemoteApp, loadRemoteList } from './registry';

export function warmUpRemote(pathname: string, storage: Pick<Storage, 'getItem'>): void {
  // Storage can be unavailable (privacy modes): the peek says guest, and the page decides later as usual.
  const role = peekStoredSession(storage)?.role ?? null;
  // A failure is shown by the area when it asks for the list or the remote itself.
  loadRemoteList()
    .then((remotes) => {
      const area = areaFor(remotes, role, pathname);
      return area.kind === 'remote' ? loadRemoteApp(area.remote) : undefined;
    })
    .catch(() => undefined);
}
