import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync, brotliCompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { startPortal, type TestPortal } from './helpers/portal';

/** Page manifests as the remotes' builds write them (dist/pages.json). */
const PAGES: Record<string, unknown> = {
  'mfe-public': { format: 1, pages: [{ path: '/home', roles: ['guest'], layout: 'none', prerender: true }] },
  'mfe-staff': { format: 1, pages: [{ path: '/dashboard', roles: ['ADMIN'], layout: 'staff', nav: [{ menu: 'sidebar', label: 'Dashboard', order: 10 }] }] },
};

/** A fake repository tree with built bundles: shell, mfe-public and mfe-staff; mfe-applicant is not built. */
function makeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  const shell = path.join(root, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  const html = '<!doctype html><html><head><title>UniPortal</title></head><body><div id="root"></div></body></html>';
  writeFileSync(path.join(shell, 'index.html'), html);
  writeFileSync(path.join(shell, 'main.1a2b3c4d.js'), 'console.log("shell main");');
  writeFileSync(path.join(shell, 'main.1a2b3c4d.js.br'), brotliCompressSync(Buffer.from('console.log("shell main");')));
  writeFileSync(path.join(shell, 'main.1a2b3c4d.js.gz'), gzipSync(Buffer.from('console.log("shell main");')));
  writeFileSync(path.join(shell, 'remoteEntry.js'), 'var shell;');
  writeFileSync(path.join(shell, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
  for (const pkg of ['mfe-public', 'mfe-staff']) {
    const dist = path.join(root, pkg, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'remoteEntry.js'), `var ${pkg.replace('-', '_')} = {};`);
    writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name: pkg }));
    writeFileSync(path.join(dist, '123.9f8e7d6c.js'), '/* chunk */');
    writeFileSync(path.join(dist, 'pages.json'), JSON.stringify(PAGES[pkg]));
  }
  writeFileSync(path.join(root, 'secret.txt'), 'outside every dist folder');
  return root;
}

describe('web: the shell, the remotes and the runtime manifest from one port', () => {
  let t: TestPortal;
  let root: string;
  before(async () => {
    root = makeWebRoot();
    t = await startPortal({ PORTAL_SERVE_WEB: 'true', PORTAL_WEB_ROOT: root });
  });
  after(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the shell page at / with no-cache and the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.body, /<div id="root">/);
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "connect-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'self'",
    ]) {
      assert.ok(csp.includes(directive), `CSP has ${directive}: ${csp}`);
    }
    assert.match(csp, /script-src 'self'(;| )/);
    assert.doesNotMatch(csp, /unsafe-eval/);
    assert.doesNotMatch(
      csp.split(';').find((d) => d.includes('script-src'))!,
      /unsafe-inline/,
    );
  });

  it('answers every page of the single-page app with index.html (SPA fallback)', async () => {
    for (const url of ['/login', '/dashboard', '/guest/programs/12', '/reset-password/abc.def', '/no/such/page?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.match(res.body, /<div id="root">/, url);
      assert.equal(res.headers['cache-control'], 'no-cache', url);
      assert.ok(res.headers['content-security-policy'], url);
    }
  });

  it('keeps /api misses as JSON 404s and missing assets as 404s', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    assert.equal(api.statusCode, 404);
    assert.match(api.json().message, /not found/);
    const asset = await t.app.inject({ method: 'GET', url: '/missing.5a5a5a5a.js' });
    assert.equal(asset.statusCode, 404);
    assert.doesNotMatch(asset.body, /<div id="root">/);
  });

  it('caches content-hashed assets for a year and sends precompressed files', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/main.1a2b3c4d.js' });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(plain.headers['content-type']), /javascript/);
    assert.equal(plain.body, 'console.log("shell main");');

    const br = await t.app.inject({ method: 'GET', url: '/main.1a2b3c4d.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');

    const gz = await t.app.inject({ method: 'GET', url: '/main.1a2b3c4d.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), 'console.log("shell main");');

    const etag = String(plain.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/main.1a2b3c4d.js', headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
  });

  it("serves the service worker at the site root with no-cache: a new shell's worker takes over on the next visit", async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    assert.equal(worker.statusCode, 200);
    assert.equal(worker.headers['cache-control'], 'no-cache');
    assert.match(String(worker.headers['content-type']), /javascript/);
  });

  it("serves each remote's entry and manifest with no-cache and its hashed chunks immutable", async () => {
    const entry = await t.app.inject({ method: 'GET', url: '/remotes/mfe-staff/remoteEntry.js' });
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.body, 'var mfe_staff = {};');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    assert.equal(entry.headers['x-content-type-options'], 'nosniff');
    const manifest = await t.app.inject({ method: 'GET', url: '/remotes/mfe-public/mf-manifest.json' });
    assert.equal(manifest.statusCode, 200);
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    assert.deepEqual(manifest.json(), { name: 'mfe-public' });
    const chunk = await t.app.inject({ method: 'GET', url: '/remotes/mfe-public/123.9f8e7d6c.js' });
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it('answers 404 for an unbuilt or unknown remote and never leaves a dist folder', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/remotes/mfe-applicant/remoteEntry.js' })).statusCode, 404);
    assert.equal((await t.app.inject({ method: 'GET', url: '/remotes/other/remoteEntry.js' })).statusCode, 404);
    for (const url of ['/remotes/mfe-staff/..%2F..%2Fsecret.txt', '/remotes/mfe-staff/%2e%2e/%2e%2e/secret.txt', '/..%2F..%2Fsecret.txt', '/%2e%2e/%2e%2e/secret.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      assert.notEqual(res.statusCode, 200, url);
      assert.doesNotMatch(res.body, /outside every dist folder/, url);
    }
  });

  it('builds /remotes.json at runtime with no-store: the entry and page manifest of each built remote', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/remotes.json' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    // mfe-applicant is not built: it has no pages to route to yet.
    assert.deepEqual(res.json(), {
      mfe_public: { entry: '/remotes/mfe-public/remoteEntry.js', pages: PAGES['mfe-public'] },
      mfe_staff: { entry: '/remotes/mfe-staff/remoteEntry.js', pages: PAGES['mfe-staff'] },
    });
  });

  it('leaves out a remote whose page manifest is not valid, and serves the others', async () => {
    const file = path.join(root, 'mfe-staff', 'dist', 'pages.json');
    writeFileSync(file, JSON.stringify({ format: 1, pages: [{ path: 'dashboard', roles: ['ROOT'], layout: 'staff' }] }));
    try {
      const list = (await t.app.inject({ method: 'GET', url: '/remotes.json' })).json();
      assert.deepEqual(Object.keys(list), ['mfe_public']);
    } finally {
      writeFileSync(file, JSON.stringify(PAGES['mfe-staff']));
    }
  });
});

describe('web: configuration', () => {
  it('lets one remote point elsewhere and allows its origin and the payment widget in the CSP', async () => {
    const root = makeWebRoot();
    const t = await startPortal({
      PORTAL_SERVE_WEB: 'true',
      PORTAL_WEB_ROOT: root,
      PORTAL_REMOTE_MFE_STAFF_URL: 'https://cdn.example.org/mfe-staff/1.4.0/mf-manifest.json',
      LENCO_PUBLIC_KEY: 'pub-key',
      LENCO_SECRET_KEY: 'secret-key',
      LENCO_WIDGET_URL: 'https://pay.lenco.co/js/v1/inline.js',
    });
    try {
      const manifest = (await t.app.inject({ method: 'GET', url: '/remotes.json' })).json();
      assert.equal(manifest.mfe_staff.entry, 'https://cdn.example.org/mfe-staff/1.4.0/mf-manifest.json');
      assert.equal(manifest.mfe_public.entry, '/remotes/mfe-public/remoteEntry.js');
      const csp = String((await t.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);
      const script = csp.split('; ').find((d) => d.startsWith('script-src'))!;
      assert.equal(script, "script-src 'self' https://pay.lenco.co https://cdn.example.org");
      assert.ok(csp.includes("connect-src 'self' https://cdn.example.org"), csp);
    } finally {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('serves a deployed web root: its runtime list as written and each remote version from remotes/, never config/ or server bundles', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'portal-web-deployed-'));
    const version = path.join(root, 'remotes', 'mfe-staff', '1.0.0-abc');
    mkdirSync(path.join(version, 'server'), { recursive: true });
    mkdirSync(path.join(root, 'config'), { recursive: true });
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(version, 'remoteEntry.js'), 'var mfe_staff;');
    writeFileSync(path.join(version, 'server', 'remote.cjs'), 'module.exports = {};');
    const list = { mfe_staff: { entry: '/remotes/mfe-staff/1.0.0-abc/remoteEntry.js', pages: PAGES['mfe-staff'] } };
    writeFileSync(path.join(root, 'config', 'remotes.json'), JSON.stringify(list));
    const t = await startPortal({ PORTAL_SERVE_WEB: 'true', PORTAL_WEB_ROOT: root, PORTAL_WEB_LAYOUT: 'deployed', PORTAL_RENDER_PAGES: 'false' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/remotes.json' });
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.deepEqual(res.json(), list);
      const entry = await t.app.inject({ method: 'GET', url: '/remotes/mfe-staff/1.0.0-abc/remoteEntry.js' });
      assert.equal(entry.statusCode, 200);
      assert.equal(entry.body, 'var mfe_staff;');
      assert.equal((await t.app.inject({ method: 'GET', url: '/remotes/mfe-staff/1.0.0-abc/server/remote.cjs' })).statusCode, 404);
      assert.equal((await t.app.inject({ method: 'GET', url: '/config/remotes.json' })).statusCode, 404);
    } finally {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('sends HSTS only over HTTPS (behind a trusted proxy)', async () => {
    const root = makeWebRoot();
    const t = await startPortal({ PORTAL_SERVE_WEB: 'true', PORTAL_WEB_ROOT: root, TRUST_PROXY: '1' });
    try {
      const plain = await t.app.inject({ method: 'GET', url: '/login' });
      assert.equal(plain.headers['strict-transport-security'], undefined);
      const secure = await t.app.inject({ method: 'GET', url: '/login', headers: { 'x-forwarded-proto': 'https' } });
      assert.equal(secure.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('starts without any dist folder and says the portal is not built', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'portal-web-empty-'));
    const t = await startPortal({ PORTAL_SERVE_WEB: 'true', PORTAL_WEB_ROOT: root });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/login' });
      assert.equal(page.statusCode, 503);
      assert.match(page.body, /not built/);
      assert.equal((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'GET', url: '/remotes/mfe-public/remoteEntry.js' })).statusCode, 404);
    } finally {
      await t.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses a remote URL that is neither a path nor an http(s) URL', async () => {
    await assert.rejects(startPortal({ PORTAL_SERVE_WEB: 'true', PORTAL_REMOTE_MFE_PUBLIC_URL: 'javascript:alert(1)' }), /PORTAL_REMOTE_MFE_PUBLIC_URL/);
  });
});
