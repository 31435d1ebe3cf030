import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import * as contract from 'shared-api/contract';
import { applicationFiles, applicationHistory, applications } from '../src/infrastructure/database/schema';
import { applicationJson, createProgram, multipartBody, postMultipart, sampleDocuments, submit } from './fixtures/applications';
import { HTML_AS_PDF, sampleJpeg, samplePdf, samplePng, SVG_AS_PDF } from './fixtures/samples';
import { createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

function storedFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const name of entries) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(full);
    }
  };
  walk(dir);
  return out;
}

const { Application } = contract;

describe('POST /api/applications', () => {
  let t: TestApp;
  let w: World;
  let cs: { id: number };
  let law: { id: number };
  let eng: { id: number };
  let other: { id: number };
  let filesDir: string;

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    cs = await createProgram(t, w.uniA.id, 'Computer Science', 4);
    law = await createProgram(t, w.uniA.id, 'Law', 1);
    eng = await createProgram(t, w.uniA.id, 'Engineering', 5);
    other = await createProgram(t, w.uniB.id, 'Mining', 4);
    assert.equal(t.config.storage.kind, 'local');
    filesDir = t.config.storage.kind === 'local' ? t.config.storage.dir : '';
  });
  after(() => t.close());

  async function counts() {
    const [a] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(applications);
    const [f] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(applicationFiles);
    return { applications: Number(a!.n), files: Number(f!.n), stored: storedFiles(filesDir).length };
  }

  it('stores a complete application, its files and its first history entry', async () => {
    const before = await counts();
    const res = await submit(t, w.userA.token, [law.id, cs.id]);
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json();
    assert.equal(body.message, 'Application submitted successfully');
    assert.equal(typeof body.id, 'number');
    const app = Application.parse(body.application);
    assert.equal(app.id, body.id);
    assert.equal(app.status, 'PENDING');
    assert.equal(app.universityId, w.uniA.id);
    assert.equal(app.university.name, 'University of Zambia');
    assert.equal(app.fullName, 'Chanda Mwansa');
    assert.equal(app.applicantName, 'Chanda Mwansa');
    assert.equal(app.provice, 'Lusaka');
    assert.equal(app.province, 'Lusaka');
    assert.equal(app.nationalRegNumber, '123456/10/1');
    assert.equal(app.applicationDate, app.submittedAt);
    assert.equal(app.paid, false);
    assert.equal(app.payment, null);
    assert.equal(app.user.id, w.userA.id);
    assert.equal(app.user.email, w.userA.email);
    assert.deepEqual(
      app.programChoices.map((c) => [c.priority, c.programId, c.programName, c.program.duration, c.program.durationYears, c.program.university.name]),
      [
        [1, law.id, 'Law', '1 year', 1, 'University of Zambia'],
        [2, cs.id, 'Computer Science', '4 years', 4, 'University of Zambia'],
      ],
    );
    assert.deepEqual(app.program, { id: law.id, name: 'Law', duration: '1 year' });
    assert.deepEqual(
      app.files.map((f) => [f.documentType, f.fileType, f.fileName]),
      [
        ['NRC_FRONT', 'image/jpeg', 'nrc-front.jpg'],
        ['NRC_BACK', 'image/png', 'nrc-back.png'],
        ['ACADEMIC_RESULTS', 'application/pdf', 'results.pdf'],
        ['CERTIFICATE', 'image/webp', 'certificate.webp'],
      ],
    );
    for (const f of app.files) assert.equal(f.url, `/api/files/${f.id}`);
    assert.equal(app.history.length, 1);
    assert.equal(app.history[0]!.kind, 'STATUS');
    assert.equal(app.history[0]!.from, null);
    assert.equal(app.history[0]!.to, 'PENDING');
    assert.equal(app.history[0]!.note, 'Application submitted');
    assert.equal(app.history[0]!.actor?.id, w.userA.id);
    assert.equal(app.history[0]!.actor?.role, 'USER');

    const after = await counts();
    assert.equal(after.applications, before.applications + 1);
    assert.equal(after.files, before.files + 4);
    assert.equal(after.stored, before.stored + 4);

    // Stored under server-generated keys, intact, with the right checksum.
    const rows = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, app.id));
    const samples = [sampleJpeg(), samplePng(), samplePdf()];
    for (const row of rows) {
      assert.match(row.storageKey, /^applications\/\d{6}\/[0-9a-f-]{36}$/);
      assert.doesNotMatch(row.storageKey, /nrc|results|certificate/);
    }
    for (const [i, sample] of samples.entries()) {
      const row = rows.find((r) => r.documentType === ['NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS'][i]);
      assert.equal(row!.sha256, createHash('sha256').update(sample).digest('hex'));
      assert.equal(row!.size, sample.length);
    }
  });

  it('takes each file kind from documentTypes, in order, and a status sent in lower case', async () => {
    const res = await submit(t, w.userB.token, [cs.id], {
      status: 'pending',
      documentTypes: ['CERTIFICATE', 'ACADEMIC_RESULTS', 'NRC_BACK', 'NRC_FRONT'],
    });
    assert.equal(res.statusCode, 201, res.body);
    const kinds = res.json().application.files.map((f: { documentType: string; fileType: string }) => [f.documentType, f.fileType]);
    assert.deepEqual(kinds, [
      ['CERTIFICATE', 'image/jpeg'],
      ['ACADEMIC_RESULTS', 'image/png'],
      ['NRC_BACK', 'application/pdf'],
      ['NRC_FRONT', 'image/webp'],
    ]);
  });

  it('accepts the application JSON sent as a Blob part and its own userId', async () => {
    const res = await postMultipart(t, w.userA.token, [
      { name: 'application', value: JSON.stringify(applicationJson([eng.id], { userId: String(w.userA.id) })), filename: 'blob', contentType: 'application/json' },
      ...sampleDocuments(),
    ]);
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().application.user.id, w.userA.id);
  });

  it('uses the account name when the JSON has no fullName (the spec payload has none)', async () => {
    const json = applicationJson([cs.id]);
    delete json.fullName;
    const res = await postMultipart(t, w.userB.token, [{ name: 'application', value: JSON.stringify(json) }, ...sampleDocuments()]);
    assert.equal(res.statusCode, 201, res.body);
    assert.match(res.json().application.fullName, /^User Tester\d+$/);
  });

  it('refuses guests (401) and staff (403) before reading the body', async () => {
    assert.equal((await submit(t, undefined, [cs.id])).statusCode, 401);
    for (const staff of [w.adminA, w.superuser]) {
      const res = await submit(t, staff.token, [cs.id]);
      assert.equal(res.statusCode, 403);
      assert.ok(res.json().message);
    }
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['a bad email', { email: 'not-an-email' }, /^email: /],
    ['a missing phone number', { phoneNumber: undefined }, /^phoneNumber: is required$/],
    ['an unknown country', { country: 'Atlantis' }, /^country: /],
    ['an unknown qualification', { highestQualification: 'Wizard' }, /^highestQualification: /],
    ['a malformed date of birth', { dateOfBirth: '17/05/2004' }, /^dateOfBirth: /],
    ['no program', { programIds: [] }, /^programIds: choose at least one program$/],
    ['four programs', { programIds: [1, 2, 3, 4] }, /^programIds: choose at most 3 programs$/],
    ['a repeated program', { programIds: [5, 5] }, /^programIds: must not repeat a program$/],
    ['a status other than PENDING', { status: 'APPROVED' }, /^status: a new application is always PENDING$/],
    ['review notes from the applicant', { reviewNotes: 'let me in' }, /^reviewNotes: /],
    ['an unknown field', { paid: true }, /^Unknown field: paid$/],
    ['someone else as userId', { userId: 999_999 }, /^userId: you can only apply for yourself$/],
    ['a document kind twice', { documentTypes: ['NRC_FRONT', 'NRC_FRONT', 'NRC_BACK', 'CERTIFICATE'] }, /^documentTypes: must name each document once$/],
  ];
  for (const [label, overrides, message] of invalid) {
    it(`answers 400 naming the field for ${label}, and keeps nothing`, async () => {
      const before = await counts();
      const res = await submit(t, w.userA.token, [cs.id], overrides);
      assert.equal(res.statusCode, 400, res.body);
      assert.match(res.json().message, message);
      assert.deepEqual(await counts(), before);
    });
  }

  it('answers 400 for programs that do not exist or span two universities', async () => {
    const before = await counts();
    const missing = await submit(t, w.userA.token, [cs.id, 987_654]);
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, 'programIds: program 987654 does not exist');
    const mixed = await submit(t, w.userA.token, [cs.id, other.id]);
    assert.equal(mixed.statusCode, 400);
    assert.equal(mixed.json().message, 'programIds: all programs must belong to one university');
    assert.deepEqual(await counts(), before);
  });

  it('answers 400 for malformed JSON, a missing application part, or the wrong number of files', async () => {
    const before = await counts();
    const broken = await postMultipart(t, w.userA.token, [{ name: 'application', value: '{"programIds": [' }, ...sampleDocuments()]);
    assert.equal(broken.statusCode, 400);
    assert.equal(broken.json().message, 'application: must be valid JSON');
    const none = await postMultipart(t, w.userA.token, sampleDocuments());
    assert.equal(none.statusCode, 400);
    assert.equal(none.json().message, 'application: is required');
    const three = await submit(t, w.userA.token, [cs.id], {}, sampleDocuments().slice(0, 3));
    assert.equal(three.statusCode, 400);
    assert.match(three.json().message, /^files: all 4 documents are required/);
    const five = await submit(t, w.userA.token, [cs.id], {}, [...sampleDocuments(), sampleDocuments()[0]!]);
    assert.equal(five.statusCode, 400);
    assert.match(five.json().message, /^files: send exactly 4 files/);
    const stray = await postMultipart(t, w.userA.token, [{ name: 'application', value: JSON.stringify(applicationJson([cs.id])) }, { name: 'role', value: 'ADMIN' }, ...sampleDocuments()]);
    assert.equal(stray.statusCode, 400);
    assert.equal(stray.json().message, 'Unknown field: role');
    assert.deepEqual(await counts(), before);
  });

  it('answers 415 for an application sent as JSON instead of multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { authorization: `Bearer ${w.userA.token}` },
      payload: applicationJson([cs.id]),
    });
    assert.equal(res.statusCode, 415);
    assert.equal(res.json().message, 'Send the application as multipart/form-data.');
  });

  it('refuses HTML and SVG renamed .pdf (judged by content) with 415, keeping nothing', async () => {
    const before = await counts();
    for (const hostile of [HTML_AS_PDF, SVG_AS_PDF, Buffer.alloc(0)]) {
      const docs = sampleDocuments();
      docs[3] = { name: 'files', value: hostile, filename: 'certificate.pdf', contentType: 'application/pdf' };
      const res = await submit(t, w.userA.token, [cs.id], {}, docs);
      assert.equal(res.statusCode, 415, res.body);
      assert.deepEqual(res.json(), {
        message: 'The Certificate file is not a JPEG, PNG or WebP image or a PDF, whatever its name says. Only JPEG, PNG, WebP images and PDF files are accepted.',
        error: 'Unsupported Media Type',
      });
    }
    assert.deepEqual(await counts(), before);
  });

  it('refuses a file over 5 MB with 413 and deletes the files already stored', async () => {
    const before = await counts();
    const docs = sampleDocuments();
    docs[3] = { name: 'files', value: samplePdf(5 * 1024 * 1024 + 1), filename: 'certificate.pdf', contentType: 'application/pdf' };
    const res = await submit(t, w.userA.token, [cs.id], {}, docs);
    assert.equal(res.statusCode, 413, res.body);
    assert.equal(res.json().message, 'Each file must be at most 5 MB.');
    assert.deepEqual(await counts(), before);
    // Exactly at the limit is fine.
    docs[3] = { name: 'files', value: samplePdf(5 * 1024 * 1024), filename: 'certificate.pdf', contentType: 'application/pdf' };
    const ok = await submit(t, w.userA.token, [cs.id], {}, docs);
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.json().application.files[3].size, 5 * 1024 * 1024);
  });

  it('cleans up stored files when the application part comes last and is invalid', async () => {
    const before = await counts();
    const res = await postMultipart(t, w.userA.token, [...sampleDocuments(), { name: 'application', value: JSON.stringify(applicationJson([cs.id], { email: 'x' })) }]);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(await counts(), before);
  });

  it('writes nothing and deletes the files when the database transaction fails', async () => {
    const before = await counts();
    await t.ctx.db.execute(sql.raw(`create or replace function portal_test_fail() returns trigger language plpgsql as $$ begin raise exception 'simulated failure'; end $$`));
    await t.ctx.db.execute(sql.raw('create trigger portal_test_fail before insert on application_history for each row execute function portal_test_fail()'));
    try {
      const res = await submit(t, w.userA.token, [cs.id]);
      assert.equal(res.statusCode, 500);
      assert.deepEqual(res.json(), { message: 'Internal server error', error: 'Internal Server Error' });
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger portal_test_fail on application_history'));
    }
    assert.deepEqual(await counts(), before);
    const [h] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(applicationHistory);
    assert.equal(Number(h!.n), before.applications);
  });

  /** Runs `work` with the app's database replaced by a faulty one, then puts the real one back. */
  async function withDatabase(fake: typeof t.ctx.db, work: () => Promise<void>) {
    const real = t.ctx.db;
    t.ctx.db = fake;
    try {
      await work();
    } finally {
      t.ctx.db = real;
    }
  }

  it('keeps the files when the database is lost mid-write and cannot say whether it saved', async () => {
    const before = await counts();
    let down = false;
    const real = t.ctx.db;
    const faulty = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'transaction') {
          return async () => {
            down = true;
            throw new Error('Connection terminated unexpectedly');
          };
        }
        if (prop === 'select' && down)
          return () => {
            throw new Error('Connection terminated unexpectedly');
          };
        return Reflect.get(target, prop, receiver);
      },
    }) as typeof t.ctx.db;
    await withDatabase(faulty, async () => {
      const res = await submit(t, w.userA.token, [cs.id]);
      // A lost database is a moment's outage: 503 with a retry hint, never the cause.
      assert.equal(res.statusCode, 503);
      assert.equal(res.headers['retry-after'], '5');
      assert.doesNotMatch(res.body, /Connection terminated/);
    });
    const after = await counts();
    assert.equal(after.applications, before.applications);
    assert.equal(after.stored, before.stored + 4, 'the four files are kept (orphaned, never lost)');
  });

  it('keeps the files when the commit happened but its answer was lost', async () => {
    const before = await counts();
    const real = t.ctx.db;
    const faulty = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'transaction') {
          return async (work: Parameters<typeof real.transaction>[0]) => {
            await real.transaction(work);
            throw new Error('Connection terminated unexpectedly');
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    }) as typeof t.ctx.db;
    await withDatabase(faulty, async () => {
      const res = await submit(t, w.userA.token, [cs.id]);
      // A lost database is a moment's outage: 503 with a retry hint, never the cause.
      assert.equal(res.statusCode, 503);
      assert.equal(res.headers['retry-after'], '5');
      assert.doesNotMatch(res.body, /Connection terminated/);
    });
    const after = await counts();
    assert.equal(after.applications, before.applications + 1);
    assert.equal(after.files, before.files + 4);
    assert.equal(after.stored, before.stored + 4, 'the saved application keeps its files');
  });

  it('answers 201 with the id when the saved application cannot be read back', async () => {
    const before = await counts();
    let committed = false;
    const real = t.ctx.db;
    const faulty = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'transaction') {
          return async (work: Parameters<typeof real.transaction>[0]) => {
            const result = await real.transaction(work);
            committed = true;
            return result;
          };
        }
        if ((prop === 'select' || prop === 'selectDistinctOn') && committed)
          return () => {
            throw new Error('Connection terminated unexpectedly');
          };
        return Reflect.get(target, prop, receiver);
      },
    }) as typeof t.ctx.db;
    await withDatabase(faulty, async () => {
      const res = await submit(t, w.userA.token, [cs.id]);
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().message, 'Application submitted successfully');
      assert.equal(typeof res.json().id, 'number');
      assert.equal(res.json().application, undefined);
    });
    const after = await counts();
    assert.equal(after.applications, before.applications + 1);
    assert.equal(after.stored, before.stored + 4);
  });

  async function listening(): Promise<number> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as { port: number }).port;
  }

  it('refuses an announced body over the request limit with 413 before reading it', async () => {
    const port = await listening();
    const answer = await new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/applications',
          headers: {
            authorization: `Bearer ${w.userA.token}`,
            'content-type': 'multipart/form-data; boundary=xyz',
            'content-length': String(30 * 1024 * 1024),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      // Only the first bytes are ever sent: the answer must come without the rest.
      req.write('--xyz\r\n');
    });
    assert.equal(answer.status, 413);
    assert.equal(JSON.parse(answer.body).message, 'The upload is too large.');
    assert.equal(answer.connection, 'close');
  });

  it('answers a hostile first file with 415 at once, even with megabytes still to come', async () => {
    const port = await listening();
    const before = await counts();
    const docs = [
      { name: 'files', value: HTML_AS_PDF, filename: 'nrc.pdf', contentType: 'application/pdf' },
      ...[1, 2, 3].map((i) => ({ name: 'files', value: samplePdf(4 * 1024 * 1024 + i), filename: `doc${i}.pdf`, contentType: 'application/pdf' })),
    ];
    const { payload, headers } = multipartBody([{ name: 'application', value: JSON.stringify(applicationJson([cs.id])) }, ...docs]);
    const res = await sendChunked(port, w.userA.token, payload, headers['content-type']!);
    assert.equal(res.status, 415);
    assert.equal(res.json.message, 'The NRC front or passport file is not a JPEG, PNG or WebP image or a PDF, whatever its name says. Only JPEG, PNG, WebP images and PDF files are accepted.');
    assert.deepEqual(await counts(), before);
  });
});

/** Sends a body over a real socket in chunks, without Content-Length (Transfer-Encoding: chunked). */
function sendChunked(port: number, token: string, body: Buffer, contentType: string): Promise<{ status: number; json: { message: string; id?: number } }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/applications', headers: { authorization: `Bearer ${token}`, 'content-type': contentType } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) });
        req.destroy();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer and close before the whole body is sent.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    const step = 64 * 1024;
    let offset = 0;
    const pump = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + step);
        offset += step;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('POST /api/applications over a real socket, streamed without Content-Length', () => {
  let t: TestApp;
  let w: World;
  let programId: number;
  let port: number;
  let filesDir: string;

  before(async () => {
    // Small limits: 60 kB per file, 150 kB per request.
    t = await startTestApp({ UPLOAD_MAX_FILE_BYTES: '60000', UPLOAD_MAX_REQUEST_BYTES: '150000' });
    w = await createWorld(t);
    programId = (await createProgram(t, w.uniA.id)).id;
    filesDir = t.config.storage.kind === 'local' ? t.config.storage.dir : '';
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  after(() => t.close());

  const docsOf = (size: number) =>
    ['NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS', 'CERTIFICATE'].map((kind, i) => ({
      name: 'files',
      value: samplePdf(size + i),
      filename: `${kind.toLowerCase()}.pdf`,
      contentType: 'application/pdf',
    }));

  it('stores four streamed files intact', async () => {
    const docs = docsOf(30_000);
    const { payload, headers } = multipartBody([{ name: 'application', value: JSON.stringify(applicationJson([programId])) }, ...docs]);
    const res = await sendChunked(port, w.userA.token, payload, headers['content-type']!);
    assert.equal(res.status, 201, JSON.stringify(res.json));
    const rows = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, res.json.id!));
    assert.deepEqual(rows.map((r) => r.sha256).sort(), docs.map((d) => createHash('sha256').update(d.value).digest('hex')).sort());
  });

  it('stops a streamed request over the total limit with 413 and keeps nothing', async () => {
    const before = storedFiles(filesDir).length;
    const { payload, headers } = multipartBody([{ name: 'application', value: JSON.stringify(applicationJson([programId])) }, ...docsOf(50_000)]);
    const res = await sendChunked(port, w.userA.token, payload, headers['content-type']!);
    assert.equal(res.status, 413);
    assert.equal(res.json.message, 'The upload is too large.');
    assert.equal(storedFiles(filesDir).length, before);
  });

  it('stops a streamed file over the per-file limit with 413 and keeps nothing', async () => {
    const before = storedFiles(filesDir).length;
    const docs = docsOf(10_000);
    docs[0] = { ...docs[0]!, value: samplePdf(70_000) };
    const { payload, headers } = multipartBody([{ name: 'application', value: JSON.stringify(applicationJson([programId])) }, ...docs]);
    const res = await sendChunked(port, w.userA.token, payload, headers['content-type']!);
    assert.equal(res.status, 413);
    assert.equal(res.json.message, 'Each file must be at most 58 KB.');
    assert.equal(storedFiles(filesDir).length, before);
  });
});
