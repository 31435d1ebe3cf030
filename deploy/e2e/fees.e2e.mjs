/**
 * Fees by applicant category and fee waiver codes (issue 16 item 4) in
 * headless Chromium, on the demo data (UNZA's open intake charges ZMW 150 to
 * Zambian citizens and USD 60 to everyone else) through the offline Lenco
 * sandbox. A Zambian and a Kenyan applicant are shown and charged different
 * fees in different currencies and the sandbox verifies both; a SUPERUSER
 * creates a fee waiver code on the Fee waivers page and a third applicant
 * uses it instead of paying. The server's state is checked after each step.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectPageErrors, demoLogins, desktopPage, launchBrowser, signIn, startPortal } from './harness.mjs';
import { makePng } from './sample-files.mjs';

describe('fees by applicant category and fee waiver codes', () => {
  let portal;
  let browser;
  let unza;
  before(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    unza = (await api('/api/universities')).find((u) => u.name === 'University of Zambia');
    assert.ok(unza, 'the demo data has UNZA');
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

  /** A new applicant of this nationality with one application to UNZA (into its one open intake), through the API. */
  async function applicantAtUnza(firstName, nationality, country) {
    const email = `${firstName.toLowerCase()}.${Date.now()}@example.org`;
    const password = 'Zambezi-Falls-2026!';
    await api('/api/auth/register', { method: 'POST', json: { firstName, lastName: 'Tembo', email, phone: '+260 966 555 444', password, role: 'USER', consent: true } });
    const { token } = await api('/api/auth/login', { method: 'POST', json: { email, password } });
    const me = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    const [intake] = (await api(`/api/universities/${unza.id}/intakes`)).filter((i) => i.state === 'OPEN');
    assert.ok(intake && intake.fees.length > 0, "UNZA's open intake has a fee table");
    const form = new FormData();
    form.append(
      'application',
      JSON.stringify({
        userId: me.id,
        programIds: [intake.programs[intake.programs.length - 1].programId],
        intakeId: intake.id,
        status: 'PENDING',
        fullName: `${firstName} Tembo`,
        phoneNumber: '+260 966 555 444',
        email,
        dateOfBirth: '2005-08-09',
        nationality,
        province: 'Lusaka',
        nationalRegNumber: '654321/11/1',
        city: 'Lusaka',
        country,
        highestQualification: 'Grade 12',
        institutionAttended: 'Lusaka Secondary',
      }),
    );
    ['nrc-front', 'nrc-back', 'results', 'certificate'].forEach((name, i) => form.append('files', new Blob([makePng(32, 20, [40 * i, 90, 160])], { type: 'image/png' }), `${name}.png`));
    const created = await api('/api/applications', { method: 'POST', token, body: form });
    return { email, password, token, id: created?.id ?? created?.application?.id };
  }

  async function applicationOf(applicant) {
    return api(`/api/applications/${applicant.id}`, { token: applicant.token });
  }

  /** Signs in, opens My Applications, pays the one application in the sandbox, and returns what the checkout and dialog said. */
  async function payAs(applicant, feeText) {
    const page = await desktopPage(browser);
    const errors = collectPageErrors(page);
    await signIn(page, portal.url, applicant);
    await page.goto(`${portal.url}/applications`);
    const pay = page.getByRole('button', { name: 'Pay Fee' });
    await pay.waitFor({ timeout: 20_000 });
    await page.getByText(feeText, { exact: true }).waitFor();
    assert.equal(await page.getByText('ZMW 150.75').count(), 0, 'the standard fee is not shown for an intake with a fee table');
    await pay.click();
    const checkout = page.getByRole('dialog', { name: 'Lenco Sandbox Checkout' });
    await checkout.waitFor({ timeout: 20_000 });
    await checkout.getByText(feeText, { exact: true }).waitFor();
    await checkout.getByLabel('Mobile money').check();
    await checkout.getByRole('button', { name: 'Pay successfully' }).click();
    const success = page.getByRole('dialog', { name: 'Payment Successful' });
    await success.waitFor({ timeout: 20_000 });
    await success.getByText(`Your payment of ${feeText} was received`, { exact: false }).waitFor();
    await success.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Download receipt' }).waitFor({ timeout: 20_000 });
    assert.deepEqual(errors, []);
    await page.context().close();
  }

  it('a Zambian and a Kenyan applicant are asked different fees in different currencies, and the sandbox verifies both', async () => {
    const zambian = await applicantAtUnza('Mutale', 'Zambian', 'Zambia');
    const kenyan = await applicantAtUnza('Wanjiru', 'Kenyan', 'Kenya');
    assert.deepEqual((await applicationOf(zambian)).fee, { amount: 150, currency: 'ZMW', category: 'ZAMBIAN' });
    assert.deepEqual((await applicationOf(kenyan)).fee, { amount: 60, currency: 'USD', category: 'INTERNATIONAL' });

    await payAs(zambian, 'ZMW 150.00');
    await payAs(kenyan, 'USD 60.00');

    for (const [who, amount, currency] of [
      [zambian, 150, 'ZMW'],
      [kenyan, 60, 'USD'],
    ]) {
      const app = await applicationOf(who);
      assert.equal(app.paid, true);
      assert.equal(app.status, 'PENDING_REVIEW');
      assert.equal(app.payment.status, 'successful');
      assert.equal(app.payment.amount, amount);
      assert.equal(app.payment.currency, currency);
      const receipt = await api(`/api/applications/${who.id}/receipt`, { token: who.token });
      assert.deepEqual([receipt.amount, receipt.currency], [amount, currency]);
    }
  });

  it('a SUPERUSER creates a fee waiver code on its page; an applicant uses it instead of paying', async () => {
    const superuser = demoLogins(portal.dataDir).find((l) => l.role === 'SUPERUSER');
    const staff = await desktopPage(browser);
    const staffErrors = collectPageErrors(staff);
    await signIn(staff, portal.url, superuser);
    await staff.getByRole('link', { name: 'Fee waivers' }).click();
    await staff.getByRole('heading', { name: 'Fee waivers' }).waitFor({ timeout: 20_000 });
    // The page's own choice of university (the top bar has one too).
    const content = staff.getByTestId('staff-content');
    const university = content.getByRole('combobox', { name: 'University', exact: true });
    await university.getByRole('option', { name: 'University of Zambia' }).waitFor({ state: 'attached', timeout: 20_000 });
    await university.selectOption({ label: 'University of Zambia' });
    const form = staff.getByRole('form', { name: 'New fee waiver code' });
    await form.getByRole('textbox', { name: 'Uses' }).fill('1');
    await form.getByRole('button', { name: 'Create code' }).click();
    const created = staff.getByRole('status').filter({ hasText: 'New code:' });
    await created.waitFor({ timeout: 20_000 });
    const code = (await created.locator('strong').innerText()).trim();
    assert.match(code, /^[A-HJ-KM-NP-Z2-9]{8}$/);
    const row = staff.getByRole('row').filter({ hasText: code });
    await row.getByText('1 of 1').waitFor({ timeout: 20_000 });

    const applicant = await applicantAtUnza('Tendai', 'Zimbabwean', 'Zimbabwe');
    assert.deepEqual((await applicationOf(applicant)).fee, { amount: 60, currency: 'USD', category: 'SADC' });
    const page = await desktopPage(browser);
    const errors = collectPageErrors(page);
    await signIn(page, portal.url, applicant);
    await page.goto(`${portal.url}/applications`);
    await page.getByRole('button', { name: 'Have a fee waiver code?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Use a fee waiver code' });
    await dialog.getByRole('textbox', { name: 'Fee waiver code' }).fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Apply code' }).click();
    await page.getByText('Fee waived: your application is ready for review.').waitFor({ timeout: 20_000 });
    await page.getByText('Fee waived with a fee waiver code').waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('button', { name: 'Pay Fee' }).count(), 0);
    const app = await applicationOf(applicant);
    assert.equal(app.paid, true);
    assert.equal(app.waived, true);
    assert.equal(app.status, 'PENDING_REVIEW');
    assert.equal(app.payment.channel, 'waiver');

    // The code is used up: the staff list says so once read again.
    await staff.reload();
    await university.getByRole('option', { name: 'University of Zambia' }).waitFor({ state: 'attached', timeout: 20_000 });
    await university.selectOption({ label: 'University of Zambia' });
    const usedRow = staff.getByRole('row').filter({ hasText: code });
    await usedRow.getByText('0 of 1').waitFor({ timeout: 20_000 });
    await usedRow.getByText('Used up').waitFor();
    assert.deepEqual(errors, []);
    assert.deepEqual(staffErrors, []);
    await page.context().close();
    await staff.context().close();
  });
});
