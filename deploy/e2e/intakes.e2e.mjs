/**
 * The admission-round journey of issue 16 ("Done when") in headless Chromium
 * against the real portal (API, shell and remotes on one port, embedded
 * database with the demo data):
 *
 * - a SUPERUSER opens an intake for a demo university through the staff
 *   screens, offering two programs with one place each;
 * - an applicant starts the wizard on a phone (one browser context), the
 *   draft is saved on the server as they type, and they finish it on a laptop
 *   (another context, signed in afresh): the draft comes back, they choose the
 *   new intake and submit; two more applicants apply into it through the API;
 * - the university's ADMIN accepts one applicant into each program and is
 *   refused a third acceptance with 'No places left in {program}.';
 * - the SUPERUSER closes the open intakes ('Close now': the portal's clock
 *   cannot be moved from a browser, so the intake closes by its closing time
 *   moving to now, as staff close one) and adds the next one; nobody can
 *   apply any more, and the university page says 'Applications are closed'
 *   and when the next intake opens.
 *
 * Every wait is for an element, an address or a stored state, never a fixed time.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectPageErrors, demoLogins, desktopPage, fillEducation, fillPersonalStep, launchBrowser, noticeShown, phonePage, recordNotices, signIn, startPortal } from './harness.mjs';
import { makePdf, makePng } from './sample-files.mjs';

const STAMP = Date.now().toString(36);
const INTAKE = `Special intake ${STAMP}`;
const NEXT_INTAKE = `Next intake ${STAMP}`;
const PASSWORD = 'Mansa-Lake-2026!';
const FILES = [
  { label: 'NRC front or passport', name: 'nrc-front.png', mimeType: 'image/png', buffer: makePng(48, 30, [180, 40, 40]) },
  { label: 'NRC back', name: 'nrc-back.png', mimeType: 'image/png', buffer: makePng(48, 30, [40, 40, 180]) },
  { label: 'Academic results', name: 'results.pdf', mimeType: 'application/pdf', buffer: makePdf('Grade 12 results') },
  { label: 'Certificate', name: 'certificate.pdf', mimeType: 'application/pdf', buffer: makePdf('School certificate') },
];

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** What a datetime-local input takes for this instant in Lusaka time (UTC+2 all year, no daylight saving). */
function lusakaInput(at) {
  return new Date(at.getTime() + 2 * 60 * MINUTE).toISOString().slice(0, 16);
}
/** How the portal writes that instant: '25 Dec 2026, 09:00 CAT'. */
function lusakaText(at) {
  const local = new Date(at.getTime() + 2 * 60 * MINUTE);
  const two = (n) => String(n).padStart(2, '0');
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}, ${two(local.getUTCHours())}:${two(local.getUTCMinutes())} CAT`;
}
/** Whole minutes, as the form keeps them. */
const toMinute = (ms) => new Date(Math.floor(ms / MINUTE) * MINUTE);

/** Waits for a condition on stored state (polling the API), failing with `what` after 30 s. */
async function until(what, check) {
  const deadline = Date.now() + 30_000;
  let last;
  while (Date.now() < deadline) {
    last = await check();
    if (last) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** The account id a session token carries. */
function tokenUserId(token) {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
  return Number(claims.sub ?? claims.id);
}

/** Closes a SweetAlert-like dialog after checking its text. */
async function expectDialog(page, text) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text, { exact: true }).waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
}

describe('admission rounds: an intake with places, a draft that follows the applicant, a closed round', () => {
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

  it('opens an intake, fills its places, refuses a third acceptance, and closes it', async () => {
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
    const register = async (firstName, lastName) => {
      const email = `${firstName.toLowerCase()}.${STAMP}@example.org`;
      const res = await call('/api/auth/register', { method: 'POST', json: { firstName, lastName, email, phone: '+260 977 444 000', password: PASSWORD, consent: true } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return { email, password: PASSWORD, fullName: `${firstName} ${lastName}`, token: await login({ email, password: PASSWORD }) };
    };
    const applyThroughApi = (applicant, programIds, intakeId) => {
      const form = new FormData();
      form.append(
        'application',
        JSON.stringify({
          programIds,
          ...(intakeId ? { intakeId } : {}),
          status: 'PENDING',
          fullName: applicant.fullName,
          gender: 'Male',
          phoneNumber: '+260 977 444 000',
          email: applicant.email,
          dateOfBirth: '2006-05-20',
          nationality: 'Zambian',
          province: 'Copperbelt',
          nationalRegNumber: '345678/10/1',
          city: 'Ndola',
          country: 'Zambia',
          highestQualification: 'Grade 12',
          institutionAttended: 'Ndola Secondary',
        }),
      );
      for (const file of FILES) form.append('files', new Blob([file.buffer], { type: file.mimeType }), file.name);
      return call('/api/applications', { method: 'POST', token: applicant.token, body: form });
    };

    const logins = demoLogins(portal.dataDir);
    const superuser = logins.find((l) => l.role === 'SUPERUSER');
    const admin = logins.find((l) => l.role === 'ADMIN');
    const university = (await call('/api/universities')).body.find((u) => u.name === admin.university);
    assert.ok(superuser && admin && university, 'the demo data has a SUPERUSER, and an ADMIN of a university');
    const [first, second] = (await call(`/api/programs/university/${university.id}`)).body;
    assert.ok(first && second, `${university.name} has two programs`);

    /* ---------- the SUPERUSER opens an intake with one place in each of two programs ---------- */
    const su = await desktopPage(browser);
    const suErrors = collectPageErrors(su);
    await signIn(su, portal.url, superuser);
    await su.goto(`${portal.url}/intakes/add?university=${university.id}`);
    const intakeForm = su.getByRole('form', { name: 'New Intake' });
    await intakeForm.getByLabel(/^Name/).fill(INTAKE);
    await intakeForm.getByLabel(/^Opens at/).fill(lusakaInput(new Date(Date.now() - 10 * MINUTE)));
    await intakeForm.getByLabel(/^Closes at/).fill(lusakaInput(new Date(Date.now() + 3 * DAY)));
    for (const program of [first, second]) {
      await intakeForm.getByRole('checkbox', { name: program.name, exact: true }).check();
      await intakeForm.getByLabel(`Places in ${program.name}`).fill('1');
    }
    await intakeForm.getByRole('button', { name: 'Create Intake' }).click();
    await expectDialog(su, 'Intake Created Successfully');
    await su.waitForURL(`${portal.url}/intakes?university=${university.id}`);
    await su.getByRole('cell', { name: INTAKE, exact: true }).first().waitFor({ timeout: 20_000 });
    const suToken = await su.evaluate(() => localStorage.getItem('user'));
    const intakes = (await call(`/api/universities/${university.id}/intakes`, { token: suToken })).body;
    const intake = intakes.find((i) => i.name === INTAKE);
    assert.equal(intake?.state, 'OPEN');
    assert.deepEqual(
      intake.programs.map((p) => [p.programId, p.capacity]).sort((a, b) => a[0] - b[0]),
      [
        [first.id, 1],
        [second.id, 1],
      ].sort((a, b) => a[0] - b[0]),
    );

    /* ---------- an applicant starts on a phone ... ---------- */
    const chanda = await register('Chanda', `Phiri${STAMP}`);
    const phone = await phonePage(browser);
    const phoneErrors = collectPageErrors(phone);
    await signIn(phone, portal.url, chanda);
    await phone.goto(`${portal.url}/universities/${university.id}`);
    await phone.getByRole('heading', { name: university.name }).first().waitFor({ timeout: 20_000 });
    await phone.getByText(INTAKE).first().waitFor({ timeout: 20_000 });
    await phone.getByRole('link', { name: 'Apply' }).click();
    await phone.waitForURL(`${portal.url}/apply/${university.id}`);
    await fillPersonalStep(phone, { fullName: chanda.fullName, gender: 'Male', phone: '+260 977 444 000', dateOfBirth: '2006-05-20', province: 'Copperbelt', city: 'Kitwe' });
    // Two intakes are open (the demo's main intake and this one): the applicant chooses.
    await phone.getByLabel(/^Intake/).selectOption(String(intake.id));
    await phone.getByLabel(/^First choice program/).selectOption(String(first.id));
    await fillEducation(phone, { nrc: '456789/10/1', schoolProvince: 'Copperbelt', institution: 'Kitwe Boys Secondary' });
    // The draft reaches the server as they type (at most one save every few seconds). Wait for
    // the last row as typed: the first grade chosen already saves five rows, four of them blank.
    await until('the draft saved on the server', async () => {
      const saved = await call('/api/drafts/mine', { token: chanda.token });
      const draft = saved.body?.draft;
      const lastRow = draft?.grade12Results?.[4];
      return (
        saved.status === 200 && draft.institution === 'Kitwe Boys Secondary' && draft.programIds?.[0] === first.id && draft.city === 'Kitwe' && lastRow?.subject === 'Physics' && lastRow.grade === 5
      );
    });
    // A last correction, and the tab is closed at once, well before the next paced save:
    // leaving the page sends it.
    await phone.getByLabel(/^Institution attended/).fill('Kitwe Boys Secondary School');
    await phone.close({ runBeforeUnload: true });
    await until('the correction typed just before closing the tab saved on the server', async () => {
      const saved = await call('/api/drafts/mine', { token: chanda.token });
      return saved.body?.draft?.institution === 'Kitwe Boys Secondary School';
    });
    assert.deepEqual(phoneErrors, []);
    await phone.context().close();

    /* ---------- ... and finishes on a laptop ---------- */
    const laptop = await desktopPage(browser);
    const laptopErrors = collectPageErrors(laptop);
    await signIn(laptop, portal.url, chanda);
    await laptop.goto(`${portal.url}/universities/${university.id}`);
    await recordNotices(laptop);
    await laptop.getByRole('link', { name: 'Apply' }).click();
    await laptop.waitForURL(`${portal.url}/apply/${university.id}`);
    await noticeShown(laptop, 'We restored your draft from your other device', 20_000);
    await laptop.getByRole('heading', { name: 'Step 2 of 4: Program' }).waitFor({ timeout: 20_000 });
    assert.equal(await laptop.getByLabel(/^Institution attended/).inputValue(), 'Kitwe Boys Secondary School');
    assert.equal(await laptop.getByLabel(/^First choice program/).inputValue(), String(first.id));
    assert.equal(await laptop.getByLabel('Subject 5', { exact: true }).inputValue(), 'Physics', 'the Grade 12 results came with the draft');
    await laptop.getByLabel(/^Intake/).selectOption(String(intake.id));
    await laptop.getByRole('button', { name: 'Back', exact: true }).click();
    await laptop.getByRole('heading', { name: 'Step 1 of 4: Personal' }).waitFor();
    assert.equal(await laptop.getByLabel(/^City/).inputValue(), 'Kitwe');
    assert.equal(await laptop.getByLabel(/^Date of birth/).inputValue(), '2006-05-20');
    await laptop.getByRole('button', { name: 'Next', exact: true }).click();
    await laptop.getByRole('heading', { name: 'Step 2 of 4: Program' }).waitFor();
    await laptop.getByRole('button', { name: 'Next', exact: true }).click();
    await laptop.getByRole('heading', { name: 'Step 3 of 4: Files' }).waitFor();
    for (const file of FILES) {
      await laptop.getByLabel(`Choose ${file.label}`).setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: file.buffer });
      await laptop.getByText(file.name, { exact: false }).first().waitFor();
    }
    await laptop.getByRole('button', { name: 'Next', exact: true }).click();
    await laptop.getByRole('heading', { name: 'Step 4 of 4: Review' }).waitFor();
    await laptop.getByText(INTAKE).first().waitFor();
    await laptop.getByRole('button', { name: 'Submit Application' }).click();
    await laptop.getByRole('heading', { name: 'Application Submitted' }).waitFor({ timeout: 60_000 });
    assert.deepEqual(laptopErrors, []);
    await laptop.context().close();
    const own = await call(`/api/applications/user/${tokenUserId(chanda.token)}`, { token: chanda.token });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    const mine = own.body.find((a) => a.intake?.id === intake.id);
    assert.ok(mine, `the application went into the new intake: ${JSON.stringify(own.body.map((a) => a.intake))}`);
    assert.equal((await call('/api/drafts/mine', { token: chanda.token })).status, 404, 'submitting ends the draft');

    /* ---------- two more applicants apply through the API ---------- */
    const mulenga = await register('Mulenga', `Banda${STAMP}`);
    const second2 = await applyThroughApi(mulenga, [second.id], intake.id);
    assert.equal(second2.status, 201, JSON.stringify(second2.body));
    const bupe = await register('Bupe', `Tembo${STAMP}`);
    const third = await applyThroughApi(bupe, [first.id], intake.id);
    assert.equal(third.status, 201, JSON.stringify(third.body));

    /* ---------- the ADMIN fills both programs, and is refused a third acceptance ---------- */
    const adminPage = await desktopPage(browser);
    const adminErrors = collectPageErrors(adminPage);
    await signIn(adminPage, portal.url, admin);
    const accept = async (applicationId, name, program) => {
      await adminPage.goto(`${portal.url}/applications/${applicationId}`);
      await adminPage.getByRole('heading', { name }).waitFor({ timeout: 20_000 });
      await adminPage.getByRole('button', { name: 'Accept' }).click();
      // Accepting is making an offer (issue 17), and an open offer holds a place.
      const dialog = adminPage.getByRole('dialog', { name: 'Make an offer' });
      await dialog.getByRole('radio', { name: `Choice 1: ${program.name}` }).check();
      await dialog.getByRole('button', { name: 'Make offer' }).click();
      return dialog;
    };
    await accept(mine.id, chanda.fullName, first);
    await adminPage.getByRole('region', { name: 'History' }).getByText('Offer made', { exact: true }).first().waitFor({ timeout: 20_000 });
    await accept(second2.body.id, mulenga.fullName, second);
    await adminPage.getByRole('region', { name: 'History' }).getByText('Offer made', { exact: true }).first().waitFor({ timeout: 20_000 });
    const refused = await accept(third.body.id, bupe.fullName, first);
    await refused.getByText(`No places left in ${first.name}.`, { exact: false }).waitFor({ timeout: 20_000 });
    await refused.getByRole('button', { name: 'Cancel' }).click();
    const adminToken = await adminPage.evaluate(() => localStorage.getItem('user'));
    assert.notEqual((await call(`/api/applications/${third.body.id}`, { token: adminToken })).body.status, 'APPROVED', 'the third stays undecided');
    const refusedThroughApi = await call(`/api/applications/${third.body.id}`, { method: 'PUT', token: adminToken, json: { status: 'APPROVED', programId: first.id, reviewNotes: 'Admitted' } });
    assert.equal(refusedThroughApi.status, 409);
    assert.equal(refusedThroughApi.body.message, `No places left in ${first.name}.`);
    assert.deepEqual(adminErrors, []);
    await adminPage.context().close();

    /* ---------- the round closes: nobody can apply, the page says when the next one opens ---------- */
    await su.goto(`${portal.url}/intakes?university=${university.id}`);
    for (const open of intakes.filter((i) => i.state === 'OPEN')) {
      await su.getByRole('button', { name: `Close ${open.name} now` }).click({ timeout: 20_000 });
      await su.getByRole('dialog').getByRole('button', { name: 'Close now' }).click();
      await su.getByText(`${open.name} is closed`).first().waitFor({ timeout: 20_000 });
    }
    const opensNext = toMinute(Date.now() + 20 * DAY);
    await su.goto(`${portal.url}/intakes/add?university=${university.id}`);
    const nextForm = su.getByRole('form', { name: 'New Intake' });
    await nextForm.getByLabel(/^Name/).fill(NEXT_INTAKE);
    await nextForm.getByLabel(/^Opens at/).fill(lusakaInput(opensNext));
    await nextForm.getByLabel(/^Closes at/).fill(lusakaInput(new Date(opensNext.getTime() + 30 * DAY)));
    await nextForm.getByRole('checkbox', { name: first.name, exact: true }).check();
    await nextForm.getByRole('button', { name: 'Create Intake' }).click();
    await expectDialog(su, 'Intake Created Successfully');
    await su.getByRole('cell', { name: NEXT_INTAKE, exact: true }).first().waitFor({ timeout: 20_000 });
    const states = (await call(`/api/universities/${university.id}/intakes`, { token: suToken })).body.map((i) => i.state);
    assert.ok(!states.includes('OPEN'), `no intake is open: ${states.join(', ')}`);
    assert.deepEqual(suErrors, []);
    await su.context().close();

    const late = await register('Kondwani', `Mwale${STAMP}`);
    const latePage = await desktopPage(browser);
    const lateErrors = collectPageErrors(latePage);
    await signIn(latePage, portal.url, late);
    await latePage.goto(`${portal.url}/universities/${university.id}`);
    await latePage.getByRole('heading', { name: 'Applications are closed' }).waitFor({ timeout: 20_000 });
    await latePage.getByText(`The next intake opens on ${lusakaText(opensNext)}`).waitFor();
    assert.equal(await latePage.getByRole('link', { name: 'Apply' }).count(), 0, 'no Apply button while applications are closed');
    await latePage.goto(`${portal.url}/apply/${university.id}`);
    await latePage.getByRole('heading', { name: 'Applications are closed' }).waitFor({ timeout: 20_000 });
    assert.deepEqual(lateErrors, []);
    await latePage.context().close();

    for (const [who, intakeId] of [
      ['into the closed intake', intake.id],
      ['without naming an intake', undefined],
    ]) {
      const res = await applyThroughApi(late, [first.id], intakeId);
      assert.equal(res.status, 409, `applying ${who}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.message, 'Applications for this intake are closed.');
    }
  });
});
