/**
 * Two real API processes (instance A and B) with the same configuration,
 * started together on one empty PostgreSQL database, one Redis and one
 * S3-compatible store (s3rver on loopback): migrations run once, a file
 * uploaded through A downloads through B, a resumable upload is written by one
 * instance at a time, a rate limit counts across both, an
 * account archived through A is refused by B at once, and the payment
 * reconciliation job checks each payment on one instance at a time.
 *
 * Always uses the real PostgreSQL server (POSTGRES_SERVER_URL), whether or not
 * DATABASE_URL is set for the other tests, and REDIS_URL redis://127.0.0.1:6379.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { DEMO_LOGINS, DEMO_UNIVERSITIES } from '../src/modules/demo/data';
import { BACKOFFS } from '../src/infrastructure/rate-limit';
import { applicationJson, multipartBody, type Part } from './fixtures/applications';
import { sampleJpeg, samplePdf, samplePng, sampleWebp } from './fixtures/samples';
import { createScratchDatabase, freePort, request, spawnInstance, startFakeLenco, waitReady, type FakeLenco, type Instance, type ScratchDatabase } from './helpers/cluster';
import { startS3Server, type LocalS3 } from './helpers/s3-server';
import { TEST_JWT_SECRET } from './helpers/test-app';
import { TUS, uploadMetadata } from './helpers/tus';

const REDIS_URL = process.env.MULTI_INSTANCE_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Correct-Horse-42';
const INTERVAL_SECONDS = 1;
/** The key of the reconciliation job's cluster-wide lock (modules/payments/reconciliation.ts). */
const RECONCILE_LOCK_KEY = 'portal:payments:reconcile';
const RUN = randomBytes(4).toString('hex');
/** A client address of our own (through TRUST_PROXY) so that per-address limits of other runs never mix with ours. */
const CLIENT_IP = `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
const API_DIR = path.resolve(import.meta.dirname, '..');

const superuserLogin = DEMO_LOGINS.find((l) => l.role === 'SUPERUSER')!;

function tokenUserId(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string };
  return Number(payload.sub);
}

describe('two API instances on one PostgreSQL, Redis and S3 store', { timeout: 120_000 }, () => {
  let db: ScratchDatabase | undefined;
  let s3: LocalS3 | undefined;
  let lenco: FakeLenco | undefined;
  let redis: Redis | undefined;
  let dataDir: string | undefined;
  let A: Instance;
  let B: Instance;
  const instances: Instance[] = [];
  const emails: string[] = [];

  const headers = { 'x-forwarded-for': CLIENT_IP };
  const call = (instance: Instance, method: string, url: string, options: Parameters<typeof request>[3] = {}) =>
    request(instance.url, method, url, { ...options, headers: { ...headers, ...options.headers } });

  async function login(instance: Instance, email: string, password: string) {
    emails.push(email.toLowerCase());
    return call(instance, 'POST', '/api/auth/login', { json: { email, password } });
  }

  async function registerApplicant(instance: Instance, label: string): Promise<{ id: number; email: string; token: string }> {
    const email = `multi-${label}-${RUN}@example.test`;
    const res = await call(instance, 'POST', '/api/auth/register', {
      json: { firstName: 'Multi', lastName: `Instance ${label}`, email, phone: '+260971234567', password: PASSWORD, confirmPassword: PASSWORD, consent: true },
    });
    assert.equal(res.status, 201, res.bytes.toString());
    const signedIn = await login(instance, email, PASSWORD);
    assert.equal(signedIn.status, 200, signedIn.bytes.toString());
    const token = signedIn.json<{ token: string }>().token;
    return { id: tokenUserId(token), email, token };
  }

  /** A new applicant's resumable upload of a 300 KB PDF, started on A. */
  async function startUploadOnA(label: string) {
    const applicant = await registerApplicant(A, label);
    const pdf = samplePdf(300_000);
    const created = await call(A, 'POST', '/api/uploads', {
      token: applicant.token,
      headers: { ...TUS, 'upload-length': String(pdf.length), 'upload-metadata': uploadMetadata({ documentType: 'ACADEMIC_RESULTS', filename: 'results.pdf' }) },
    });
    assert.equal(created.status, 201, created.bytes.toString());
    const location = created.headers.get('location')!;
    return { applicant, pdf, location, uploadId: location.split('/').pop()! };
  }

  async function submitApplication(instance: Instance, token: string, programId: number, files: Part[]) {
    const { payload, headers: multipart } = multipartBody([{ name: 'application', value: JSON.stringify(applicationJson([programId])) }, ...files]);
    const res = await call(instance, 'POST', '/api/applications', { token, body: payload, headers: { 'content-type': multipart['content-type']! } });
    assert.equal(res.status, 201, res.bytes.toString());
    return res.json<{ id: number; application: { files: Array<{ id: number; url: string; documentType: string; fileName: string }> } }>();
  }

  before(async () => {
    db = await createScratchDatabase();
    s3 = await startS3Server();
    // A round (four payments, 300 ms per provider answer) lasts longer than the job's interval,
    // so each instance's tick always falls inside the other's round: without the lock they would overlap.
    lenco = await startFakeLenco(300);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
    await redis.connect();
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-multi-'));
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: db.url,
      REDIS_URL,
      JWT_SECRET: TEST_JWT_SECRET,
      PORTAL_DATA_DIR: dataDir,
      PORTAL_DEMO_DATA: 'true',
      TRUST_PROXY: '1',
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: `portal-multi-${RUN}`,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      LENCO_API_BASE: lenco.url,
      LENCO_PUBLIC_KEY: lenco.publicKey,
      LENCO_SECRET_KEY: lenco.secretKey,
      PAYMENT_RECONCILE_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // Both start at the same moment on the empty database.
    A = spawnInstance('A', portA, env);
    instances.push(A);
    B = spawnInstance('B', portB, env);
    instances.push(B);
    await Promise.all([waitReady(A), waitReady(B)]);
  });

  after(async () => {
    await Promise.allSettled(instances.map((i) => i.stop()));
    if (redis) {
      const keys = [...new Set(emails)].flatMap((e) => [`portal:rl:login:pair:${e}:${CLIENT_IP}`, `portal:rl:login:account:${e}`]);
      keys.push(`portal:rl:login:failed-ip:${CLIENT_IP}`, `portal:rl:register:ip:${CLIENT_IP}`);
      await redis.del(...keys).catch(() => {});
      redis.disconnect();
    }
    await Promise.allSettled([db?.drop(), s3?.stop(), lenco?.stop()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('started together on an empty database and migrated and seeded it once', async () => {
    for (const instance of [A, B]) {
      const res = await call(instance, 'GET', '/api/ready');
      assert.equal(res.status, 200);
      assert.equal(res.json().database, 'postgres');
    }
    const journal = JSON.parse(readFileSync(path.join(API_DIR, 'drizzle', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const migrations = await db!.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    assert.equal(migrations.rows[0].n, journal.entries.length, 'each migration recorded once');
    const unis = await db!.pool.query('select count(*)::int as n from universities');
    assert.equal(unis.rows[0].n, DEMO_UNIVERSITIES.length, 'demo data loaded once');
    const supers = await db!.pool.query('select count(*)::int as n from users where email = $1', [superuserLogin.email]);
    assert.equal(supers.rows[0].n, 1);
  });

  it('serves through B, byte for byte, the four files uploaded through A', async () => {
    const applicant = await registerApplicant(A, 'files');
    const program = await db!.pool.query('select id from programs order by id limit 1');
    const documents: Part[] = [
      { name: 'files', value: sampleJpeg(), filename: 'nrc-front.jpg', contentType: 'image/jpeg' },
      { name: 'files', value: samplePng(64, 48, [200, 30, 90]), filename: 'nrc-back.png', contentType: 'image/png' },
      { name: 'files', value: samplePdf(120_000), filename: 'results.pdf', contentType: 'application/pdf' },
      { name: 'files', value: sampleWebp(), filename: 'certificate.webp', contentType: 'image/webp' },
    ];
    const created = await submitApplication(A, applicant.token, program.rows[0].id, documents);
    const files = created.application.files;
    assert.equal(files.length, 4);
    const stored = await db!.pool.query('select count(*)::int as n from application_files where application_id = $1', [created.id]);
    assert.equal(stored.rows[0].n, 4);
    // Nothing of the upload stayed on A's disk: B can only read it from the shared store.
    for (const [i, file] of files.entries()) {
      const res = await call(B, 'GET', file.url, { token: applicant.token });
      assert.equal(res.status, 200, `${file.fileName}: ${res.bytes.toString().slice(0, 200)}`);
      assert.ok(res.bytes.equals(documents[i]!.value as Buffer), `${file.fileName} differs`);
    }
    const listed = await call(B, 'GET', `/api/files/application/${created.id}`, { token: applicant.token });
    assert.equal(listed.status, 200);
    assert.equal(listed.json<unknown[]>().length, 4);
  });

  it('continues on B a resumable upload started on A, through the shared S3 store, and keeps no tus copy once it is a document', async () => {
    const { applicant, pdf, location, uploadId } = await startUploadOnA('tus');
    const patch = (instance: Instance, offset: number, end: number) =>
      call(instance, 'PATCH', location, {
        token: applicant.token,
        body: pdf.subarray(offset, end),
        headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      });
    const first = await patch(A, 0, 100_000);
    assert.equal(first.status, 204, first.bytes.toString());
    // B was not there: it learns the offset from the bucket alone.
    const offsetOnB = await call(B, 'HEAD', location, { token: applicant.token, headers: TUS });
    assert.equal(offsetOnB.status, 200);
    assert.equal(offsetOnB.headers.get('upload-offset'), '100000');
    const second = await patch(B, 100_000, 200_000);
    assert.equal(second.status, 204, second.bytes.toString());
    const last = await patch(A, 200_000, pdf.length);
    assert.equal(last.status, 204, last.bytes.toString());

    const linked = await call(B, 'PUT', '/api/drafts/mine/files/ACADEMIC_RESULTS', { token: applicant.token, json: { uploadId } });
    assert.equal(linked.status, 200, linked.bytes.toString());
    const downloaded = await call(A, 'GET', '/api/drafts/mine/files/ACADEMIC_RESULTS', { token: applicant.token });
    assert.equal(downloaded.status, 200);
    assert.ok(downloaded.bytes.equals(pdf), 'the document is the bytes sent in three chunks through two instances');

    // The tus copy (the object, its .info and any .part) left the bucket once the bytes were in the document storage.
    const leftovers = readdirSync(path.join(s3!.directory, `portal-multi-${RUN}`)).filter((name) => name.startsWith(uploadId));
    assert.deepEqual(leftovers, []);
  });

  it('lets one instance at a time write an upload: a PATCH resumed on B first stops the one A still holds', async () => {
    const { applicant, pdf, location, uploadId } = await startUploadOnA('tus-lock');

    // A phone's PATCH to A that sent a third of the file and went quiet (its connection half-open).
    const held = httpRequest(new URL(location, A.url), {
      method: 'PATCH',
      headers: {
        ...TUS,
        ...headers,
        authorization: `Bearer ${applicant.token}`,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(pdf.length),
      },
    });
    const heldAnswered = new Promise<{ at: number; outcome: string }>((resolve) => {
      held.on('response', (res) => {
        res.resume();
        resolve({ at: Date.now(), outcome: `status ${res.statusCode}` });
      });
      held.on('error', (error) => resolve({ at: Date.now(), outcome: error.message }));
    });
    held.write(pdf.subarray(0, 100_000));
    // A holds the upload's lock while it reads the body: the lock is in the shared Redis.
    for (let tries = 0; (await redis!.exists(`portal:tus-lock:${uploadId}`)) === 0; tries++) {
      assert.ok(tries < 200, 'instance A holds the upload in the lock every instance sees');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // The phone comes back through B and resumes: B asks A to let go, and writes only once A has.
    const resumed = await call(B, 'HEAD', location, { token: applicant.token, headers: TUS });
    assert.equal(resumed.status, 200);
    const offset = Number(resumed.headers.get('upload-offset'));
    const onB = await call(B, 'PATCH', location, {
      token: applicant.token,
      body: pdf.subarray(offset),
      headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    });
    const answeredOnB = Date.now();
    const onA = await heldAnswered;
    held.destroy();
    assert.ok(onA.at <= answeredOnB, `A let go of the upload (${onA.outcome}) before B answered (${onB.status})`);

    // Whatever A kept, the client goes on from the offset the store reports and the document is whole.
    let now = await call(B, 'HEAD', location, { token: applicant.token, headers: TUS });
    if (onB.status !== 204) {
      assert.equal(onB.status, 409, onB.bytes.toString());
      const from = Number(now.headers.get('upload-offset'));
      const rest = await call(A, 'PATCH', location, {
        token: applicant.token,
        body: pdf.subarray(from),
        headers: { ...TUS, 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' },
      });
      assert.equal(rest.status, 204, rest.bytes.toString());
      now = await call(B, 'HEAD', location, { token: applicant.token, headers: TUS });
    }
    assert.equal(now.headers.get('upload-offset'), String(pdf.length));
    const linked = await call(A, 'PUT', '/api/drafts/mine/files/ACADEMIC_RESULTS', { token: applicant.token, json: { uploadId } });
    assert.equal(linked.status, 200, linked.bytes.toString());
    const downloaded = await call(B, 'GET', '/api/drafts/mine/files/ACADEMIC_RESULTS', { token: applicant.token });
    assert.ok(downloaded.bytes.equals(pdf), 'the document is the file, byte for byte');
    assert.equal(await redis!.exists(`portal:tus-lock:${uploadId}`), 0, 'no lock is left behind');
  });

  it('counts failed sign-ins of one account across both instances', async () => {
    const email = `multi-limit-${RUN}@example.test`;
    const free = BACKOFFS.loginPair.free;
    const statuses: number[] = [];
    for (let i = 0; i < free; i += 1) {
      const res = await login(i % 2 === 0 ? A : B, email, 'Wrong-password-1');
      statuses.push(res.status);
    }
    assert.deepEqual(statuses, new Array(free).fill(401));
    // Each instance saw only half of them, yet both make the next one wait.
    const overA = await login(A, email, 'Wrong-password-1');
    assert.equal(overA.status, 429, overA.bytes.toString());
    assert.ok(Number(overA.headers.get('retry-after')) > 0);
    const overB = await login(B, email, 'Wrong-password-1');
    assert.equal(overB.status, 429);
    const counted = Number(await redis!.hget(`portal:rl:login:pair:${email}:${CLIENT_IP}`, 'count'));
    assert.equal(counted, free, 'one shared record in Redis; waiting attempts are not counted');
  });

  it('refuses at once on B the token of an account archived through A', async () => {
    const user = await registerApplicant(B, 'archived');
    const before = await call(B, 'GET', `/api/users/${user.id}`, { token: user.token });
    assert.equal(before.status, 200, before.bytes.toString());

    const su = await login(A, superuserLogin.email, superuserLogin.password);
    assert.equal(su.status, 200, su.bytes.toString());
    const archived = await call(A, 'PUT', `/api/users/${user.id}`, { token: su.json<{ token: string }>().token, json: { enabled: false } });
    assert.equal(archived.status, 200, archived.bytes.toString());
    assert.equal(archived.json().enabled, false);

    const refused = await call(B, 'GET', `/api/users/${user.id}`, { token: user.token });
    assert.equal(refused.status, 401);
    assert.equal(typeof refused.json().message, 'string');
    const again = await login(B, user.email, PASSWORD);
    assert.equal(again.status, 403, again.bytes.toString());
    assert.equal(again.json().token, undefined);
  });

  it('ends at once on B a session logged out through A, and only that session; sign out everywhere through B ends all on A', async () => {
    const user = await registerApplicant(A, 'sessions');
    const phone = (await login(B, user.email, PASSWORD)).json<{ token: string }>().token;
    // Both instances have verified (and remember) both tokens before the logout.
    for (const instance of [A, B]) {
      for (const token of [user.token, phone]) assert.equal((await call(instance, 'GET', `/api/users/${user.id}`, { token })).status, 200);
    }
    const out = await call(A, 'POST', '/api/auth/logout', { token: phone });
    assert.equal(out.status, 200, out.bytes.toString());
    assert.equal((await call(B, 'GET', `/api/users/${user.id}`, { token: phone })).status, 401, 'the logged-out session on B');
    assert.equal((await call(A, 'GET', `/api/users/${user.id}`, { token: phone })).status, 401, 'and on A');
    assert.equal((await call(B, 'GET', `/api/users/${user.id}`, { token: user.token })).status, 200, 'the other session carries on');

    const laptop = (await login(A, user.email, PASSWORD)).json<{ token: string }>().token;
    const everywhere = await call(B, 'POST', '/api/auth/logout-everywhere', { token: user.token });
    assert.equal(everywhere.status, 200, everywhere.bytes.toString());
    for (const token of [user.token, laptop]) {
      assert.equal((await call(A, 'GET', `/api/users/${user.id}`, { token })).status, 401);
      assert.equal((await call(B, 'GET', `/api/users/${user.id}`, { token })).status, 401);
    }
  });

  it('reconciles each pending payment on one instance at a time', async () => {
    const payer = await registerApplicant(A, 'payer');
    // One program per university: each demo university takes one application per applicant into its open intake.
    const programs = await db!.pool.query('select distinct on (university_id) id from programs order by university_id, id limit 4');
    const references: string[] = [];
    for (const [i, row] of programs.rows.entries()) {
      const via = i % 2 === 0 ? A : B;
      const created = await submitApplication(via, payer.token, row.id, [
        { name: 'files', value: sampleJpeg(), filename: 'nrc-front.jpg', contentType: 'image/jpeg' },
        { name: 'files', value: samplePng(), filename: 'nrc-back.png', contentType: 'image/png' },
        { name: 'files', value: samplePdf(), filename: 'results.pdf', contentType: 'application/pdf' },
        { name: 'files', value: sampleWebp(), filename: 'certificate.webp', contentType: 'image/webp' },
      ]);
      const started = await call(via, 'POST', '/api/payments/initiate', { token: payer.token, json: { applicationId: created.id } });
      assert.equal(started.status, 200, started.bytes.toString());
      references.push(started.json<{ reference: string }>().reference);
    }
    assert.equal(lenco!.calls.length, 0, 'new payments are left alone for their first minute');

    // Who asks for the job's lock: every SET on its key, by Redis client connection (one per instance).
    // A release (the compare-and-delete script) follows each SET that got the lock; the other SETs were refused.
    const lockAttempts = new Map<string, number>();
    let releases = 0;
    const monitor = await redis!.monitor();
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      const command = String(args[0]).toLowerCase();
      if (command === 'set' && args[1] === RECONCILE_LOCK_KEY) lockAttempts.set(source, (lockAttempts.get(source) ?? 0) + 1);
      if (command === 'eval' && args[3] === RECONCILE_LOCK_KEY) releases += 1;
    });
    // Make them old enough for the job (a payment is re-checked after its first minute).
    const aged = await db!.pool.query(`update payments set created_at = now() - interval '5 minutes' where reference = any($1) and status = 'pending'`, [references]);
    assert.equal(aged.rowCount, references.length);
    const logsFrom = (instance: Instance) => instance.logs.filter((l) => l.msg === 'payments reconciled');
    const startA = logsFrom(A).length;
    const startB = logsFrom(B).length;
    const checksOf = (reference: string) => lenco!.calls.filter((c) => c.reference === reference);
    const deadline = Date.now() + 25_000;
    const observeUntil = Date.now() + 5_000;
    try {
      while (Date.now() < deadline) {
        const bothTried = [...lockAttempts.values()].filter((n) => n >= 2).length >= 2;
        const everyThrice = references.every((r) => checksOf(r).length >= 3);
        if (bothTried && everyThrice && Date.now() >= observeUntil) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      // Stop both: a graceful stop lets a round in progress finish (log, release its lock) first, so every call is counted.
      await Promise.all([A.stop(), B.stop()]);
    } finally {
      monitor.disconnect();
    }
    assert.equal(A.child.exitCode, 0, A.output().slice(-2000));
    assert.equal(B.child.exitCode, 0, B.output().slice(-2000));
    const roundsA = logsFrom(A).slice(startA);
    const roundsB = logsFrom(B).slice(startB);
    const reported = [...roundsA, ...roundsB].reduce((sum, l) => sum + Number(l.checked), 0);
    const ours = lenco!.calls.filter((c) => references.includes(c.reference));
    assert.equal(ours.length, lenco!.calls.length, 'only our payments were checked');
    assert.equal(reported, ours.length, 'every provider call belongs to one logged round');
    // One round at a time across both instances: never two status calls at once.
    assert.equal(lenco!.maxInFlight(), 1, 'two instances were reconciling at the same time');
    for (const reference of references) {
      const checks = checksOf(reference).sort((x, y) => x.startedAt - y.startedAt);
      assert.ok(checks.length >= 3, `${reference} checked ${checks.length} times`);
      for (let i = 1; i < checks.length; i += 1) {
        const gap = checks[i]!.startedAt - checks[i - 1]!.endedAt;
        // Re-checked no sooner than half an interval after the last answer: never twice in one round.
        assert.ok(gap >= (INTERVAL_SECONDS * 1000) / 2 - 50, `${reference} checked twice ${gap} ms apart`);
      }
    }
    // Both instances' jobs ran every interval and asked for the lock; the rounds that got it did the checks.
    const tries = [...lockAttempts.values()].sort((x, y) => y - x);
    assert.ok(tries.length >= 2 && tries[1]! >= 2, `lock attempts by connection: ${JSON.stringify([...lockAttempts])}`);
    const rounds = roundsA.length + roundsB.length;
    assert.ok(rounds >= 3, `only ${rounds} rounds`);
    // The first round checks all four payments and outlasts the interval, so the other instance's tick meets the lock.
    const refused = tries.reduce((a, b) => a + b, 0) - releases;
    assert.ok(refused >= 1, `refused ${refused}: attempts ${JSON.stringify([...lockAttempts])}, releases ${releases}, rounds A ${roundsA.length} B ${roundsB.length}`);
    const states = await db!.pool.query('select status, last_checked_at from payments where reference = any($1)', [references]);
    for (const row of states.rows) {
      assert.equal(row.status, 'pending');
      assert.ok(row.last_checked_at, 'the check was recorded');
    }
  });
});
