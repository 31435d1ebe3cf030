/**
 * Guests' pages rendered on the server (src/pages): which pages are
 * rendered, with which API responses embedded, and that anything missing or
 * failing leaves the page to the browser. The shell's and the remote's server
 * bundles here are small stand-ins that speak the render contract; the real
 * ones are exercised by the end-to-end journeys, in a browser, after the
 * builds.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { PERSON_RENDERS_WAITING } from '../src/pages/page-renderer';
import { startPortal, type TestPortal } from './helpers/portal';

const INLINE_SCRIPT = 'document.documentElement.dataset.checked="1"';
const TEMPLATE = `<!doctype html><html lang="en"><head><title>UniPortal</title><script>${INLINE_SCRIPT}</script></head><body><div id="root"></div></body></html>`;
const cspSourceOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/** What the shell's build writes beside index.html (page-platform/build/before-start.cjs). */
const PAGE_CSP = JSON.stringify({ scriptSrc: [cspSourceOf(INLINE_SCRIPT)] });

/**
 * The shell's stand-in: renders /login itself, the guest pages with the remote's
 * App, and shows which instance of shared-api the remote received.
 */
const SHELL_BUNDLE = `
const sharedApi = { instance: 'the shell\\'s shared-api' };
exports.SERVER_RENDER_CONTRACT = 1;
exports.sharedModules = { 'shared-api': sharedApi };
exports.documentPlan = (pathname, remoteList, role, person) => {
  if (pathname === '/login') return { remote: null, code: ['login'] };
  // A page of the person's own data (prerenderForPerson), when the server has a session of the role.
  if ((pathname === '/mine' || pathname === '/mine/slow') && role === 'USER' && person) return { remote: 'mfe_public', renderedFor: 'USER', forPerson: true };
  // A page the manifest marks for the applicant's role (prerenderForRoles).
  if (pathname === '/dashboard' && role === 'USER') return { remote: 'mfe_public', renderedFor: 'USER' };
  // The runtime list (/remotes.json) is what the real shell plans guest pages from.
  if (typeof remoteList !== 'object' || remoteList === null) return null;
  if (['/home', '/universities', '/guest/programs/4', '/broken'].includes(pathname)) return { remote: 'mfe_public' };
  return null;
};
exports.renderDocument = async ({ url, template, remotes, responses, renderedFor, personToken }) => {
  // A render that holds the worker for a while, as a long page does.
  if (url === '/mine/slow') for (const until = Date.now() + 300; Date.now() < until; );
  const body = remotes.mfe_public ? remotes.mfe_public({ url, responses }) : '<h1>Sign In</h1>';
  const person = personToken ? JSON.parse(Buffer.from(personToken.split('.')[1], 'base64url').toString()).id : null;
  const marked = renderedFor ? template.replace('<html', '<html data-rendered-for="' + renderedFor + '"' + (person ? ' data-rendered-for-person="' + person + '"' : '')) : template;
  return marked.replace('<div id="root"></div>', '<div id="root">' + body + '</div>');
};
`;

const REMOTE_BUNDLE = `
const api = require('shared-api');
const React = require('react');
exports.SERVER_RENDER_CONTRACT = 1;
exports.App = ({ url, responses }) => {
  if (url === '/broken') throw new Error('the remote failed to render');
  return '<main data-react="' + typeof React.createElement + '" data-env="' + process.env.NODE_ENV + '">' + url + ' from ' + api.instance + ' ' + JSON.stringify(responses).replace(/</g, '\\\\u003c') + '</main>';
};
exports.canPrerender = (pathname) => !pathname.startsWith('/guest/programs/');
exports.codeFor = (pathname) => (pathname === '/home' ? 'landing' : null);
exports.preloadFor = (pathname) =>
  pathname === '/universities'
    ? ['/api/universities', 'http://169.254.169.254/latest', '/api/../secret', '/api/applications/user/{person}']
    : pathname.startsWith('/mine')
      ? ['/api/notifications/unread-count?from=page', '/api/applications/user/{person}', '/api/drafts/mine']
      : [];
`;

function writeBuilt(root: string, layout: 'workspace' | 'deployed'): void {
  const shellDir = layout === 'workspace' ? path.join(root, 'shell', 'dist') : root;
  const remoteDir = layout === 'workspace' ? path.join(root, 'mfe-public', 'dist') : path.join(root, 'remotes', 'mfe-public', '1.0.0-abc');
  mkdirSync(path.join(shellDir, 'server'), { recursive: true });
  mkdirSync(path.join(remoteDir, 'server'), { recursive: true });
  writeFileSync(path.join(shellDir, 'index.html'), TEMPLATE);
  writeFileSync(path.join(shellDir, 'page-csp.json'), PAGE_CSP);
  writeFileSync(path.join(shellDir, 'server', 'render-document.cjs'), SHELL_BUNDLE);
  writeFileSync(path.join(remoteDir, 'remoteEntry.js'), 'var mfe_public;');
  writeFileSync(path.join(remoteDir, 'server', 'remote.cjs'), REMOTE_BUNDLE);
  if (layout === 'deployed') {
    mkdirSync(path.join(root, 'config'), { recursive: true });
    writeFileSync(path.join(root, 'config', 'remotes.json'), JSON.stringify({ mfe_public: { entry: '/remotes/mfe-public/1.0.0-abc/remoteEntry.js', pages: { format: 1, pages: [] } } }));
  }
}

describe("pages: guests' pages rendered on the server (one port)", () => {
  let t: TestPortal;
  let root: string;
  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'portal-pages-'));
    writeBuilt(root, 'workspace');
    t = await startPortal({ PORTAL_SERVE_WEB: 'true', PORTAL_WEB_ROOT: root });
  });
  after(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("renders a remote's guest page with the remote's App, which gets the shell's shared modules, the server's React and React's production mode", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.match(res.body, /<div id="root"><main data-react="function" data-env="production">\/home from the shell's shared-api \{\}<\/main><\/div>/);
  });

  it("renders the shell's own page without a remote", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    assert.match(res.body, /<div id="root"><h1>Sign In<\/h1><\/div>/);
  });

  it("embeds the API responses the page shows, fetched as a guest, and nothing but this API nor any person's records", async () => {
    const universities = (await t.app.inject({ method: 'GET', url: '/api/universities' })).json();
    const res = await t.app.inject({ method: 'GET', url: '/universities' });
    const embedded = JSON.parse(res.body.match(/from the shell's shared-api (\{.*\})<\/main>/)![1]!.replace(/\\u003c/g, '<'));
    assert.deepEqual(Object.keys(embedded), ['/api/universities']);
    assert.deepEqual(embedded['/api/universities'], universities);
  });

  it('leaves to the browser what it cannot render the same for everyone', async () => {
    for (const url of ['/dashboard', '/guest/programs/4', '/home?ref=mail', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.body, TEMPLATE, url);
    }
  });

  it("renders a page for the role the page-role cookie names, apart from the guests' page, and ignores anything else in it", async () => {
    const forRole = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: 'portal_device=x; portal_page_role=USER' } });
    assert.equal(forRole.statusCode, 200);
    assert.match(forRole.body, /^<!doctype html><html data-rendered-for="USER" lang="en">/);
    assert.match(forRole.body, /<main[^>]*>\/dashboard from the shell's shared-api/);
    assert.equal(forRole.headers['vary'], 'Accept-Encoding, Cookie');
    assert.equal(forRole.headers['cache-control'], 'no-cache');
    for (const cookie of ['portal_page_role=user', 'portal_page_role=ROOT', 'portal_page_role=USER.eyJ', 'page_role=USER', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/dashboard', headers: cookie ? { cookie } : {} });
      assert.equal(res.body, TEMPLATE, cookie);
    }
    // Another path gets the guests' page, whatever the cookie says; each keeps its own tag.
    const home = await t.app.inject({ method: 'GET', url: '/home', headers: { cookie: 'portal_page_role=USER' } });
    assert.doesNotMatch(home.body, /data-rendered-for/);
    assert.notEqual(home.headers.etag, forRole.headers.etag);
  });

  it("renders a page of the person's own data for the session the page-session cookie carries, checked by the API, and keeps it nowhere (decision 013)", async () => {
    const signUp = async (email: string) => {
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { firstName: 'Chanda', lastName: 'Mwale', email, phone: '0977000111', password: 'Kafue-River-2026!', role: 'USER', consent: true },
      });
      assert.equal(registered.statusCode, 201, registered.body);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Kafue-River-2026!' } });
      return login.json().token as string;
    };
    const idOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).id as number;
    const mine = (cookie: string) => t.app.inject({ method: 'GET', url: '/mine', headers: { cookie } });
    const first = await signUp('chanda.person@example.org');
    const second = await signUp('mwila.person@example.org');

    const page = await mine(`portal_page_role=USER; portal_page_session=${first}`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, new RegExp(`^<!doctype html><html data-rendered-for="USER" data-rendered-for-person="${idOf(first)}" lang="en">`));
    // The response the page shows, asked of the API with the person's session.
    assert.match(page.body, /"\/api\/notifications\/unread-count\?from=page":\{"unreadCount":0\}/);
    // The person's own records, by their id; and 'none' (a 404) as an answer the page shows.
    assert.ok(page.body.includes(`"/api/applications/user/${idOf(first)}":[]`), 'the applications of the person the page is for');
    assert.ok(page.body.includes('"/api/drafts/mine":null'), 'no draft: null, not a refusal');
    assert.ok(!page.body.includes(first), 'the token is never written into the page');
    assert.equal(page.headers['cache-control'], 'private, no-store');
    assert.equal(page.headers['etag'], undefined);
    assert.equal(page.headers['vary'], 'Accept-Encoding, Cookie');
    // Another person gets their own page, never the first one's.
    const theirs = await mine(`portal_page_role=USER; portal_page_session=${second}`);
    assert.match(theirs.body, new RegExp(`data-rendered-for-person="${idOf(second)}"`));

    // No session the API accepts, or not the role the page-role cookie names: the browser renders the page.
    const tampered = `${first.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    for (const cookie of [
      `portal_page_role=USER; portal_page_session=${tampered}`,
      `portal_page_role=ADMIN; portal_page_session=${first}`,
      `portal_page_session=${first}`,
      'portal_page_role=USER; portal_page_session=a.b',
    ]) {
      const res = await mine(cookie);
      assert.equal(res.body, TEMPLATE, cookie);
    }
    // Signed out: the API refuses the session, so the page is no longer made with it.
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${first}` } })).statusCode, 200);
    assert.equal((await mine(`portal_page_role=USER; portal_page_session=${first}`)).body, TEMPLATE);
  });

  it("leaves a person's page to the browser, at once, while as many renders of such pages as it allows wait for the worker", async () => {
    const email = 'queue.person@example.org';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Mutale', lastName: 'Banda', email, phone: '0977000222', password: 'Kafue-River-2026!', role: 'USER', consent: true },
    });
    const token = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Kafue-River-2026!' } })).json().token as string;
    const visit = () => t.app.inject({ method: 'GET', url: '/mine/slow', headers: { cookie: `portal_page_role=USER; portal_page_session=${token}` } });
    const pages = await Promise.all(Array.from({ length: 10 }, visit));
    const rendered = pages.filter((page) => page.body.includes('data-rendered-for-person')).length;
    assert.equal(rendered, PERSON_RENDERS_WAITING, 'as many as may wait were rendered');
    assert.equal(pages.filter((page) => page.body === TEMPLATE).length, 10 - PERSON_RENDERS_WAITING, 'the rest got the browser page at once');
    // The worker free again, the next visit is rendered.
    assert.match((await visit()).body, /data-rendered-for-person/);
  });

  it('sends the plain page when a render fails, and says so in the log', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/broken' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, TEMPLATE);
  });

  it('compresses rendered pages, tags them and answers 304 to a matching If-None-Match', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(brotliDecompressSync(br.rawPayload).toString(), /\/home from the shell's shared-api/);
    const gz = await t.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.match(gunzipSync(gz.rawPayload).toString(), /\/home from the shell's shared-api/);
    const etag = String(br.headers.etag);
    assert.equal(gz.headers.etag, etag);
    const again = await t.app.inject({ method: 'GET', url: '/home', headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  it("allows the page's inline script by the hash the shell's build wrote beside it, and no other inline script", async () => {
    const scriptSrc = async () =>
      String((await t.app.inject({ method: 'GET', url: '/home' })).headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))!;
    const first = await scriptSrc();
    assert.ok(first.includes(cspSourceOf(INLINE_SCRIPT)), first);
    assert.doesNotMatch(first, /unsafe-inline/);
    // A deploy of the shell with another script brings its own hash.
    const file = path.join(root, 'shell', 'dist', 'page-csp.json');
    try {
      writeFileSync(file, JSON.stringify({ scriptSrc: [cspSourceOf('another()')] }));
      const later = new Date(Date.now() + 2_000);
      utimesSync(file, later, later);
      const next = await scriptSrc();
      assert.ok(next.includes(cspSourceOf('another()')) && !next.includes(cspSourceOf(INLINE_SCRIPT)), next);
      // Anything but a hash source is never taken from the file.
      writeFileSync(file, JSON.stringify({ scriptSrc: ["'unsafe-inline'", 'https://evil.example'] }));
      const evenLater = new Date(Date.now() + 4_000);
      utimesSync(file, evenLater, evenLater);
      const refused = await scriptSrc();
      assert.doesNotMatch(refused, /unsafe-inline|evil/);
    } finally {
      writeFileSync(file, PAGE_CSP);
    }
  });

  it('renders again once a bundle changes (a deploy), and never serves the server bundles to browsers', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/home' })).headers.etag;
    const bundle = path.join(root, 'mfe-public', 'dist', 'server', 'remote.cjs');
    writeFileSync(bundle, REMOTE_BUNDLE.replace("' from '", "' (new version) from '"));
    const later = new Date(Date.now() + 5_000);
    utimesSync(bundle, later, later);
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    assert.match(res.body, /\/home \(new version\) from the shell's shared-api/);
    assert.notEqual(res.headers.etag, first);
    // A new shell lends new instances of its shared modules: the remote is loaded again against them.
    const shellBundle = path.join(root, 'shell', 'dist', 'server', 'render-document.cjs');
    writeFileSync(shellBundle, SHELL_BUNDLE.replace("the shell\\'s shared-api", "the new shell\\'s shared-api"));
    const evenLater = new Date(Date.now() + 10_000);
    utimesSync(shellBundle, evenLater, evenLater);
    assert.match((await t.app.inject({ method: 'GET', url: '/home' })).body, /\/home \(new version\) from the new shell's shared-api/);
    for (const url of ['/server/render-document.cjs', '/remotes/mfe-public/server/remote.cjs']) {
      assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 404, url);
    }
  });
});

describe('pages: behind nginx, from a deployed web root', () => {
  let t: TestPortal;
  let root: string;
  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'portal-pages-deployed-'));
    writeBuilt(root, 'deployed');
    t = await startPortal({ PORTAL_SERVE_WEB: 'false', PORTAL_RENDER_PAGES: 'true', PORTAL_WEB_LAYOUT: 'deployed', PORTAL_WEB_ROOT: root });
  });
  after(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('renders with the remote version config/remotes.json names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /\/home from the shell's shared-api/);
  });

  it('answers 404 for anything it does not render, so nginx sends its static page', async () => {
    for (const url of ['/dashboard', '/home?x=1', '/index.html', '/main.1a2b3c4d.js']) {
      assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 404, url);
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/universities' });
    assert.equal(api.statusCode, 200);
  });

  it('follows the manifest when a remote is rolled back or forward', async () => {
    const next = path.join(root, 'remotes', 'mfe-public', '1.0.1-def', 'server');
    mkdirSync(next, { recursive: true });
    writeFileSync(path.join(next, 'remote.cjs'), REMOTE_BUNDLE.replace("' from '", "' (1.0.1) from '"));
    writeFileSync(path.join(root, 'config', 'remotes.json'), JSON.stringify({ mfe_public: { entry: '/remotes/mfe-public/1.0.1-def/remoteEntry.js', pages: { format: 1, pages: [] } } }));
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(root, 'config', 'remotes.json'), later, later);
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    assert.match(res.body, /\/home \(1\.0\.1\) from the shell's shared-api/);
  });
});

describe('pages: switched off', () => {
  let t: TestPortal;
  let root: string;
  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'portal-pages-off-'));
    writeBuilt(root, 'workspace');
    t = await startPortal({ PORTAL_SERVE_WEB: 'true', PORTAL_RENDER_PAGES: 'false', PORTAL_WEB_ROOT: root });
  });
  after(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the plain page', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/home' })).body, TEMPLATE);
  });
});

/** What each build's page-scripts.json says (deploy/webpack/page-scripts.cjs): its chunk groups' files and shared packages, and what the shell provides. */
const SHELL_SCRIPTS = {
  format: 1,
  groups: { login: { files: ['12.aa.js', 'login.bb.js'], shared: ['@mui/material/Alert'] } },
  provided: { '@mui/material/Alert': ['30.cc.js'], '@mui/material/Card': ['31.dd.js'], react: ['main.ee.js'] },
};
const REMOTE_SCRIPTS = {
  format: 1,
  groups: {
    __federation_expose_App: { files: ['__federation_expose_App.ff.js'], shared: ['react'] },
    landing: { files: ['7.gg.js', 'landing.hh.js'], shared: ['@mui/material/Card', '@mui/material/Alert'] },
    about: { files: ['about.ii.js'], shared: [] },
  },
  provided: {},
};
/** The template of a built shell, whose first scripts its head preloads already. */
const SHELL_TEMPLATE = TEMPLATE.replace('</head>', '<link rel="preload" as="script" href="/main.ee.js"><script type="application/json" id="portal-scripts">["/main.ee.js"]</script></head>');
const preloadsOf = (html: string) => [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);

describe('pages: the head names the scripts the page will run (issue 19)', () => {
  let t: TestPortal;
  let root: string;
  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'portal-pages-scripts-'));
    writeBuilt(root, 'deployed');
    writeFileSync(path.join(root, 'index.html'), SHELL_TEMPLATE);
    writeFileSync(path.join(root, 'page-scripts.json'), JSON.stringify(SHELL_SCRIPTS));
    writeFileSync(path.join(root, 'remotes', 'mfe-public', '1.0.0-abc', 'page-scripts.json'), JSON.stringify(REMOTE_SCRIPTS));
    t = await startPortal({ PORTAL_SERVE_WEB: 'false', PORTAL_RENDER_PAGES: 'true', PORTAL_WEB_LAYOUT: 'deployed', PORTAL_WEB_ROOT: root });
  });
  after(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("names a remote's page's scripts from the remote's version, in the order they run, with the shell's files of the shared packages it takes", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    assert.deepEqual(preloadsOf(res.body), [
      '/main.ee.js',
      '/remotes/mfe-public/1.0.0-abc/remoteEntry.js',
      '/remotes/mfe-public/1.0.0-abc/__federation_expose_App.ff.js',
      '/remotes/mfe-public/1.0.0-abc/7.gg.js',
      '/remotes/mfe-public/1.0.0-abc/landing.hh.js',
      '/31.dd.js',
      '/30.cc.js',
    ]);
    // After the shell's own, so its first scripts are asked for first.
    assert.ok(res.body.indexOf('href="/main.ee.js"') < res.body.indexOf('remoteEntry.js'));
  });

  it("names the shell's own page's scripts", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    assert.deepEqual(preloadsOf(res.body), ['/main.ee.js', '/12.aa.js', '/login.bb.js', '/30.cc.js']);
  });

  it("names only the remote's entry and module when the page has no code of its own", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/universities' });
    assert.deepEqual(preloadsOf(res.body), ['/main.ee.js', '/remotes/mfe-public/1.0.0-abc/remoteEntry.js', '/remotes/mfe-public/1.0.0-abc/__federation_expose_App.ff.js']);
  });

  it('names nothing from a page-scripts.json that names a file outside its build, and still renders the page', async () => {
    writeFileSync(path.join(root, 'page-scripts.json'), JSON.stringify({ ...SHELL_SCRIPTS, groups: { login: { files: ['../../etc/passwd.js'], shared: [] } } }));
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(root, 'page-scripts.json'), later, later);
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<h1>Sign In<\/h1>/);
    assert.deepEqual(preloadsOf(res.body), ['/main.ee.js']);
  });
});

/** A shell that names the remote and code of the pages the browser renders (browserPagePlan), as the real one does from the manifests. */
const SHELL_BUNDLE_WITH_BROWSER_PAGES = `${SHELL_BUNDLE}
exports.browserPagePlan = (pathname, remoteList, role) =>
  role === 'ADMIN' && pathname.startsWith('/applications') ? { remote: 'mfe_staff', code: ['staff-layout'], remoteCode: pathname === '/applications' ? ['staff-applications', 'constructor'] : [] } : null;
// Counts its renders, so a test can tell a page kept from one rendered again.
let renders = 0;
const renderOnce = exports.renderDocument;
exports.renderDocument = async (input) => (await renderOnce(input)).replace('</head>', '<meta name="render" content="' + ++renders + '"></head>');
exports.browserDocument = ({ template, remoteList }) =>
  template.replace('<div id="root"></div>', '<script type="application/json" id="portal-remote-list">' + JSON.stringify(remoteList) + '</script><div id="root"></div>');
`;
const STAFF_LIST = {
  mfe_public: { entry: '/remotes/mfe-public/1.0.0-abc/remoteEntry.js', pages: { format: 1, pages: [] } },
  mfe_staff: { entry: '/remotes/mfe-staff/2.0.0-def/remoteEntry.js', pages: { format: 1, pages: [{ path: '/applications', roles: ['ADMIN'], layout: 'staff', code: ['staff-applications'] }] } },
};
const STAFF_SCRIPTS = {
  format: 1,
  groups: {
    __federation_expose_App: { files: ['__federation_expose_App.s1.js'], shared: ['react'] },
    'staff-applications': { files: ['40.s2.js', 'staff-applications.s3.js'], shared: ['@mui/material/Alert'] },
  },
  provided: {},
};
const SHELL_SCRIPTS_WITH_FRAME = { ...SHELL_SCRIPTS, groups: { ...SHELL_SCRIPTS.groups, 'staff-layout': { files: ['staff-layout.s4.js'], shared: [] } } };

describe('pages: a page the browser renders names its scripts and carries the remote list (issue 19)', () => {
  let t: TestPortal;
  let root: string;
  const remoteListOf = (html: string) => JSON.parse(/<script type="application\/json" id="portal-remote-list">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;
  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'portal-pages-browser-'));
    writeBuilt(root, 'deployed');
    writeFileSync(path.join(root, 'index.html'), SHELL_TEMPLATE);
    writeFileSync(path.join(root, 'server', 'render-document.cjs'), SHELL_BUNDLE_WITH_BROWSER_PAGES);
    writeFileSync(path.join(root, 'page-scripts.json'), JSON.stringify(SHELL_SCRIPTS_WITH_FRAME));
    mkdirSync(path.join(root, 'remotes', 'mfe-staff', '2.0.0-def'), { recursive: true });
    writeFileSync(path.join(root, 'remotes', 'mfe-staff', '2.0.0-def', 'remoteEntry.js'), 'var mfe_staff;');
    writeFileSync(path.join(root, 'remotes', 'mfe-staff', '2.0.0-def', 'page-scripts.json'), JSON.stringify(STAFF_SCRIPTS));
    writeFileSync(path.join(root, 'config', 'remotes.json'), JSON.stringify(STAFF_LIST));
    t = await startPortal({ PORTAL_SERVE_WEB: 'false', PORTAL_RENDER_PAGES: 'true', PORTAL_WEB_LAYOUT: 'deployed', PORTAL_WEB_ROOT: root });
  });
  after(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("names the frame's, the remote's and the page's scripts for the role the cookie names, and carries the list the shell starts from", async () => {
    for (const url of ['/applications', '/applications?status=SUBMITTED']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: 'portal_page_role=ADMIN' } });
      assert.equal(res.statusCode, 200, url);
      assert.deepEqual(preloadsOf(res.body), [
        '/main.ee.js',
        '/staff-layout.s4.js',
        '/remotes/mfe-staff/2.0.0-def/remoteEntry.js',
        '/remotes/mfe-staff/2.0.0-def/__federation_expose_App.s1.js',
        '/remotes/mfe-staff/2.0.0-def/40.s2.js',
        '/remotes/mfe-staff/2.0.0-def/staff-applications.s3.js',
        '/30.cc.js',
      ]);
      // Nothing is rendered: the browser renders the person's page.
      assert.match(res.body, /<div id="root"><\/div>/);
      assert.deepEqual(remoteListOf(res.body), STAFF_LIST);
      assert.equal(res.headers['vary'], 'Accept-Encoding, Cookie');
      assert.equal(res.headers['cache-control'], 'no-cache');
    }
  });

  it("names the remote's entry and module alone when the page names no code", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/applications/7', headers: { cookie: 'portal_page_role=ADMIN' } });
    assert.deepEqual(preloadsOf(res.body), ['/main.ee.js', '/staff-layout.s4.js', '/remotes/mfe-staff/2.0.0-def/remoteEntry.js', '/remotes/mfe-staff/2.0.0-def/__federation_expose_App.s1.js']);
  });

  it('keeps pages the browser renders apart from rendered ones: many paths do not push a render out', async () => {
    const renderOf = async () => /<meta name="render" content="(\d+)">/.exec((await t.app.inject({ method: 'GET', url: '/home' })).body)?.[1];
    const first = await renderOf();
    assert.ok(first, 'the guest page is rendered');
    for (let id = 1; id <= 220; id++) {
      const res = await t.app.inject({ method: 'GET', url: `/applications/${id}`, headers: { cookie: 'portal_page_role=ADMIN' } });
      assert.equal(res.statusCode, 200);
    }
    assert.equal(await renderOf(), first, 'the rendered page was kept, not rendered again');
  });

  it('answers 404 where the shell names no page for the visitor (nginx sends its static page), and follows a new list', async () => {
    for (const cookie of ['', 'portal_page_role=USER']) {
      const res = await t.app.inject({ method: 'GET', url: '/applications', headers: cookie ? { cookie } : {} });
      assert.equal(res.statusCode, 404, cookie);
    }
    const next = { ...STAFF_LIST, mfe_staff: { ...STAFF_LIST.mfe_staff, entry: '/remotes/mfe-staff/2.0.1-ghi/remoteEntry.js' } };
    writeFileSync(path.join(root, 'config', 'remotes.json'), JSON.stringify(next));
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(root, 'config', 'remotes.json'), later, later);
    const res = await t.app.inject({ method: 'GET', url: '/applications', headers: { cookie: 'portal_page_role=ADMIN' } });
    // The new version's build is not on this disk: none of its files are named, and never the old version's.
    assert.deepEqual(preloadsOf(res.body), ['/main.ee.js', '/staff-layout.s4.js']);
    assert.deepEqual(remoteListOf(res.body), next);
  });
});
