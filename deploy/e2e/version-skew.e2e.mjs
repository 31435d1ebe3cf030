// A remote built by its team against a newer version of a shared singleton (here:
// it provides react 19.4.0 while the shell provides 19.3.1) must still render on
// the shared instance, and the mismatch must be reported in the console — never a
// blank page (issue 10.1). The built mfe-public is copied and the react version
// its remoteEntry registers rewritten, exactly what a one-version-ahead build
// would carry.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, phonePage, REPO_ROOT, startPortal, whenInteractive } from './harness.mjs';

describe('a remote one version ahead of the shell', () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'portal-skew-'));
  let portal;
  let browser;

  before(async () => {
    for (const pkg of ['shell', 'mfe-public']) cpSync(path.join(REPO_ROOT, pkg, 'dist'), path.join(webRoot, pkg, 'dist'), { recursive: true });
    const entry = path.join(webRoot, 'mfe-public', 'dist', 'remoteEntry.js');
    const original = readFileSync(entry, 'utf8');
    // The version a container registers for each shared library lives in its init options ({react:[{version:…}]}).
    const registrations = original.match(/\breact:\[\{version:"19\.3\.1"/g) ?? [];
    assert.equal(registrations.length, 1, 'the built remote registers the react version it was built with');
    writeFileSync(entry, original.replace('react:[{version:"19.3.1"', 'react:[{version:"19.4.0"'));
    // The server prefers precompressed siblings: drop them so the rewritten entry is served.
    rmSync(`${entry}.gz`, { force: true });
    rmSync(`${entry}.br`, { force: true });
    portal = await startPortal({ env: { PORTAL_WEB_ROOT: webRoot } });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await portal?.stop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('still renders the landing page and reports the mismatch in the console', async () => {
    const page = await phonePage(browser);
    const messages = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${portal.url}/home`);
    // The page arrives rendered by the server; the remote runs once the app has taken it over.
    await whenInteractive(page.getByRole('link', { name: 'Start Your Journey' }).first());
    assert.deepEqual(errors, []);
    const reported = (m) => m.startsWith('warning:') && /mfe_public was built with react 19\.4\.0; this page shares 19\.3\.1/.test(m);
    for (let waited = 0; !messages.some(reported) && waited < 5_000; waited += 100) await page.waitForTimeout(100);
    const report = messages.find(reported);
    assert.ok(report, `a version mismatch is reported in the console; saw:\n${messages.join('\n')}`);
  });
});
