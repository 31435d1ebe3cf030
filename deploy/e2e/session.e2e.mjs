/**
 * Session journeys in headless Chromium against the real portal (API, shell and
 * remotes on one port, embedded database with the demo data): register, sign in
 * and land on the right dashboard per role, reload and stay signed in, sign out,
 * an expired token ends the session.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectPageErrors, demoLogins, desktopPage, launchBrowser, phonePage, REMOTE_UNAVAILABLE_MESSAGE, signIn, startPortal } from './harness.mjs';

/** Waits until a remote's area shows its own content (not the loader, not the failure message). */
async function expectRemoteMounted(page, name) {
  const area = page.locator(`[data-remote="${name}"]`);
  await area.waitFor({ state: 'attached', timeout: 20_000 });
  await page.waitForFunction(
    ([selector, failure]) => {
      const el = document.querySelector(selector);
      const text = el?.textContent?.trim() ?? '';
      return text !== '' && text !== 'Loading...' && !text.includes(failure);
    },
    [`[data-remote="${name}"]`, REMOTE_UNAVAILABLE_MESSAGE],
    { timeout: 20_000 },
  );
  assert.equal(await area.getByText(REMOTE_UNAVAILABLE_MESSAGE).count(), 0);
}

/** A copy of a token with its expiry moved into the past (the browser only decodes it). */
function expiredCopy(token) {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  claims.exp = Math.floor(Date.now() / 1000) - 60;
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

describe('sessions in the browser', () => {
  let portal;
  let browser;
  let logins;
  before(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    logins = demoLogins(portal.dataDir);
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('registers a new applicant, signs in and lands on the applicant dashboard', async () => {
    const page = await desktopPage(browser);
    const errors = collectPageErrors(page);
    const email = `e2e.${Date.now()}@example.org`;
    const password = 'Kafue-River-2026!';
    await page.goto(`${portal.url}/register`);
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page.getByLabel('First Name').fill('Mutale');
    await page.getByLabel('Last Name').fill('Chileshe');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+260 977 555 123');
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${portal.url}/login`, { timeout: 20_000 });

    await signIn(page, portal.url, { email, password });
    assert.equal(new URL(page.url()).pathname, '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Universities' }).waitFor();
    await nav.getByRole('button', { name: 'Logout' }).waitFor();
    assert.equal(await page.getByTestId('sidebar').count(), 0);
    await expectRemoteMounted(page, 'mfe_applicant');
    const stored = await page.evaluate(() => localStorage.getItem('user'));
    assert.ok(stored && stored.split('.').length === 3, 'the token is stored under user');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('refuses mismatched passwords with the Error dialog, sending nothing', async () => {
    const page = await desktopPage(browser);
    let registerCalls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/auth/register')) registerCalls += 1;
    });
    await page.goto(`${portal.url}/register`);
    await page.getByLabel('First Name').fill('A');
    await page.getByLabel('Last Name').fill('B');
    await page.getByLabel('Email').fill('mismatch@example.org');
    await page.getByLabel('Phone').fill('+260 977 000 000');
    await page.getByLabel(/^Password/).fill('Kafue-River-2026!');
    await page.getByLabel('Confirm Password').fill('Something-else-2026!');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Passwords do not match!').waitFor();
    assert.match(await dialog.textContent(), /Error/);
    assert.equal(registerCalls, 0);
    await page.context().close();
  });

  it('shows the server message for a wrong password', async () => {
    const page = await desktopPage(browser);
    const admin = logins.find((l) => l.role === 'ADMIN');
    await page.goto(`${portal.url}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.ok((await alert.textContent()).trim().length > 0);
    assert.equal(new URL(page.url()).pathname, '/login');
    await page.context().close();
  });

  it('signs in a demo ADMIN to the staff dashboard with the sidebar, stays signed in on reload, and signs out', async () => {
    const page = await desktopPage(browser);
    const errors = collectPageErrors(page);
    const admin = logins.find((l) => l.role === 'ADMIN');
    await signIn(page, portal.url, admin);
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor();
    for (const entry of ['Dashboard', 'Applications', 'Programs']) await sidebar.getByRole('link', { name: entry }).waitFor();
    assert.equal(await sidebar.getByRole('link', { name: 'User Management' }).count(), 0);
    assert.equal(await page.getByLabel('University').count(), 0, 'only SUPERUSER has the university selector');
    await expectRemoteMounted(page, 'mfe_staff');

    // Collapse and expand.
    await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]').getBoundingClientRect().width === 80);
    await sidebar.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="sidebar"]').getBoundingClientRect().width === 250);

    await page.reload();
    await sidebar.waitFor();
    assert.equal(new URL(page.url()).pathname, '/dashboard');
    await expectRemoteMounted(page, 'mfe_staff');

    await sidebar.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${portal.url}/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('user')), null);
    await page.goto(`${portal.url}/dashboard`);
    await page.waitForURL(`${portal.url}/login`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('signs in the demo SUPERUSER to the staff dashboard with all entries and the university selector', async () => {
    const page = await desktopPage(browser);
    const superuser = logins.find((l) => l.role === 'SUPERUSER');
    await signIn(page, portal.url, superuser);
    const sidebar = page.getByTestId('sidebar');
    for (const entry of ['Dashboard', 'Universities', 'Programs', 'Courses', 'Applications', 'User Management']) {
      await sidebar.getByRole('link', { name: entry }).waitFor();
    }
    const selector = page.getByLabel('University');
    await page.waitForFunction(() => document.querySelectorAll('#university-selector option').length > 1, null, { timeout: 20_000 });
    assert.equal(await selector.locator('option').first().textContent(), 'Select University');
    await expectRemoteMounted(page, 'mfe_staff');

    // Picking a university saves it and reloads; the empty option clears it.
    const value = await selector.locator('option').nth(1).getAttribute('value');
    await Promise.all([page.waitForEvent('load'), selector.selectOption(value)]);
    assert.equal(await page.evaluate(() => localStorage.getItem('selectedUniversity')), value);
    await page.getByLabel('University').waitFor();
    assert.equal(await page.getByLabel('University').inputValue(), value);
    await Promise.all([page.waitForEvent('load'), page.getByLabel('University').selectOption('')]);
    assert.equal(await page.evaluate(() => localStorage.getItem('selectedUniversity')), null);
    await page.context().close();
  });

  it('uses the applicant top navigation with a Menu on a phone', async () => {
    const page = await phonePage(browser);
    const applicant = logins.find((l) => l.role === 'USER');
    await signIn(page, portal.url, applicant);
    await page.getByRole('button', { name: 'Menu' }).click();
    for (const entry of ['Universities', 'Applications', 'Profile', 'Settings', 'Logout']) await page.getByRole('menuitem', { name: entry }).waitFor();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${portal.url}/login`);
    await page.context().close();
  });

  it('logs out a stored expired token at start', async () => {
    const page = await desktopPage(browser);
    const admin = logins.find((l) => l.role === 'ADMIN');
    await signIn(page, portal.url, admin);
    const token = await page.evaluate(() => localStorage.getItem('user'));
    await page.evaluate((t) => localStorage.setItem('user', t), expiredCopy(token));
    await page.goto(`${portal.url}/dashboard`);
    await page.waitForURL(`${portal.url}/login`);
    assert.equal(await page.evaluate(() => localStorage.getItem('user')), null);
    await page.context().close();
  });

  it('logs out within the 10-second check when the token expires while signed in', async () => {
    const page = await desktopPage(browser);
    const superuser = logins.find((l) => l.role === 'SUPERUSER');
    await signIn(page, portal.url, superuser);
    await page.getByTestId('sidebar').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('user'));
    const startedAt = Date.now();
    await page.evaluate((t) => localStorage.setItem('user', t), expiredCopy(token));
    await page.waitForURL(`${portal.url}/login`, { timeout: 15_000 });
    assert.ok(Date.now() - startedAt <= 15_000);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.context().close();
  });

  it('shows a guest the public pages and sends protected paths to /login; unknown paths for a signed-in user show 404', async () => {
    const page = await desktopPage(browser);
    const requested = [];
    page.on('request', (req) => requested.push(new URL(req.url()).pathname));
    await page.goto(`${portal.url}/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    assert.deepEqual(
      requested.filter((p) => p.startsWith('/remotes/')),
      [],
      '/login loads no remote',
    );
    await page.goto(`${portal.url}/home`);
    await expectRemoteMounted(page, 'mfe_public');
    const otherAudiences = requested.filter((p) => p.startsWith('/remotes/mfe-staff/') || p.startsWith('/remotes/mfe-applicant/'));
    assert.deepEqual(otherAudiences, [], 'a guest downloads nothing of the staff or applicant remotes');
    await page.goto(`${portal.url}/programs`);
    await page.waitForURL(`${portal.url}/login`);
    const applicant = logins.find((l) => l.role === 'USER');
    await signIn(page, portal.url, applicant);
    await page.goto(`${portal.url}/no-such-page`);
    await page.getByText('Oops! Page not found.').waitFor();
    await page.getByRole('link', { name: 'Go back to Home' }).click();
    await page.waitForURL(`${portal.url}/dashboard`);
    await page.context().close();
  });
});
