/**
 * Resumable document uploads (tus 1.0 at /api/uploads, issue 19) over HTTP:
 * chunks, resuming from the server's offset after a cut connection and after
 * a restart, the same chunk twice, ownership, size and type rules, a full
 * storage, submitting with upload ids, and the sweep of stale uploads.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { count } from 'drizzle-orm';
import { buildApp, type PortalApp } from '../src/app';
import { applications, documentUploads } from '../src/infrastructure/database/schema';
import { storageFor } from '../src/infrastructure/storage';
import { sweepOrphanFiles } from '../src/modules/applications/orphan-files';
import { uploadStoreFor } from '../src/modules/uploads';
import { applicationJson, createProgram, postMultipart, sampleDocuments } from './fixtures/applications';
import { HTML_AS_PDF, sampleJpeg, samplePdf, samplePng, sampleWebp } from './fixtures/samples';
import { createUniversity, createUser, type TestUser } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';
import { patchCutMidChunk, TUS, tusCalls, uploadIdOf } from './helpers/tus';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
/** The app answering now: a restart replaces it on the same database and folders. */
let live: PortalApp;
let applicant: TestUser;
let other: TestUser;
let programId: number;

before(async () => {
  t = await startTestApp({ UPLOAD_MAX_FILE_BYTES: String(2 * 1024 * 1024) });
  live = t;
  const university = await createUniversity(t, 'University of Zambia');
  programId = (await createProgram(t, university.id, 'Computer Science')).id;
  applicant = await createUser(t, 'USER');
  other = await createUser(t, 'USER');
});
after(async () => {
  if (live !== t) {
    // The first app was closed by the restart; t.close() closes the database, drops it and removes the folders.
    await live.app.close();
  }
  await t.close();
});

const { create, start, patch, head, rowOf } = tusCalls(() => live);

/** Sends the whole file in chunks and answers the last response. */
async function uploadAll(user: TestUser, bytes: Buffer, metadata?: Record<string, string>, chunk = 64 * 1024) {
  const location = await start(user, bytes.length, metadata);
  let res;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    res = await patch(user, location, offset, bytes.subarray(offset, offset + chunk));
    if (res.statusCode !== 204) return { location, res };
  }
  return { location, res: res! };
}

const idOf = uploadIdOf;
/** The bytes tus still holds for unfinished uploads (file and its .json). */
const tusFiles = () => (existsSync(t.config.uploads.resumableDir) ? readdirSync(t.config.uploads.resumableDir) : []);
const applicationCount = async () => (await t.ctx.db.select({ n: count() }).from(applications))[0]!.n;

describe('resumable uploads', () => {
  it('takes a document in chunks, judges it by its bytes and stores it once complete', async () => {
    const pdf = samplePdf(300_000);
    const location = await start(applicant, pdf.length, { documentType: 'ACADEMIC_RESULTS', filename: 'my results.pdf' });
    const first = await patch(applicant, location, 0, pdf.subarray(0, 100_000));
    assert.equal(first.statusCode, 204);
    assert.equal(first.headers['upload-offset'], '100000');
    const middle = await head(applicant, location);
    assert.equal(middle.statusCode, 200);
    assert.equal(middle.headers['upload-offset'], '100000');
    assert.equal(middle.headers['upload-length'], String(pdf.length));
    assert.equal((await patch(applicant, location, 100_000, pdf.subarray(100_000, 200_000))).statusCode, 204);
    const last = await patch(applicant, location, 200_000, pdf.subarray(200_000));
    assert.equal(last.statusCode, 204, last.body);
    assert.equal(last.headers['upload-offset'], String(pdf.length));

    const row = await rowOf(location);
    assert.ok(row?.completedAt, 'recorded as complete');
    assert.equal(row.ownerId, applicant.id);
    assert.equal(row.documentType, 'ACADEMIC_RESULTS');
    assert.equal(row.contentType, 'application/pdf');
    assert.equal(row.fileName, 'my results.pdf');
    assert.equal(row.size, pdf.length);
    assert.equal(row.sha256, createHash('sha256').update(pdf).digest('hex'));
    assert.equal(row.attachedApplicationId, null);
    // In the document storage, byte for byte; the tus copy is gone.
    const chunks: Buffer[] = [];
    for await (const chunk of await storageFor(t.config.storage).get(row.storageKey!)) chunks.push(chunk as Buffer);
    assert.ok(Buffer.concat(chunks).equals(pdf));
    assert.ok(!tusFiles().some((name) => name.startsWith(row.id)), 'the tus copy was dropped');
    // HEAD still answers complete (a client resuming after a reload finishes at once).
    const done = await head(applicant, location);
    assert.equal(done.headers['upload-offset'], String(pdf.length));
  });

  it('refuses a guest, and staff', async () => {
    assert.equal((await create(undefined, 100)).statusCode, 401);
    const staff = await createUser(t, 'ADMIN', { universityId: (await createUniversity(t, 'Staff U')).id });
    assert.equal((await create(staff, 100)).statusCode, 403);
  });

  it('answers 409 to the same chunk sent twice and stores it once', async () => {
    const pdf = samplePdf(150_000);
    const location = await start(applicant, pdf.length);
    assert.equal((await patch(applicant, location, 0, pdf.subarray(0, 50_000))).statusCode, 204);
    const again = await patch(applicant, location, 0, pdf.subarray(0, 50_000));
    assert.equal(again.statusCode, 409);
    assert.match(again.json().message, /already received/);
    assert.equal((await head(applicant, location)).headers['upload-offset'], '50000');
    assert.equal((await patch(applicant, location, 50_000, pdf.subarray(50_000))).statusCode, 204);
    const row = await rowOf(location);
    assert.equal(row?.sha256, createHash('sha256').update(pdf).digest('hex'), 'the stored file is the file, once');
    // Once complete, a repeated last chunk is refused too.
    assert.equal((await patch(applicant, location, 50_000, pdf.subarray(50_000))).statusCode, 409);
  });

  it('hides an upload from another account: HEAD, PATCH and DELETE answer 404 and change nothing', async () => {
    const pdf = samplePdf(100_000);
    const location = await start(applicant, pdf.length);
    assert.equal((await patch(applicant, location, 0, pdf.subarray(0, 40_000))).statusCode, 204);
    assert.equal((await head(other, location)).statusCode, 404);
    const theirs = await patch(other, location, 40_000, pdf.subarray(40_000));
    assert.equal(theirs.statusCode, 404);
    assert.equal(theirs.json().message, 'No such upload.');
    const remove = await live.app.inject({ method: 'DELETE', url: location, headers: { ...TUS, authorization: `Bearer ${other.token}` } });
    assert.equal(remove.statusCode, 404);
    assert.equal((await head(applicant, location)).headers['upload-offset'], '40000');
    assert.equal((await rowOf(location))?.completedAt, null);
  });

  it('refuses a file over the per-file limit when it is announced', async () => {
    const res = await create(applicant, 2 * 1024 * 1024 + 1);
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().message, 'Each file must be at most 2 MB.');
  });

  it('refuses an upload without a document kind or a file name', async () => {
    const res = await create(applicant, 100, { filename: 'x.pdf' });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /documentType/);
    assert.equal((await create(applicant, 100, { documentType: 'NRC_BACK' })).statusCode, 400);
  });

  it('refuses a file whose bytes are not a document, and removes them', async () => {
    const { location, res } = await uploadAll(applicant, HTML_AS_PDF, { documentType: 'CERTIFICATE', filename: 'certificate.pdf' });
    assert.equal(res.statusCode, 415);
    assert.match(res.json().message, /^The Certificate file is not a JPEG, PNG or WebP image or a PDF/);
    assert.equal(await rowOf(location), undefined);
    assert.ok(!tusFiles().some((name) => name.startsWith(idOf(location))));
    assert.equal((await head(applicant, location)).statusCode, 404);
  });

  it('resumes from the offset HEAD gives after the connection drops mid-chunk', async () => {
    await live.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = live.app.server.address() as AddressInfo;
    const pdf = samplePdf(400_000);
    const location = await start(applicant, pdf.length);
    // Half of a 300 kB chunk goes out, then the connection is cut.
    await patchCutMidChunk({ port, location, token: applicant.token, offset: 0, announced: 300_000, sent: pdf.subarray(0, 150_000) });
    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
      offset = Number((await head(applicant, location)).headers['upload-offset']);
    }
    assert.ok(offset > 0 && offset <= 150_000, `kept what arrived (${offset})`);
    assert.equal((await patch(applicant, location, offset, pdf.subarray(offset))).statusCode, 204);
    assert.equal((await rowOf(location))?.sha256, createHash('sha256').update(pdf).digest('hex'));
  });

  it('resumes after the server restarts mid-upload', async () => {
    const png = Buffer.concat([samplePng(), Buffer.alloc(200_000, 7)]);
    const location = await start(applicant, png.length, { documentType: 'NRC_BACK', filename: 'back.png' });
    assert.equal((await patch(applicant, location, 0, png.subarray(0, 120_000))).statusCode, 204);
    await live.app.close();
    live = await buildApp({ config: t.config, database: t.ctx.database, logger: false });
    assert.equal((await head(applicant, location)).headers['upload-offset'], '120000');
    assert.equal((await patch(applicant, location, 120_000, png.subarray(120_000))).statusCode, 204);
    const row = await rowOf(location);
    assert.equal(row?.contentType, 'image/png');
    assert.equal(row?.fileName, 'back.png');
  });

  it('answers 507 in plain words when the storage is full, and keeps nothing', async () => {
    const storage = storageFor(t.config.storage);
    const put = storage.put.bind(storage);
    const keysBefore: string[] = [];
    for await (const object of storage.list('applications/')) keysBefore.push(object.key);
    storage.put = async (key, stream) => {
      // What a full disk does: some bytes are written, then the write fails.
      for await (const _chunk of stream) break;
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    try {
      const { location, res } = await uploadAll(applicant, samplePdf(100_000));
      assert.equal(res.statusCode, 507);
      assert.match(res.json().message, /no room to store documents/);
      assert.equal(await rowOf(location), undefined, 'no upload recorded');
      assert.ok(!tusFiles().some((name) => name.startsWith(idOf(location))), 'no bytes kept');
      const keysAfter: string[] = [];
      for await (const object of storage.list('applications/')) keysAfter.push(object.key);
      assert.deepEqual(keysAfter.sort(), keysBefore.sort(), 'nothing half-stored in the document storage');
    } finally {
      storage.put = put;
    }
  });

  it('answers 507 when the disk fills while a chunk is written, and the upload resumes from what was kept', async () => {
    const store = uploadStoreFor(t.config);
    const write = store.write.bind(store);
    store.write = async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    const pdf = samplePdf(80_000);
    const location = await start(applicant, pdf.length);
    try {
      const res = await patch(applicant, location, 0, pdf.subarray(0, 40_000));
      assert.equal(res.statusCode, 507);
      assert.match(res.json().message, /no room to store documents/);
    } finally {
      store.write = write;
    }
    assert.equal((await head(applicant, location)).headers['upload-offset'], '0');
    assert.equal((await patch(applicant, location, 0, pdf)).statusCode, 204);
    assert.ok((await rowOf(location))?.completedAt);
  });

  describe('submitting with upload ids', () => {
    async function fourUploads(user: TestUser): Promise<Record<string, string>> {
      const files: Array<[string, Buffer, string]> = [
        ['NRC_FRONT', sampleJpeg(), 'front.jpg'],
        ['NRC_BACK', samplePng(), 'back.png'],
        ['ACADEMIC_RESULTS', samplePdf(), 'results.pdf'],
        ['CERTIFICATE', sampleWebp(), 'certificate.webp'],
      ];
      const ids: Record<string, string> = {};
      for (const [documentType, bytes, filename] of files) {
        const { location, res } = await uploadAll(user, bytes, { documentType, filename });
        assert.equal(res.statusCode, 204, res.body);
        ids[documentType] = idOf(location);
      }
      return ids;
    }

    const submitJson = (user: TestUser, body: Record<string, unknown>) =>
      live.app.inject({ method: 'POST', url: '/api/applications', headers: { authorization: `Bearer ${user.token}` }, payload: body });

    it("refuses another account's upload id and creates nothing", async () => {
      const theirs = await fourUploads(other);
      const before = await applicationCount();
      const res = await submitJson(applicant, applicationJson([programId], { email: applicant.email, documentUploads: theirs }));
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, /^documentUploads\.NRC_FRONT: no finished upload of yours/);
      assert.equal(await applicationCount(), before);
      for (const id of Object.values(theirs)) assert.equal((await rowOf(`/api/uploads/${id}`))?.attachedApplicationId, null);
    });

    it('creates the application with the four uploaded documents, which staff can open; an upload is used once', async () => {
      const ids = await fourUploads(applicant);
      const res = await submitJson(applicant, applicationJson([programId], { email: applicant.email, documentUploads: ids }));
      assert.equal(res.statusCode, 201, res.body);
      const applicationId = res.json().id as number;
      const files = res.json().application.files as Array<{ id: number; documentType: string; fileName: string }>;
      assert.deepEqual(files.map((file) => file.documentType).sort(), ['ACADEMIC_RESULTS', 'CERTIFICATE', 'NRC_BACK', 'NRC_FRONT']);
      for (const id of Object.values(ids)) assert.equal((await rowOf(`/api/uploads/${id}`))?.attachedApplicationId, applicationId);
      const superuser = await createUser(t, 'SUPERUSER');
      const front = files.find((file) => file.documentType === 'NRC_FRONT')!;
      const opened = await live.app.inject({ method: 'GET', url: `/api/files/${front.id}`, headers: { authorization: `Bearer ${superuser.token}` } });
      assert.equal(opened.statusCode, 200);
      assert.ok(opened.rawPayload.equals(sampleJpeg()));

      // The same uploads again: refused, nothing created.
      const count = await applicationCount();
      const again = await submitJson(applicant, applicationJson([programId], { email: applicant.email, documentUploads: ids }));
      assert.equal(again.statusCode, 400);
      assert.equal(await applicationCount(), count);
      // An attached upload cannot be deleted through tus.
      const remove = await live.app.inject({ method: 'DELETE', url: `/api/uploads/${ids.NRC_FRONT}`, headers: { ...TUS, authorization: `Bearer ${applicant.token}` } });
      assert.equal(remove.statusCode, 409);
    });

    it('mixes uploaded documents with multipart files parts', async () => {
      const third = await createUser(t, 'USER');
      const { location } = await uploadAll(third, samplePdf(), { documentType: 'ACADEMIC_RESULTS', filename: 'results.pdf' });
      const parts = sampleDocuments();
      const res = await postMultipart(t === live ? t : ({ ...t, app: live.app } as TestApp), third.token, [
        { name: 'application', value: JSON.stringify(applicationJson([programId], { email: third.email, documentUploads: { ACADEMIC_RESULTS: idOf(location) } })) },
        parts[0]!,
        parts[1]!,
        parts[3]!,
      ]);
      assert.equal(res.statusCode, 201, res.body);
      const files = res.json().application.files as Array<{ documentType: string; fileName: string }>;
      assert.deepEqual(Object.fromEntries(files.map((file) => [file.documentType, file.fileName])), {
        NRC_FRONT: 'nrc-front.jpg',
        NRC_BACK: 'nrc-back.png',
        ACADEMIC_RESULTS: 'results.pdf',
        CERTIFICATE: 'certificate.webp',
      });
    });
  });

  describe('linking a finished upload to the draft (its bytes are not sent again)', () => {
    const as = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
    const link = (user: TestUser, documentType: string, uploadId: string) =>
      live.app.inject({ method: 'PUT', url: `/api/drafts/mine/files/${documentType}`, headers: as(user), payload: { uploadId } });
    const draftOf = (user: TestUser) => live.app.inject({ method: 'GET', url: '/api/drafts/mine', headers: as(user) });
    const draftFile = (user: TestUser, documentType: string) => live.app.inject({ method: 'GET', url: `/api/drafts/mine/files/${documentType}`, headers: as(user) });
    const samples: Array<[string, Buffer, string]> = [
      ['NRC_FRONT', sampleJpeg(), 'front.jpg'],
      ['NRC_BACK', samplePng(), 'back.png'],
      ['ACADEMIC_RESULTS', samplePdf(), 'results.pdf'],
      ['CERTIFICATE', sampleWebp(), 'certificate.webp'],
    ];
    async function uploadFour(user: TestUser): Promise<Record<string, string>> {
      const ids: Record<string, string> = {};
      for (const [documentType, bytes, filename] of samples) {
        const { location, res } = await uploadAll(user, bytes, { documentType, filename });
        assert.equal(res.statusCode, 204, res.body);
        ids[documentType] = idOf(location);
      }
      return ids;
    }

    it("lists the linked upload in the draft with the same bytes, refuses another account's or an unknown id, and submits with the upload ids", async () => {
      const owner = await createUser(t, 'USER');
      const ids = await uploadFour(owner);
      for (const [documentType] of samples) assert.equal((await link(owner, documentType, ids[documentType]!)).statusCode, 200);
      const draft = (await draftOf(owner)).json() as { files: Array<{ documentType: string; fileName: string; size: number }> };
      assert.deepEqual(Object.fromEntries(draft.files.map((f) => [f.documentType, f.fileName])), {
        NRC_FRONT: 'front.jpg',
        NRC_BACK: 'back.png',
        ACADEMIC_RESULTS: 'results.pdf',
        CERTIFICATE: 'certificate.webp',
      });
      for (const [documentType, bytes] of samples) assert.ok((await draftFile(owner, documentType)).rawPayload.equals(bytes), documentType);

      const stranger = await createUser(t, 'USER');
      const { location } = await uploadAll(stranger, samplePdf(), { documentType: 'ACADEMIC_RESULTS', filename: 'theirs.pdf' });
      for (const uploadId of [idOf(location), 'f'.repeat(32)]) {
        const refused = await link(owner, 'ACADEMIC_RESULTS', uploadId);
        assert.equal(refused.statusCode, 404);
        assert.equal(refused.json().message, 'No such upload.');
      }
      assert.ok((await draftFile(owner, 'ACADEMIC_RESULTS')).rawPayload.equals(samplePdf()), 'the draft document is unchanged');
      assert.equal((await link(stranger, 'NRC_FRONT', ids.NRC_FRONT!)).statusCode, 404, "the stranger cannot take the owner's upload either");
      assert.equal((await draftOf(stranger)).statusCode, 404, 'nothing was created for the stranger');
      const wrongKind = await link(owner, 'NRC_BACK', ids.NRC_FRONT!);
      assert.equal(wrongKind.statusCode, 400);
      assert.match(wrongKind.json().message, /^uploadId: this upload is/);

      // Start Over deletes the draft's copies, never the uploads an application will use.
      assert.equal((await live.app.inject({ method: 'DELETE', url: '/api/drafts/mine', headers: as(owner) })).statusCode, 204);
      for (const [documentType] of samples) assert.equal((await link(owner, documentType, ids[documentType]!)).statusCode, 200);
      const res = await live.app.inject({ method: 'POST', url: '/api/applications', headers: as(owner), payload: applicationJson([programId], { email: owner.email, documentUploads: ids }) });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal((await draftOf(owner)).statusCode, 404, 'submission deletes the draft');
      const files = res.json().application.files as Array<{ id: number; documentType: string }>;
      const results = await live.app.inject({ method: 'GET', url: `/api/files/${files.find((f) => f.documentType === 'ACADEMIC_RESULTS')!.id}`, headers: as(owner) });
      assert.ok(results.rawPayload.equals(samplePdf()));
    });

    it('keeps a linked draft document when the sweep removes the upload no application took, and a submission takes it from the draft', async () => {
      const owner = await createUser(t, 'USER');
      const ids = await uploadFour(owner);
      for (const [documentType] of samples) assert.equal((await link(owner, documentType, ids[documentType]!)).statusCode, 200);
      await sweepOrphanFiles(live.ctx, live.app.log, { now: new Date(Date.now() + 25 * HOUR) });
      assert.equal(await rowOf(`/api/uploads/${ids.NRC_FRONT}`), undefined, 'the untaken upload was swept');
      assert.ok((await draftFile(owner, 'NRC_FRONT')).rawPayload.equals(sampleJpeg()), 'the draft keeps its own copy');
      const res = await postMultipart(t === live ? t : ({ ...t, app: live.app } as TestApp), owner.token, [
        { name: 'application', value: JSON.stringify(applicationJson([programId], { email: owner.email, documentTypes: samples.map(([documentType]) => documentType) })) },
      ]);
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().application.files.length, 4);
    });
  });

  it('sweeps unfinished uploads and finished ones no application took, once past the age limit', async () => {
    const sweeper = await createUser(t, 'USER');
    const pdf = samplePdf(100_000);
    const unfinished = await start(sweeper, pdf.length);
    assert.equal((await patch(sweeper, unfinished, 0, pdf.subarray(0, 10_000))).statusCode, 204);
    const { location: finished } = await uploadAll(sweeper, pdf);
    const key = (await rowOf(finished))!.storageKey!;

    const young = await sweepOrphanFiles(live.ctx, live.app.log);
    assert.equal(young.resumableDeleted, 0);
    assert.ok(await rowOf(unfinished));

    const later = await sweepOrphanFiles(live.ctx, live.app.log, { now: new Date(Date.now() + 25 * HOUR) });
    assert.ok(later.resumableDeleted >= 2);
    assert.equal(await rowOf(unfinished), undefined);
    assert.equal(await rowOf(finished), undefined);
    assert.ok(!tusFiles().some((name) => name.startsWith(idOf(unfinished))), 'the partial bytes are gone');
    await assert.rejects(storageFor(t.config.storage).get(key), 'the stored copy is gone');
    // Attached uploads stay: their application's files are untouched.
    const attached = await t.ctx.db.select().from(documentUploads);
    assert.ok(attached.length > 0 && attached.every((row) => row.attachedApplicationId !== null));
  });
});
