// A remote built by its team against a newer version of a shared singleton (here:
// it declares react ^19.4.0 while the shell provides 19.3.1) must still render on
// the shared instance, and the mismatch must be reported in the console — never a
// blank page (issue 10.1). The built mfe-public is copied and its remoteEntry's
// declared range rewritten, exactly what a one-version-ahead build would carry.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, phonePage, REPO_ROOT, startPortal } from './harness.mjs';

describe('a remote one version ahead of the shell', () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'portal-skew-'));
  let portal;
  let browser;

  before(async () => {
    for (const pkg of ['shell', 'mfe-public']) cpSync(path.join(REPO_ROOT, pkg, 'dist'), path.join(webRoot, pkg, 'dist'), { recursive: true });
    const entry = path.join(webRoot, 'mfe-public', 'dist', 'remoteEntry.js');
    const original = readFileSync(entry, 'utf8');
    const ranges = original.match(/requiredVersion:"\^19\.3\.1"/g) ?? [];
    assert.ok(ranges.length > 0, 'the built remote declares the react range it was built with');
    writeFileSync(entry, original.replaceAll('requiredVersion:"^19.3.1"', 'requiredVersion:"^19.4.0"'));
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
    await page.getByRole('link', { name: 'Start Your Journey' }).first().waitFor({ timeout: 60_000 });
    assert.deepEqual(errors, []);
    const report = messages.find((m) => /react/i.test(m) && /19\.4\.0|satisf|requirement|version/i.test(m));
    assert.ok(report, `a version mismatch is reported in the console; saw:\n${messages.join('\n')}`);
  });
});
