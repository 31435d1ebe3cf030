/**
 * The fee payment journey in headless Chromium through the offline Lenco
 * sandbox (no keys configured: the portal serves the checkout script, the
 * status API and the signed webhooks itself). An applicant with two submitted
 * applications pays the first by mobile money; cancels the checkout of the
 * second, then pays it by card. The server's state is checked after each step.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { collectPageErrors, desktopPage, launchBrowser, signIn, startPortal } from './harness.mjs';
import { makePng } from './sample-files.mjs';

describe('application fee through the Lenco sandbox', () => {
  let portal;
  let browser;
  before(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });

  async function api(path, { token, method = 'GET', json, body } = {}) {
    const headers = { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(json ? { 'Content-Type': 'application/json' } : {}) };
    const res = await fetch(`${portal.url}${path}`, { method, headers, body: json ? JSON.stringify(json) : body });
    const text = await res.text();
    assert.ok(res.ok, `${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }

  /** A new applicant with `count` submitted applications, through the API (the wizard has its own journey). */
  async function applicantWithApplications(count) {
    const email = `payer.${Date.now()}@example.org`;
    const password = 'Zambezi-Falls-2026!';
    await api('/api/auth/register', { method: 'POST', json: { firstName: 'Mutale', lastName: 'Phiri', email, phone: '+260 966 555 444', password, role: 'USER', consent: true } });
    const { token } = await api('/api/auth/login', { method: 'POST', json: { email, password } });
    const me = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    const universities = await api('/api/universities');
    const ids = [];
    for (const university of universities) {
      const programs = await api(`/api/programs/university/${university.id}`);
      if (programs.length === 0) continue;
      const form = new FormData();
      form.append(
        'application',
        JSON.stringify({
          userId: me.id,
          programIds: [programs[0].id],
          status: 'PENDING',
          fullName: 'Mutale Phiri',
          phoneNumber: '+260 966 555 444',
          email,
          dateOfBirth: '2005-08-09',
          nationality: 'Zambian',
          province: 'Copperbelt',
          nationalRegNumber: '654321/11/1',
          city: 'Ndola',
          country: 'Zambia',
          highestQualification: 'Grade 12',
          institutionAttended: 'Ndola Secondary',
        }),
      );
      ['nrc-front', 'nrc-back', 'results', 'certificate'].forEach((name, i) =>
        form.append('files', new Blob([makePng(32, 20, [40 * i, 90, 160])], { type: 'image/png' }), `${name}.png`),
      );
      const created = await api('/api/applications', { method: 'POST', token, body: form });
      ids.push(created?.id ?? created?.application?.id);
      if (ids.length === count) break;
    }
    assert.equal(ids.length, count, `${count} applications were submitted`);
    return { email, password, token, ids };
  }

  async function applicationsOf(token) {
    const { id } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    return (await api(`/api/applications/user/${id}`, { token })).sort((a, b) => a.id - b.id);
  }

  it('pays by mobile money, cancels, then pays by card; the server agrees at every step', async () => {
    const { email, password, token } = await applicantWithApplications(2);
    const page = await desktopPage(browser);
    const errors = collectPageErrors(page);
    await signIn(page, portal.url, { email, password });
    await page.goto(`${portal.url}/applications`);

    const payButtons = page.getByRole('button', { name: 'Pay Fee' });
    await payButtons.first().waitFor({ timeout: 20_000 });
    assert.equal(await payButtons.count(), 2, 'both unpaid applications offer Pay Fee');
    await page.getByText('ZMW 150.75').first().waitFor();
    assert.equal(await page.getByText('Not Paid').count(), 2);

    const checkout = page.getByRole('dialog', { name: 'Lenco Sandbox Checkout' });
    const mine = () => applicationsOf(token);

    // 1. Mobile money, success.
    await payButtons.first().click();
    await checkout.waitFor({ timeout: 20_000 });
    await checkout.getByText('ZMW 150.75').waitFor();
    // The sandbox checkout is keyboard-usable and passes axe (WCAG 2 A/AA), on a phone width too.
    const { violations } = await new AxeBuilder({ page }).include('[data-lenco-sandbox]').withTags(['wcag2a', 'wcag2aa']).analyze();
    assert.deepEqual(violations.map((v) => `${v.id}: ${v.help}`), []);
    assert.equal(await page.evaluate(() => document.activeElement?.closest('[data-lenco-sandbox]') !== null), true, 'focus moves into the checkout');
    await page.setViewportSize({ width: 320, height: 640 });
    const box = await checkout.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 320, 'the checkout fits a 320 px screen');
    await page.setViewportSize({ width: 1366, height: 900 });
    await checkout.getByLabel('Mobile money').check();
    await checkout.getByRole('button', { name: 'Pay successfully' }).click();
    const success = page.getByRole('dialog', { name: 'Payment Successful' });
    await success.waitFor({ timeout: 20_000 });
    await success.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Successful', { exact: true }).first().waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('button', { name: 'Pay Fee' }).count(), 1, 'the paid application no longer offers Pay Fee');
    let apps = await mine();
    const paidFirst = apps.find((a) => a.paid);
    assert.ok(paidFirst, 'one application is paid on the server');
    assert.equal(paidFirst.status, 'PENDING_REVIEW');
    assert.equal(paidFirst.reviewNotes, 'Payment completed - application ready for review');
    assert.equal(paidFirst.payment.status, 'successful');
    assert.equal(paidFirst.payment.channel, 'mobile-money');
    assert.equal(paidFirst.payment.amount, 150.75);
    assert.equal(paidFirst.payment.currency, 'ZMW');

    // 2. The other one: open the checkout and close it.
    await page.getByRole('button', { name: 'Pay Fee' }).click();
    await checkout.waitFor({ timeout: 20_000 });
    await checkout.getByRole('button', { name: 'Close' }).click();
    const cancelled = page.getByRole('dialog', { name: 'Payment Cancelled' });
    await cancelled.waitFor({ timeout: 20_000 });
    await cancelled.getByRole('button', { name: 'OK' }).click();
    apps = await mine();
    const unpaid = apps.find((a) => !a.paid);
    assert.ok(unpaid, 'the cancelled application is still unpaid');
    assert.notEqual(unpaid.status, 'PENDING_REVIEW');

    // 3. Then by card.
    await page.getByRole('button', { name: 'Pay Fee' }).click();
    await checkout.waitFor({ timeout: 20_000 });
    await checkout.getByLabel('Card').check();
    await checkout.getByRole('button', { name: 'Pay successfully' }).click();
    await page.getByRole('dialog', { name: 'Payment Successful' }).waitFor({ timeout: 20_000 });
    await page.getByRole('dialog', { name: 'Payment Successful' }).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Pay Fee' }).waitFor({ state: 'detached', timeout: 20_000 });
    apps = await mine();
    assert.ok(apps.every((a) => a.paid && a.status === 'PENDING_REVIEW'), 'both applications are paid and in review');
    const byCard = apps.find((a) => a.id === unpaid.id);
    assert.equal(byCard.payment.channel, 'card');
    const paymentEvents = byCard.history.filter((h) => h.kind === 'PAYMENT').map((h) => h.to);
    assert.deepEqual(paymentEvents, ['pending', 'successful'], 'the cancelled checkout reused the open reference; one payment');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('a declined payment fails, then pending-then-success ends paid once the provider confirms it', async () => {
    const { email, password, token } = await applicantWithApplications(1);
    const page = await desktopPage(browser);
    const errors = collectPageErrors(page);
    await signIn(page, portal.url, { email, password });
    await page.goto(`${portal.url}/applications`);
    const checkout = page.getByRole('dialog', { name: 'Lenco Sandbox Checkout' });

    // Declined: the checkout says so; closing it shows the verification result.
    await page.getByRole('button', { name: 'Pay Fee' }).click({ timeout: 20_000 });
    await checkout.waitFor({ timeout: 20_000 });
    await checkout.getByRole('button', { name: 'Fail payment' }).click();
    await checkout.getByText('Payment failed: the sandbox declined this payment.').waitFor();
    await checkout.getByRole('button', { name: 'Close' }).click();
    const failed = page.getByRole('dialog', { name: 'Payment Verification Failed' });
    await failed.waitFor({ timeout: 20_000 });
    await failed.getByRole('button', { name: 'OK' }).click();
    let [application] = await applicationsOf(token);
    assert.equal(application.paid, false);
    assert.equal(application.payment.status, 'failed');

    // Pending then success: 'Payment Pending' now, paid when the provider's webhook arrives.
    await page.getByRole('button', { name: 'Pay Fee' }).click();
    await checkout.waitFor({ timeout: 20_000 });
    await checkout.getByLabel('Mobile money').check();
    await checkout.getByRole('button', { name: 'Pending then success' }).click();
    const pending = page.getByRole('dialog', { name: 'Payment Pending' });
    await pending.waitFor({ timeout: 20_000 });
    await pending.getByRole('button', { name: 'OK' }).click();
    const deadline = Date.now() + 30_000;
    for (;;) {
      [application] = await applicationsOf(token);
      if (application.paid || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.equal(application.paid, true, 'paid once the provider confirmed');
    assert.equal(application.status, 'PENDING_REVIEW');
    assert.equal(application.payment.status, 'successful');
    assert.deepEqual(
      application.history.filter((h) => h.kind === 'PAYMENT').map((h) => h.to),
      ['pending', 'failed', 'pending', 'successful'],
      'two references: the declined one and the paid one',
    );
    await page.reload();
    await page.getByText('Successful', { exact: true }).first().waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('button', { name: 'Pay Fee' }).count(), 0);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
