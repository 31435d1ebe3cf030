/**
 * The staff journey in headless Chromium against the real portal (API, shell
 * and remotes on one port, embedded database with the demo data):
 * a SUPERUSER creates a university, two programs, a course and an ADMIN for
 * the university through the staff screens; an applicant (registered and
 * submitting through the API, multipart with four files) applies to both
 * programs; the new ADMIN reviews the application and offers a place in the
 * second choice; the applicant accepts the offer and sees it approved; an ADMIN of
 * another university can neither list nor open it, in the browser or through
 * the API.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { collectPageErrors, demoLogins, desktopPage, launchBrowser, phonePage, searchApplications, signIn, startPortal } from './harness.mjs';

const STAMP = Date.now().toString(36);
const UNIVERSITY = `Kafue Institute of Technology ${STAMP}`;
const PROGRAMS = [`Mining Engineering ${STAMP}`, `Geology ${STAMP}`];
const COURSE = `Rock Mechanics ${STAMP}`;
const ADMIN = { email: `admin.${STAMP}@kit.example.org`, password: 'Kafue-Admin-2026!' };
const APPLICANT = { firstName: 'Natasha', lastName: `Zulu${STAMP}`, email: `natasha.${STAMP}@example.org`, password: 'Natasha-Pass-2026!' };

/** A tiny valid PNG (1×1) and PDF, enough for the upload checks. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** Closes a SweetAlert-like dialog after checking its text. */
async function expectDialog(page, text) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text, { exact: true }).waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
}

async function axeViolations(page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function widthOf(page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
}

describe('staff journey', () => {
  let portal;
  let browser;
  /** The application the journey creates; the page checks open it too. */
  let journeyApplicationId;
  before(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('a SUPERUSER sets up a university and its ADMIN, who offers an applicant a place in the second choice; another ADMIN cannot see it', async () => {
    const call = async (path, { token, method = 'GET', json, body } = {}) => {
      const headers = {};
      if (token) headers.Authorization = `Bearer ${token}`;
      if (json) headers['Content-Type'] = 'application/json';
      const res = await fetch(`${portal.url}${path}`, { method, headers, body: json ? JSON.stringify(json) : body });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    };
    const login = async ({ email, password }) => {
      const res = await call('/api/auth/login', { method: 'POST', json: { email, password } });
      assert.equal(res.status, 200, `login of ${email}: ${JSON.stringify(res.body)}`);
      return res.body.token;
    };
    const logins = demoLogins(portal.dataDir);
    const superuser = logins.find((l) => l.role === 'SUPERUSER');
    const otherAdmin = logins.find((l) => l.role === 'ADMIN');
    assert.ok(superuser && otherAdmin, 'the demo data has a SUPERUSER and an ADMIN');

    /* ---------- the SUPERUSER sets things up through the staff screens ---------- */
    const su = await desktopPage(browser);
    const suErrors = collectPageErrors(su);
    await signIn(su, portal.url, superuser);
    await su.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 30_000 });
    await su.getByRole('figure', { name: 'Programs by Faculty' }).waitFor({ timeout: 30_000 });

    await su.goto(`${portal.url}/universities/add`);
    const uniForm = su.getByRole('form', { name: 'Add University' });
    await uniForm.getByLabel(/^University Name/).fill(UNIVERSITY);
    await uniForm.getByLabel(/^Location/).fill('Kafue, Zambia');
    await uniForm.getByLabel(/^Website/).fill('https://kit.example.org');
    await uniForm.getByRole('button', { name: 'Add University' }).click();
    await expectDialog(su, 'University Created Successfully');
    await su.waitForURL(`${portal.url}/universities/all`);
    await su.getByRole('cell', { name: UNIVERSITY, exact: true }).waitFor({ timeout: 20_000 });
    const university = (await call('/api/universities')).body.find((u) => u.name === UNIVERSITY);
    assert.ok(university, 'the university is stored');

    for (const name of PROGRAMS) {
      await su.goto(`${portal.url}/programs/add`);
      const form = su.getByRole('form', { name: 'Add New Program' });
      await form.getByRole('option', { name: UNIVERSITY }).waitFor({ state: 'attached', timeout: 20_000 });
      await form.getByLabel(/^University/).selectOption(String(university.id));
      await form.getByLabel(/^Name/).fill(name);
      await form.getByLabel(/^Description/).fill(`${name}: a four-year degree.`);
      await form.getByLabel(/^Duration/).fill('4');
      await form.getByRole('button', { name: 'Add Program' }).click();
      await expectDialog(su, 'Program Created Successfully');
      await su.waitForURL(`${portal.url}/programs`);
    }
    const programs = (await call(`/api/programs/university/${university.id}`)).body;
    const [first, second] = PROGRAMS.map((name) => programs.find((p) => p.name === name));
    assert.ok(first && second, 'both programs are stored under the new university');

    await su.goto(`${portal.url}/course/add`);
    const courseForm = su.getByRole('form', { name: 'Add Course' });
    await courseForm.getByRole('option', { name: UNIVERSITY }).waitFor({ state: 'attached', timeout: 20_000 });
    await courseForm.getByLabel(/^University/).selectOption(String(university.id));
    await courseForm.getByRole('option', { name: PROGRAMS[0] }).waitFor({ state: 'attached', timeout: 20_000 });
    await courseForm.getByLabel(/^Program/).selectOption(String(first.id));
    await courseForm.getByLabel(/^Course Name/).fill(COURSE);
    await courseForm.getByLabel(/^Course Description/).fill('Stress and strain in rock masses.');
    await courseForm.getByLabel(/^Semester/).fill('1');
    await courseForm.getByLabel(/^Year/).fill('2');
    await courseForm.getByRole('button', { name: 'Add Course' }).click();
    await expectDialog(su, 'Course Created Successfully');
    await su.goto(`${portal.url}/programs/${first.id}`);
    await su.getByRole('heading', { name: COURSE }).waitFor({ timeout: 20_000 });
    await su.getByText('Semester 1').waitFor();
    await su.getByText('Year 2').waitFor();

    await su.goto(`${portal.url}/users/add-admin`);
    const adminForm = su.getByRole('form', { name: 'Add Admin User' });
    await adminForm.getByRole('option', { name: UNIVERSITY }).waitFor({ state: 'attached', timeout: 20_000 });
    await adminForm.getByLabel(/^University/).selectOption(String(university.id));
    await adminForm.getByLabel(/^First Name/).fill('Mutale');
    await adminForm.getByLabel(/^Last Name/).fill('Kapembwa');
    await adminForm.getByLabel(/^Email/).fill(ADMIN.email);
    await adminForm.getByLabel(/^Phone/).fill('+260 966 000 111');
    await adminForm.getByLabel(/^Password/).fill(ADMIN.password);
    await adminForm.getByLabel(/^Confirm Password/).fill(ADMIN.password);
    await adminForm.getByRole('button', { name: 'Add Admin' }).click();
    await expectDialog(su, 'Admin user added successfully');
    await su.waitForURL(`${portal.url}/users`);
    await su.getByRole('cell', { name: ADMIN.email, exact: true }).waitFor({ timeout: 20_000 });
    assert.deepEqual(suErrors, []);
    await su.context().close();

    /* ---------- the applicant applies through the API (multipart, four files) ---------- */
    const registered = await call('/api/auth/register', {
      method: 'POST',
      json: { firstName: APPLICANT.firstName, lastName: APPLICANT.lastName, email: APPLICANT.email, phone: '+260 977 555 000', password: APPLICANT.password, role: 'USER', consent: true },
    });
    assert.equal(registered.status, 201, JSON.stringify(registered.body));
    const applicantToken = await login(APPLICANT);
    const form = new FormData();
    form.append(
      'application',
      JSON.stringify({
        programIds: [first.id, second.id],
        status: 'PENDING',
        fullName: `${APPLICANT.firstName} ${APPLICANT.lastName}`,
        gender: 'Female',
        phoneNumber: '+260 977 555 000',
        email: APPLICANT.email,
        dateOfBirth: '2006-02-11',
        nationality: 'Zambian',
        province: 'Lusaka',
        nationalRegNumber: '222333/10/1',
        city: 'Kafue',
        country: 'Zambia',
        highestQualification: 'Grade 12',
        institutionAttended: 'Kafue Boys Secondary',
        submissionDetails: 'All documents attached',
        programNotes: 'Interested in field work',
      }),
    );
    form.append('files', new Blob([PNG], { type: 'image/png' }), 'nrc-front.png');
    form.append('files', new Blob([PNG], { type: 'image/png' }), 'nrc-back.png');
    form.append('files', new Blob([PDF], { type: 'application/pdf' }), 'results.pdf');
    form.append('files', new Blob([PDF], { type: 'application/pdf' }), 'certificate.pdf');
    const submitted = await call('/api/applications', { method: 'POST', token: applicantToken, body: form });
    assert.equal(submitted.status, 201, JSON.stringify(submitted.body));
    const applicationId = submitted.body.id;
    journeyApplicationId = applicationId;
    const applicantName = `${APPLICANT.firstName} ${APPLICANT.lastName}`;

    /* ---------- the new ADMIN reviews and accepts into the second choice ---------- */
    const admin = await desktopPage(browser);
    const adminErrors = collectPageErrors(admin);
    await signIn(admin, portal.url, ADMIN);
    await admin.goto(`${portal.url}/applications`);
    await admin.getByRole('heading', { name: 'Applications' }).waitFor({ timeout: 20_000 });
    await searchApplications(admin, APPLICANT.lastName);
    await admin.getByRole('link', { name: `View application of ${applicantName}` }).click({ timeout: 20_000 });
    await admin.waitForURL(`${portal.url}/applications/${applicationId}`);
    await admin.getByRole('heading', { name: applicantName }).waitFor({ timeout: 20_000 });
    const programInfo = admin.getByRole('region', { name: 'Program Information' });
    await programInfo.getByText('Choice 1').waitFor();
    await programInfo.getByText('Choice 2').waitFor();
    await admin.getByRole('button', { name: 'Open NRC front or passport' }).waitFor({ timeout: 20_000 });
    await admin.getByRole('button', { name: 'Accept' }).click();
    // Accepting is making an offer (issue 17): the applicant's acceptance makes it APPROVED.
    const accept = admin.getByRole('dialog', { name: 'Make an offer' });
    await accept.getByRole('radio', { name: `Choice 2: ${PROGRAMS[1]}` }).check();
    await accept.getByRole('button', { name: 'Make offer' }).click();
    await admin.getByRole('region', { name: 'History' }).getByText('Offer made', { exact: true }).first().waitFor({ timeout: 20_000 });
    assert.equal(await admin.getByRole('button', { name: 'Decline' }).count(), 0, 'no decision buttons once an offer is made');
    const adminToken = await admin.evaluate(() => localStorage.getItem('user'));
    const decided = await call(`/api/applications/${applicationId}`, { token: adminToken });
    assert.equal(decided.body.status, 'OFFERED');
    assert.equal(decided.body.programId, second.id, 'offered a place in the second choice');

    /* ---------- the ADMIN adds a colleague to its own university, and archives nobody ---------- */
    const COLLEAGUE = { email: `colleague.${STAMP}@kit.example.org`, password: 'Kafue-Colleague-2026!' };
    await admin.goto(`${portal.url}/users`);
    await admin.getByRole('heading', { name: 'Users' }).waitFor({ timeout: 20_000 });
    await admin.getByRole('cell', { name: ADMIN.email, exact: true }).waitFor({ timeout: 20_000 });
    assert.equal(await admin.getByRole('button', { name: /^(Archive|Unarchive) / }).count(), 0, 'only the SUPERUSER archives accounts');
    await admin.getByRole('button', { name: 'Add Admin' }).click();
    await admin.waitForURL(`${portal.url}/users/add-admin`);
    const colleagueForm = admin.getByRole('form', { name: 'Add Admin User' });
    await colleagueForm.getByText(`University: ${UNIVERSITY}`).waitFor({ timeout: 20_000 });
    assert.equal(await colleagueForm.getByLabel(/^University/).count(), 0, 'an ADMIN chooses no university');
    await colleagueForm.getByLabel(/^First Name/).fill('Bupe');
    await colleagueForm.getByLabel(/^Last Name/).fill('Mulenga');
    await colleagueForm.getByLabel(/^Email/).fill(COLLEAGUE.email);
    await colleagueForm.getByLabel(/^Phone/).fill('+260 966 000 222');
    await colleagueForm.getByLabel(/^Password/).fill(COLLEAGUE.password);
    await colleagueForm.getByLabel(/^Confirm Password/).fill(COLLEAGUE.password);
    await colleagueForm.getByRole('button', { name: 'Add Admin' }).click();
    await expectDialog(admin, 'Admin user added successfully');
    await admin.waitForURL(`${portal.url}/users`);
    await admin.getByRole('cell', { name: COLLEAGUE.email, exact: true }).waitFor({ timeout: 20_000 });
    const colleagueToken = await login(COLLEAGUE);
    const colleagueClaims = JSON.parse(Buffer.from(colleagueToken.split('.')[1], 'base64url').toString());
    assert.equal(colleagueClaims.role, 'ADMIN');
    assert.equal(colleagueClaims.universityId, university.id, "the colleague joins the ADMIN's university");
    assert.deepEqual(adminErrors, []);
    await admin.context().close();

    /* ---------- the applicant sees the decision ---------- */
    const applicant = await desktopPage(browser);
    await signIn(applicant, portal.url, APPLICANT);
    await applicant.goto(`${portal.url}/applications/${applicationId}`);
    // The offer, accepted by the applicant, ends as the spec's approval.
    await applicant.getByRole('button', { name: 'Accept offer' }).click();
    await applicant.getByRole('dialog', { name: 'Accept this offer?' }).getByRole('button', { name: 'Yes, accept the offer' }).click();
    await applicant.getByText('You accepted this offer').waitFor({ timeout: 20_000 });
    // The review shows the staff's notes (spec: notes, or the status line without them) and the badge the status.
    await applicant.getByText('Approved', { exact: true }).first().waitFor({ timeout: 20_000 });
    await applicant.context().close();

    /* ---------- an ADMIN of another university cannot see it ---------- */
    const other = await desktopPage(browser);
    await signIn(other, portal.url, otherAdmin);
    await other.goto(`${portal.url}/applications`);
    await other.getByRole('heading', { name: 'Applications' }).waitFor({ timeout: 20_000 });
    await searchApplications(other, APPLICANT.lastName);
    await other.getByText('No applications found.').waitFor({ timeout: 20_000 });
    await other.goto(`${portal.url}/applications/${applicationId}`);
    await other.getByText('Application not found').waitFor({ timeout: 20_000 });
    const otherToken = await login(otherAdmin);
    assert.equal((await call(`/api/applications/${applicationId}`, { token: otherToken })).status, 404);
    const otherList = await call(`/api/applications?page=1&size=20&search=${encodeURIComponent(APPLICANT.lastName)}`, { token: otherToken });
    assert.equal(otherList.status, 200);
    assert.equal(otherList.body.total, 0);
    const put = await call(`/api/applications/${applicationId}`, { method: 'PUT', token: otherToken, json: { status: 'REJECTED', reviewNotes: 'not mine' } });
    assert.equal(put.status, 404, 'another university cannot decide it either');
    await other.context().close();
  });

  it('staff pages fit a 320 px phone and have no WCAG A/AA violations', async () => {
    const superuser = demoLogins(portal.dataDir).find((l) => l.role === 'SUPERUSER');
    const page = await phonePage(browser, { viewport: { width: 320, height: 640 } });
    const errors = collectPageErrors(page);
    await signIn(page, portal.url, superuser);
    const token = await page.evaluate(() => localStorage.getItem('user'));
    const list = await (await fetch(`${portal.url}/api/applications?page=1&size=1`, { headers: { Authorization: `Bearer ${token}` } })).json();
    const applicationId = journeyApplicationId ?? list.items[0]?.id;
    assert.ok(applicationId, 'an application exists (the journey above creates one)');
    // On a phone the lists are cards (a list per page), not tables.
    const pages = [
      ['/dashboard', () => page.getByRole('figure', { name: 'Programs by Faculty' }).waitFor({ timeout: 30_000 })],
      ['/applications', () => page.getByRole('list', { name: 'Applications' }).waitFor({ timeout: 20_000 })],
      [`/applications/${applicationId}`, () => page.getByRole('region', { name: 'History' }).waitFor({ timeout: 20_000 })],
      ['/programs', () => page.getByRole('list', { name: 'Programs' }).waitFor({ timeout: 20_000 })],
      ['/programs/add', () => page.getByRole('form', { name: 'Add New Program' }).waitFor({ timeout: 20_000 })],
      ['/courses', () => page.getByRole('list', { name: 'Courses' }).waitFor({ timeout: 20_000 })],
      ['/universities/all', () => page.getByRole('list', { name: 'Universities' }).waitFor({ timeout: 20_000 })],
      ['/users', () => page.getByRole('list', { name: 'Users' }).waitFor({ timeout: 20_000 })],
      ['/users/add-admin', () => page.getByRole('form', { name: 'Add Admin User' }).waitFor({ timeout: 20_000 })],
      ['/students/all', () => page.getByRole('list', { name: 'Students' }).waitFor({ timeout: 20_000 })],
      ['/profile', () => page.getByText('Account Status').waitFor({ timeout: 20_000 })],
      ['/audit', () => page.getByRole('list', { name: 'Audit Log' }).waitFor({ timeout: 20_000 })],
    ];
    for (const [path, ready] of pages) {
      await page.goto(`${portal.url}${path}`);
      await ready();
      const { scroll, client } = await widthOf(page);
      assert.ok(scroll <= client + 1, `${path}: the page is ${scroll}px wide in a ${client}px window`);
      assert.deepEqual(await axeViolations(page), [], `axe violations on ${path}`);
    }
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
