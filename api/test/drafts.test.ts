/**
 * Drafts that follow the applicant (issue 16): saved as the applicant types,
 * read back on another device, versioned (409 for a client that missed a
 * newer save), documents stored once and taken over at submission, deleted
 * by Start Over, submission and account deletion, swept after 180 days
 * (clock moved, never slept). Only the applicant ever reaches its draft.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/infrastructure/database/sql';
import { applicationFiles } from '../src/infrastructure/database/schema';
import { sweepStaleDrafts } from '../src/modules/drafts/service';
import { sweepOrphanFiles } from '../src/modules/applications/orphan-files';
import { storageFor } from '../src/infrastructure/storage';
import { applicationJson, createProgram, multipartBody, postMultipart, sampleDocuments } from './fixtures/applications';
import { sampleJpeg, samplePdf, samplePng } from './fixtures/samples';
import { call, createUser, createWorld, DEFAULT_PASSWORD, type TestUser, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;

const typing = {
  universityId: 1,
  programIds: [] as number[],
  fullName: 'Mutale Bwalya',
  gender: 'Female',
  email: 'mutale@exam', // half typed: a draft keeps it as it is
  phone: '+260 97',
  dateOfBirth: '',
  country: 'Zambia',
  submissionDetails: 'Grade 12\nresults 2024',
  step: 1,
};

async function storedKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storageFor(t.config.storage).list('applications/')) keys.push(object.key);
  return keys.sort();
}

async function draftKeys(t: TestApp, userId: number): Promise<string[]> {
  return rowsOf<{ key: string }>(await t.ctx.db.execute(sql`select storage_key as key from application_draft_files where user_id = ${userId} order by 1`)).map((r) => r.key);
}

function putDocument(t: TestApp, user: TestUser, documentType: string, value: Buffer, filename: string, contentType: string) {
  const { payload, headers } = multipartBody([{ name: 'file', value, filename, contentType }]);
  return t.app.inject({ method: 'PUT', url: `/api/drafts/mine/files/${documentType}`, payload, headers: { ...headers, authorization: `Bearer ${user.token}` } });
}

async function save(t: TestApp, user: TestUser, body: Record<string, unknown>) {
  return call(t, 'PUT', '/api/drafts/mine', { token: user.token, json: body });
}

describe('drafts that follow the applicant', () => {
  let t: TestApp;
  let w: World;

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
  });
  after(async () => t?.close());

  it('saves a half-typed draft and reads it back on another device (a second sign-in)', async () => {
    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: w.userA.token })).statusCode, 404, 'nothing saved yet');
    const saved = await save(t, w.userA, { ...typing, universityId: w.uniA.id, updatedAt: null });
    assert.equal(saved.statusCode, 200, saved.body);
    const body = saved.json();
    assert.match(body.updatedAt, /^\d{4}-\d{2}-\d{2}T/);
    const login = await call(t, 'POST', '/api/auth/login', { json: { email: w.userA.email, password: DEFAULT_PASSWORD } });
    assert.equal(login.statusCode, 200);
    const elsewhere = await call(t, 'GET', '/api/drafts/mine', { token: login.json().token });
    assert.equal(elsewhere.statusCode, 200);
    assert.deepEqual(elsewhere.json(), { draft: { ...typing, universityId: w.uniA.id }, files: [], updatedAt: body.updatedAt });
  });

  it('refuses a write from a device that missed a newer save (409), and nothing changes', async () => {
    const current = (await call(t, 'GET', '/api/drafts/mine', { token: w.userA.token })).json();
    const phone = await save(t, w.userA, { ...typing, universityId: w.uniA.id, city: 'Ndola', updatedAt: current.updatedAt });
    assert.equal(phone.statusCode, 200, phone.body);
    assert.ok(Date.parse(phone.json().updatedAt) > Date.parse(current.updatedAt), 'the version moves forward');

    const laptop = await save(t, w.userA, { ...typing, universityId: w.uniA.id, city: 'Kitwe', updatedAt: current.updatedAt });
    assert.equal(laptop.statusCode, 409);
    assert.match(laptop.json().message, /changed on another device/);
    const never = await save(t, w.userA, { ...typing, city: 'Kabwe', updatedAt: null });
    assert.equal(never.statusCode, 409, 'a client that saw no draft does not overwrite one');
    const after = (await call(t, 'GET', '/api/drafts/mine', { token: w.userA.token })).json();
    assert.equal(after.draft.city, 'Ndola');
    assert.equal(after.updatedAt, phone.json().updatedAt);

    // Having seen the newer version, the laptop's write wins.
    const resolved = await save(t, w.userA, { ...typing, universityId: w.uniA.id, city: 'Kitwe', updatedAt: after.updatedAt });
    assert.equal(resolved.statusCode, 200);
    assert.equal(resolved.json().draft.city, 'Kitwe');
  });

  it("never shows one applicant's draft to another, and refuses staff (403)", async () => {
    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: w.userB.token })).statusCode, 404);
    const own = await save(t, w.userB, { fullName: 'Chileshe Phiri', updatedAt: null });
    assert.equal(own.statusCode, 200);
    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: w.userA.token })).json().draft.fullName, 'Mutale Bwalya');
    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: w.userB.token })).json().draft.fullName, 'Chileshe Phiri');
    for (const staff of [w.adminA, w.superuser]) {
      assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: staff.token })).statusCode, 403);
      assert.equal((await save(t, staff, { fullName: 'Staff', updatedAt: null })).statusCode, 403);
      assert.equal((await call(t, 'DELETE', '/api/drafts/mine', { token: staff.token })).statusCode, 403);
      assert.equal((await putDocument(t, staff, 'NRC_FRONT', sampleJpeg(), 'a.jpg', 'image/jpeg')).statusCode, 403);
    }
    assert.equal((await call(t, 'GET', '/api/drafts/mine')).statusCode, 401);
    // Staff lists and the applicant's own applications know nothing of drafts.
    const list = await call(t, 'GET', '/api/applications?page=1&size=50', { token: w.superuser.token });
    assert.doesNotMatch(list.body, /Mutale|Chileshe/);
  });

  it('answers bad input with a 400 naming the field, and changes nothing', async () => {
    const before = (await call(t, 'GET', '/api/drafts/mine', { token: w.userA.token })).json();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ fullName: 'Mutale\u0000Bwalya' }, /fullName: must not contain control characters/],
      [{ city: 'Lusaka\nEast' }, /city: must not contain control characters/],
      [{ fullName: 'x'.repeat(201) }, /fullName: must be at most 200 characters/],
      [{ programNotes: 'y'.repeat(5001) }, /programNotes: must be at most 5000 characters/],
      [{ programIds: [1, 2, 3, 4] }, /programIds: choose at most 3 programs/],
      [{ programIds: [2, 2] }, /programIds: must not repeat a program/],
      [{ programIds: [-1] }, /programIds/],
      [{ gender: 'Other' }, /gender/],
      [{ country: 'Atlantis' }, /country/],
      [{ step: 9 }, /step: must be at most 4/],
      [{ dateOfBirth: '17/05/2004' }, /dateOfBirth: must be a date/],
      [{ role: 'ADMIN' }, /role/],
      [{ updatedAt: 'yesterday' }, /updatedAt/],
    ];
    for (const [patch, message] of cases) {
      const res = await save(t, w.userA, { ...typing, updatedAt: before.updatedAt, ...patch });
      assert.equal(res.statusCode, 400, `${JSON.stringify(patch).slice(0, 60)}: ${res.body}`);
      assert.match(res.json().message, message);
    }
    const missingVersion = await save(t, w.userA, { ...typing });
    assert.equal(missingVersion.statusCode, 400);
    assert.match(missingVersion.json().message, /updatedAt/);
    const badType = await call(t, 'GET', '/api/drafts/mine/files/PASSPORT_PHOTO', { token: w.userA.token });
    assert.equal(badType.statusCode, 400);
    assert.match(badType.json().message, /documentType/);
    assert.deepEqual((await call(t, 'GET', '/api/drafts/mine', { token: w.userA.token })).json(), before);
  });

  it('keeps chosen documents, checks them as a submission does, and replaces or removes one', async () => {
    const user = await createUser(t, 'USER');
    const html = await putDocument(t, user, 'NRC_FRONT', Buffer.from('<html><body>not a scan</body></html>'), 'nrc.pdf', 'application/pdf');
    assert.equal(html.statusCode, 415);
    assert.match(html.json().message, /NRC/);
    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: user.token })).statusCode, 404, 'a refused document saves nothing');
    const tooLarge = await putDocument(t, user, 'NRC_FRONT', Buffer.concat([sampleJpeg(), Buffer.alloc(t.config.uploads.maxFileBytes)]), 'big.jpg', 'image/jpeg');
    assert.equal(tooLarge.statusCode, 413);
    const twoParts = multipartBody([
      { name: 'file', value: sampleJpeg(), filename: 'a.jpg', contentType: 'image/jpeg' },
      { name: 'file', value: sampleJpeg(), filename: 'b.jpg', contentType: 'image/jpeg' },
    ]);
    const two = await t.app.inject({ method: 'PUT', url: '/api/drafts/mine/files/NRC_FRONT', payload: twoParts.payload, headers: { ...twoParts.headers, authorization: `Bearer ${user.token}` } });
    assert.equal(two.statusCode, 400);
    assert.deepEqual(await draftKeys(t, user.id), []);

    const first = await putDocument(t, user, 'NRC_FRONT', sampleJpeg(), 'my nrc.jpg', 'image/jpeg');
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json().files, [{ documentType: 'NRC_FRONT', fileName: 'my nrc.jpg', fileType: 'image/jpeg', size: sampleJpeg().length }]);
    const [firstKey] = await draftKeys(t, user.id);
    const download = await call(t, 'GET', '/api/drafts/mine/files/NRC_FRONT', { token: user.token });
    assert.equal(download.statusCode, 200);
    assert.equal(download.headers['content-type'], 'image/jpeg');
    assert.deepEqual(download.rawPayload, sampleJpeg());

    const replaced = await putDocument(t, user, 'NRC_FRONT', samplePng(), 'nrc.png', 'image/png');
    assert.equal(replaced.statusCode, 200);
    assert.equal(replaced.json().files[0].fileType, 'image/png');
    const keys = await draftKeys(t, user.id);
    assert.equal(keys.length, 1);
    assert.notEqual(keys[0], firstKey);
    assert.ok(!(await storedKeys(t)).includes(firstKey!), 'the replaced document is deleted from storage');

    // The orphan-file sweep leaves a draft's documents alone, however old.
    await sweepOrphanFiles(t.ctx, t.app.log, { olderThanMs: 0, now: new Date(Date.now() + DAY) });
    assert.ok((await storedKeys(t)).includes(keys[0]!));

    const removed = await call(t, 'DELETE', '/api/drafts/mine/files/NRC_FRONT', { token: user.token });
    assert.equal(removed.statusCode, 200);
    assert.deepEqual(removed.json().files, []);
    assert.ok(!(await storedKeys(t)).includes(keys[0]!));
    assert.equal((await call(t, 'GET', '/api/drafts/mine/files/NRC_FRONT', { token: user.token })).statusCode, 404);
  });

  it('takes the draft documents at submission without uploading them again, then deletes the draft', async () => {
    const user = await createUser(t, 'USER');
    const program = await createProgram(t, w.uniA.id, 'BSc Computer Science');
    const documents = sampleDocuments();
    const saved = await save(t, user, { universityId: w.uniA.id, programIds: [program.id], fullName: 'Natasha Zulu', updatedAt: null });
    assert.equal(saved.statusCode, 200);
    for (const [type, part] of [
      ['NRC_FRONT', documents[0]!],
      ['NRC_BACK', documents[1]!],
      ['ACADEMIC_RESULTS', documents[2]!],
    ] as const) {
      assert.equal((await putDocument(t, user, type, part.value as Buffer, part.filename!, part.contentType!)).statusCode, 200);
    }
    const inDraft = await draftKeys(t, user.id);
    assert.equal(inDraft.length, 3);
    const storedBefore = await storedKeys(t);

    // Without a draft, the same request is one document short.
    const other = await createUser(t, 'USER');
    const short = await postMultipart(t, other.token, [
      { name: 'application', value: JSON.stringify(applicationJson([program.id], { documentTypes: ['CERTIFICATE', 'NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS'] })) },
      documents[3]!,
    ]);
    assert.equal(short.statusCode, 400);
    assert.match(short.json().message, /files: all 4 documents are required/);

    const res = await postMultipart(t, user.token, [
      { name: 'application', value: JSON.stringify(applicationJson([program.id], { documentTypes: ['CERTIFICATE', 'NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS'] })) },
      documents[3]!,
    ]);
    assert.equal(res.statusCode, 201, res.body);
    const files = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, res.json().id));
    assert.equal(files.length, 4);
    assert.deepEqual(files.map((f) => f.documentType).sort(), ['ACADEMIC_RESULTS', 'CERTIFICATE', 'NRC_BACK', 'NRC_FRONT']);
    const taken = files.filter((f) => f.documentType !== 'CERTIFICATE').map((f) => f.storageKey);
    assert.deepEqual(taken.sort(), inDraft, 'the application refers to the very objects the draft stored');
    const storedAfter = await storedKeys(t);
    assert.equal(storedAfter.length, storedBefore.length + 1, 'only the certificate was uploaded');
    const certificate = files.find((f) => f.documentType === 'CERTIFICATE')!;
    assert.equal(certificate.contentType, 'image/webp');
    const download = await call(t, 'GET', `/api/files/${files.find((f) => f.documentType === 'ACADEMIC_RESULTS')!.id}`, { token: user.token });
    assert.deepEqual(download.rawPayload, samplePdf());

    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: user.token })).statusCode, 404, 'submission deletes the draft');
    assert.deepEqual(await draftKeys(t, user.id), []);
  });

  it('deletes the draft of a submission that carried every document, documents included', async () => {
    const user = await createUser(t, 'USER');
    const program = await createProgram(t, w.uniB.id);
    assert.equal((await putDocument(t, user, 'NRC_BACK', samplePng(), 'back.png', 'image/png')).statusCode, 200);
    const [key] = await draftKeys(t, user.id);
    const res = await postMultipart(t, user.token, [{ name: 'application', value: JSON.stringify(applicationJson([program.id])) }, ...sampleDocuments()]);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: user.token })).statusCode, 404);
    assert.ok(!(await storedKeys(t)).includes(key!), 'the unused draft document is deleted');
  });

  it('Start Over deletes the draft and its documents (and again is harmless)', async () => {
    const user = await createUser(t, 'USER');
    assert.equal((await save(t, user, { fullName: 'Start Over', updatedAt: null })).statusCode, 200);
    assert.equal((await putDocument(t, user, 'CERTIFICATE', samplePdf(), 'cert.pdf', 'application/pdf')).statusCode, 200);
    const [key] = await draftKeys(t, user.id);
    assert.equal((await call(t, 'DELETE', '/api/drafts/mine', { token: user.token })).statusCode, 204);
    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: user.token })).statusCode, 404);
    assert.ok(!(await storedKeys(t)).includes(key!));
    assert.equal((await call(t, 'DELETE', '/api/drafts/mine', { token: user.token })).statusCode, 204);
    // A fresh start accepts a client that has seen no draft.
    assert.equal((await save(t, user, { fullName: 'Again', updatedAt: null })).statusCode, 200);
  });

  it('a wizard left open elsewhere does not bring back a draft ended by Start Over (409), until told to keep its copy', async () => {
    const user = await createUser(t, 'USER');
    const seen = (await save(t, user, { fullName: 'Two Tabs', city: 'Kabwe', updatedAt: null })).json().updatedAt;
    assert.equal((await call(t, 'DELETE', '/api/drafts/mine', { token: user.token })).statusCode, 204);
    const stale = await save(t, user, { fullName: 'Two Tabs', city: 'Kitwe', updatedAt: seen });
    assert.equal(stale.statusCode, 409);
    assert.match(stale.json().message, /deleted \(Start Over\) or sent as an application on another device or tab/);
    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: user.token })).statusCode, 404, 'nothing was saved');
    // The applicant chose to keep the open copy: saved as a new draft.
    const kept = await save(t, user, { fullName: 'Two Tabs', city: 'Kitwe', updatedAt: null });
    assert.equal(kept.statusCode, 200, kept.body);
    assert.equal(kept.json().draft.city, 'Kitwe');
  });

  it('a wizard left open elsewhere does not bring back a draft its application ended (409)', async () => {
    const user = await createUser(t, 'USER');
    const program = await createProgram(t, w.uniB.id);
    const seen = (await save(t, user, { universityId: w.uniB.id, programIds: [program.id], fullName: 'Sent Elsewhere', updatedAt: null })).json().updatedAt;
    const sent = await postMultipart(t, user.token, [{ name: 'application', value: JSON.stringify(applicationJson([program.id])) }, ...sampleDocuments()]);
    assert.equal(sent.statusCode, 201, sent.body);
    const stale = await save(t, user, { universityId: w.uniB.id, programIds: [program.id], fullName: 'Sent Elsewhere', city: 'Mongu', updatedAt: seen });
    assert.equal(stale.statusCode, 409);
    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: user.token })).statusCode, 404);
  });

  it('account deletion deletes the draft and its documents', async () => {
    const user = await createUser(t, 'USER');
    assert.equal((await save(t, user, { fullName: 'Leaving Soon', nationalRegNumber: '555555/55/5', updatedAt: null })).statusCode, 200);
    assert.equal((await putDocument(t, user, 'NRC_FRONT', sampleJpeg(), 'nrc.jpg', 'image/jpeg')).statusCode, 200);
    const [key] = await draftKeys(t, user.id);
    const res = await call(t, 'DELETE', '/api/users/me', { token: user.token, json: { password: DEFAULT_PASSWORD } });
    assert.equal(res.statusCode, 200, res.body);
    const left = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from application_drafts where user_id = ${user.id}`));
    assert.equal(left[0]!.n, 0);
    assert.ok(!(await storedKeys(t)).includes(key!));
  });

  it('removes drafts untouched for 180 days (clock moved), with their documents, and keeps younger ones', async () => {
    const old = await createUser(t, 'USER');
    const young = await createUser(t, 'USER');
    assert.equal((await save(t, old, { fullName: 'Long Gone', updatedAt: null })).statusCode, 200);
    assert.equal((await putDocument(t, old, 'NRC_BACK', samplePng(), 'back.png', 'image/png')).statusCode, 200);
    const [key] = await draftKeys(t, old.id);
    const savedAt = Date.now();
    assert.equal((await sweepStaleDrafts(t.ctx, t.app.log, { now: new Date(savedAt + 179 * DAY) })).drafts, 0);
    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: old.token })).statusCode, 200);

    // The young draft was last touched 100 days after the old one (its version moved by hand): it stays.
    assert.equal((await save(t, young, { fullName: 'Still Here', updatedAt: null })).statusCode, 200);
    await t.ctx.db.execute(sql`update application_drafts set updated_at = ${new Date(savedAt + 100 * DAY).toISOString()}::timestamptz where user_id = ${young.id}`);

    const swept = await sweepStaleDrafts(t.ctx, t.app.log, { now: new Date(savedAt + 181 * DAY) });
    assert.ok(swept.drafts >= 1);
    assert.ok(swept.documents >= 1);
    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: old.token })).statusCode, 404);
    assert.ok(!(await storedKeys(t)).includes(key!));
    assert.equal((await call(t, 'GET', '/api/drafts/mine', { token: young.token })).json().draft.fullName, 'Still Here');
  });
});
