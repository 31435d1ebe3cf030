/**
 * Offers and decision letters (issue 17) in headless Chromium, against the
 * real portal with the demo data: an ADMIN makes a conditional offer from the
 * decision dialog; the applicant sees the conditions and the deadline on the
 * application, accepts it before the deadline (after a confirmation), and
 * downloads the offer letter, whose verification code the public check
 * confirms (name and program only). The server's state is checked after each step.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectPageErrors, demoLogins, desktopPage, launchBrowser, phonePage, signIn, startPortal } from './harness.mjs';
import { makePng } from './sample-files.mjs';

const CONDITIONS = 'A credit in Mathematics at Grade 12, shown on the original certificate';

describe('offers and letters', () => {
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
    return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, raw: text };
  }
  async function ok(path, options) {
    const res = await api(path, options);
    assert.ok(res.status >= 200 && res.status < 300, `${options?.method ?? 'GET'} ${path} answered ${res.status}: ${res.raw.slice(0, 300)}`);
    return res.body;
  }

  it('an ADMIN makes a conditional offer; the applicant accepts it before the deadline and downloads a letter whose code verifies', async () => {
    const admin = demoLogins(portal.dataDir).find((l) => l.role === 'ADMIN' && l.university);
    assert.ok(admin, 'the demo data has an ADMIN of a university');
    const { token: adminToken } = await ok('/api/auth/login', { method: 'POST', json: { email: admin.email, password: admin.password } });
    const university = (await ok('/api/universities')).find((u) => u.name === admin.university);
    const programs = await ok(`/api/programs/university/${university.id}`);

    const email = `offer.${Date.now()}@example.org`;
    const password = 'Kasama-Rocks-2026!';
    await ok('/api/auth/register', { method: 'POST', json: { firstName: 'Mapalo', lastName: 'Chileshe', email, phone: '+260 977 444 555', password, role: 'USER', consent: true } });
    const { token } = await ok('/api/auth/login', { method: 'POST', json: { email, password } });
    // Into an open intake when the university has one, in a program with a place left.
    const intakes = await api(`/api/universities/${university.id}/intakes`, { token });
    const open = Array.isArray(intakes.body) ? intakes.body.filter((i) => i.state === 'OPEN') : [];
    let intakeId;
    let program = programs[0];
    for (const intake of open) {
      const places = await ok(`/api/intakes/${intake.id}/capacity`, { token: adminToken });
      const free = places.programs.find((p) => p.capacity === null || p.accepted + (p.offered ?? 0) < p.capacity);
      if (free) {
        intakeId = intake.id;
        program = programs.find((p) => p.id === free.programId);
        break;
      }
    }
    const form = new FormData();
    form.append(
      'application',
      JSON.stringify({
        programIds: [program.id],
        ...(intakeId ? { intakeId } : {}),
        status: 'PENDING',
        fullName: 'Mapalo Chileshe',
        phoneNumber: '+260 977 444 555',
        email,
        dateOfBirth: '2005-07-08',
        nationality: 'Zambian',
        province: 'Copperbelt',
        nationalRegNumber: '135790/11/1',
        city: 'Ndola',
        country: 'Zambia',
        highestQualification: 'Grade 12',
        institutionAttended: 'Ndola Girls Technical',
      }),
    );
    for (let i = 0; i < 4; i += 1) form.append('files', new Blob([makePng(40, 30, [60 * i, 100, 80])], { type: 'image/png' }), `document-${i}.png`);
    const { id } = await ok('/api/applications', { method: 'POST', token, body: form });

    // The ADMIN accepts: the decision dialog makes a conditional offer (the deadline stays at 14 days).
    const staffPage = await desktopPage(browser);
    const staffErrors = collectPageErrors(staffPage);
    await signIn(staffPage, portal.url, admin);
    await staffPage.goto(`${portal.url}/applications/${id}`);
    await staffPage.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Make an offer' });
    await dialog.getByRole('radio', { name: `Choice 1: ${program.name}` }).check();
    await dialog.getByRole('radio', { name: 'Conditional', exact: true }).check();
    await dialog.getByRole('textbox', { name: /Conditions/ }).fill(CONDITIONS);
    await dialog.getByRole('button', { name: 'Make offer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await staffPage.getByText('Offer made', { exact: true }).first().waitFor();

    let offer = await ok(`/api/applications/${id}/offer`, { token: adminToken });
    assert.equal(offer.offer.state, 'OPEN');
    assert.equal(offer.offer.type, 'CONDITIONAL');
    assert.equal(offer.offer.conditions, CONDITIONS);
    const days = (Date.parse(offer.offer.replyBy) - Date.now()) / 86_400_000;
    assert.ok(days > 13.9 && days <= 14, `reply by 14 days ahead (${days})`);
    // Staff see the offer's terms and its letter on the detail.
    const offerSection = staffPage.getByRole('region', { name: 'Offer and Letters' });
    await offerSection.getByText(CONDITIONS).waitFor({ timeout: 20_000 });
    await offerSection.getByText('Open: waiting for the applicant').waitFor();
    await offerSection.getByText(`Verification code ${offer.letters[0].code}`).waitFor();

    // The applicant sees the offer, accepts it after a confirmation, and downloads the letter.
    const page = await phonePage(browser, { acceptDownloads: true });
    const errors = collectPageErrors(page);
    await signIn(page, portal.url, { email, password });
    await page.goto(`${portal.url}/applications/${id}`);
    const card = page.getByRole('region', { name: 'Offer of a place' });
    await card.getByText(CONDITIONS).waitFor();
    await card.getByText(/\(Lusaka time\)$/).waitFor();
    await card.getByRole('button', { name: 'Accept offer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Accept this offer?' });
    await confirm.getByRole('button', { name: 'Yes, accept the offer' }).click();
    await card.getByText('You accepted this offer').waitFor();
    await page.getByText('Approved', { exact: true }).first().waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download offer letter (PDF)' }).click()]);
    const pdf = Buffer.concat(await (await download.createReadStream()).toArray());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');

    const server = await ok(`/api/applications/${id}`, { token: adminToken });
    assert.equal(server.status, 'APPROVED');
    assert.ok(server.history.some((h) => h.kind === 'LETTER' && h.note === 'Offer letter downloaded by the applicant.'));
    offer = await ok(`/api/applications/${id}/offer`, { token });
    assert.equal(offer.offer.state, 'ACCEPTED');
    await staffPage.reload();
    await staffPage
      .getByRole('region', { name: 'Offer and Letters' })
      .getByText(/^Accepted on /)
      .waitFor({ timeout: 20_000 });

    // Anyone can check the letter's code: for whom, and for which program, nothing more.
    const verified = await ok(`/api/letters/verify/${offer.letters[0].code}`);
    assert.deepEqual([verified.valid, verified.name, verified.program], [true, 'Mapalo Chileshe', program.name]);
    assert.equal((await api('/api/letters/verify/ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ')).status, 404);
    assert.deepEqual(staffErrors, []);
    assert.deepEqual(errors, []);
  });
});
