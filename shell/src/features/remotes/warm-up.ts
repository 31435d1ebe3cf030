/**
 * Starts loading the remote the current page will need as soon as the shell's
 * entry runs, before the shared libraries are fetched and React renders, so
 * the manifest, remoteEntry.js and the remote's App chunks download alongside
 * them instead of after them. The area asks for the same remote again when it
 * renders and gets this load (the federation runtime caches it), or its error.
 *
 * It runs before the shared modules are available, so it reads the role from
 * the stored token itself rather than through shared-auth (whose storage key
 * a test keeps equal to SESSION_TOKEN_KEY).
 */
import { areaFor, type Role } from '../../routes/paths';
import { loadRemoteApp } from './registry';

export const SESSION_TOKEN_KEY = 'user';
const ROLES: readonly Role[] = ['USER', 'ADMIN', 'SUPERUSER'];

/** The role in a stored token that has not expired; null for a guest or anything unreadable. */
export function storedRole(token: string | null, nowSeconds = Date.now() / 1000): Role | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown; exp?: unknown };
    if (typeof claims.exp === 'number' && claims.exp <= nowSeconds) return null;
    return ROLES.find((role) => role === claims.role) ?? null;
  } catch {
    return null;
  }
}

export function warmUpRemote(pathname: string, storage: Pick<Storage, 'getItem'>): void {
  let role: Role | null = null;
  try {
    role = storedRole(storage.getItem(SESSION_TOKEN_KEY));
  } catch {
    // Storage can be unavailable (privacy modes); the page decides later as usual.
  }
  const area = areaFor(role, pathname);
  if (area.kind !== 'remote') return;
  // A failure is shown by the area when it asks for the remote itself.
  loadRemoteApp(area.remote).catch(() => undefined);
}
