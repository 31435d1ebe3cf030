/**
 * The SMS channel (issue 18): the Africa's Talking adapter against a local
 * fake of their HTTP API, the outbox's retries and back-off (the clock is
 * moved, never slept), permanent failures, the bounded drain, delivery
 * reports, the offline sandbox, and one event sent once by two app instances
 * on one PostgreSQL database.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { smsOutbox } from '../src/infrastructure/database/schema';
import { processSmsOutbox, queueSmsInTransaction, smsTiming, type SmsToQueue } from '../src/infrastructure/sms/outbox';
import { fitSms, gsm7Length } from '../src/infrastructure/sms/text';
import { accountArchivedSms, intakeClosingSms, offerLapsingSms, submittedSms } from '../src/modules/notifications';
import { createScratchDatabase, type ScratchDatabase } from './helpers/cluster';
import { startFakeAfricasTalking, type FakeAfricasTalking } from './helpers/fake-africastalking';
import { movableClock } from './helpers/intakes';
import { startTestApp, type TestApp } from './helpers/test-app';

smsTiming.worker = false;
const SECRET = 'delivery-report-secret-0123456789';
let serial = 0;

function sms(extra: Partial<SmsToQueue> = {}): SmsToQueue {
  serial += 1;
  return { userId: null, to: '+260977123456', text: `Test text ${serial}`, event: 'TEST', idempotencyKey: `test:${serial}:${Date.now()}`, ...extra };
}

async function queue(t: TestApp, message: SmsToQueue): Promise<number | null> {
  return t.ctx.db.transaction((tx) => queueSmsInTransaction(t.ctx, tx, message));
}

async function row(t: TestApp, id: number) {
  const [found] = await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
  return found!;
}

function providerEnv(fake: FakeAfricasTalking, extra: Record<string, string> = {}) {
  return {
    AFRICASTALKING_API_KEY: fake.apiKey,
    AFRICASTALKING_USERNAME: 'uniportal',
    AFRICASTALKING_SENDER_ID: 'UNIPORTAL',
    AFRICASTALKING_API_BASE: fake.url,
    SMS_DELIVERY_REPORT_SECRET: SECRET,
    ...extra,
  };
}

describe('SMS texts', () => {
  it('fit one GSM-7 segment, shortening the name part, with typographic characters made plain', () => {
    const text = fitSms(
      (uni) => `UniPortal: ${uni} approved application #12345. Details: https://portal.example.test/applications/12345`,
      'The Copperbelt University – School of Mines and Mineral Sciences’ Kitwe campus',
    );
    assert.ok(gsm7Length(text)! <= 160, text);
    assert.match(text, /^UniPortal: The Copperbelt University - School.*\.\.\. approved application #12345/);
  });
  it("each event's text fits one segment with long names, a long public address and no secret", () => {
    const ctx = { config: { publicUrl: 'https://apply.admissions-portal.example.zm', mail: { contactTo: 'admissions.helpdesk@uniportal.example.zm' } } } as never;
    const uni = 'The Copperbelt University – School of Mines and Mineral Sciences, Kitwe campus';
    const notices = [
      submittedSms(ctx, { userId: 1, applicationId: 1234567 }),
      offerLapsingSms(ctx, {
        userId: 1,
        offerId: 9,
        applicationId: 1234567,
        universityId: 3,
        universityName: uni,
        programName: 'Bachelor of Science in Metallurgy and Mineral Processing',
        replyBy: new Date('2026-11-25T12:05:00Z'),
      }),
      intakeClosingSms(ctx, { userId: 1, intakeId: 4, kind: 'DRAFT_72H', universityId: 3, universityName: uni, closesAt: new Date('2026-11-25T12:05:00Z') }),
      intakeClosingSms(ctx, { userId: 1, intakeId: 4, kind: 'UNPAID_24H', universityId: 3, universityName: uni, closesAt: new Date('2026-11-25T12:05:00Z'), applicationId: 1234567 }),
      accountArchivedSms(ctx, { userId: 1, archived: true, occurrence: 2 }),
      accountArchivedSms(ctx, { userId: 1, archived: false, occurrence: 2 }),
    ];
    for (const notice of notices) {
      const text = fitSms(notice.text, notice.part ?? uni);
      assert.ok(gsm7Length(text)! <= 160, `${gsm7Length(text)}: ${text}`);
      assert.doesNotMatch(text, /token|password|reset/i);
    }
    assert.match(fitSms(notices[1]!.text, notices[1]!.part!), /lapses 25 Nov 2026 14:05 Lusaka time\. Reply at https:\/\/apply\.admissions-portal\.example\.zm\/applications\/1234567$/);
  });
});

describe("SMS outbox with the Africa's Talking adapter (a local fake of their API)", () => {
  const clock = movableClock('2027-01-10T08:00:00.000Z');
  let fake: FakeAfricasTalking;
  let t: TestApp;

  before(async () => {
    fake = await startFakeAfricasTalking();
    t = await startTestApp(providerEnv(fake), { clock });
  });
  after(async () => {
    await t?.close();
    await fake?.stop();
  });

  it("sends the form Africa's Talking expects and records the message id and cost", async () => {
    const id = (await queue(t, sms({ text: 'UniPortal: hello' })))!;
    assert.deepEqual(await processSmsOutbox(t.ctx), { sent: 1, retry: 0, permanent: 0 });
    const request = fake.requests.at(-1)!;
    assert.deepEqual(request.form, { username: 'uniportal', to: '+260977123456', message: 'UniPortal: hello', from: 'UNIPORTAL' });
    assert.equal(request.headers.apikey, fake.apiKey);
    assert.equal(request.headers.accept, 'application/json');
    assert.match(String(request.headers['content-type']), /^application\/x-www-form-urlencoded/);
    const sent = await row(t, id);
    assert.equal(sent.status, 'sent');
    assert.equal(sent.providerMessageId, fake.messageIds.at(-1));
    assert.equal(sent.providerStatusCode, 101);
    assert.equal(sent.cost, 'ZMW 0.3000');
    assert.equal(sent.attempts, 1);
  });

  it('one idempotency key is queued once', async () => {
    const message = sms();
    const first = await queue(t, message);
    assert.equal(typeof first, 'number');
    assert.equal(await queue(t, message), null);
    assert.equal((await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.idempotencyKey, message.idempotencyKey))).length, 1);
    await processSmsOutbox(t.ctx);
  });

  it('a 5xx is retried after 30 s, then 1 min, and sent when the provider is back; nothing is due before', async () => {
    fake.script.push('http500', 'http500');
    const id = (await queue(t, sms()))!;
    const before = fake.requests.length;
    assert.deepEqual(await processSmsOutbox(t.ctx), { sent: 0, retry: 1, permanent: 0 });
    let current = await row(t, id);
    assert.equal(current.status, 'pending');
    assert.equal(current.attempts, 1);
    assert.equal(current.nextAttemptAt.getTime(), clock.now().getTime() + 30_000);
    assert.match(current.lastError!, /HTTP 500/);
    clock.advance(29_000);
    assert.deepEqual(await processSmsOutbox(t.ctx), { sent: 0, retry: 0, permanent: 0 }, 'not due yet');
    clock.advance(1_000);
    assert.deepEqual(await processSmsOutbox(t.ctx), { sent: 0, retry: 1, permanent: 0 });
    current = await row(t, id);
    assert.equal(current.nextAttemptAt.getTime(), clock.now().getTime() + 60_000, 'the back-off doubles');
    clock.advance(60_000);
    assert.deepEqual(await processSmsOutbox(t.ctx), { sent: 1, retry: 0, permanent: 0 });
    assert.equal((await row(t, id)).status, 'sent');
    assert.equal(fake.requests.length - before, 3);
  });

  it('a provider that does not answer in time is retried', async () => {
    smsTiming.timeoutMs = 200;
    try {
      fake.script.push('timeout');
      const id = (await queue(t, sms()))!;
      assert.deepEqual(await processSmsOutbox(t.ctx), { sent: 0, retry: 1, permanent: 0 });
      assert.match((await row(t, id)).lastError!, /did not answer within 200 ms/);
      clock.advance(30_000);
      assert.deepEqual(await processSmsOutbox(t.ctx), { sent: 1, retry: 0, permanent: 0 });
    } finally {
      smsTiming.timeoutMs = 10_000;
    }
  });

  it('an invalid number (403 InvalidPhoneNumber) fails for good: recorded, never retried', async () => {
    fake.script.push('invalid-number');
    const id = (await queue(t, sms({ to: '+260100000000' })))!;
    assert.deepEqual(await processSmsOutbox(t.ctx), { sent: 0, retry: 0, permanent: 1 });
    const failed = await row(t, id);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.providerStatusCode, 403);
    assert.match(failed.lastError!, /InvalidPhoneNumber \(403\)/);
    const before = fake.requests.length;
    clock.advance(24 * 60 * 60_000);
    assert.deepEqual(await processSmsOutbox(t.ctx), { sent: 0, retry: 0, permanent: 0 });
    assert.equal(fake.requests.length, before);
  });

  it('a temporary refusal (405 InsufficientBalance) is retried', async () => {
    fake.script.push('insufficient-balance');
    const id = (await queue(t, sms()))!;
    assert.deepEqual(await processSmsOutbox(t.ctx), { sent: 0, retry: 1, permanent: 0 });
    assert.equal((await row(t, id)).status, 'pending');
    clock.advance(30_000);
    assert.deepEqual(await processSmsOutbox(t.ctx), { sent: 1, retry: 0, permanent: 0 });
  });

  it('gives up after 8 attempts', async () => {
    fake.script.push(...Array<'http500'>(8).fill('http500'));
    const id = (await queue(t, sms()))!;
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await processSmsOutbox(t.ctx);
      clock.advance(60 * 60_000);
    }
    const given = await row(t, id);
    assert.equal(given.status, 'failed');
    assert.equal(given.attempts, 8);
    fake.script.length = 0;
  });

  it('drains at a bounded rate: SMS_MAX_PER_MINUTE spread over the worker rounds', async () => {
    const slow = await startTestApp(providerEnv(fake, { SMS_MAX_PER_MINUTE: '24' }), { clock });
    try {
      for (let i = 0; i < 5; i += 1) await queue(slow, sms());
      // 24 a minute at a round every 5 s: 2 a round.
      assert.deepEqual(await processSmsOutbox(slow.ctx), { sent: 2, retry: 0, permanent: 0 });
      assert.deepEqual(await processSmsOutbox(slow.ctx), { sent: 2, retry: 0, permanent: 0 });
      assert.deepEqual(await processSmsOutbox(slow.ctx), { sent: 1, retry: 0, permanent: 0 });
    } finally {
      await slow.close();
    }
  });

  it("records delivery reports posted as Africa's Talking does, with the shared secret only", async () => {
    const id = (await queue(t, sms()))!;
    await processSmsOutbox(t.ctx);
    const messageId = (await row(t, id)).providerMessageId!;
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

    const fields = { id: messageId, status: 'Failed', phoneNumber: '+260977123456', networkCode: '64501', failureReason: 'AbsentSubscriber', retryCount: '0' };
    assert.equal((await post('/api/sms/delivery-reports', fields)).statusCode, 401);
    assert.equal((await post('/api/sms/delivery-reports?key=wrong-secret-0123456789', fields)).statusCode, 401);
    assert.equal((await row(t, id)).deliveryStatus, null, 'nothing recorded without the secret');

    const res = await post(`/api/sms/delivery-reports?key=${SECRET}`, fields);
    assert.equal(res.statusCode, 200, res.body);
    let reported = await row(t, id);
    assert.equal(reported.deliveryStatus, 'Failed');
    assert.equal(reported.deliveryFailureReason, 'AbsentSubscriber');
    assert.equal(reported.deliveryReportedAt?.getTime(), clock.now().getTime());

    assert.equal((await post('/api/sms/delivery-reports', { ...fields, status: 'Success', failureReason: '' }, { 'x-sms-report-key': SECRET })).statusCode, 200);
    reported = await row(t, id);
    assert.equal(reported.deliveryStatus, 'Success');
    assert.equal(reported.deliveryFailureReason, null);

    const unknown = await post(`/api/sms/delivery-reports?key=${SECRET}`, { id: 'ATXid_not_ours', status: 'Success' });
    assert.equal(unknown.statusCode, 200, 'acknowledged, so the provider does not retry it');
    const bad = await post(`/api/sms/delivery-reports?key=${SECRET}`, { status: 'Success' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /id/);
  });

  it('without a configured secret the delivery report route answers 404', async () => {
    const other = await startTestApp({ ...providerEnv(fake), SMS_DELIVERY_REPORT_SECRET: '' });
    try {
      const res = await other.app.inject({ method: 'POST', url: '/api/sms/delivery-reports', payload: 'id=x&status=Success', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      assert.equal(res.statusCode, 404);
    } finally {
      await other.close();
    }
  });
});

describe('the offline SMS sandbox', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ PUBLIC_URL: 'http://localhost:18080' });
  });
  after(() => t?.close());

  it('is used without a key: texts go through the same adapter to this server and show on /sandbox/sms', async () => {
    assert.equal(t.config.sms.mode, 'sandbox');
    const id = (await queue(t, sms({ text: 'UniPortal: sandbox <hello>' })))!;
    const invalid = (await queue(t, sms({ to: '+26097' })))!;
    assert.deepEqual(await processSmsOutbox(t.ctx), { sent: 1, retry: 0, permanent: 1 });
    assert.match((await row(t, id)).providerMessageId!, /^ATXid_sandbox_/);
    assert.equal((await row(t, invalid)).status, 'failed');
    const json = await t.app.inject({ method: 'GET', url: '/sandbox/sms?format=json&to=%2B260977123456' });
    assert.equal(json.statusCode, 200);
    assert.equal(json.json().messages[0].text, 'UniPortal: sandbox <hello>');
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/sms' });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.ok(page.body.includes('UniPortal: sandbox &#60;hello&#62;'), 'escaped');
    const remote = await t.app.inject({ method: 'GET', url: '/sandbox/sms', remoteAddress: '10.1.2.3' });
    assert.equal(remote.statusCode, 404, 'the page (reset codes) answers this machine only');
  });

  it('refuses requests without the configured key, as the provider does', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/africastalking/version1/messaging',
      payload: 'username=sandbox&to=%2B260977123456&message=hi',
      headers: { 'content-type': 'application/x-www-form-urlencoded', apikey: 'wrong' },
    });
    assert.equal(res.statusCode, 401);
  });
});

describe('configuration of the SMS channel', () => {
  const base = { JWT_SECRET: 'kT3vQ9pLm2Xw8RzC4bN7yH1dF6gJ0sA5eU', PORTAL_DATA_DIR: '/tmp/portal-sms-config', LENCO_PUBLIC_KEY: 'pub', LENCO_SECRET_KEY: 'sk' };
  it('production has no sandbox unless asked by name, and then sends nothing', () => {
    assert.equal(loadConfig({}, { ...base, NODE_ENV: 'production' }).sms.mode, 'off');
    assert.equal(loadConfig({}, { ...base, NODE_ENV: 'production', SMS_SANDBOX: 'true' }).sms.mode, 'sandbox');
    assert.equal(loadConfig({}, { ...base, NODE_ENV: 'development' }).sms.mode, 'sandbox');
    const real = loadConfig({}, { ...base, NODE_ENV: 'production', AFRICASTALKING_API_KEY: 'k', AFRICASTALKING_USERNAME: 'u' }).sms;
    assert.equal(real.mode, 'provider');
    assert.equal(real.apiBase, 'https://api.africastalking.com');
  });
  it('refuses a key without a username, and the sandbox beside a key', () => {
    assert.throws(() => loadConfig({}, { ...base, AFRICASTALKING_API_KEY: 'k' }), /AFRICASTALKING_USERNAME: is required/);
    assert.throws(() => loadConfig({}, { ...base, AFRICASTALKING_API_KEY: 'k', AFRICASTALKING_USERNAME: 'u', SMS_SANDBOX: 'true' }), /SMS_SANDBOX: cannot be true/);
  });
});

/** Always on the real PostgreSQL server, as multi-instance.test.ts: two apps on one database claim at once. */
describe('two app instances draining one outbox send each text exactly once (PostgreSQL)', { timeout: 120_000 }, () => {
  const clock = movableClock('2027-01-10T08:00:00.000Z');
  let fake: FakeAfricasTalking;
  let database: ScratchDatabase;
  let A: TestApp;
  let B: TestApp;

  before(async () => {
    fake = await startFakeAfricasTalking();
    database = await createScratchDatabase();
    A = await startTestApp(providerEnv(fake, { SMS_MAX_PER_MINUTE: '6000' }), { databaseUrl: database.url, clock });
    B = await startTestApp(providerEnv(fake, { SMS_MAX_PER_MINUTE: '6000' }), { databaseUrl: database.url, clock });
  });
  after(async () => {
    await A?.close();
    await B?.close();
    await database?.drop();
    await fake?.stop();
  });

  it('60 events queued (each twice, once per instance), rounds on both at the same moment: 60 texts', async () => {
    const messages = Array.from({ length: 60 }, (_, i) => sms({ text: `Event ${i}`, idempotencyKey: `multi:${i}` }));
    await Promise.all(messages.flatMap((m) => [queue(A, m), queue(B, m)]));
    const totals = { sent: 0, retry: 0, permanent: 0 };
    for (let round = 0; round < 4; round += 1) {
      for (const result of await Promise.all([processSmsOutbox(A.ctx, 10), processSmsOutbox(B.ctx, 10), processSmsOutbox(A.ctx, 10), processSmsOutbox(B.ctx, 10)])) {
        totals.sent += result.sent;
        totals.retry += result.retry;
      }
    }
    assert.deepEqual(totals, { sent: 60, retry: 0, permanent: 0 });
    const texts = fake.requests.map((r) => r.form.message).sort();
    assert.equal(texts.length, 60, 'the provider got 60 requests');
    assert.equal(new Set(texts).size, 60, 'each text once');
  });
});
