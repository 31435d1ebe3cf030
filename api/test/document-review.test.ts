/**
 * Issue 17, items 1 and 7: documents checked one by one, a rejected document
 * asks the applicant for a new file (DOCUMENTS_REQUESTED), the applicant
 * replaces just that document, and every step is in the history in words.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import * as contract from 'shared-api/contract';
import { applicationFiles, applications, mailOutbox } from '../src/infrastructure/database/schema';
import { settleMail } from '../src/infrastructure/mail/outbox';
import { createProgram, multipartBody, submitOk } from './fixtures/applications';
import { sampleJpeg, samplePdf, samplePng } from './fixtures/samples';
import { call, createUser, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const { Application, ApplicationFile } = contract;
type App = ReturnType<typeof Application.parse>;

function reupload(t: TestApp, token: string, applicationId: number, documentId: number, file: { value: Buffer; filename: string; contentType: string }, name = 'file') {
  const { payload, headers } = multipartBody([{ name, ...file }]);
  return t.app.inject({ method: 'POST', url: `/api/applications/${applicationId}/documents/${documentId}`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
}

describe('per-document verification and re-upload', () => {
  let t: TestApp;
  let w: World;
  let program: { id: number };
  let appId: number;

  const detail = async (token: string, id = appId) => {
    const res = await call(t, 'GET', `/api/applications/${id}`, { token });
    assert.equal(res.statusCode, 200, res.body);
    return Application.parse(res.json()) as App;
  };
  const doc = (a: App, type: contract.DocumentType) => a.files.find((f) => f.documentType === type)!;
  const review = (token: string, documentId: number, json: unknown, id = appId) => call(t, 'PUT', `/api/applications/${id}/documents/${documentId}`, { token, json });

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    program = await createProgram(t, w.uniA.id, 'BSc Computer Science');
    appId = await submitOk(t, w.userA.token, [program.id]);
  });
  after(() => t.close());

  it('gives every file an id, PENDING status and no reason, in the application and in /api/files/application/{id}', async () => {
    const a = await detail(w.userA.token);
    assert.equal(a.files.length, 4);
    for (const f of a.files) {
      assert.equal(typeof f.id, 'number');
      assert.equal(f.status, 'PENDING');
      assert.equal(f.reason, null);
    }
    const files = await call(t, 'GET', `/api/files/application/${appId}`, { token: w.adminA.token });
    assert.equal(files.statusCode, 200);
    for (const f of files.json()) ApplicationFile.parse(f);
    assert.deepEqual(
      files.json().map((f: { id: number; status: string }) => [f.id, f.status]),
      a.files.map((f) => [f.id, 'PENDING']),
    );
  });

  it('refuses a rejection without a reason (400 naming reason), and changes nothing', async () => {
    const back = doc(await detail(w.adminA.token), 'NRC_BACK');
    for (const json of [{ status: 'REJECTED' }, { status: 'REJECTED', reason: '   ' }, { status: 'REJECTED', reason: null }]) {
      const res = await review(w.adminA.token, back.id, json);
      assert.equal(res.statusCode, 400, res.body);
      assert.match(res.json().message, /^reason/);
    }
    const bad = await review(w.adminA.token, back.id, { status: 'REJECTED', reason: 'blurred\u0000' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /reason/);
    const unknown = await review(w.adminA.token, back.id, { status: 'LOST' });
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.json().message, /status/);
    const a = await detail(w.adminA.token);
    assert.equal(a.status, 'PENDING');
    assert.equal(doc(a, 'NRC_BACK').status, 'PENDING');
  });

  it('answers 404 to staff of another university and for a document of another application; 403 to an applicant', async () => {
    const back = doc(await detail(w.adminA.token), 'NRC_BACK');
    const other = await review(w.adminB.token, back.id, { status: 'VERIFIED' });
    assert.equal(other.statusCode, 404);
    const otherApp = await submitOk(t, w.userB.token, [program.id]);
    const mismatch = await review(w.adminA.token, back.id, { status: 'VERIFIED' }, otherApp);
    assert.equal(mismatch.statusCode, 404);
    assert.equal((await review(w.adminA.token, 999999, { status: 'VERIFIED' })).statusCode, 404);
    assert.equal((await review(w.userA.token, back.id, { status: 'VERIFIED' })).statusCode, 403);
    assert.equal(doc(await detail(w.adminA.token), 'NRC_BACK').status, 'PENDING');
  });

  it('verifies a document (an ADMIN of the university), recorded in the history with who and when', async () => {
    const front = doc(await detail(w.adminA.token), 'NRC_FRONT');
    const res = await review(w.adminA.token, front.id, { status: 'VERIFIED', reason: 'ignored when verifying' });
    assert.equal(res.statusCode, 200, res.body);
    const a = Application.parse(res.json());
    assert.equal(doc(a, 'NRC_FRONT').status, 'VERIFIED');
    assert.equal(doc(a, 'NRC_FRONT').reason, null);
    assert.equal(a.status, 'PENDING');
    const entry = a.history.at(-1)!;
    assert.equal(entry.kind, 'DOCUMENT');
    assert.equal(entry.note, 'NRC front or passport verified');
    assert.equal(entry.actor?.id, w.adminA.id);
    assert.ok(Date.parse(entry.at) > 0);
  });

  it('rejecting a document moves the application to DOCUMENTS_REQUESTED; the applicant sees the reason on that document only, and is e-mailed', async () => {
    const back = doc(await detail(w.adminA.token), 'NRC_BACK');
    const reason = 'NRC back is unreadable — please upload a clearer photo';
    const res = await review(w.adminA.token, back.id, { status: 'REJECTED', reason });
    assert.equal(res.statusCode, 200, res.body);
    const mine = await detail(w.userA.token);
    assert.equal(mine.status, 'DOCUMENTS_REQUESTED');
    assert.deepEqual(
      mine.files.map((f) => [f.documentType, f.status, f.reason]),
      [
        ['NRC_FRONT', 'VERIFIED', null],
        ['NRC_BACK', 'REJECTED', reason],
        ['ACADEMIC_RESULTS', 'PENDING', null],
        ['CERTIFICATE', 'PENDING', null],
      ],
    );
    const notes = mine.history.slice(-2).map((h) => [h.kind, h.from, h.to, h.note, h.actor?.id]);
    assert.deepEqual(notes, [
      ['DOCUMENT', 'PENDING', 'REJECTED', `NRC back rejected: ${reason}`, w.adminA.id],
      ['STATUS', 'PENDING', 'DOCUMENTS_REQUESTED', 'New file requested: NRC back', w.adminA.id],
    ]);
    // In the staff list, filtered by the new status, and counted by the dashboard.
    const list = await call(t, 'GET', '/api/applications?status=DOCUMENTS_REQUESTED&page=1&size=10', { token: w.adminA.token });
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(
      list.json().items.map((a: App) => a.id),
      [appId],
    );
    assert.equal(list.json().total, 1);
    const stats = await call(t, 'GET', '/api/dashboard/stats', { token: w.adminA.token });
    assert.equal(stats.statusCode, 200);
    assert.deepEqual(
      stats.json().applicationsByStatus.find((s: { status: string }) => s.status === 'DOCUMENTS_REQUESTED'),
      { status: 'DOCUMENTS_REQUESTED', value: 1 },
    );
    await settleMail(t.ctx);
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, w.userA.email));
    const request = mails.find((m) => m.subject === 'Please upload a new file for your application');
    assert.ok(request, 'the applicant is asked by e-mail');
    assert.match(request.text, /NRC back/);
    assert.match(request.text, /unreadable/);
  });

  it('refuses a re-upload of a document that is not rejected (409 with a message) and from anyone but the owner (404)', async () => {
    const a = await detail(w.userA.token);
    const front = doc(a, 'NRC_FRONT');
    const verified = await reupload(t, w.userA.token, appId, front.id, { value: sampleJpeg(), filename: 'front.jpg', contentType: 'image/jpeg' });
    assert.equal(verified.statusCode, 409, verified.body);
    assert.match(verified.json().message, /verified/);
    const pending = await reupload(t, w.userA.token, appId, doc(a, 'CERTIFICATE').id, { value: samplePdf(), filename: 'c.pdf', contentType: 'application/pdf' });
    assert.equal(pending.statusCode, 409);
    assert.match(pending.json().message, /waiting for review/);
    const back = doc(a, 'NRC_BACK');
    const stranger = await reupload(t, w.userB.token, appId, back.id, { value: samplePng(), filename: 'back.png', contentType: 'image/png' });
    assert.equal(stranger.statusCode, 404);
    const staff = await reupload(t, w.adminA.token, appId, back.id, { value: samplePng(), filename: 'back.png', contentType: 'image/png' });
    assert.equal(staff.statusCode, 403);
  });

  it("applies the wizard's rules to a re-upload: wrong type 415, too large 413, wrong part 400; nothing changes", async () => {
    const back = doc(await detail(w.userA.token), 'NRC_BACK');
    const html = await reupload(t, w.userA.token, appId, back.id, { value: Buffer.from('<html><body>hi</body></html>'), filename: 'back.pdf', contentType: 'application/pdf' });
    assert.equal(html.statusCode, 415, html.body);
    assert.match(html.json().message, /NRC back/);
    const big = await reupload(t, w.userA.token, appId, back.id, { value: Buffer.concat([sampleJpeg(), Buffer.alloc(t.config.uploads.maxFileBytes)]), filename: 'big.jpg', contentType: 'image/jpeg' });
    assert.equal(big.statusCode, 413, big.body);
    const wrongPart = await reupload(t, w.userA.token, appId, back.id, { value: samplePng(), filename: 'back.png', contentType: 'image/png' }, 'files');
    assert.equal(wrongPart.statusCode, 400);
    assert.match(wrongPart.json().message, /^file/);
    // JSON names a resumable upload (below); without one it is a 400.
    const json = await call(t, 'POST', `/api/applications/${appId}/documents/${back.id}`, { token: w.userA.token, json: {} });
    assert.equal(json.statusCode, 400);
    assert.match(json.json().message, /^uploadId: /);
    const text = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${appId}/documents/${back.id}`,
      payload: 'a file',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${w.userA.token}` },
    });
    assert.equal(text.statusCode, 415);
    const a = await detail(w.userA.token);
    assert.equal(doc(a, 'NRC_BACK').status, 'REJECTED');
    assert.equal(doc(a, 'NRC_BACK').fileName, back.fileName);
    const rows = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, appId));
    assert.equal(rows.length, 4, 'no file row was added by a refused upload');
  });

  it('a second rejected document keeps the application waiting until both are replaced', async () => {
    const results = doc(await detail(w.adminA.token), 'ACADEMIC_RESULTS');
    const res = await review(w.superuser.token, results.id, { status: 'REJECTED', reason: 'Page 2 is missing' });
    assert.equal(res.statusCode, 200, res.body);
    const a = Application.parse(res.json());
    assert.equal(a.status, 'DOCUMENTS_REQUESTED');
    assert.equal(a.history.filter((h) => h.to === 'DOCUMENTS_REQUESTED').length, 1, 'no second status change');

    const replaced = await reupload(t, w.userA.token, appId, results.id, { value: samplePdf(), filename: 'results-2.pdf', contentType: 'application/pdf' });
    assert.equal(replaced.statusCode, 200, replaced.body);
    const after1 = Application.parse(replaced.json());
    assert.equal(after1.status, 'DOCUMENTS_REQUESTED', 'the NRC back is still rejected');
    assert.equal(doc(after1, 'ACADEMIC_RESULTS').status, 'PENDING');
    assert.equal(doc(after1, 'ACADEMIC_RESULTS').reason, null);
    assert.equal(doc(after1, 'ACADEMIC_RESULTS').id, results.id, 'the document keeps its id');
  });

  it('replacing the last rejected document returns the application to its review status; the old file stays in the history, not current', async () => {
    const before = doc(await detail(w.userA.token), 'NRC_BACK');
    const newPng = samplePng(8, 8, [200, 10, 10]);
    const res = await reupload(t, w.userA.token, appId, before.id, { value: newPng, filename: 'nrc-back-clear.png', contentType: 'image/png' });
    assert.equal(res.statusCode, 200, res.body);
    const a = Application.parse(res.json());
    assert.equal(a.status, 'PENDING');
    const back = doc(a, 'NRC_BACK');
    assert.equal(back.status, 'PENDING');
    assert.equal(back.fileName, 'nrc-back-clear.png');
    assert.equal(a.files.length, 4, 'one current file per document');
    const last = a.history.slice(-2).map((h) => [h.kind, h.from, h.to, h.note, h.actor?.id]);
    assert.deepEqual(last, [
      ['DOCUMENT', 'REJECTED', 'PENDING', 'NRC back: new file uploaded by the applicant (the earlier file is kept)', w.userA.id],
      ['STATUS', 'DOCUMENTS_REQUESTED', 'PENDING', 'The requested documents were uploaded again: back to review', w.userA.id],
    ]);
    // The new file is what the document serves; the old one is kept, not current.
    const served = await call(t, 'GET', back.url, { token: w.adminA.token });
    assert.equal(served.statusCode, 200);
    assert.deepEqual(served.rawPayload, newPng);
    const rows = await t.ctx.db
      .select()
      .from(applicationFiles)
      .where(and(eq(applicationFiles.applicationId, appId), eq(applicationFiles.documentType, 'NRC_BACK')));
    assert.equal(rows.length, 2);
    const old = rows.find((r) => !r.current)!;
    assert.equal(old.fileName, 'nrc-back.png');
    assert.equal(old.status, 'REJECTED');
    const files = await call(t, 'GET', `/api/files/application/${appId}`, { token: w.userA.token });
    assert.equal(files.json().length, 4);
    assert.ok(!files.json().some((f: { id: number }) => f.id === old.id));
    // A second upload of the same document is refused now that it is pending again.
    const again = await reupload(t, w.userA.token, appId, back.id, { value: newPng, filename: 'again.png', contentType: 'image/png' });
    assert.equal(again.statusCode, 409);
  });

  it('returns a paid application to PENDING_REVIEW, the status it came from', async () => {
    const paidApp = await submitOk(t, w.userA.token, [(await createProgram(t, w.uniA.id)).id]);
    await t.ctx.db.update(applications).set({ status: 'PENDING_REVIEW', paid: true }).where(eq(applications.id, paidApp));
    const cert = doc(await detail(w.adminA.token, paidApp), 'CERTIFICATE');
    const rejected = await review(w.adminA.token, cert.id, { status: 'REJECTED', reason: 'Not certified' }, paidApp);
    assert.equal(rejected.json().status, 'DOCUMENTS_REQUESTED');
    // Staff may also lift the request themselves (the document turns out fine).
    const verified = await review(w.adminA.token, cert.id, { status: 'VERIFIED' }, paidApp);
    assert.equal(verified.statusCode, 200);
    const a = Application.parse(verified.json());
    assert.equal(a.status, 'PENDING_REVIEW');
    assert.equal(a.history.at(-1)!.note, 'No document is waiting for a new file: back to review');
  });

  it('the ADMIN verifies all four documents; decided applications refuse document changes (409)', async () => {
    let a = await detail(w.adminA.token);
    for (const f of a.files) {
      const res = await review(w.adminA.token, f.id, { status: 'VERIFIED' });
      assert.equal(res.statusCode, 200, res.body);
      a = Application.parse(res.json());
    }
    assert.deepEqual(
      a.files.map((f) => f.status),
      ['VERIFIED', 'VERIFIED', 'VERIFIED', 'VERIFIED'],
    );
    const decided = await call(t, 'PUT', `/api/applications/${appId}`, { token: w.adminA.token, json: { status: 'REJECTED', reviewNotes: 'Places are full' } });
    assert.equal(decided.statusCode, 200, decided.body);
    const late = await review(w.adminA.token, a.files[0]!.id, { status: 'REJECTED', reason: 'late' });
    assert.equal(late.statusCode, 409);
    assert.match(late.json().message, /already been decided/);
  });

  it('a SUPERUSER may review any university; an ADMIN without a university reaches none', async () => {
    const otherApp = await submitOk(t, w.userB.token, [(await createProgram(t, w.uniB.id)).id]);
    const f = (await detail(w.adminB.token, otherApp)).files[0]!;
    assert.equal((await review(w.superuser.token, f.id, { status: 'VERIFIED' }, otherApp)).statusCode, 200);
    const unbound = await createUser(t, 'ADMIN', { universityId: null });
    assert.equal((await review(unbound.token, f.id, { status: 'VERIFIED' }, otherApp)).statusCode, 404);
  });
});

describe('re-upload of a rejected document through a resumable upload', () => {
  let t: TestApp;
  let w: World;
  let appId: number;
  let applicant: Awaited<ReturnType<typeof createUser>>;

  /** A tus upload of `bytes` as `documentType`, sent whole or only its first half: its id. */
  async function tusUpload(token: string, bytes: Buffer, documentType: string, filename: string, { finish = true } = {}): Promise<string> {
    const b64 = (value: string) => Buffer.from(value).toString('base64');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': `documentType ${b64(documentType)},filename ${b64(filename)}`, authorization: `Bearer ${token}` },
    });
    assert.equal(created.statusCode, 201, created.body);
    const location = String(created.headers.location);
    const chunk = finish ? bytes : bytes.subarray(0, Math.floor(bytes.length / 2));
    const sent = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', authorization: `Bearer ${token}` },
      payload: chunk,
    });
    assert.equal(sent.statusCode, 204, sent.body);
    return location.split('/').pop()!;
  }
  const replaceWith = (token: string, documentId: number, body: unknown) => call(t, 'POST', `/api/applications/${appId}/documents/${documentId}`, { token, json: body });
  const current = async () => Application.parse((await call(t, 'GET', `/api/applications/${appId}`, { token: applicant.token })).json()) as App;
  const front = async () => (await current()).files.find((f) => f.documentType === 'NRC_FRONT')!;

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    applicant = await createUser(t, 'USER');
    const program = await createProgram(t, w.uniA.id, 'BSc Nursing');
    appId = await submitOk(t, applicant.token, [program.id]);
    const rejected = await call(t, 'PUT', `/api/applications/${appId}/documents/${(await front()).id}`, {
      token: w.adminA.token,
      json: { status: 'REJECTED', reason: 'The photo is blurred' },
    });
    assert.equal(rejected.statusCode, 200, rejected.body);
  });
  after(() => t.close());

  it('refuses an upload that is not finished, of another kind, of another account or unknown, and bad JSON; nothing changes', async () => {
    const before = await front();
    const photo = samplePng(16, 16, [10, 120, 30]);
    const half = await tusUpload(applicant.token, photo, 'NRC_FRONT', 'front.png', { finish: false });
    const unfinished = await replaceWith(applicant.token, before.id, { uploadId: half });
    assert.equal(unfinished.statusCode, 409, unfinished.body);
    assert.match(unfinished.json().message, /has not finished yet/);
    const back = await tusUpload(applicant.token, photo, 'NRC_BACK', 'back.png');
    const wrongKind = await replaceWith(applicant.token, before.id, { uploadId: back });
    assert.equal(wrongKind.statusCode, 400, wrongKind.body);
    assert.equal(wrongKind.json().message, 'uploadId: this upload is the NRC back, not the NRC front or passport');
    const theirs = await tusUpload(w.userB.token, photo, 'NRC_FRONT', 'front.png');
    const someoneElses = await replaceWith(applicant.token, before.id, { uploadId: theirs });
    assert.equal(someoneElses.statusCode, 404, someoneElses.body);
    assert.equal(someoneElses.json().message, 'No such upload.');
    for (const body of [{}, { uploadId: '' }, { uploadId: 42 }, { uploadId: 'x'.repeat(65) }, { uploadId: 'abc', extra: 1 }]) {
      const res = await replaceWith(applicant.token, before.id, body);
      assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
      assert.match(res.json().message, /^uploadId: /);
    }
    const after = await current();
    assert.equal(after.status, 'DOCUMENTS_REQUESTED');
    assert.deepEqual(await front(), before);
  });

  it('replaces the rejected document with a finished upload of the applicant, whose bytes it then serves; the upload cannot be used twice', async () => {
    const before = await front();
    const photo = samplePng(24, 24, [200, 40, 40]);
    const uploadId = await tusUpload(applicant.token, photo, 'NRC_FRONT', 'nrc-front-clear.png');
    // Staff cannot replace an applicant's document with their own upload, nor reach the route at all.
    assert.equal((await replaceWith(w.adminA.token, before.id, { uploadId })).statusCode, 403);
    const res = await replaceWith(applicant.token, before.id, { uploadId });
    assert.equal(res.statusCode, 200, res.body);
    const a = Application.parse(res.json()) as App;
    assert.equal(a.status, 'PENDING');
    const replaced = a.files.find((f) => f.documentType === 'NRC_FRONT')!;
    assert.deepEqual([replaced.status, replaced.fileName], ['PENDING', 'nrc-front-clear.png']);
    assert.deepEqual(
      a.history.slice(-2).map((h) => [h.kind, h.from, h.to, h.note]),
      [
        ['DOCUMENT', 'REJECTED', 'PENDING', 'NRC front or passport: new file uploaded by the applicant (the earlier file is kept)'],
        ['STATUS', 'DOCUMENTS_REQUESTED', 'PENDING', 'The requested documents were uploaded again: back to review'],
      ],
    );
    const served = await call(t, 'GET', replaced.url, { token: w.adminA.token });
    assert.equal(served.statusCode, 200);
    assert.deepEqual(served.rawPayload, photo);
    // Rejected again: the same upload, now part of the application, is not a new file.
    await call(t, 'PUT', `/api/applications/${appId}/documents/${replaced.id}`, { token: w.adminA.token, json: { status: 'REJECTED', reason: 'Still blurred' } });
    const reused = await replaceWith(applicant.token, replaced.id, { uploadId });
    assert.equal(reused.statusCode, 404, reused.body);
    assert.equal((await current()).status, 'DOCUMENTS_REQUESTED');
  });
});
