/**
 * The applicant journey in headless Chromium on a phone-sized window, against
 * the real portal (API, shell and remotes on one port, embedded database with
 * the demo data): a new applicant registers, applies to a university with three
 * program choices and four real files (PNG images and PDFs generated here),
 * reloads in the middle of the wizard and loses nothing, submits, then finds
 * the application in the list and its detail with the files, which arrive on
 * the server byte for byte. Signing in again mid-wizard (the login form clears
 * local storage) loses nothing either; a dropped submit is retried. The
 * documents upload as they are chosen (issue 19), so Submit sends only the form.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { clickThrough, collectPageErrors, fillGrade12Results, launchBrowser, phonePage, signIn, startPortal, storedDocuments, wizardStepOneReady } from './harness.mjs';
import { makePdf, makePng } from './sample-files.mjs';

const FILES = [
  // A photo larger than 2000 px: shrunk on the phone before it is sent (issue 19).
  { label: 'NRC front or passport', name: 'nrc-front.png', mimeType: 'image/png', buffer: makePng(2400, 1500, [200, 30, 30]), shrunkTo: [2000, 1250] },
  { label: 'NRC back', name: 'nrc-back.png', mimeType: 'image/png', buffer: makePng(64, 40, [30, 30, 200]) },
  { label: 'Academic results', name: 'results.pdf', mimeType: 'application/pdf', buffer: makePdf('Grade 12 results') },
  // Padded after %%EOF to about 600 KB, so a throttled upload takes long enough to watch its progress.
  { label: 'Certificate', name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([makePdf('School certificate'), Buffer.from(`%${'0123456789'.repeat(120_000)}\n`)]) },
];

/** At the narrowest phone the portal supports: no WCAG 2 A/AA violation inside the applicant remote, nothing scrolls sideways. */
const NARROW = { width: 320, height: 640 };
async function assertFits(page, where) {
  const { violations } = await new AxeBuilder({ page }).include('[data-remote="mfe_applicant"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  assert.deepEqual(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
    `${where}: accessibility violations`,
  );
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(scroll <= client + 1, `${where}: the page is ${scroll}px wide in a ${client}px window`);
}
const SHOTS = process.env.E2E_SCREENSHOTS;
async function shot(page, name) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('applicant journey', () => {
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

  it('applies with three choices and four files, survives a reload, submits, and finds the application with its files', async () => {
    const api = async (path, token) => {
      const res = await fetch(`${portal.url}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      assert.ok(res.ok, `${path} answered ${res.status}`);
      return res;
    };
    // A university with at least three programs.
    const universities = await (await api('/api/universities')).json();
    let university;
    let programs = [];
    for (const candidate of universities) {
      programs = await (await api(`/api/programs/university/${candidate.id}`)).json();
      if (programs.length >= 3) {
        university = candidate;
        break;
      }
    }
    assert.ok(university, 'the demo data has a university with three programs');
    const chosen = programs.slice(0, 3);

    const page = await phonePage(browser, { viewport: NARROW });
    const errors = collectPageErrors(page);
    // Each document's upload address, from the chunks sent to it (issue 19).
    const uploadPatches = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname.startsWith('/api/uploads/')) uploadPatches.push(request.url());
    });

    // Register a fresh applicant, then sign in.
    const email = `applicant.${Date.now()}@example.org`;
    const password = 'Kafue-River-2026!';
    const newPassword = 'Luangwa-Valley-2027!';
    await page.goto(`${portal.url}/register`);
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page.getByLabel('First Name').fill('Chipo');
    await page.getByLabel('Last Name').fill('Mwale');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+260 977 123 456');
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${portal.url}/login`, { timeout: 20_000 });
    await signIn(page, portal.url, { email, password });
    await page.getByRole('heading', { name: 'Universities' }).waitFor({ timeout: 20_000 });
    await assertFits(page, 'university list');
    await shot(page, 'dashboard');

    // Browse: the list, the university, Apply.
    await page.getByLabel('Search universities by name').fill(university.name);
    await page
      .getByRole('link', { name: `Learn More about ${university.name}` })
      .first()
      .click({ timeout: 20_000 });
    await page.waitForURL(`${portal.url}/universities/${university.id}`);
    await page.getByRole('heading', { name: university.name }).first().waitFor({ timeout: 20_000 });
    await assertFits(page, 'university detail');
    await shot(page, 'university');
    await page.getByRole('link', { name: 'Apply' }).click();
    await page.waitForURL(`${portal.url}/apply/${university.id}`);

    // Step 1: prefilled from the session, completed here.
    await wizardStepOneReady(page);
    assert.equal(await page.getByLabel(/^Email/).inputValue(), email);
    await page.getByLabel(/^Full name/).fill('Chipo Mwale');
    await page.getByLabel(/^Gender/).selectOption('Female');
    await page.getByLabel(/^Phone number/).fill('+260 977 123 456');
    await page.getByLabel(/^Date of birth/).fill('2005-03-14');
    await page.getByLabel(/^Country/).selectOption('Zambia');
    await page.getByLabel(/^Province/).selectOption('Central');
    await page.getByLabel(/^City/).fill('Kabwe');
    await assertFits(page, 'wizard step 1');
    await shot(page, 'step1');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 2: three choices in order, education.
    await page.getByRole('heading', { name: 'Step 2 of 4: Program' }).waitFor();
    await page.getByLabel(/^First choice program/).selectOption(String(chosen[0].id));
    await page.getByLabel(/^Second choice program/).selectOption(String(chosen[1].id));
    await page.getByLabel(/^Third choice program/).selectOption(String(chosen[2].id));
    const thirdOptions = await page
      .getByLabel(/^Third choice program/)
      .locator('option')
      .allTextContents();
    assert.ok(!thirdOptions.includes(chosen[0].name), 'a program chosen in one slot is not offered in another');
    await page.getByLabel(/^Nationality/).fill('Zambian');
    await page.getByLabel(/^National registration number/).fill('123456/78/1');
    await page.getByLabel(/^Province of school last attended/).fill('Central');
    await page.getByLabel(/^Highest qualification/).selectOption('Grade 12');
    await page.getByLabel(/^Institution attended/).fill('Kabwe Secondary School');
    await fillGrade12Results(page);
    await page.getByLabel(/^Program notes/).fill('Interested in research.');
    await assertFits(page, 'wizard step 2');
    await shot(page, 'step2');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 3: four real files through the file inputs.
    await page.getByRole('heading', { name: 'Step 3 of 4: Files' }).waitFor();
    // The first through the keyboard (the label button opens the chooser), the others through the inputs.
    const [first, ...others] = FILES;
    const choosing = page.waitForEvent('filechooser', { timeout: 15_000 });
    await page.locator('#file-NRC_FRONT-button').press('Enter');
    const chooser = await choosing;
    await chooser.setFiles({ name: first.name, mimeType: first.mimeType, buffer: first.buffer });
    await page.getByText(first.name, { exact: false }).first().waitFor();
    await page.getByText(/^Made smaller on this phone: 2400 × 1500, .+ → 2000 × 1250, .+$/).waitFor({ timeout: 20_000 });
    for (const file of others) {
      await page.getByLabel(`Choose ${file.label}`).setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: file.buffer });
      await page.getByText(file.name, { exact: false }).first().waitFor();
    }
    await page.getByRole('img', { name: 'Preview of nrc-front.png' }).waitFor();
    await assertFits(page, 'wizard step 3');
    await shot(page, 'step3');

    // Reload mid-wizard: nothing typed or chosen is lost. Reload once the files are in the browser's store
    // (a fixed wait would be a guess about the machine's speed).
    for (let polls = 0; (await storedDocuments(page)).count < FILES.length; polls++) {
      assert.ok(polls < 200, 'the four files are kept in the browser for a reload within 20 s');
      await page.waitForTimeout(100);
    }
    await page.reload();
    await page.getByRole('heading', { name: 'Step 3 of 4: Files' }).waitFor({ timeout: 20_000 });
    for (const file of FILES) await page.getByText(file.name, { exact: false }).first().waitFor({ timeout: 10_000 });

    // The session ends mid-wizard and the applicant signs in again (the login form clears local
    // storage): the Continue Application card brings everything back from the IndexedDB copy.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, portal.url, { email, password });
    await page.goto(`${portal.url}/applications`);
    // The card names the university and the deadline of its open intake.
    const draftCard = page.locator('.MuiCard-root', { has: page.getByRole('heading', { name: 'Continue Application' }) });
    await draftCard.getByText(`unfinished application to ${university.name}`, { exact: false }).waitFor();
    await draftCard.getByText(/^Apply by /).waitFor();
    await clickThrough(page, draftCard.getByRole('button', { name: 'Resume Application' }), `${portal.url}/apply/${university.id}`);
    await page.getByRole('heading', { name: 'Step 3 of 4: Files' }).waitFor({ timeout: 20_000 });
    for (const file of FILES) await page.getByText(file.name, { exact: false }).first().waitFor({ timeout: 10_000 });

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    assert.equal(await page.getByLabel(/^Third choice program/).inputValue(), String(chosen[2].id));
    assert.equal(await page.getByLabel(/^Institution attended/).inputValue(), 'Kabwe Secondary School');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    assert.equal(await page.getByLabel(/^City/).inputValue(), 'Kabwe');
    assert.equal(await page.getByLabel(/^Date of birth/).inputValue(), '2005-03-14');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 4: review and submit.
    await page.getByRole('heading', { name: 'Step 4 of 4: Review' }).waitFor();
    await page.getByText('4 of 4 files uploaded').waitFor();
    await assertFits(page, 'wizard step 4');
    await shot(page, 'step4');
    for (const program of chosen) await page.getByText(program.name, { exact: true }).first().waitFor();
    // A dropped connection: the applicant is told, nothing is lost, a retry succeeds.
    await page.route('**/api/applications', (route) => route.abort('connectionreset'), { times: 1 });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Something went wrong. Please try again.').waitFor({ timeout: 30_000 });
    const kept = JSON.parse(await page.evaluate(() => localStorage.getItem('applicationDraft')));
    assert.deepEqual(
      kept.programIds,
      chosen.map((p) => p.id),
    );
    await page.getByText('4 of 4 files uploaded').waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    // The documents went up through the resumable uploads as they were chosen (issue 19, resumable.e2e.mjs
    // cuts and reloads mid-upload): Submit sends the form and names the uploads, not the files again.
    assert.ok(new Set(uploadPatches).size >= 4, `the four documents went through /api/uploads (${new Set(uploadPatches).size} uploads)`);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { name: 'Application Submitted' }).waitFor({ timeout: 60_000 });
    assert.equal(await page.evaluate(() => localStorage.getItem('applicationDraft')), null, 'the draft is cleared after submitting');

    // The list.
    await page.getByRole('link', { name: 'View My Applications' }).click();
    await page.waitForURL(`${portal.url}/applications`);
    await page.getByRole('heading', { name: university.name }).first().waitFor({ timeout: 20_000 });
    await page.getByText('Page 1 out of 1').waitFor();
    await assertFits(page, 'applications list');
    await shot(page, 'list');
    assert.equal(await page.getByRole('heading', { name: 'Continue Application' }).count(), 0);
    await page
      .getByRole('link', { name: /View details of application/ })
      .first()
      .click();

    // The detail: choices by priority, documents, the lightbox.
    await page.waitForURL(/\/applications\/\d+$/);
    const applicationId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText(`1. ${chosen[0].name}`).waitFor({ timeout: 20_000 });
    await page.getByText(`2. ${chosen[1].name}`).waitFor();
    await page.getByText(`3. ${chosen[2].name}`).waitFor();
    for (const file of FILES) await page.getByText(file.name, { exact: false }).first().waitFor();
    await assertFits(page, 'application detail');
    await shot(page, 'detail');
    await page.getByRole('button', { name: 'View nrc-front.png' }).click();
    const slide = page.locator('.yarl__root img.yarl__slide_image').first();
    await slide.waitFor({ timeout: 20_000 });
    assert.match((await slide.getAttribute('src')) ?? '', /^blob:/);
    await page.keyboard.press('Escape');

    // On the server: the application with its three choices and four intact files.
    const token = await page.evaluate(() => localStorage.getItem('user'));
    const application = await (await api(`/api/applications/${applicationId}`, token)).json();
    assert.deepEqual(
      [...application.programChoices].sort((a, b) => a.priority - b.priority).map((c) => c.programId),
      chosen.map((p) => p.id),
    );
    assert.equal(application.city, 'Kabwe');
    assert.equal(application.files.length, 4);
    for (const file of FILES) {
      const stored = application.files.find((f) => f.fileName === file.name);
      assert.ok(stored, `${file.name} is stored`);
      const bytes = Buffer.from(await (await api(stored.url, token)).arrayBuffer());
      if (file.shrunkTo) {
        // Drawn again at 2000 px on its long edge, still a PNG: its header says so.
        assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
        assert.deepEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], file.shrunkTo, `${file.name} arrives shrunk`);
      } else assert.ok(bytes.equals(file.buffer), `${file.name} arrives byte for byte`);
    }

    // Profile and settings; the data export; deleting the account ends the session.
    // Settings: a password change keeps this browser signed in (its token is renewed).
    await page.goto(`${portal.url}/settings`);
    const passwordSection = page.getByRole('region', { name: 'Password' });
    await passwordSection.getByLabel(/^Current password/).fill(password, { timeout: 20_000 });
    await passwordSection.getByLabel(/^New password/).fill(newPassword);
    await passwordSection.getByLabel(/^Confirm new password/).fill(newPassword);
    await passwordSection.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed. You have been signed out on every other device.').waitFor();
    await assertFits(page, 'settings');
    await page.goto(`${portal.url}/profile`);
    await page.getByText(email).waitFor({ timeout: 20_000 });
    await page.getByText('Active', { exact: true }).waitFor();
    await assertFits(page, 'profile');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    const exported = JSON.parse(Buffer.from(await (await download.createReadStream()).toArray().then((parts) => Buffer.concat(parts))).toString());
    assert.ok(JSON.stringify(exported).includes(email), 'the export holds the account');
    const logoutAnswers = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/auth/logout')) logoutAnswers.push(response.status());
    });
    await page.getByRole('button', { name: 'Delete my account' }).click();
    // The password is asked for first; a wrong one is refused in the dialog and nothing is deleted.
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password').fill('Not-my-password-1');
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await dialog.getByText('The password is not correct. Your account has not been deleted.').waitFor();
    await dialog.getByLabel('Password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.waitForURL(`${portal.url}/login`, { timeout: 20_000 });
    // /login confirms it, and the shell sent no logout that could answer 401.
    await page.getByText('Your account and personal data have been deleted.').waitFor();
    assert.deepEqual(logoutAnswers, [], 'the server ended the session itself: no logout call, no 401');
    const login = await fetch(`${portal.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: newPassword }) });
    assert.notEqual(login.status, 200, 'a deleted account cannot sign in');

    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
