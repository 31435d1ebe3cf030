// A remote's team ships a page without a shell release (issue 15): a second
// version of mfe-staff with one extra page and sidebar entry (a fixture built
// from deploy/e2e/fixtures/staff-extra-page) is deployed with
// deploy/tools/deploy-remote.mjs into a web root while the shell stays as
// built. An ADMIN sees the entry and the page; a USER does not and gets the
// not-found page; rolling back removes both. The shell's files are hashed
// before, between and after: byte-identical throughout.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertBuilt, demoLogins, desktopPage, launchBrowser, REPO_ROOT, signIn, startPortal } from './harness.mjs';

const DEPLOY_TOOL = path.join(REPO_ROOT, 'deploy', 'tools', 'deploy-remote.mjs');
const FIXTURE_CONFIG = path.join(REPO_ROOT, 'deploy', 'e2e', 'fixtures', 'staff-extra-page', 'webpack.config.cjs');
const BASE = '1.0.0-base';
const WITH_REPORTS = '1.1.0-reports';

function deployTool(...args) {
  return execFileSync(process.execPath, [DEPLOY_TOOL, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
}

/** sha256 of every file of the shell in the web root (all but remotes/ and config/), by path. */
function shellDigest(webRoot) {
  const hashes = {};
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const relative = path.relative(webRoot, full);
      if (relative === 'remotes' || relative === 'config') continue;
      if (statSync(full).isDirectory()) walk(full);
      else hashes[relative] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(webRoot);
  return hashes;
}

describe('a remote adds a page and its sidebar entry without a shell release', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'portal-remote-pages-'));
  const webRoot = path.join(work, 'web');
  const staffV2 = path.join(work, 'mfe-staff-with-reports');
  let shellFiles;
  let portal;
  let browser;
  let logins;

  before(async () => {
    assertBuilt();
    // The second version of mfe-staff, built by the same webpack factory as the real one.
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'webpack', 'bin', 'webpack.js'), '--config', FIXTURE_CONFIG, '--mode', 'production'], {
      cwd: REPO_ROOT,
      env: { ...process.env, STAFF_FIXTURE_OUT: staffV2 },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    deployTool('deploy', 'shell', '--web-root', webRoot);
    deployTool('deploy', 'mfe-public', '--web-root', webRoot, '--version', BASE);
    deployTool('deploy', 'mfe-applicant', '--web-root', webRoot, '--version', BASE);
    deployTool('deploy', 'mfe-staff', '--web-root', webRoot, '--version', BASE);
    shellFiles = shellDigest(webRoot);
    assert.ok(Object.keys(shellFiles).includes('index.html'), 'the shell is deployed at the web root');
    portal = await startPortal({ env: { PORTAL_WEB_LAYOUT: 'deployed', PORTAL_WEB_ROOT: webRoot } });
    browser = await launchBrowser();
    logins = demoLogins(portal.dataDir);
  });

  after(async () => {
    await browser?.close();
    await portal?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const login = (role) => logins.find((l) => l.role === role);
  const sidebarReports = (page) => page.getByTestId('sidebar').getByRole('link', { name: 'Reports' });

  async function expectNotFound(page) {
    await page.goto(`${portal.url}/reports`);
    await page.getByText('Oops! Page not found.').waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('heading', { name: 'Reports' }).count(), 0);
  }

  it('the first version has no such page: no entry, and /reports is not found', async () => {
    const page = await desktopPage(browser);
    await signIn(page, portal.url, login('ADMIN'));
    await page.getByTestId('sidebar').getByRole('link', { name: 'Programs' }).waitFor({ timeout: 20_000 });
    assert.equal(await sidebarReports(page).count(), 0);
    await expectNotFound(page);
    await page.context().close();
  });

  it('after deploying the second version, an ADMIN sees the entry and the page; a USER does not', async () => {
    const result = JSON.parse(deployTool('deploy', 'mfe-staff', '--web-root', webRoot, '--from', staffV2, '--version', WITH_REPORTS));
    assert.equal(result.entry, `/remotes/mfe-staff/${WITH_REPORTS}/remoteEntry.js`);
    const list = await (await fetch(`${portal.url}/remotes.json`)).json();
    assert.ok(list.mfe_staff.pages.pages.some((p) => p.path === '/reports'));
    assert.deepEqual(shellDigest(webRoot), shellFiles, "the shell's files are unchanged");

    const admin = await desktopPage(browser);
    await signIn(admin, portal.url, login('ADMIN'));
    await sidebarReports(admin).waitFor({ timeout: 20_000 });
    // The spec's entries stay as they were, the new one after them.
    // Each entry is its icon (an svg, no text) and its label.
    const labels = (await admin.getByTestId('sidebar').getByRole('link').allTextContents()).map((t) => t.trim());
    assert.deepEqual(labels, ['Dashboard', 'Applications', 'Programs', 'Intakes', 'Fee waivers', 'Reports']);
    // Its icon came with the remote, not from the shell's set.
    assert.equal(await sidebarReports(admin).locator('svg').getAttribute('data-icon'), 'remote');
    await sidebarReports(admin).click();
    await admin.waitForURL(`${portal.url}/reports`);
    await admin.locator('[data-remote="mfe_staff"]').getByRole('heading', { name: 'Reports' }).waitFor({ timeout: 20_000 });
    assert.equal(await sidebarReports(admin).getAttribute('aria-current'), 'page');
    await admin.context().close();

    const user = await desktopPage(browser);
    await signIn(user, portal.url, login('USER'));
    await user.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications' }).waitFor({ timeout: 20_000 });
    assert.equal(await user.getByRole('link', { name: 'Reports' }).count(), 0);
    await expectNotFound(user);
    await user.context().close();
  });

  it('rolling back removes the entry and the page; the shell never changed', async () => {
    deployTool('rollback', 'mfe-staff', '--web-root', webRoot, '--to', BASE);
    const list = await (await fetch(`${portal.url}/remotes.json`)).json();
    assert.equal(list.mfe_staff.entry, `/remotes/mfe-staff/${BASE}/remoteEntry.js`);
    const admin = await desktopPage(browser);
    await signIn(admin, portal.url, login('ADMIN'));
    await admin.getByTestId('sidebar').getByRole('link', { name: 'Programs' }).waitFor({ timeout: 20_000 });
    assert.equal(await sidebarReports(admin).count(), 0);
    await expectNotFound(admin);
    await admin.context().close();
    assert.deepEqual(shellDigest(webRoot), shellFiles, "the shell's files are unchanged");
  });
});
