/**
 * The menus (spec §2.1) come from the remotes' page manifests: each remote
 * names the sidebar or top-navigation entries of its pages (label, order, the
 * roles that see them). An unknown role gets an empty menu.
 */
import { useMemo } from 'react';
import { menuEntries, type MenuEntry, type MenuName } from 'shared-api/pages';
import { useAuth } from 'shared-auth';
import { useRemoteList } from '../../features/remotes/use-remote-list';

export type { MenuEntry };

/** The entries of `menu` the signed-in role sees, in order. */
export function useMenu(menu: MenuName): MenuEntry[] {
  const role = useAuth((s) => s.user?.role ?? null);
  const remotes = useRemoteList();
  return useMemo(() => (remotes ? menuEntries(remotes, role, menu) : []), [remotes, role, menu]);
}

/** An entry is active when the current path starts with its path. */
export function isActive(pathname: string, entryPath: string): boolean {
  return pathname.startsWith(entryPath);
}
