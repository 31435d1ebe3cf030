/**
 * What the shell shows at a path other than /login and /register, decided from
 * the remotes' page manifests (shared-api/pages) rather than from lists of its
 * own: a remote adds, changes or removes a page without a shell release. The
 * remotes render their own absolute <Routes>; the shell picks the remote and
 * the layout, and applies the guards of spec §2.1.
 *
 * Nothing here imports a shared module: the shell's entry uses `areaFor` to
 * start loading the right remote before the shared libraries are negotiated.
 */
import { pagesAt, type PageLayout, type RemoteList, type SignedInRole } from 'shared-api/pages';
import type { RemoteName } from '../features/remotes/registry';

export type Role = SignedInRole;

export type Area =
  | { kind: 'remote'; remote: RemoteName; layout: PageLayout }
  | { kind: 'redirect'; to: '/login' | '/dashboard' }
  | { kind: 'not-found' }
  /** The list of remotes could not be loaded: nothing is known of any page. */
  | { kind: 'unavailable' };

/**
 * The guards (spec §2.1): a page answers the roles its manifest names; a guest
 * anywhere else goes to /login; a signed-in visitor on a guest-only page goes to
 * /dashboard; any other path of a signed-in visitor is not found (an unknown
 * role finds nothing).
 */
export function areaFor(remotes: RemoteList | null, role: string | null, pathname: string): Area {
  if (remotes === null) return { kind: 'unavailable' };
  const audience = role ?? 'guest';
  const pages = pagesAt(remotes, pathname);
  const allowed = pages.find(({ page }) => (page.roles as readonly string[]).includes(audience));
  if (allowed) return { kind: 'remote', remote: allowed.remote as RemoteName, layout: allowed.page.layout };
  if (role === null) return { kind: 'redirect', to: '/login' };
  if (pages.some(({ page }) => page.roles.includes('guest'))) return { kind: 'redirect', to: '/dashboard' };
  return { kind: 'not-found' };
}
