/** Sidebar entries by role (spec §2.1). An unknown role gets an empty menu. */
export interface NavEntry {
  label: string;
  path: string;
}

const ENTRIES: Record<string, NavEntry[]> = {
  ADMIN: [
    { label: 'Dashboard', path: '/dashboard' },
    { label: 'Applications', path: '/applications' },
    { label: 'Programs', path: '/programs' },
  ],
  USER: [
    { label: 'Dashboard', path: '/dashboard' },
    { label: 'Profile', path: '/profile' },
    { label: 'Settings', path: '/settings' },
  ],
  SUPERUSER: [
    { label: 'Dashboard', path: '/dashboard' },
    { label: 'Universities', path: '/universities/all' },
    { label: 'Programs', path: '/programs' },
    { label: 'Courses', path: '/courses' },
    { label: 'Applications', path: '/applications' },
    // The spec spells it 'User Managemant'; the product shows the corrected label.
    { label: 'User Management', path: '/users' },
  ],
};

export function sidebarEntries(role: string | null | undefined): NavEntry[] {
  return (role && Object.hasOwn(ENTRIES, role) ? ENTRIES[role] : undefined) ?? [];
}

/** An entry is active when the current path starts with its path. */
export function isActive(pathname: string, entryPath: string): boolean {
  return pathname.startsWith(entryPath);
}

/** The applicant's top navigation (spec §2.1). */
export const APPLICANT_NAV: NavEntry[] = [
  { label: 'Universities', path: '/dashboard' },
  { label: 'Applications', path: '/applications' },
  { label: 'Profile', path: '/profile' },
  { label: 'Settings', path: '/settings' },
];
