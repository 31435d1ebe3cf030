/**
 * The page manifest: each remote declares its pages as data beside its entry
 * (src/pages.ts, built to dist/pages.json) and the shell builds its routing,
 * role checks and menus from these at runtime, so a remote adds a page and its
 * menu entry without a shell release. The runtime list (/remotes.json) carries
 * each remote's entry and its manifest.
 *
 * The format's schema is page-manifest-schema.ts (zod); this module holds its
 * types and what the shell does with a list, and imports nothing at runtime,
 * so the shell's entry can use it before the shared libraries are negotiated.
 */
import type { navEntrySchema, pageEntrySchema, pageManifestSchema, remoteListEntrySchema } from './page-manifest-schema';

/** z.infer without importing zod's runtime. */
type Output<T> = T extends { _zod: { output: infer O } } ? O : never;

export const PAGE_MANIFEST_FORMAT = 1;
export const SIGNED_IN_ROLES = ['USER', 'ADMIN', 'SUPERUSER'] as const;
/** Who may open a page: 'guest' is a visitor without a session. */
export const PAGE_AUDIENCES = ['guest', ...SIGNED_IN_ROLES] as const;
/** The shell's frames around a page (spec §2.1): none, the applicant's top navigation, the staff sidebar. */
export const PAGE_LAYOUTS = ['none', 'applicant', 'staff'] as const;
/** The staff sidebar, or the applicant's top navigation. */
export const MENUS = ['sidebar', 'top'] as const;

export type SignedInRole = (typeof SIGNED_IN_ROLES)[number];
export type PageAudience = (typeof PAGE_AUDIENCES)[number];
export type PageLayout = (typeof PAGE_LAYOUTS)[number];
export type MenuName = (typeof MENUS)[number];

export type NavEntry = Output<typeof navEntrySchema>;
export type PageEntry = Output<typeof pageEntrySchema>;
export type PageManifest = Output<typeof pageManifestSchema>;
export type RemoteListEntry = Output<typeof remoteListEntrySchema>;
/** The runtime list: federation name → its entry and pages. */
export type RemoteList = Record<string, RemoteListEntry>;

/** SVG path data only: nothing a browser could read as markup or a URL. */
export const ICON_PATH = /^[MmLlHhVvCcSsQqTtAaZz0-9.,\s-]+$/;
export const ICON_PATH_MAX_LENGTH = 2000;
/**
 * A name in a page's code (PageEntry.code): a webpackChunkName, which names files of
 * the remote's build. Only the server reads it (the browser's structural check
 * leaves it alone, to stay small); the schema checks it where a manifest is made.
 */
export const PAGE_CODE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/**
 * A local-storage key a page's manifest entry names (PageEntry.prerenderUnlessStored).
 * Only the server reads those keys (the shell's render marks the page with them, and
 * checks each again there); the browser's structural check leaves them alone, to stay small.
 */
export const STORAGE_KEY_NAME = /^[A-Za-z0-9._-]{1,64}$/;
const isIconPath = (value: unknown) => typeof value === 'string' && value.length <= ICON_PATH_MAX_LENGTH && ICON_PATH.test(value);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isListOf = (value: unknown, allowed: readonly string[]) => Array.isArray(value) && value.every((item) => allowed.includes(item as string));

function isNavEntry(value: unknown): boolean {
  return (
    isObject(value) &&
    (MENUS as readonly unknown[]).includes(value.menu) &&
    typeof value.label === 'string' &&
    value.label !== '' &&
    typeof value.order === 'number' &&
    (value.icon === undefined || typeof value.icon === 'string') &&
    (value.iconPath === undefined || isIconPath(value.iconPath)) &&
    (value.roles === undefined || isListOf(value.roles, SIGNED_IN_ROLES))
  );
}

function isPageEntry(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.path === 'string' &&
    value.path.startsWith('/') &&
    isListOf(value.roles, PAGE_AUDIENCES) &&
    (value.roles as unknown[]).length > 0 &&
    (PAGE_LAYOUTS as readonly unknown[]).includes(value.layout) &&
    (value.prerender === undefined || typeof value.prerender === 'boolean') &&
    (value.prerenderForRoles === undefined || (isListOf(value.prerenderForRoles, SIGNED_IN_ROLES) && isListOf(value.prerenderForRoles, value.roles as string[]))) &&
    (value.prerenderForPerson === undefined || typeof value.prerenderForPerson === 'boolean') &&
    (value.nav === undefined || (Array.isArray(value.nav) && value.nav.every(isNavEntry) && (value.nav.length === 0 || !value.path.includes(':'))))
  );
}

/**
 * Whether the server may render `page` ahead for `audience`: for guests when
 * the manifest marks it `prerender`, for a signed-in role when its
 * `prerenderForRoles` names that role (and the role may open the page).
 */
export function mayPrerenderFor(page: PageEntry, audience: PageAudience): boolean {
  if (!page.roles.includes(audience)) return false;
  return audience === 'guest' ? page.prerender === true : (page.prerenderForRoles?.includes(audience) ?? false);
}

/** Whether the server may render `page` for a person of `role` whose session it has checked (decision 013). */
export function mayRenderForPerson(page: PageEntry, role: SignedInRole): boolean {
  return page.prerenderForPerson === true && page.roles.includes(role);
}

/** Whether one remote's entry in the list has the shape the shell reads (its schema was checked where it was published). */
export function isRemoteListEntry(value: unknown): value is RemoteListEntry {
  if (!isObject(value) || typeof value.entry !== 'string' || value.entry === '' || !isObject(value.pages)) return false;
  return value.pages.format === PAGE_MANIFEST_FORMAT && Array.isArray(value.pages.pages) && value.pages.pages.every(isPageEntry);
}

/**
 * The remotes of a runtime list the shell can use, and the names of those it
 * cannot (left out, so one remote's bad entry never stops the others).
 */
export function readRemoteList(value: unknown): { remotes: RemoteList; rejected: string[] } {
  const remotes: RemoteList = {};
  const rejected: string[] = [];
  if (!isObject(value)) return { remotes, rejected: ['(the list itself)'] };
  for (const [name, entry] of Object.entries(value)) {
    if (isRemoteListEntry(entry)) remotes[name] = entry;
    else rejected.push(name);
  }
  return { remotes, rejected };
}

/** Matches a route pattern ('/universities/:id') the way the router does: whole path, any case, ':x' is one segment. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? true : segment.toLowerCase() === got[i]!.toLowerCase()));
}

/** A fixed segment outranks a parameter, as in the router: '/universities/all' wins over '/universities/:id'. */
function rank(pattern: string): number {
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce((score, segment) => score + (segment.startsWith(':') ? 2 : 3), 0);
}

/** A route of a remote's App and the loader of its page's code. */
export interface PreloadableRoute {
  path: string;
  load: () => Promise<unknown>;
}

/** The route (or manifest page) that answers `pathname`: the best-ranked pattern, as the router picks it. */
export function routeAt<Route extends { path: string }>(routes: ReadonlyArray<Route>, pathname: string): Route | undefined {
  let best: Route | undefined;
  for (const route of routes) if (matchesPattern(route.path, pathname) && (!best || rank(route.path) > rank(best.path))) best = route;
  return best;
}

/**
 * Starts loading the code of the page a remote's App routes at `pathname`
 * (the best-ranked pattern, as the router picks it), so it downloads as soon
 * as the shell has the remote rather than after the shell's frame renders;
 * undefined when the remote has no page there. A failure is left to the page,
 * which asks again and shows it.
 */
export function preloadRouteAt(routes: ReadonlyArray<PreloadableRoute>, pathname: string): Promise<unknown> | undefined {
  return routeAt(routes, pathname)
    ?.load()
    .catch(() => undefined);
}

export interface PageAt {
  remote: string;
  page: PageEntry;
}

/** The pages of every remote that answer `pathname`, the best-ranked pattern only (several remotes may share it: /dashboard). */
export function pagesAt(remotes: RemoteList, pathname: string): PageAt[] {
  let best = -1;
  let found: PageAt[] = [];
  for (const [remote, { pages }] of Object.entries(remotes)) {
    for (const page of pages.pages) {
      if (!matchesPattern(page.path, pathname)) continue;
      const score = rank(page.path);
      if (score > best) {
        best = score;
        found = [];
      }
      if (score === best) found.push({ remote, page });
    }
  }
  return found;
}

export interface MenuEntry {
  label: string;
  path: string;
  order: number;
  icon?: string;
  iconPath?: string;
  remote: string;
}

/** The entries of `menu` a role sees, in their order (spec §2.1); an unknown role gets none. */
export function menuEntries(remotes: RemoteList, role: string | null | undefined, menu: MenuName): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (!role || !(SIGNED_IN_ROLES as readonly string[]).includes(role)) return entries;
  for (const [remote, { pages }] of Object.entries(remotes)) {
    for (const page of pages.pages) {
      for (const nav of page.nav ?? []) {
        const roles: readonly string[] = nav.roles ?? page.roles;
        if (nav.menu !== menu || !roles.includes(role) || !(page.roles as readonly string[]).includes(role)) continue;
        entries.push({ label: nav.label, path: page.path, order: nav.order, remote, ...(nav.icon ? { icon: nav.icon } : {}), ...(nav.iconPath ? { iconPath: nav.iconPath } : {}) });
      }
    }
  }
  return entries.sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
}
