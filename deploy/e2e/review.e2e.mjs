/**
 * Documents checked one by one (issue 17) in headless Chromium, against the
 * real portal with the demo data: an ADMIN rejects the NRC back of a new
 * application with a reason; the applicant sees exactly that reason on that
 * document only, uploads a new file for it, and the application is back in
 * review; the ADMIN then verifies all four documents. A reviewer note the
 * ADMIN writes never shows on the applicant's page. The server's state is
 * checked after each step.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectPageErrors, demoLogins, desktopPage, launchBrowser, phonePage, signIn, startPortal } from './harness.mjs';
import { makePng } from './sample-files.mjs';

const REASON = 'NRC back is unreadable — please upload a clearer photo';
const LABELS = ['NRC front or passport', 'NRC back', 'Academic results', 'Certificate'];

describe('document review and re-upload', () => {
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

  it('an ADMIN rejects the NRC back, the applicant replaces just that file, and the ADMIN verifies all four', async () => {
    const admin = demoLogins(portal.dataDir).find((l) => l.role === 'ADMIN' && l.university);
    assert.ok(admin, 'the demo data has an ADMIN of a university');
    const { token: adminToken } = await ok('/api/auth/login', { method: 'POST', json: { email: admin.email, password: admin.password } });
    const university = (await ok('/api/universities')).find((u) => u.name === admin.university);
    assert.ok(university, `the ADMIN's university (${admin.university}) is listed`);
    const programs = await ok(`/api/programs/university/${university.id}`);
    assert.ok(programs.length > 0, 'it offers a program');

    // A new applicant with one application and four real images, through the API (the wizard has its own journey).
    const email = `reupload.${Date.now()}@example.org`;
    const password = 'Kasama-Rocks-2026!';
    await ok('/api/auth/register', { method: 'POST', json: { firstName: 'Natasha', lastName: 'Mumba', email, phone: '+260 977 333 222', password, role: 'USER', consent: true } });
    const { token } = await ok('/api/auth/login', { method: 'POST', json: { email, password } });
    const intakes = await api(`/api/universities/${university.id}/intakes`, { token });
    // A university with intakes takes applications into an open one that offers the program.
    const openIntake = Array.isArray(intakes.body) ? intakes.body.find((i) => i.state === 'OPEN' && i.programs.some((p) => p.programId === programs[0].id)) : undefined;
    const form = new FormData();
    form.append(
      'application',
      JSON.stringify({
        programIds: [programs[0].id],
        ...(openIntake ? { intakeId: openIntake.id } : {}),
        status: 'PENDING',
        fullName: 'Natasha Mumba',
        phoneNumber: '+260 977 333 222',
        email,
        dateOfBirth: '2005-03-04',
        nationality: 'Zambian',
        province: 'Northern',
        nationalRegNumber: '246810/12/1',
        city: 'Kasama',
        country: 'Zambia',
        highestQualification: 'Grade 12',
        institutionAttended: 'Kasama Girls Secondary',
      }),
    );
    LABELS.forEach((_, i) => form.append('files', new Blob([makePng(48, 30, [50 * i, 120, 90])], { type: 'image/png' }), `document-${i}.png`));
    const created = await ok('/api/applications', { method: 'POST', token, body: form });
    const id = created.id;

    // The ADMIN rejects the NRC back with a reason, on the detail page beside the viewer.
    const staffPage = await desktopPage(browser);
    const staffErrors = collectPageErrors(staffPage);
    await signIn(staffPage, portal.url, admin);
    await staffPage.goto(`${portal.url}/applications/${id}`);
    const attached = staffPage.getByRole('list', { name: 'Attached Files' });
    const back = attached.getByRole('listitem', { name: 'NRC back' });
    await back.getByRole('button', { name: 'Reject NRC back' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Reject NRC back' });
    await dialog.getByRole('textbox', { name: /Reason for rejecting/ }).fill(REASON);
    await dialog.getByRole('button', { name: 'Reject document' }).click();
    await dialog.waitFor({ state: 'detached' });
    await back.getByText(REASON).waitFor();
    await staffPage.getByText('Documents requested').first().waitFor();
    // A reviewer note, internal to staff.
    const marker = `internal-${Date.now()}`;
    const notes = staffPage.getByRole('region', { name: 'Notes' });
    await notes.getByRole('textbox', { name: 'New note' }).fill(`Asked for a better scan (${marker})`);
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByText(`Asked for a better scan (${marker})`).waitFor();

    let server = await ok(`/api/applications/${id}`, { token: adminToken });
    assert.equal(server.status, 'DOCUMENTS_REQUESTED');
    assert.deepEqual(
      server.files.map((f) => [f.documentType, f.status, f.reason]),
      [
        ['NRC_FRONT', 'PENDING', null],
        ['NRC_BACK', 'REJECTED', REASON],
        ['ACADEMIC_RESULTS', 'PENDING', null],
        ['CERTIFICATE', 'PENDING', null],
      ],
    );
    const backId = server.files[1].id;

    // The applicant sees exactly that, on that document only, and uploads a new file for it.
    const applicantPage = await phonePage(browser);
    const applicantErrors = collectPageErrors(applicantPage);
    await signIn(applicantPage, portal.url, { email, password });
    await applicantPage.goto(`${portal.url}/applications/${id}`);
    await applicantPage.getByText('Documents Requested').first().waitFor();
    const documents = applicantPage.getByRole('list', { name: 'Documents' });
    const applicantBack = documents.getByRole('listitem', { name: 'NRC back' });
    await applicantBack.getByText(REASON).waitFor();
    // On the documents, the reason shows once, on the NRC back (the history also tells it, in words).
    assert.equal(await documents.getByText(REASON).count(), 1, 'the reason shows once among the documents, on the NRC back');
    assert.equal(await applicantPage.getByRole('button', { name: 'Upload a new file' }).count(), 1, 'only the rejected document takes a new file');
    assert.ok(!(await applicantPage.content()).includes(marker), "the reviewer note is not on the applicant's page");
    // The wizard's rule first: a page of HTML named .png is refused before it is sent.
    await applicantBack.getByLabel('New file for NRC back').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: Buffer.from('<html><body>not a photo</body></html>') });
    await applicantBack.getByText(/not a JPEG, PNG or WebP image or a PDF/).waitFor();
    const clearer = makePng(96, 60, [10, 200, 40]);
    await applicantBack.getByLabel('New file for NRC back').setInputFiles({ name: 'nrc-back-clear.png', mimeType: 'image/png', buffer: clearer });
    await applicantBack.getByText(/nrc-back-clear\.png/).waitFor();
    await documents.getByText(REASON).waitFor({ state: 'detached' });
    assert.equal(await applicantPage.getByRole('button', { name: 'Upload a new file' }).count(), 0);
    await applicantPage.getByText('Pending', { exact: true }).first().waitFor();

    server = await ok(`/api/applications/${id}`, { token: adminToken });
    assert.equal(server.status, 'PENDING', 'back to the review status it came from');
    assert.equal(server.files[1].id, backId, 'the document keeps its id');
    assert.deepEqual([server.files[1].status, server.files[1].reason, server.files[1].fileName], ['PENDING', null, 'nrc-back-clear.png']);
    const stored = await fetch(`${portal.url}${server.files[1].url}`, { headers: { Authorization: `Bearer ${adminToken}` } });
    assert.deepEqual(Buffer.from(await stored.arrayBuffer()), clearer, 'the new file arrived byte for byte');
    assert.ok(server.history.some((h) => h.kind === 'DOCUMENT' && h.note?.startsWith('NRC back: new file uploaded')));

    // The ADMIN verifies all four documents.
    await staffPage.reload();
    for (const label of LABELS) {
      const item = staffPage.getByRole('list', { name: 'Attached Files' }).getByRole('listitem', { name: label });
      await item.getByRole('button', { name: `Verify ${label}` }).click();
      await item.getByLabel(`${label}: Verified`).waitFor();
    }
    server = await ok(`/api/applications/${id}`, { token: adminToken });
    assert.deepEqual(
      server.files.map((f) => f.status),
      ['VERIFIED', 'VERIFIED', 'VERIFIED', 'VERIFIED'],
    );
    const mine = await ok(`/api/applications/${id}`, { token });
    assert.ok(!JSON.stringify(mine).includes(marker), "the note is in no applicant's response");
    assert.deepEqual(staffErrors, []);
    assert.deepEqual(applicantErrors, []);
  });
});
