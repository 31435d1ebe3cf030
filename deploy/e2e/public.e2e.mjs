/**
 * Guest journey on a phone (mfe-public inside the shell, real API and demo
 * data): /home → /universities → a university's programs → the sign-in toast →
 * register → sign in; the password reset from the e-mailed link (a local SMTP
 * listener receives the mail). Also checks the public pages for horizontal
 * overflow at 320 px and for WCAG A/AA violations (axe).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { collectPageErrors, launchBrowser, noticeShown, phonePage, recordNotices, signIn, startPortal, startSmtp, whenInteractive } from './harness.mjs';

let portal;
let browser;
let smtp;

async function waitForMail(to, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = smtp.received.find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

before(async () => {
  smtp = await startSmtp();
  portal = await startPortal({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await portal?.stop();
  await smtp?.close();
});

async function noHorizontalOverflow(page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px window`);
}

async function axeViolations(page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a guest on a phone goes from /home to a university programs, meets the sign-in toast, registers and signs in', async () => {
  const page = await phonePage(browser);
  const errors = collectPageErrors(page);
  const base = portal.url;

  // Landing
  await page.goto(`${base}/home`);
  await page.getByRole('link', { name: 'Start Your Journey' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Start Your Journey' }).getAttribute('href'), '/register');
  const demo = page.getByRole('link', { name: /Watch Demo/ });
  assert.equal(await demo.getAttribute('target'), '_blank');
  assert.match((await demo.getAttribute('rel')) ?? '', /noopener/);
  for (const text of ['50K+', '500+', '95%', '24/7', '85%']) {
    assert.ok(await page.getByText(text, { exact: true }).first().isVisible(), `${text} is visible`);
  }
  assert.ok(await page.locator('#features').getByText('AI-Powered Program Matching').isVisible());
  assert.ok(await page.getByRole('group', { name: '1 of 3' }).isVisible());
  await whenInteractive(page.getByRole('button', { name: 'Next testimonial' }));
  await page.getByRole('button', { name: 'Next testimonial' }).click();
  assert.ok(await page.getByRole('group', { name: '2 of 3' }).isVisible());
  await noHorizontalOverflow(page);

  // Universities
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Universities' }).click();
  await page.waitForURL(`${base}/universities`);
  await page.getByRole('heading', { level: 1, name: 'Explore Universities' }).waitFor();
  const explore = page.getByRole('link', { name: /Explore Programs at University of Zambia/ });
  await explore.waitFor();
  assert.ok(await page.getByRole('link', { name: 'Sign In Here' }).isVisible());
  await noHorizontalOverflow(page);

  // Programs of the university, and the sign-in toast
  await explore.click();
  await page.waitForURL(/\/guest\/programs\/\d+$/);
  await page.getByRole('heading', { level: 1, name: 'Programs Offered By University of Zambia' }).waitFor();
  await recordNotices(page);
  await page.getByRole('button', { name: 'View program details' }).first().click();
  await noticeShown(page, 'Sign in required - You need to sign in to see the details!');
  await noHorizontalOverflow(page);

  // Register, then sign in
  await page.getByRole('link', { name: 'Sign In Here' }).click();
  await page.waitForURL(`${base}/login`);
  await page.getByRole('link', { name: 'Create one' }).click();
  await page.waitForURL(`${base}/register`);
  const email = `guest.${Date.now()}@example.com`;
  const password = 'Journey-2026!';
  await page.getByLabel('First Name').fill('Mutale');
  await page.getByLabel('Last Name').fill('Chileshe');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+260971234567');
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${base}/login`, { timeout: 20_000 });

  await signIn(page, base, { email, password });
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  assert.ok(await page.evaluate(() => localStorage.getItem('user')), 'the session token is stored');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the public pages fit a 320 px screen and have no WCAG A/AA violations', async () => {
  const page = await phonePage(browser, { viewport: { width: 320, height: 640 } });
  const errors = collectPageErrors(page);
  const pages = [
    ['/home', 'Start Your Journey'],
    ['/learn-more', 'Get Started Today'],
    ['/coming-soon', 'Join the Waitlist'],
    ['/universities', 'Sign In Here'],
    ['/forgot-password', 'Back to Login'],
    ['/reset-password/some-token', 'Back to Login'],
    ['/privacy', 'Privacy Notice'],
  ];
  for (const [path, text] of pages) {
    await page.goto(`${portal.url}${path}`);
    await page.getByText(text, { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await noHorizontalOverflow(page);
    assert.deepEqual(await axeViolations(page), [], `axe violations on ${path}`);
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a guest resets a forgotten password from the e-mailed link and signs in with the new one', async () => {
  const base = portal.url;
  const email = `reset.${Date.now()}@example.com`;
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Grace', lastName: 'Nkandu', email, phone: '+260971000111', password: 'Old-password-1', role: 'USER', consent: true }),
  });
  assert.ok(registered.ok, `register answered ${registered.status}`);

  const page = await phonePage(browser);
  const errors = collectPageErrors(page);
  await page.goto(`${base}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL(`${base}/forgot-password`);
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await page.getByText('Password reset link sent to your email.').waitFor();
  await page.getByText(/Please wait 1[12]\d second\(s\) before trying again\./).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Send Reset Link' }).isDisabled(), true);
  assert.equal(await page.getByLabel('Email Address').isDisabled(), true);

  const mail = await waitForMail(email);
  const link = /https?:\/\/\S+\/reset-password\/[^\s"'<>]+/.exec(mail.text)?.[0];
  assert.ok(link, `a reset link in: ${mail.text}`);
  assert.ok(link.startsWith(base), `${link} points at this portal`);

  await page.goto(link);
  await page.getByLabel('New Password').fill('New-password-2');
  await page.getByLabel('Confirm Password').fill('New-password-3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByText('Passwords do not match!').waitFor();
  await page.getByLabel('Confirm Password').fill('New-password-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByText('Password reset successfully.').waitFor();
  await page.waitForURL(`${base}/login`, { timeout: 10_000 });

  await signIn(page, base, { email, password: 'New-password-2' });
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  assert.deepEqual(errors, []);
  await page.context().close();
});
