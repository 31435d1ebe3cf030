/**
 * Issue 18 items 3 and 5: events told by SMS (and e-mail where there is
 * one) as the applicant chose on Settings, each once, through the offline
 * sandbox; and password reset by SMS code (expiry by clock, attempts, rate
 * limit, the same answer whatever the number).
 */
import assert from 'node:assert/strict';
import { formatDate, formatTime } from 'shared-api/format';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { NOTIFICATION_EVENTS, type NotificationPreferences } from 'shared-api/contract';
import { mailOutbox, notificationPreferences, smsOutbox, users } from '../src/infrastructure/database/schema';
import { settleMail } from '../src/infrastructure/mail/outbox';
import { processSmsOutbox, SENT_SECRET_NOTE, smsTiming } from '../src/infrastructure/sms/outbox';
import { createProgram, submitOk } from './fixtures/applications';
import { call, createWorld, DEFAULT_PASSWORD, type World } from './helpers/fixtures';
import { movableClock } from './helpers/intakes';
import { initiate, sandboxOutcome, settle } from './helpers/payments-fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

smsTiming.worker = false;
const PHONE = '+260977123456';

async function sandboxTexts(t: TestApp, to = PHONE): Promise<string[]> {
  await processSmsOutbox(t.ctx, 1000);
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/sms?format=json&to=${encodeURIComponent(to)}` });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json().messages as Array<{ text: string }>).map((m) => m.text).reverse();
}

async function register(t: TestApp, phone: string, email: string): Promise<{ id: number; token: string; email: string }> {
  const res = await call(t, 'POST', '/api/auth/register', {
    json: { firstName: 'Chileshe', lastName: 'Mwamba', email, phone, password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD, consent: true },
  });
  assert.equal(res.statusCode, 201, res.body);
  const login = await call(t, 'POST', '/api/auth/login', { json: { email, password: DEFAULT_PASSWORD } });
  assert.equal(login.statusCode, 200, login.body);
  const me = await call(t, 'GET', '/api/users/me/notification-preferences', { token: login.json().token });
  assert.equal(me.statusCode, 200, me.body);
  const [row] = await t.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return { id: row!.id, token: login.json().token, email };
}

describe('notifications: events by SMS and e-mail, as the applicant chose', () => {
  let t: TestApp;
  let w: World;
  let applicant: { id: number; token: string; email: string };
  let programA: { id: number };
  let programB: { id: number };
  let appA: number;
  let appB: number;

  const prefs = async (token = applicant.token) => {
    const res = await call(t, 'GET', '/api/users/me/notification-preferences', { token });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as NotificationPreferences;
  };
  const setPrefs = async (events: unknown, token = applicant.token) => call(t, 'PUT', '/api/users/me/notification-preferences', { token, json: { events } });
  const mailsWith = async (subjectPattern: string) =>
    t.ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = ${applicant.email.toLowerCase()} and ${mailOutbox.subject} like ${subjectPattern}`);

  before(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://portal.example.test' });
    w = await createWorld(t);
    programA = await createProgram(t, w.uniA.id, 'BSc Mining Engineering');
    programB = await createProgram(t, w.uniB.id, 'BA Economics');
    // Registered as a Zambian types it: stored and texted in E.164.
    applicant = await register(t, '0977123456', 'chileshe.sms@example.test');
  });
  after(() => t?.close());

  it('defaults: SMS for payments, decisions, lapsing offers, closing intakes and archiving; every e-mail; no consent recorded yet', async () => {
    const p = await prefs();
    assert.equal(p.phone, PHONE);
    assert.equal(p.smsConsentAt, null);
    assert.equal(p.smsAvailable, true);
    assert.deepEqual(p.events, [
      { event: 'SUBMITTED', sms: false, email: true },
      { event: 'PAYMENT', sms: true, email: true },
      { event: 'DOCUMENTS', sms: false, email: true },
      { event: 'DECISION', sms: true, email: true },
      { event: 'OFFER_LAPSING', sms: true, email: true },
      { event: 'INTAKE_CLOSING', sms: true, email: true },
      { event: 'ACCOUNT_ARCHIVED', sms: true, email: true },
    ]);
  });

  it('staff cannot read or set them, bad input is refused and changes nothing', async () => {
    assert.equal((await call(t, 'GET', '/api/users/me/notification-preferences', { token: w.adminA.token })).statusCode, 403);
    assert.equal((await call(t, 'GET', '/api/users/me/notification-preferences')).statusCode, 401);
    for (const events of [
      [],
      [{ event: 'NOPE', sms: true, email: true }],
      [{ event: 'PAYMENT', sms: 'yes', email: true }],
      [
        { event: 'PAYMENT', sms: true, email: true },
        { event: 'PAYMENT', sms: false, email: true },
      ],
    ]) {
      const res = await setPrefs(events);
      assert.equal(res.statusCode, 400, JSON.stringify(events));
      assert.match(res.json().message, /events/);
    }
    assert.equal((await t.ctx.db.select().from(notificationPreferences)).length, 0);
  });

  it('a submission sends no SMS by default; turned on, it does, with the reference, and the consent is recorded with the time', async () => {
    appA = await submitOk(t, applicant.token, [programA.id]);
    assert.deepEqual(await sandboxTexts(t), []);
    const before = Date.now();
    const res = await setPrefs([
      { event: 'SUBMITTED', sms: true, email: false },
      { event: 'DOCUMENTS', sms: true, email: true },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const saved = res.json() as NotificationPreferences;
    assert.ok(saved.smsConsentAt && Date.parse(saved.smsConsentAt) >= before - 1000, 'consent time recorded');
    const [row] = await t.ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, applicant.id));
    assert.equal(row!.smsConsentVersion, 'sms-2026-11');
    appB = await submitOk(t, applicant.token, [programB.id]);
    const texts = await sandboxTexts(t);
    assert.deepEqual(texts, [`UniPortal: your application was submitted. Reference #${appB}. Pay the fee and follow it at https://portal.example.test/applications/${appB}`]);
    assert.ok(texts[0]!.length <= 160);
  });

  it('payment received and payment failed: one SMS each, and the receipt e-mail', async () => {
    const paid = await initiate(t, { ...w.userA, token: applicant.token, email: applicant.email, id: applicant.id }, appA);
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal((await sandboxOutcome(t, paid.json().reference, 'success')).statusCode, 200);
    await settle(t);
    const failed = await initiate(t, { ...w.userA, token: applicant.token, email: applicant.email, id: applicant.id }, appB);
    assert.equal((await sandboxOutcome(t, failed.json().reference, 'failure')).statusCode, 200);
    await settle(t);
    // The verify call repeats the provider's answer: still once.
    await call(t, 'GET', `/api/payments/verify/${paid.json().reference}`, { token: applicant.token });
    const texts = (await sandboxTexts(t)).slice(1);
    assert.equal(texts.length, 2, texts.join('\n'));
    assert.match(texts[0]!, new RegExp(`^UniPortal: payment of ZMW 150\\.75 received for application #${appA}\\.`));
    assert.match(texts[1]!, new RegExp(`^UniPortal: your payment of ZMW 150\\.75 for application #${appB} failed\\. Please try again: https://portal\\.example\\.test/applications/${appB}$`));
    assert.equal((await mailsWith('Payment receipt%')).length, 1);
    // The failure has its e-mail too, once, with its next step (issue 18: every event has one).
    await call(t, 'GET', `/api/payments/verify/${failed.json().reference}`, { token: applicant.token });
    const failures = await mailsWith(`Payment for application #${appB} did not go through`);
    assert.equal(failures.length, 1);
    assert.ok(failures[0]!.text.includes('You can try again from your application'), failures[0]!.text);
    assert.ok(failures[0]!.text.includes(`https://portal.example.test/applications/${appB}`), failures[0]!.text);
  });

  it('a document needing a new file: one SMS naming it', async () => {
    const detail = await call(t, 'GET', `/api/applications/${appA}`, { token: applicant.token });
    const file = (detail.json().files as Array<{ id: number; documentType: string }>).find((f) => f.documentType === 'ACADEMIC_RESULTS')!;
    const res = await call(t, 'PUT', `/api/applications/${appA}/documents/${file.id}`, { token: w.adminA.token, json: { status: 'REJECTED', reason: 'The scan is too dark to read' } });
    assert.equal(res.statusCode, 200, res.body);
    const texts = (await sandboxTexts(t)).slice(3);
    assert.deepEqual(texts, [`UniPortal: application #${appA} needs a new file for Academic results. Upload it at https://portal.example.test/applications/${appA}`]);
  });

  it('turning SMS off for payments stops those SMS only: decisions still come', async () => {
    assert.equal((await setPrefs([{ event: 'PAYMENT', sms: false, email: true }])).statusCode, 200);
    const retry = await initiate(t, { ...w.userA, token: applicant.token, email: applicant.email, id: applicant.id }, appB);
    assert.equal((await sandboxOutcome(t, retry.json().reference, 'success')).statusCode, 200);
    await settle(t);
    assert.equal((await sandboxTexts(t)).length, 4, 'no payment SMS');
    const decided = await call(t, 'PUT', `/api/applications/${appB}`, { token: w.adminB.token, json: { status: 'APPROVED', programId: programB.id } });
    assert.equal(decided.statusCode, 200, decided.body);
    const texts = await sandboxTexts(t);
    assert.equal(texts.length, 5);
    assert.match(texts[4]!, new RegExp(`^UniPortal: congratulations! Copperbelt University approved application #${appB}\\. Details: https://portal\\.example\\.test/applications/${appB}$`));
    assert.equal((await mailsWith('Your application has been approved')).length, 1);
    assert.equal((await mailsWith('Payment receipt%')).length, 2, 'the receipt e-mail still goes');
  });

  it('e-mail off for decisions: the SMS comes, the e-mail does not', async () => {
    assert.equal((await setPrefs([{ event: 'DECISION', sms: true, email: false }])).statusCode, 200);
    const res = await call(t, 'PUT', `/api/applications/${appA}`, { token: w.adminA.token, json: { status: 'REJECTED', reviewNotes: 'Places are full' } });
    assert.equal(res.statusCode, 200, res.body);
    const texts = await sandboxTexts(t);
    assert.equal(texts.length, 6);
    assert.match(texts[5]!, /University of Zambia has declined application/);
    assert.equal((await mailsWith('Your application has been declined')).length, 0);
  });

  it('an offer SMS names the reply-by date and time (Lusaka)', async () => {
    const offered = await submitOk(t, applicant.token, [programA.id]);
    const res = await call(t, 'PUT', `/api/applications/${offered}`, { token: w.adminA.token, json: { status: 'OFFERED', programId: programA.id } });
    assert.equal(res.statusCode, 200, res.body);
    const replyBy = new Date((await call(t, 'GET', `/api/applications/${offered}/offer`, { token: applicant.token })).json().offer.replyBy as string);
    const text = (await sandboxTexts(t)).find((m) => m.includes(`(application #${offered})`));
    assert.equal(
      text,
      `UniPortal: University of Zambia offers you a place (application #${offered}). Reply by ${formatDate(replyBy)} ${formatTime(replyBy)}: https://portal.example.test/applications/${offered}`,
    );
  });

  it('every e-mail the applicant was sent comes in both parts of the one template', async () => {
    const mails = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = ${applicant.email.toLowerCase()}`);
    const subjects = mails.map((m) => m.subject);
    // Receipt, failed payment, document request and decision: the older e-mails too (an offer is a decision e-mail).
    for (const expected of ['Payment receipt', 'did not go through', 'Please upload a new file', 'Your application has been approved']) {
      assert.ok(
        subjects.some((s) => s.includes(expected)),
        `${expected} in ${subjects.join(' | ')}`,
      );
    }
    for (const mail of mails) {
      assert.ok(mail.html?.startsWith('<!doctype html>'), `${mail.subject}: an HTML part`);
      assert.ok(mail.html?.includes(`${t.ctx.config.publicUrl}/applications/`), `${mail.subject}: links to the application`);
      assert.ok(mail.text.includes('Choose which messages you get by e-mail or SMS in Settings'), `${mail.subject}: the template's footer`);
    }
  });

  it('all SMS off clears the consent', async () => {
    const res = await setPrefs(NOTIFICATION_EVENTS.map((event) => ({ event, sms: false, email: true })));
    assert.equal(res.json().smsConsentAt, null);
    assert.ok(
      (res.json() as NotificationPreferences).events.every((e) => e.email && !e.sms),
      'every event has its e-mail',
    );
  });

  it('an archived account is told nothing but that it was archived', async () => {
    const other = await register(t, '0966555444', 'archived.sms@example.test');
    const id = await submitOk(t, other.token, [programA.id]);
    assert.equal((await call(t, 'PUT', `/api/users/${other.id}`, { token: w.superuser.token, json: { enabled: false } })).statusCode, 200);
    assert.equal((await call(t, 'PUT', `/api/applications/${id}`, { token: w.adminA.token, json: { status: 'REJECTED', reviewNotes: 'Incomplete' } })).statusCode, 200);
    assert.deepEqual(await sandboxTexts(t, '+260966555444'), ['UniPortal: your account was archived and can no longer sign in. Questions? Write to team@uniportal.local']);
    assert.deepEqual(
      (await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.userId, other.id))).map((r) => r.event),
      ['ACCOUNT_ARCHIVED'],
    );
  });
});

describe('password reset by SMS code', () => {
  const clock = movableClock(new Date());
  let t: TestApp;
  let user: { id: number; token: string; email: string };
  let address = 0;
  const from = () => `10.18.0.${(address += 1)}`;
  const ask = (phone: string, ip = from()) => t.app.inject({ method: 'POST', url: '/api/auth/request-reset-code', payload: { phone }, remoteAddress: ip });
  const use = (phone: string, code: string, newPassword: string, ip = from()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password-code', payload: { phone, code, newPassword }, remoteAddress: ip });
  const lastCode = async (): Promise<string> => {
    await settleMail(t.ctx);
    const texts = await sandboxTexts(t);
    const match = /reset code is (\d{6})\./.exec(texts.at(-1) ?? '');
    assert.ok(match, texts.join('\n'));
    return match[1]!;
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  before(async () => {
    t = await startTestApp({}, { clock });
    user = await register(t, '0977123456', 'reset.by.sms@example.test');
  });
  after(() => t?.close());

  it('answers the same whatever the number, and texts a code only to a registered one', async () => {
    const unknown = await ask('0955000111');
    const known = await ask('0977 123 456');
    assert.equal(unknown.statusCode, 200);
    assert.equal(known.statusCode, 200);
    assert.deepEqual(unknown.json(), known.json());
    assert.equal(known.json().message, 'If an account exists for this phone number, a reset code has been sent by SMS.');
    await settleMail(t.ctx);
    const rows = await t.ctx.db.select().from(smsOutbox);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.to, PHONE);
    const code = await lastCode();
    const [sent] = await t.ctx.db.select().from(smsOutbox);
    assert.equal(sent!.body, SENT_SECRET_NOTE, 'the code leaves the outbox once sent');
    assert.ok(!rows[0]!.body.includes(code), 'sealed while queued');
    const bad = await ask('12');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().message, 'phone: Enter a valid phone number.');
  });

  it('five wrong codes kill it: the right one then fails too', async () => {
    await ask(PHONE);
    const code = await lastCode();
    for (let i = 0; i < 5; i += 1) {
      const res = await use(PHONE, wrong(code), 'A-new-Passw0rd-for-Kasama');
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().message, 'This code is not valid or has expired. Ask for a new code.');
    }
    assert.equal((await use(PHONE, code, 'A-new-Passw0rd-for-Kasama')).statusCode, 400);
  });

  it('a code lasts 10 minutes', async () => {
    await ask(PHONE);
    const code = await lastCode();
    clock.advance(10 * 60_000 + 1000);
    assert.equal((await use(PHONE, code, 'A-new-Passw0rd-for-Kasama')).statusCode, 400);
  });

  it('the right code in time sets the password once, ends sessions, and the new password signs in', async () => {
    await ask(PHONE);
    const code = await lastCode();
    clock.advance(9 * 60_000);
    const res = await use(PHONE, code, 'A-new-Passw0rd-for-Kasama');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, 'Password reset successfully.');
    assert.equal((await use(PHONE, code, 'Another-Passw0rd-Lusaka')).statusCode, 400, 'once');
    assert.equal((await call(t, 'GET', '/api/users/me/notification-preferences', { token: user.token })).statusCode, 401, 'old sessions end');
    const login = await call(t, 'POST', '/api/auth/login', { json: { email: user.email, password: 'A-new-Passw0rd-for-Kasama' } });
    assert.equal(login.statusCode, 200, login.body);
  });

  it('requests are rate limited per number and address as the e-mail reset', async () => {
    const ip = '10.19.0.1';
    for (let i = 0; i < 5; i += 1) assert.equal((await ask('0966111222', ip)).statusCode, 200);
    const limited = await ask('0966111222', ip);
    assert.equal(limited.statusCode, 429);
    assert.ok(limited.headers['retry-after']);
  });
});
