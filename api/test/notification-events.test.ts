/**
 * Issue 18 item 3 (the rest) and issue 17's 48-hour message: an offer about
 * to lapse (48 hours before its deadline, once per offer, also with two
 * instances on PostgreSQL), the intake-closing reminders by SMS, an account
 * archived or restored, and the submitted e-mail; each an SMS of one segment
 * and an e-mail of the notice template (text and HTML), as the applicant
 * chose on Settings. Jobs are run by their round functions with the clock
 * moved, never slept. Runs on PGlite, or on PostgreSQL with DATABASE_URL;
 * the two-instance part always on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_EVENTS, type NotificationPreferences } from 'shared-api/contract';
import { mailOutbox, notificationPreferences, offers, smsOutbox } from '../src/infrastructure/database/schema';
import { smsTiming } from '../src/infrastructure/sms/outbox';
import { gsm7Length } from '../src/infrastructure/sms/text';
import { warnLapsingOffers } from '../src/modules/offers';
import { sendIntakeReminders } from '../src/modules/reminders';
import { createProgram, submitOk } from './fixtures/applications';
import { createScratchDatabase, type ScratchDatabase } from './helpers/cluster';
import { call, createUniversity, createUser, createWorld, type TestUser, type World } from './helpers/fixtures';
import { insertIntake, movableClock } from './helpers/intakes';
import { startTestApp, type TestApp } from './helpers/test-app';

smsTiming.worker = false;
const HOUR = 60 * 60 * 1000;
const URL_BASE = 'https://portal.example.test';
let phones = 0;
/** A number of its own for each applicant, so texts are told apart. */
const nextPhone = () => `+26097700${String((phones += 1)).padStart(4, '0')}`;

async function textsOf(t: TestApp, userId: number, event?: string) {
  const rows = await t.ctx.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.userId, userId), event ? eq(smsOutbox.event, event) : undefined))
    .orderBy(smsOutbox.id);
  return rows.map((r) => r.body);
}

async function mailsTo(t: TestApp, email: string, subjectLike = '%') {
  return t.ctx.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()} and ${mailOutbox.subject} like ${subjectLike}`)
    .orderBy(mailOutbox.id);
}

const setPrefs = (t: TestApp, token: string, events: Array<{ event: string; sms: boolean; email: boolean }>) => call(t, 'PUT', '/api/users/me/notification-preferences', { token, json: { events } });

function assertOneSegment(text: string) {
  const length = gsm7Length(text);
  assert.ok(length !== null && length <= 160, `${length}: ${text}`);
  assert.ok(!/token|password|reset-password/i.test(text), text);
}

describe('an offer about to lapse: one SMS and one e-mail 48 hours before its deadline', () => {
  const clock = movableClock('2027-01-10T08:00:00.000Z');
  /** 14:05 in Lusaka (UTC+2). */
  const REPLY_BY = new Date('2027-01-20T12:05:00.000Z');
  let t: TestApp;
  let w: World;
  let program: { id: number };
  let intakeId: number;
  const people: Record<'open' | 'answered' | 'smsOff' | 'archived' | 'deleted', { user: TestUser; app: number }> = {} as never;

  const offer = async (app: number, replyBy: Date) => {
    const res = await call(t, 'PUT', `/api/applications/${app}`, { token: w.adminA.token, json: { status: 'OFFERED', programId: program.id, replyBy: replyBy.toISOString() } });
    assert.equal(res.statusCode, 200, res.body);
    const [row] = await t.ctx.db.select().from(offers).where(eq(offers.applicationId, app));
    return row!;
  };

  before(async () => {
    t = await startTestApp({ PUBLIC_URL: URL_BASE }, { clock });
    w = await createWorld(t);
    program = await createProgram(t, w.uniA.id, 'BSc Computer Science');
    intakeId = await insertIntake(t, w.uniA.id, [program.id], { opensAt: new Date('2027-01-01T00:00:00Z'), closesAt: new Date('2027-02-01T00:00:00Z') });
    for (const key of ['open', 'answered', 'smsOff', 'archived', 'deleted'] as const) {
      const user = await createUser(t, 'USER', { firstName: 'Chileshe', lastName: key, phone: nextPhone() });
      const app = await submitOk(t, user.token, [program.id], { intakeId });
      await offer(app, REPLY_BY);
      people[key] = { user, app };
    }
    const answered = people.answered;
    const [row] = await t.ctx.db.select().from(offers).where(eq(offers.applicationId, answered.app));
    assert.equal((await call(t, 'POST', `/api/offers/${row!.id}/accept`, { token: answered.user.token })).statusCode, 200);
    assert.equal((await setPrefs(t, people.smsOff.user.token, [{ event: 'OFFER_LAPSING', sms: false, email: true }])).statusCode, 200);
    assert.equal((await call(t, 'PUT', `/api/users/${people.archived.user.id}`, { token: w.superuser.token, json: { enabled: false } })).statusCode, 200);
    const gone = await call(t, 'DELETE', '/api/users/me', { token: people.deleted.user.token, json: { password: people.deleted.user.password } });
    assert.equal(gone.statusCode, 200, gone.body);
  });
  after(() => t?.close());

  it('49 hours before the deadline, nobody is told', async () => {
    clock.set(new Date(REPLY_BY.getTime() - 49 * HOUR));
    assert.equal(await warnLapsingOffers(t.ctx), 0);
    assert.equal((await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.event, 'OFFER_LAPSING'))).length, 0);
  });

  it('47 hours before: the unanswered offer gets one SMS and one e-mail naming program, university and deadline in Lusaka time', async () => {
    clock.set(new Date(REPLY_BY.getTime() - 47 * HOUR));
    // Claimed: the open one, the one whose SMS is off, the archived account's (told nothing); not the accepted or the erased one's.
    assert.equal(await warnLapsingOffers(t.ctx), 3);
    const { user, app } = people.open;
    const texts = await textsOf(t, user.id, 'OFFER_LAPSING');
    assert.deepEqual(texts, [`UniPortal: your offer for BSc Computer Science at University of Zambia lapses 20 Jan 2027 14:05 Lusaka time. Reply at ${URL_BASE}/applications/${app}`]);
    assertOneSegment(texts[0]!);
    const mails = await mailsTo(t, user.email, '%lapses%');
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.subject, 'Your offer from University of Zambia lapses on 20 Jan 2027 14:05');
    assert.match(mails[0]!.text, /^University of Zambia · UniPortal\n\nDear Chileshe open,/);
    assert.match(mails[0]!.text, /offered you a place in BSc Computer Science .*lapses on 20 Jan 2027 14:05 \(Lusaka time\)/);
    assert.ok(mails[0]!.text.includes(`Reply to your offer: ${URL_BASE}/applications/${app}`), mails[0]!.text);
    assert.ok(mails[0]!.html?.includes(`<a href="${URL_BASE}/applications/${app}"`), mails[0]!.html ?? 'no html');
    assert.ok(mails[0]!.html?.includes('University of Zambia'));
  });

  it('a second run, later runs and the lapse itself send no second warning', async () => {
    assert.equal(await warnLapsingOffers(t.ctx), 0);
    clock.advance(24 * HOUR);
    assert.equal(await warnLapsingOffers(t.ctx), 0);
    assert.equal((await textsOf(t, people.open.user.id, 'OFFER_LAPSING')).length, 1);
    assert.equal((await mailsTo(t, people.open.user.email, '%lapses%')).length, 1);
  });

  it('nothing for an answered offer, an archived account or an erased one', async () => {
    for (const key of ['answered', 'archived', 'deleted'] as const) {
      assert.deepEqual(await textsOf(t, people[key].user.id, 'OFFER_LAPSING'), [], key);
      assert.equal((await mailsTo(t, people[key].user.email, '%lapses%')).length, 0, key);
    }
  });

  it("SMS off for this event stops only that SMS: the e-mail comes, and the offer's own SMS had come", async () => {
    const { user } = people.smsOff;
    assert.deepEqual(await textsOf(t, user.id, 'OFFER_LAPSING'), []);
    assert.equal((await mailsTo(t, user.email, '%lapses%')).length, 1);
    assert.equal((await textsOf(t, user.id, 'DECISION')).length, 1);
  });

  it('an offer made with less than 48 hours to answer is not warned again', async () => {
    const user = await createUser(t, 'USER', { phone: nextPhone() });
    const app = await submitOk(t, user.token, [program.id], { intakeId });
    await offer(app, new Date(clock.now().getTime() + 30 * HOUR));
    assert.equal(await warnLapsingOffers(t.ctx), 0);
    assert.deepEqual(await textsOf(t, user.id, 'OFFER_LAPSING'), []);
  });
});

describe('intake closing reminders also go by SMS, once per applicant, intake and kind', () => {
  const CLOSES = new Date('2027-03-01T15:00:00.000Z');
  const clock = movableClock('2027-02-01T06:00:00.000Z');
  let t: TestApp;
  let w: World;
  let drafter: TestUser;
  let unpaid: TestUser;
  let unpaidApp: number;
  let smsOff: TestUser;
  let mailOff: TestUser;

  before(async () => {
    t = await startTestApp({ PUBLIC_URL: URL_BASE }, { clock });
    w = await createWorld(t);
    const mining = await createProgram(t, w.uniA.id, 'BSc Mining Engineering');
    const intakeId = await insertIntake(t, w.uniA.id, [mining.id], { name: '2027 March intake', opensAt: clock.now(), closesAt: CLOSES });
    drafter = await createUser(t, 'USER', { firstName: 'Chanda', phone: nextPhone() });
    const draft = await call(t, 'PUT', '/api/drafts/mine', { token: drafter.token, json: { universityId: w.uniA.id, fullName: 'Half typed', updatedAt: null } });
    assert.equal(draft.statusCode, 200, draft.body);
    unpaid = await createUser(t, 'USER', { phone: nextPhone() });
    // The reminder about an application goes to the application's contact address.
    unpaidApp = await submitOk(t, unpaid.token, [mining.id], { intakeId, email: unpaid.email });
    smsOff = await createUser(t, 'USER', { phone: nextPhone() });
    await submitOk(t, smsOff.token, [mining.id], { intakeId, email: smsOff.email });
    assert.equal((await setPrefs(t, smsOff.token, [{ event: 'INTAKE_CLOSING', sms: false, email: true }])).statusCode, 200);
    mailOff = await createUser(t, 'USER', { phone: nextPhone() });
    await submitOk(t, mailOff.token, [mining.id], { intakeId, email: mailOff.email });
    assert.equal((await setPrefs(t, mailOff.token, [{ event: 'INTAKE_CLOSING', sms: true, email: false }])).statusCode, 200);
  });
  after(() => t?.close());

  it('71 hours before closing: one SMS each with the closing time, however often the job runs', async () => {
    clock.set(new Date(CLOSES.getTime() - 71 * HOUR));
    assert.deepEqual(await sendIntakeReminders(t.ctx), { DRAFT_72H: 1, DRAFT_24H: 0, UNPAID_72H: 3, UNPAID_24H: 0 });
    await sendIntakeReminders(t.ctx);
    clock.advance(HOUR);
    await sendIntakeReminders(t.ctx);
    const drafts = await textsOf(t, drafter.id, 'INTAKE_CLOSING');
    assert.deepEqual(drafts, [`UniPortal: applications to University of Zambia close 1 Mar 2027 17:00 Lusaka time. Finish yours at ${URL_BASE}/apply/${w.uniA.id}`]);
    const unpaidTexts = await textsOf(t, unpaid.id, 'INTAKE_CLOSING');
    assert.deepEqual(unpaidTexts, [`UniPortal: pay the fee for #${unpaidApp} before University of Zambia closes 1 Mar 2027 17:00 Lusaka time: ${URL_BASE}/applications/${unpaidApp}`]);
    for (const text of [...drafts, ...unpaidTexts]) assertOneSegment(text);
  });

  it('23 hours before: the 24-hour SMS, once', async () => {
    clock.set(new Date(CLOSES.getTime() - 23 * HOUR));
    await sendIntakeReminders(t.ctx);
    await sendIntakeReminders(t.ctx);
    assert.equal((await textsOf(t, drafter.id, 'INTAKE_CLOSING')).length, 2);
    assert.equal((await textsOf(t, unpaid.id, 'INTAKE_CLOSING')).length, 2);
    const keys = await t.ctx.db.select({ key: smsOutbox.idempotencyKey }).from(smsOutbox).where(eq(smsOutbox.userId, unpaid.id));
    assert.equal(new Set(keys.map((k) => k.key)).size, keys.length);
  });

  it('SMS off for closing reminders: the e-mails only; e-mail off: the SMS only', async () => {
    assert.deepEqual(await textsOf(t, smsOff.id, 'INTAKE_CLOSING'), []);
    assert.equal((await mailsTo(t, smsOff.email, 'Pay your application fee%')).length, 2);
    assert.equal((await textsOf(t, mailOff.id, 'INTAKE_CLOSING')).length, 2);
    assert.equal((await mailsTo(t, mailOff.email, 'Pay your application fee%')).length, 0);
    const [reminder] = await mailsTo(t, unpaid.email, 'Pay your application fee%');
    assert.ok(reminder!.html?.includes(`href="${URL_BASE}/applications/${unpaidApp}"`), reminder!.html ?? 'no html');
  });
});

describe('an account archived or restored by a superuser, and the submitted e-mail', () => {
  let t: TestApp;
  let w: World;
  let program: { id: number };

  before(async () => {
    t = await startTestApp({ PUBLIC_URL: URL_BASE });
    w = await createWorld(t);
    program = await createProgram(t, w.uniA.id, 'BSc Nursing');
  });
  after(() => t?.close());

  it('archived: one e-mail and one SMS saying so and whom to contact; again, nothing more; an ADMIN gets 403 and sends nothing', async () => {
    const person = await createUser(t, 'USER', { firstName: 'Natasha', lastName: 'Banda', phone: nextPhone() });
    await submitOk(t, person.token, [program.id]);
    assert.equal((await call(t, 'PUT', `/api/users/${person.id}`, { token: w.adminA.token, json: { enabled: false } })).statusCode, 403);
    assert.equal((await mailsTo(t, person.email, '%archived')).length, 0);
    for (let i = 0; i < 2; i += 1) {
      const res = await call(t, 'PUT', `/api/users/${person.id}`, { token: w.superuser.token, json: { enabled: false } });
      assert.equal(res.statusCode, 200, res.body);
    }
    const texts = await textsOf(t, person.id, 'ACCOUNT_ARCHIVED');
    assert.deepEqual(texts, ['UniPortal: your account was archived and can no longer sign in. Questions? Write to team@uniportal.local']);
    assertOneSegment(texts[0]!);
    const mails = await mailsTo(t, person.email, '%account%');
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.subject, 'Your UniPortal account was archived');
    assert.match(mails[0]!.text, /Dear Natasha Banda,/);
    assert.match(mails[0]!.text, /contact the UniPortal team at team@uniportal\.local/);
    assert.ok(mails[0]!.html?.includes(`href="${URL_BASE}/about"`));
  });

  it('restored: one message each saying they can sign in again', async () => {
    const person = await createUser(t, 'USER', { phone: nextPhone() });
    assert.equal((await call(t, 'PUT', `/api/users/${person.id}`, { token: w.superuser.token, json: { enabled: false } })).statusCode, 200);
    assert.equal((await call(t, 'PUT', `/api/users/${person.id}`, { token: w.superuser.token, json: { enabled: true } })).statusCode, 200);
    assert.equal((await call(t, 'PUT', `/api/users/${person.id}`, { token: w.superuser.token, json: { enabled: false } })).statusCode, 200);
    const texts = await textsOf(t, person.id, 'ACCOUNT_ARCHIVED');
    assert.equal(texts.length, 3, 'archived, restored, archived again: each told once');
    assert.equal(texts[1], `UniPortal: your account was restored. You can sign in again at ${URL_BASE}/login`);
    assert.deepEqual(
      (await mailsTo(t, person.email)).map((m) => m.subject),
      ['Your UniPortal account was archived', 'Your UniPortal account was restored', 'Your UniPortal account was archived'],
    );
  });

  it('SMS off for this event: the e-mail only', async () => {
    const person = await createUser(t, 'USER', { phone: nextPhone() });
    assert.equal((await setPrefs(t, person.token, [{ event: 'ACCOUNT_ARCHIVED', sms: false, email: true }])).statusCode, 200);
    assert.equal((await call(t, 'PUT', `/api/users/${person.id}`, { token: w.superuser.token, json: { enabled: false } })).statusCode, 200);
    assert.deepEqual(await textsOf(t, person.id), []);
    assert.equal((await mailsTo(t, person.email, '%archived')).length, 1);
  });

  it('a submission sends an e-mail with the reference (on by default), text and HTML', async () => {
    const person = await createUser(t, 'USER', { firstName: 'Mutinta', lastName: 'Phiri', phone: nextPhone() });
    const id = await submitOk(t, person.token, [program.id]);
    const mails = await mailsTo(t, person.email, 'Application #%');
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.subject, `Application #${id} submitted to University of Zambia`);
    assert.match(mails[0]!.text, new RegExp(`Dear Mutinta Phiri,\\n\\nYour application to University of Zambia was submitted\\. Its reference is #${id}`));
    assert.ok(mails[0]!.text.includes(`View your application: ${URL_BASE}/applications/${id}`));
    assert.ok(mails[0]!.html?.includes(`Its reference is #${id}`));
    assert.ok(mails[0]!.html?.startsWith('<!doctype html>'));
  });

  it('the submitted e-mail turned off: none', async () => {
    const person = await createUser(t, 'USER', { phone: nextPhone() });
    assert.equal((await setPrefs(t, person.token, [{ event: 'SUBMITTED', sms: false, email: false }])).statusCode, 200);
    await submitOk(t, person.token, [program.id]);
    assert.equal((await mailsTo(t, person.email, 'Application #%')).length, 0);
  });

  it('Settings lists every event; choices saved before the new events existed stay valid', async () => {
    const kept = await createUser(t, 'USER', { phone: nextPhone() });
    const allOff = await createUser(t, 'USER', { phone: nextPhone() });
    const old = { SUBMITTED: { sms: true, email: false }, PAYMENT: { sms: false, email: true }, DOCUMENTS: { sms: false, email: true }, DECISION: { sms: true, email: true } };
    const noSms = { SUBMITTED: { sms: false, email: false }, PAYMENT: { sms: false, email: true }, DOCUMENTS: { sms: false, email: true }, DECISION: { sms: false, email: true } };
    await t.ctx.db.insert(notificationPreferences).values([
      { userId: kept.id, choices: old, smsConsentAt: new Date('2026-11-20T10:00:00Z'), smsConsentVersion: 'sms-2026-11' },
      { userId: allOff.id, choices: noSms, smsConsentAt: null, smsConsentVersion: null },
    ]);
    const read = async (user: TestUser) => {
      const res = await call(t, 'GET', '/api/users/me/notification-preferences', { token: user.token });
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as NotificationPreferences).events;
    };
    const keptEvents = await read(kept);
    assert.deepEqual(
      keptEvents.map((e) => e.event),
      [...NOTIFICATION_EVENTS],
    );
    assert.deepEqual(keptEvents, [
      { event: 'SUBMITTED', sms: true, email: false },
      { event: 'PAYMENT', sms: false, email: true },
      { event: 'DOCUMENTS', sms: false, email: true },
      { event: 'DECISION', sms: true, email: true },
      { event: 'OFFER_LAPSING', sms: true, email: true },
      { event: 'INTAKE_CLOSING', sms: true, email: true },
      { event: 'ACCOUNT_ARCHIVED', sms: true, email: true },
    ]);
    // Every SMS had been turned off: the new events do not start texting.
    assert.ok((await read(allOff)).every((e) => !e.sms));
    assert.equal((await call(t, 'PUT', `/api/users/${allOff.id}`, { token: w.superuser.token, json: { enabled: false } })).statusCode, 200);
    assert.deepEqual(await textsOf(t, allOff.id), []);
    assert.equal((await mailsTo(t, allOff.email, '%archived')).length, 1);
  });
});

/**
 * Always on the real PostgreSQL server: two app instances run the warning
 * round at the same moment; each offer is warned once, one SMS and one e-mail.
 */
describe('two app instances warning of lapsing offers at once warn each exactly once (PostgreSQL)', { timeout: 120_000 }, () => {
  const clock = movableClock('2027-01-10T08:00:00.000Z');
  const REPLY_BY = new Date('2027-01-20T10:00:00.000Z');
  let database: ScratchDatabase;
  let A: TestApp;
  let B: TestApp;
  const OFFERS = 24;

  before(async () => {
    database = await createScratchDatabase();
    A = await startTestApp({}, { databaseUrl: database.url, clock });
    B = await startTestApp({}, { databaseUrl: database.url, clock });
    const uni = await createUniversity(A, 'Mulungushi University', { location: 'Kabwe' });
    const program = await createProgram(A, uni.id, 'BEd Mathematics');
    const admin = await createUser(A, 'ADMIN', { universityId: uni.id });
    const intake = await insertIntake(A, uni.id, [program.id], { opensAt: new Date('2027-01-01T00:00:00Z'), closesAt: new Date('2027-02-01T00:00:00Z') });
    for (let i = 0; i < OFFERS; i += 1) {
      const user = await createUser(A, 'USER', { phone: nextPhone() });
      const id = await submitOk(i % 2 ? A : B, user.token, [program.id], { intakeId: intake });
      const res = await call(i % 2 ? B : A, 'PUT', `/api/applications/${id}`, { token: admin.token, json: { status: 'OFFERED', programId: program.id, replyBy: REPLY_BY.toISOString() } });
      assert.equal(res.statusCode, 200, res.body);
    }
  });
  after(async () => {
    await A?.close();
    await B?.close();
    await database?.drop();
  });

  it(`${OFFERS} offers 47 hours from their deadline: warned once between both instances`, async () => {
    clock.set(new Date(REPLY_BY.getTime() - 47 * HOUR));
    let total = 0;
    for (let round = 0; round < 3; round += 1) {
      const counts = await Promise.all([warnLapsingOffers(A.ctx), warnLapsingOffers(B.ctx), warnLapsingOffers(A.ctx), warnLapsingOffers(B.ctx)]);
      total += counts.reduce((a, b) => a + b, 0);
    }
    assert.equal(total, OFFERS);
    const texts = await A.ctx.db
      .select({ userId: smsOutbox.userId, n: sql<number>`count(*)::int` })
      .from(smsOutbox)
      .where(eq(smsOutbox.event, 'OFFER_LAPSING'))
      .groupBy(smsOutbox.userId);
    assert.equal(texts.length, OFFERS);
    assert.ok(texts.every((r) => Number(r.n) === 1));
    const [mails] = await A.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like 'Your offer from % lapses on %'`);
    assert.equal(Number(mails!.n), OFFERS);
  });
});
