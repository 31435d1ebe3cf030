/**
 * The page manifest's schema (zod/mini): the one definition of the format,
 * checked where a manifest is made or published — the remote's build (the
 * webpack factory), the deploy tool, the API serving /remotes.json — and in
 * the tests. The shell reads the published list with the structural check of
 * pages.ts instead: zod, even zod/mini, would add about 6.5 KB gzipped to every
 * page (docs/decisions/005-route-manifests.md), and the list reaching it has
 * passed this schema at its source.
 */
import * as z from 'zod/mini';
import { ICON_PATH, ICON_PATH_MAX_LENGTH, MENUS, PAGE_AUDIENCES, PAGE_CODE_NAME, PAGE_LAYOUTS, PAGE_MANIFEST_FORMAT, SIGNED_IN_ROLES, STORAGE_KEY_NAME, type RemoteList } from './pages';

const PATH = /^\/([A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9]*)?(\/([A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9]*))*$/;

export const navEntrySchema = z.object({
  menu: z.enum(MENUS),
  label: z.string().check(z.minLength(1), z.maxLength(40)),
  /** Entries are listed by this, lowest first. */
  order: z.number(),
  /** The name of an icon the shell knows; a neutral dot otherwise (unless `iconPath` draws one). */
  icon: z.optional(z.string()),
  /**
   * The remote's own icon: SVG path data in a 24×24 box, drawn by the shell
   * in place of a named one, so a new entry needs no shell release for its icon.
   */
  iconPath: z.optional(z.string().check(z.maxLength(ICON_PATH_MAX_LENGTH), z.regex(ICON_PATH, 'an icon path is SVG path data (letters, numbers, spaces, commas, dots, minus signs)'))),
  /** Who sees the entry; the page's signed-in roles when left out. */
  roles: z.optional(z.array(z.enum(SIGNED_IN_ROLES))),
});

export const pageEntrySchema = z
  .object({
    /** A route pattern, as the remote's router has it: '/programs/edit/:id'. */
    path: z.string().check(z.regex(PATH, 'a page path is /segments, each a word or :name')),
    roles: z.array(z.enum(PAGE_AUDIENCES)).check(z.minLength(1)),
    layout: z.enum(PAGE_LAYOUTS),
    /** Whether the server may render the page for guests: it looks the same for every guest. */
    prerender: z.optional(z.boolean()),
    /**
     * The signed-in roles for which the server may render the page ahead (for a
     * returning visitor of that role): it shows only what every holder of the
     * role sees, never who is looking. A field of its own, so a shell that
     * predates it reads the manifest as before.
     */
    prerenderForRoles: z.optional(z.array(z.enum(SIGNED_IN_ROLES))),
    /**
     * The server may render this page for the person whose page-session cookie
     * it checks (decision 013), with the API responses that person may read:
     * a page of their own data. A field of its own, so a shell that predates it
     * reads the manifest as before.
     */
    prerenderForPerson: z.optional(z.boolean()),
    /**
     * Local-storage keys under which a device keeps its own state of this page
     * (the wizard's draft), which the server cannot see: a page rendered for
     * the person is hidden on a device holding any of them, and the browser
     * renders it from that state. A field of its own, so a shell that predates
     * it reads the manifest as before.
     */
    prerenderUnlessStored: z.optional(z.array(z.string().check(z.regex(STORAGE_KEY_NAME, 'a storage key is letters, digits, ., - and _'))).check(z.minLength(1), z.maxLength(8))),
    nav: z.optional(z.array(navEntrySchema)),
    /**
     * The names of the page's code: first the webpackChunkName of its route's
     * lazy import, then any code the page itself loads at once (the staff
     * dashboard's charts), so the server names those scripts in the head of
     * the page before the browser renders it (server/src/pages/page-scripts.ts).
     * A field of its own, so a shell that predates it reads the manifest as before.
     */
    code: z.optional(z.array(z.string().check(z.regex(PAGE_CODE_NAME, 'a page code name is letters, digits, - and _ (its webpackChunkName)'))).check(z.minLength(1), z.maxLength(8))),
  })
  .check(
    z.refine((page) => !page.nav?.length || !page.path.includes(':'), 'a page with a menu entry has no parameters in its path'),
    z.refine((page) => (page.prerenderForRoles ?? []).every((role) => page.roles.includes(role)), 'a page is rendered ahead only for roles that may open it'),
    z.refine((page) => !page.prerenderUnlessStored || page.prerenderForPerson === true, 'storage keys that hide a page are named only on a page rendered for its person'),
  );

export const pageManifestSchema = z.object({
  format: z.literal(PAGE_MANIFEST_FORMAT),
  pages: z.array(pageEntrySchema),
});

/** One remote in the runtime list (/remotes.json): where its entry is, and its pages. */
export const remoteListEntrySchema = z.object({
  entry: z.string().check(z.minLength(1)),
  pages: pageManifestSchema,
});

/**
 * The remotes of a runtime list whose entries are valid, and the names of those
 * that are not (left out, so one remote's bad manifest never stops the others).
 */
export function parseRemoteList(value: unknown): { remotes: RemoteList; rejected: string[] } {
  const remotes: RemoteList = {};
  const rejected: string[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { remotes, rejected: ['(the list itself)'] };
  for (const [name, entry] of Object.entries(value)) {
    const parsed = remoteListEntrySchema.safeParse(entry);
    if (parsed.success) remotes[name] = parsed.data;
    else rejected.push(name);
  }
  return { remotes, rejected };
}
