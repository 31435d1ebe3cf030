import { parseRemoteList } from '../src/contract/page-manifest-schema';
import { mayPrerenderFor, mayRenderForPerson, menuEntries, pagesAt, preloadRouteAt, readRemoteList } from '../src/contract/pages';

const page = { path: '/programs', roles: ['ADMIN'], layout: 'staff', nav: [{ menu: 'sidebar', label: 'Programs', order: 30, iconPath: 'M3 3h18v18H3z' }] };
const valid = { entry: '/remotes/mfe-staff/remoteEntry.js', pages: { format: 1, pages: [page, { path: '/programs/:id', roles: ['ADMIN', 'SUPERUSER'], layout: 'staff' }] } };
const INVALID: Record<string, unknown> = {
  'no entry': { pages: valid.pages },
  'empty entry': { ...valid, entry: '' },
  'a string, the old format': '/remotes/mfe-staff/remoteEntry.js',
  'another format': { ...valid, pages: { format: 2, pages: [] } },
  'pages not a list': { ...valid, pages: { format: 1, pages: {} } },
  'a relative path': { ...valid, pages: { format: 1, pages: [{ ...page, path: 'programs' }] } },
  'an unknown role': { ...valid, pages: { format: 1, pages: [{ ...page, roles: ['ROOT'] }] } },
  'no roles': { ...valid, pages: { format: 1, pages: [{ ...page, roles: [] }] } },
  'an unknown layout': { ...valid, pages: { format: 1, pages: [{ ...page, layout: 'full' }] } },
  'an unknown menu': { ...valid, pages: { format: 1, pages: [{ ...page, nav: [{ menu: 'footer', label: 'x', order: 1 }] }] } },
  'an entry without order': { ...valid, pages: { format: 1, pages: [{ ...page, nav: [{ menu: 'sidebar', label: 'x' }] }] } },
  'a menu entry on a page with a parameter': { ...valid, pages: { format: 1, pages: [{ ...page, path: '/programs/:id' }] } },
  'an icon path that is markup, not path data': { ...valid, pages: { format: 1, pages: [{ ...page, nav: [{ menu: 'sidebar', label: 'x', order: 1, iconPath: '"/><script>alert(1)</script>' }] }] } },
  'an icon path that is far too long': { ...valid, pages: { format: 1, pages: [{ ...page, nav: [{ menu: 'sidebar', label: 'x', order: 1, iconPath: 'M1 1'.repeat(600) }] }] } },
  'a page rendered ahead for guests by role': { ...valid, pages: { format: 1, pages: [{ ...page, roles: ['guest', 'ADMIN'], prerenderForRoles: ['guest'] }] } },
  'a page rendered ahead for a role that cannot open it': { ...valid, pages: { format: 1, pages: [{ ...page, prerenderForRoles: ['USER'] }] } },
  'a person mark that is not true or false': { ...valid, pages: { format: 1, pages: [{ ...page, prerenderForPerson: 'yes' }] } },
  'a guest in an entry': { ...valid, pages: { format: 1, pages: [{ ...page, nav: [{ menu: 'sidebar', label: 'x', order: 1, roles: ['guest'] }] }] } },
};

describe('the runtime list of remotes and their page manifests', () => {
  it("is read by the shell's check exactly as the schema judges it", () => {
    expect(parseRemoteList({ mfe_staff: valid }).rejected).toEqual([]);
    expect(readRemoteList({ mfe_staff: valid })).toEqual({ remotes: { mfe_staff: valid }, rejected: [] });
    for (const [why, entry] of Object.entries(INVALID)) {
      expect([why, parseRemoteList({ x: entry }).rejected]).toEqual([why, ['x']]);
      expect([why, readRemoteList({ x: entry }).rejected]).toEqual([why, ['x']]);
    }
  });

  it("reads the storage keys that hide a person's page on a device keeping its own state, named only on such a page", () => {
    const keys = { ...valid, pages: { format: 1, pages: [{ ...page, prerenderForPerson: true, prerenderUnlessStored: ['applicationDraft'] }] } };
    expect(parseRemoteList({ mfe_staff: keys }).rejected).toEqual([]);
    expect(readRemoteList({ mfe_staff: keys }).rejected).toEqual([]);
    // Checked where a manifest is made and published (the browser leaves them alone: see STORAGE_KEY_NAME).
    const wrong = [
      { prerenderUnlessStored: ['applicationDraft'] },
      { prerenderForPerson: true, prerenderUnlessStored: ['"><script>alert(1)</script>'] },
      { prerenderForPerson: true, prerenderUnlessStored: 'applicationDraft' },
    ];
    for (const fields of wrong) expect(parseRemoteList({ mfe_staff: { ...valid, pages: { format: 1, pages: [{ ...page, ...fields }] } } }).rejected).toEqual(['mfe_staff']);
  });

  it('reads a page rendered ahead for a signed-in role, and a shell that predates the field reads the rest as before', () => {
    const forRole = { ...valid, pages: { format: 1, pages: [{ ...page, prerenderForRoles: ['ADMIN'] }] } };
    expect(parseRemoteList({ mfe_staff: forRole }).rejected).toEqual([]);
    expect(readRemoteList({ mfe_staff: forRole }).rejected).toEqual([]);
  });

  it('lets the server render a page ahead for guests when marked prerender, for a role only when prerenderForRoles names it', () => {
    const both = { path: '/universities', roles: ['guest', 'USER', 'ADMIN'] as const, layout: 'none' as const, prerender: true, prerenderForRoles: ['USER'] as const };
    const entry = { ...both, roles: [...both.roles], prerenderForRoles: [...both.prerenderForRoles] };
    expect(mayPrerenderFor(entry, 'guest')).toBe(true);
    expect(mayPrerenderFor(entry, 'USER')).toBe(true);
    expect(mayPrerenderFor(entry, 'ADMIN')).toBe(false);
    expect(mayPrerenderFor(entry, 'SUPERUSER')).toBe(false);
    expect(mayPrerenderFor({ ...entry, prerender: undefined }, 'guest')).toBe(false);
    expect(mayPrerenderFor({ ...entry, roles: ['guest'] }, 'USER')).toBe(false);
  });

  it('lets the server render a page for a person (decision 013) only where its manifest says so, for the roles that may open it', () => {
    const list = { path: '/applications', roles: ['ADMIN', 'SUPERUSER'] as Array<'ADMIN' | 'SUPERUSER'>, layout: 'staff' as const, prerenderForPerson: true };
    expect(parseRemoteList({ mfe_staff: { ...valid, pages: { format: 1, pages: [list] } } }).rejected).toEqual([]);
    expect(readRemoteList({ mfe_staff: { ...valid, pages: { format: 1, pages: [list] } } }).rejected).toEqual([]);
    expect(mayRenderForPerson(list, 'ADMIN')).toBe(true);
    expect(mayRenderForPerson(list, 'USER')).toBe(false);
    expect(mayRenderForPerson({ ...list, prerenderForPerson: undefined }, 'ADMIN')).toBe(false);
    expect(mayRenderForPerson({ ...list, prerenderForPerson: false }, 'ADMIN')).toBe(false);
  });

  it('leaves out only the remote with a bad entry', () => {
    expect(Object.keys(readRemoteList({ good: valid, bad: INVALID['an unknown role'] }).remotes)).toEqual(['good']);
    expect(readRemoteList(['not', 'an', 'object']).remotes).toEqual({});
  });

  it('picks the page whose pattern ranks first, as the router would', () => {
    const remotes = {
      a: { entry: 'a.js', pages: { format: 1 as const, pages: [{ path: '/universities/:id', roles: ['USER' as const], layout: 'applicant' as const }] } },
      b: { entry: 'b.js', pages: { format: 1 as const, pages: [{ path: '/universities/all', roles: ['SUPERUSER' as const], layout: 'staff' as const }] } },
    };
    expect(pagesAt(remotes, '/universities/all').map((p) => p.remote)).toEqual(['b']);
    expect(pagesAt(remotes, '/universities/7').map((p) => p.remote)).toEqual(['a']);
    expect(pagesAt(remotes, '/universities')).toEqual([]);
  });

  it("lists a role's menu entries in order, and none for an unknown role", () => {
    const remotes = readRemoteList({ mfe_staff: valid }).remotes;
    expect(menuEntries(remotes, 'ADMIN', 'sidebar')).toEqual([{ label: 'Programs', path: '/programs', order: 30, remote: 'mfe_staff', iconPath: 'M3 3h18v18H3z' }]);
    expect(menuEntries(remotes, 'SUPERUSER', 'sidebar')).toEqual([]);
    expect(menuEntries(remotes, 'toString', 'sidebar')).toEqual([]);
  });
});

describe('preloadRouteAt', () => {
  const loaded: string[] = [];
  const route = (path: string, fail = false) => ({
    path,
    load: () => {
      loaded.push(path);
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve(path);
    },
  });
  beforeEach(() => loaded.splice(0));

  it("loads the page the router would pick: a fixed segment over a parameter, whatever the routes' order", async () => {
    const routes = [route('/universities/:id'), route('/universities/all'), route('/dashboard')];
    await expect(preloadRouteAt(routes, '/universities/all')).resolves.toBe('/universities/all');
    await expect(preloadRouteAt(routes, '/Universities/12')).resolves.toBe('/universities/:id');
    expect(loaded).toEqual(['/universities/all', '/universities/:id']);
  });

  it('loads nothing where the remote has no page', () => {
    expect(preloadRouteAt([route('/dashboard')], '/apply/3')).toBeUndefined();
    expect(loaded).toEqual([]);
  });

  it('leaves a failed load to the page, which asks again and shows it', async () => {
    await expect(preloadRouteAt([route('/dashboard', true)], '/dashboard')).resolves.toBeUndefined();
  });
});
