/**
 * The fee payment journey in headless Chromium through the offline Lenco
 * sandbox (no keys configured: the portal serves the checkout script, the
 * status API and the signed webhooks itself). An applicant with two submitted
 * applications pays the first by mobile money; cancels the checkout of the
 * second, then pays it by card. A declined payment shows red with its reason,
 * 'pending then success' amber with 'Check again' until it is paid, and a
 * decided application is never asked for the fee. A paid one offers its
 * receipt, which staff see too. The server's state is checked after each step.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { collectPageErrors, demoLogins, desktopPage, launchBrowser, signIn, startPortal } from './harness.mjs';
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
      // The standard fee (ZMW 150.75) is paid here: a university whose open intake sets its own fees (UNZA's) is fees.e2e.mjs's.
      const ownFees = (await api(`/api/universities/${university.id}/intakes`)).some((i) => i.state === 'OPEN' && i.fees.length > 0);
      if (ownFees) continue;
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
      ['nrc-front', 'nrc-back', 'results', 'certificate'].forEach((name, i) => form.append('files', new Blob([makePng(32, 20, [40 * i, 90, 160])], { type: 'image/png' }), `${name}.png`));
      const created = await api('/api/applications', { method: 'POST', token, body: form });
      ids.push(created?.id ?? created?.application?.id);
      if (ids.length === count) break;
    }
    assert.equal(ids.length, count, `${count} applications were submitted`);
    return { email, password, token, ids };
  }

  /** The payment badge's background once its colour transition has finished (spec §4 colours). */
  async function settledBackground(badge) {
    return badge.evaluate(async (chip) => {
      await Promise.all(chip.getAnimations().map((animation) => animation.finished));
      return getComputedStyle(chip).backgroundColor;
    });
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
    assert.deepEqual(
      violations.map((v) => `${v.id}: ${v.help}`),
      [],
    );
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

    // The receipt: downloaded from the paid card as a PDF; staff see it on the application.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download receipt' }).click()]);
    assert.equal(download.suggestedFilename(), `receipt-application-${paidFirst.id}.pdf`);
    const receiptPdf = await readFile(await download.path());
    assert.equal(receiptPdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const receipt = await api(`/api/applications/${paidFirst.id}/receipt`, { token });
    assert.match(receipt.receiptNumber, /^RCP-\d{4}-\d{6}$/);
    assert.equal(receipt.channel, 'Mobile money');
    const superuser = demoLogins(portal.dataDir).find((l) => l.role === 'SUPERUSER');
    const staffPage = await desktopPage(browser);
    await signIn(staffPage, portal.url, superuser);
    await staffPage.goto(`${portal.url}/applications/${paidFirst.id}`);
    const receiptSection = staffPage.getByRole('region', { name: 'Payment Receipt' });
    await receiptSection.getByText(receipt.receiptNumber, { exact: true }).waitFor({ timeout: 20_000 });
    await receiptSection.getByText(receipt.paidAtText, { exact: true }).waitFor();
    await receiptSection.getByText(`Mobile money, ${receipt.payer}`, { exact: true }).waitFor();
    await staffPage.context().close();

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
    assert.ok(
      apps.every((a) => a.paid && a.status === 'PENDING_REVIEW'),
      'both applications are paid and in review',
    );
    const byCard = apps.find((a) => a.id === unpaid.id);
    assert.equal(byCard.payment.channel, 'card');
    const paymentEvents = byCard.history.filter((h) => h.kind === 'PAYMENT').map((h) => h.to);
    assert.deepEqual(paymentEvents, ['pending', 'successful'], 'the cancelled checkout reused the open reference; one payment');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it("a declined payment shows red with the provider's reason and Try again; pending then success shows amber with Check again until it is paid", async () => {
    const { email, password, token } = await applicantWithApplications(1);
    const page = await desktopPage(browser);
    const errors = collectPageErrors(page);
    await signIn(page, portal.url, { email, password });
    await page.goto(`${portal.url}/applications`);
    const checkout = page.getByRole('dialog', { name: 'Lenco Sandbox Checkout' });
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) })
      .first();

    // Declined: the checkout says so; closing it says once what happened, with the next step.
    await page.getByRole('button', { name: 'Pay Fee' }).click({ timeout: 20_000 });
    await checkout.waitFor({ timeout: 20_000 });
    await checkout.getByRole('button', { name: 'Fail payment' }).click();
    await checkout.getByText('Payment failed: the sandbox declined this payment.').waitFor();
    await checkout.getByRole('button', { name: 'Close' }).click();
    const failed = page.getByRole('dialog', { name: 'Payment Verification Failed' });
    await failed.waitFor({ timeout: 20_000 });
    await failed.getByText(/The payment did not go through: Declined in the sandbox checkout/).waitFor();
    await failed.getByRole('button', { name: 'OK' }).click();
    let [application] = await applicationsOf(token);
    assert.equal(application.paid, false);
    assert.equal(application.payment.status, 'failed');
    assert.equal(application.payment.failureReason, 'Declined in the sandbox checkout');
    // The card: red 'Failed', the provider's reason and 'Try again' (no second 'Pay Fee').
    await card.getByText('Declined in the sandbox checkout').waitFor({ timeout: 20_000 });
    const failedChip = card.locator('[data-kind="failed"]');
    assert.equal(await failedChip.textContent(), 'Failed');
    assert.equal(await settledBackground(failedChip), 'rgb(198, 40, 40)');
    assert.equal(await page.getByRole('button', { name: 'Pay Fee' }).count(), 0);

    // Pending then success: amber pending with 'Check again', no way to pay twice.
    await card.getByRole('button', { name: 'Try again' }).click();
    await checkout.waitFor({ timeout: 20_000 });
    await checkout.getByLabel('Mobile money').check();
    await checkout.getByRole('button', { name: 'Pending then success' }).click();
    const pending = page.getByRole('dialog', { name: 'Payment Pending' });
    await pending.waitFor({ timeout: 20_000 });
    await pending.getByText(/Payment Pending — we are waiting for confirmation from your mobile money provider/).waitFor();
    await pending.getByRole('button', { name: 'OK' }).click();
    await card.getByText('Payment Pending — we are waiting for confirmation from your mobile money provider', { exact: true }).waitFor({ timeout: 20_000 });
    const pendingChip = card.locator('[data-kind="pending"]');
    assert.equal(await pendingChip.textContent(), 'Pending');
    assert.equal(await settledBackground(pendingChip), 'rgb(255, 179, 0)');
    assert.equal(await page.getByRole('button', { name: /^(Pay Fee|Try again)$/ }).count(), 0, 'no second payment while one is pending');
    assert.equal(await page.getByText('Payment Cancelled').count(), 0);

    // The provider confirms (its webhook reaches the server); 'Check again' shows it without a reload.
    const deadline = Date.now() + 30_000;
    for (;;) {
      [application] = await applicationsOf(token);
      if (application.paid || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.equal(application.paid, true, 'paid once the provider confirmed');
    await card.getByRole('button', { name: 'Check again' }).click();
    await card.getByText('Successful', { exact: true }).waitFor({ timeout: 20_000 });
    assert.equal(await card.getByText('Payment Pending — we are waiting for confirmation from your mobile money provider').count(), 0);
    assert.equal(application.status, 'PENDING_REVIEW');
    assert.equal(application.payment.status, 'successful');
    assert.deepEqual(
      application.history.filter((h) => h.kind === 'PAYMENT').map((h) => h.to),
      ['pending', 'failed', 'pending', 'successful'],
      'two references: the declined one and the paid one',
    );
    await page.reload();
    await page.getByText('Successful', { exact: true }).first().waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('button', { name: /^(Pay Fee|Try again|Check again)$/ }).count(), 0);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('a decided application is never asked for the fee, in the page or by the server', async () => {
    const { email, password, token, ids } = await applicantWithApplications(1);
    const [id] = ids;
    const staff = demoLogins(portal.dataDir).find((l) => l.role === 'SUPERUSER');
    const { token: staffToken } = await api('/api/auth/login', { method: 'POST', json: { email: staff.email, password: staff.password } });
    await api(`/api/applications/${id}`, { method: 'PUT', token: staffToken, json: { status: 'REJECTED', reviewNotes: 'Missing results' } });
    const page = await desktopPage(browser);
    await signIn(page, portal.url, { email, password });
    await page.goto(`${portal.url}/applications`);
    await page.getByText('Rejected', { exact: true }).first().waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('button', { name: 'Pay Fee' }).count(), 0);
    assert.equal(await page.getByText('ZMW 150.75').count(), 0);
    await page.goto(`${portal.url}/applications/${id}`);
    await page.getByText('Not Paid', { exact: true }).waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('button', { name: 'Pay Fee' }).count(), 0);
    const res = await fetch(`${portal.url}/api/payments/initiate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ applicationId: id }),
    });
    assert.equal(res.status, 409);
    assert.equal((await res.json()).message, 'No fee is due for this application: it has already been decided.');
    await page.context().close();
  });
});
