/**
 * A remote that is down, or answers garbage: the shell shows its message in that
 * area, and everything else (sidebar, top bar, logout, the other remotes) works.
 * The staff remote points at a dead port; the applicant remote at a URL that
 * answers JSON instead of a script.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { demoLogins, desktopPage, launchBrowser, REMOTE_UNAVAILABLE_MESSAGE, signIn, startPortal } from './harness.mjs';

const DEAD_STAFF_URL = 'http://127.0.0.1:9/remoteEntry.js';
const GARBAGE_APPLICANT_URL = '/api/health';

describe('a remote that is down', () => {
  let portal;
  let browser;
  let logins;
  before(async () => {
    portal = await startPortal({ env: { PORTAL_REMOTE_MFE_STAFF_URL: DEAD_STAFF_URL, PORTAL_REMOTE_MFE_APPLICANT_URL: GARBAGE_APPLICANT_URL } });
    browser = await launchBrowser();
    logins = demoLogins(portal.dataDir);
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('lists the configured URLs in the runtime manifest', async () => {
    const res = await fetch(`${portal.url}/remotes.json`);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const manifest = await res.json();
    assert.equal(manifest.mfe_staff.entry, DEAD_STAFF_URL);
    assert.equal(manifest.mfe_applicant.entry, GARBAGE_APPLICANT_URL);
    assert.equal(manifest.mfe_public.entry, '/remotes/mfe-public/remoteEntry.js');
  });

  it('shows the staff area unavailable while the sidebar, Retry and logout keep working', async () => {
    const page = await desktopPage(browser);
    const admin = logins.find((l) => l.role === 'ADMIN');
    await signIn(page, portal.url, admin);
    const area = page.locator('[data-remote="mfe_staff"]');
    await area.getByText(REMOTE_UNAVAILABLE_MESSAGE).waitFor({ timeout: 20_000 });
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('link', { name: 'Programs' }).click();
    await page.waitForURL(`${portal.url}/programs`);
    // The router renders a navigation as a transition: the URL changes first and the
    // page (sidebar included) follows once the remote has answered or failed. Wait
    // for that render, then the message must be the one on /programs.
    await sidebar.locator('a[aria-current="page"]', { hasText: 'Programs' }).waitFor({ timeout: 20_000 });
    await area.getByText(REMOTE_UNAVAILABLE_MESSAGE).waitFor();
    assert.equal(await sidebar.locator('a[aria-current="page"]').count(), 1, 'only Programs is the current entry');
    assert.ok((await page.getByTestId('top-bar-name').textContent()).trim().length > 0);

    await area.getByRole('button', { name: 'Retry' }).click();
    await area.getByText(REMOTE_UNAVAILABLE_MESSAGE).waitFor({ timeout: 20_000 });

    await sidebar.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${portal.url}/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.context().close();
  });

  it('shows the applicant area unavailable when its entry is garbage, and the navigation still works', async () => {
    const page = await desktopPage(browser);
    const applicant = logins.find((l) => l.role === 'USER');
    await signIn(page, portal.url, applicant);
    const area = page.locator('[data-remote="mfe_applicant"]');
    await area.getByText(REMOTE_UNAVAILABLE_MESSAGE).waitFor({ timeout: 20_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(`${portal.url}/profile`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${portal.url}/login`);
    await page.context().close();
  });

  it('still serves the public pages from mfe-public', async () => {
    const page = await desktopPage(browser);
    await page.goto(`${portal.url}/home`);
    const area = page.locator('[data-remote="mfe_public"]');
    await area.waitFor({ state: 'attached', timeout: 20_000 });
    await page.waitForFunction(
      (failure) => {
        const text = document.querySelector('[data-remote="mfe_public"]')?.textContent?.trim() ?? '';
        return text !== '' && text !== 'Loading...' && !text.includes(failure);
      },
      REMOTE_UNAVAILABLE_MESSAGE,
      { timeout: 20_000 },
    );
    assert.equal(await page.getByText(REMOTE_UNAVAILABLE_MESSAGE).count(), 0);
    await page.context().close();
  });
});
