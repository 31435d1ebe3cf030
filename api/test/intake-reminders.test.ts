/**
 * Intake reminders (issue 16, item 6): 72 and 24 hours before an intake
 * closes, applicants with a draft for it and applicants with an unpaid
 * application in it get one e-mail each, exactly once per applicant, intake
 * and kind. The job's round (`sendIntakeReminders`) is called directly with
 * the clock moved; the second part runs it on two app instances sharing one
 * PostgreSQL database at the same moment.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { applications, intakeReminders, mailOutbox, payments } from '../src/infrastructure/database/schema';
import { sendIntakeReminders } from '../src/modules/reminders';
import { createProgram, insertPayment, submitOk } from './fixtures/applications';
import { createScratchDatabase, type ScratchDatabase } from './helpers/cluster';
import { applicationRow, call, createUniversity, createUser, createWorld, type TestUser, type World } from './helpers/fixtures';
import { insertIntake, movableClock } from './helpers/intakes';
import { startTestApp, type TestApp } from './helpers/test-app';

const HOUR = 60 * 60 * 1000;
/** 17:00 in Lusaka (UTC+2) on Monday 1 March 2027. */
const CLOSES = new Date('2027-03-01T15:00:00.000Z');
const OPENS = new Date('2027-02-01T06:00:00.000Z');
const at = (hoursBeforeClose: number, closes = CLOSES) => new Date(closes.getTime() - hoursBeforeClose * HOUR);
const UNPAID_CONTACT = 'mutale.applies@example.test';
const NOTHING = { DRAFT_72H: 0, DRAFT_24H: 0, UNPAID_72H: 0, UNPAID_24H: 0 };

async function saveDraft(t: TestApp, user: TestUser, universityId: number): Promise<void> {
  const res = await call(t, 'PUT', '/api/drafts/mine', { token: user.token, json: { universityId, fullName: 'Half typed', updatedAt: null } });
  assert.equal(res.statusCode, 200, res.body);
}

async function mailsTo(t: TestApp, email: string) {
  return t.ctx.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`)
    .orderBy(mailOutbox.id);
}

async function remindersOf(t: TestApp, userId: number) {
  const rows = await t.ctx.db.select().from(intakeReminders).where(eq(intakeReminders.userId, userId));
  return rows.map((r) => `${r.intakeId}:${r.kind}`).sort();
}

describe('intake reminders, 72 and 24 hours before closing, once each', () => {
  const clock = movableClock(OPENS);
  let t: TestApp;
  let w: World;
  let intakeId: number;
  let laterIntakeId: number;
  let twinIntakeIds: number[];
  let drafter: TestUser;
  let payer: TestUser;
  let paying: TestUser;
  let unpaid: TestUser;
  let unpaidApplicationId: number;
  let archived: TestUser;
  let decided: TestUser;
  let elsewhere: TestUser;
  let twinDrafter: TestUser;
  let twinUnpaid: TestUser;
  let late: TestUser;
  const LATER_CLOSES = new Date(CLOSES.getTime() + 100 * HOUR);

  before(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://portal.example.test' }, { clock });
    w = await createWorld(t);
    const mining = await createProgram(t, w.uniA.id, 'BSc Mining Engineering');
    const economics = await createProgram(t, w.uniB.id, 'BA Economics');
    const uniC = await createUniversity(t, 'Mulungushi University', { location: 'Kabwe' });
    const law = await createProgram(t, uniC.id, 'LLB Law');
    intakeId = await insertIntake(t, w.uniA.id, [mining.id], { name: '2027 March intake', opensAt: OPENS, closesAt: CLOSES });
    laterIntakeId = await insertIntake(t, w.uniB.id, [economics.id], { name: '2027 March late intake', opensAt: OPENS, closesAt: LATER_CLOSES });
    // A university with two intakes open at once: a draft names no intake, so it is nobody's to remind.
    twinIntakeIds = [
      await insertIntake(t, uniC.id, [law.id], { name: 'Full-time intake', opensAt: OPENS, closesAt: CLOSES }),
      await insertIntake(t, uniC.id, [law.id], { name: 'Distance intake', opensAt: OPENS, closesAt: CLOSES }),
    ];

    const applicant = (firstName: string) => createUser(t, 'USER', { firstName });
    drafter = await applicant('Chanda');
    await saveDraft(t, drafter, w.uniA.id);
    unpaid = await applicant('Mutale');
    // The application's own contact address, which the reminder about it goes to (as its decision would).
    unpaidApplicationId = await submitOk(t, unpaid.token, [mining.id], { intakeId, email: UNPAID_CONTACT });
    payer = await applicant('Bwalya');
    const paidId = await submitOk(t, payer.token, [mining.id], { intakeId });
    await t.ctx.db.update(applications).set({ paid: true }).where(eq(applications.id, paidId));
    // A mobile-money prompt is on their phone: the provider is still collecting the fee.
    paying = await applicant('Mirriam');
    const payingId = await submitOk(t, paying.token, [mining.id], { intakeId });
    const payment = await insertPayment(t, payingId, paying.id, 'pending');
    await t.ctx.db.update(payments).set({ providerStatus: 'pending' }).where(eq(payments.id, payment.id));
    decided = await applicant('Mwansa');
    const decidedId = await submitOk(t, decided.token, [mining.id], { intakeId });
    assert.equal((await call(t, 'PUT', `/api/applications/${decidedId}`, { token: w.adminA.token, json: { status: 'REJECTED', reviewNotes: 'Results missing' } })).statusCode, 200);
    archived = await applicant('Natasha');
    await saveDraft(t, archived, w.uniA.id);
    await submitOk(t, archived.token, [mining.id], { intakeId });
    await saveDraft(t, archived, w.uniA.id);
    assert.equal((await call(t, 'PUT', `/api/users/${archived.id}`, { token: w.superuser.token, json: { enabled: false } })).statusCode, 200);
    elsewhere = await applicant('Kondwani');
    await saveDraft(t, elsewhere, w.uniB.id);
    twinDrafter = await applicant('Thokozani');
    await saveDraft(t, twinDrafter, uniC.id);
    twinUnpaid = await applicant('Lubinda');
    await submitOk(t, twinUnpaid.token, [law.id], { intakeId: twinIntakeIds[0] });
  });
  after(async () => {
    await t?.close();
  });

  it('73 hours before closing, nobody is reminded', async () => {
    clock.set(at(73));
    assert.deepEqual(await sendIntakeReminders(t.ctx), NOTHING);
    assert.equal((await t.ctx.db.select().from(intakeReminders)).length, 0);
  });

  it('71 hours before: the draft and the unpaid application get the 72-hour reminder, once however often the job runs', async () => {
    clock.set(at(71));
    assert.deepEqual(await sendIntakeReminders(t.ctx), { ...NOTHING, DRAFT_72H: 1, UNPAID_72H: 2 });
    clock.advance(30 * 60 * 1000);
    assert.deepEqual(await sendIntakeReminders(t.ctx), NOTHING);
    assert.deepEqual(await sendIntakeReminders(t.ctx), NOTHING);

    const [draftMail, ...moreDraftMail] = await mailsTo(t, drafter.email);
    assert.equal(moreDraftMail.length, 0);
    assert.equal(draftMail!.subject, 'Finish your application: University of Zambia, 2027 March intake closes Monday 1 March 2027, 17:00 (Lusaka time)');
    assert.match(draftMail!.text, /^University of Zambia · UniPortal\n\nHello Chanda,/);
    assert.match(draftMail!.text, /Applications for this intake close in about three days, on Monday 1 March 2027, 17:00 \(Lusaka time\)\./);
    assert.ok(draftMail!.text.includes(`Continue your application: https://portal.example.test/apply/${w.uniA.id}`), draftMail!.text);

    const unpaidMail = (await mailsTo(t, UNPAID_CONTACT)).filter((m) => m.subject.startsWith('Pay your application fee'));
    assert.equal(unpaidMail.length, 1);
    assert.equal(unpaidMail[0]!.subject, 'Pay your application fee: University of Zambia, 2027 March intake closes Monday 1 March 2027, 17:00 (Lusaka time)');
    assert.ok(unpaidMail[0]!.text.includes(`https://portal.example.test/applications/${unpaidApplicationId}`), unpaidMail[0]!.text);

    assert.deepEqual(await remindersOf(t, drafter.id), [`${intakeId}:DRAFT_72H`]);
    assert.deepEqual(await remindersOf(t, unpaid.id), [`${intakeId}:UNPAID_72H`]);
    assert.deepEqual(await remindersOf(t, twinUnpaid.id), [`${twinIntakeIds[0]}:UNPAID_72H`]);
  });

  it('nobody else: not a paid or decided application, one whose payment is under way, an archived account, another university, or a draft when two intakes are open', async () => {
    for (const user of [payer, paying, decided, archived, elsewhere, twinDrafter]) {
      assert.deepEqual(await remindersOf(t, user.id), [], `${user.email} has no reminder`);
      assert.equal((await mailsTo(t, user.email)).filter((m) => /^(Finish your application|Pay your application fee)/.test(m.subject)).length, 0);
    }
  });

  it('23 hours before: the 24-hour reminder, once; a draft started since gets only that one', async () => {
    late = await createUser(t, 'USER', { firstName: 'Mapalo' });
    await saveDraft(t, late, w.uniA.id);
    clock.set(at(23));
    assert.deepEqual(await sendIntakeReminders(t.ctx), { ...NOTHING, DRAFT_24H: 2, UNPAID_24H: 2 });
    assert.deepEqual(await sendIntakeReminders(t.ctx), NOTHING);
    assert.deepEqual(await remindersOf(t, drafter.id), [`${intakeId}:DRAFT_24H`, `${intakeId}:DRAFT_72H`]);
    assert.deepEqual(await remindersOf(t, unpaid.id), [`${intakeId}:UNPAID_24H`, `${intakeId}:UNPAID_72H`]);
    assert.deepEqual(await remindersOf(t, late.id), [`${intakeId}:DRAFT_24H`]);
    const [lastCall] = (await mailsTo(t, drafter.email)).slice(-1);
    assert.match(lastCall!.text, /close in less than 24 hours, on Monday 1 March 2027, 17:00 \(Lusaka time\)/);
  });

  it('after closing, nothing more goes, even for an application unpaid since', async () => {
    await t.ctx.db
      .update(applications)
      .set({ paid: false })
      .where(and(eq(applications.userId, payer.id), eq(applications.intakeId, intakeId)));
    clock.set(new Date(CLOSES.getTime() + 60 * 1000));
    assert.deepEqual(await sendIntakeReminders(t.ctx), NOTHING);
    clock.set(CLOSES);
    assert.deepEqual(await sendIntakeReminders(t.ctx), NOTHING, 'an intake closes at its closing time');
  });

  it('a missed 72-hour window (the server was down) is not caught up: inside 24 hours only the 24-hour reminder goes', async () => {
    clock.set(at(20, LATER_CLOSES));
    assert.deepEqual(await sendIntakeReminders(t.ctx), { ...NOTHING, DRAFT_24H: 1 });
    assert.deepEqual(await remindersOf(t, elsewhere.id), [`${laterIntakeId}:DRAFT_24H`]);
    clock.set(new Date(LATER_CLOSES.getTime() + HOUR));
    assert.deepEqual(await sendIntakeReminders(t.ctx), NOTHING);
  });

  it("deleting one's account removes its reminder rows and the reminder e-mails", async () => {
    assert.ok((await remindersOf(t, drafter.id)).length > 0);
    const res = await call(t, 'DELETE', '/api/users/me', { token: drafter.token, json: { password: drafter.password } });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await remindersOf(t, drafter.id), []);
    assert.equal((await mailsTo(t, drafter.email)).length, 0);
  });
});

/**
 * Always on the real PostgreSQL server (as multi-instance.test.ts), whatever
 * DATABASE_URL says for the rest: two apps on one database, the same clock
 * time, the job's round started on both at the same moment, three times per
 * window.
 */
describe('two app instances running the reminder job at once send each reminder exactly once (PostgreSQL)', { timeout: 120_000 }, () => {
  const clock = movableClock(OPENS);
  let database: ScratchDatabase;
  let A: TestApp;
  let B: TestApp;
  const people: TestUser[] = [];
  const DRAFTERS = 12;
  const UNPAID = 12;

  before(async () => {
    database = await createScratchDatabase();
    A = await startTestApp({}, { databaseUrl: database.url, clock });
    B = await startTestApp({}, { databaseUrl: database.url, clock });
    const uni = await createUniversity(A, 'Copperbelt University', { location: 'Kitwe' });
    const program = await createProgram(A, uni.id, 'BEng Chemical Engineering');
    const intake = await insertIntake(A, uni.id, [program.id], { name: '2027 March intake', opensAt: OPENS, closesAt: CLOSES });
    for (let i = 0; i < DRAFTERS; i += 1) {
      const user = await createUser(A, 'USER');
      await saveDraft(B, user, uni.id);
      people.push(user);
    }
    for (let i = 0; i < UNPAID; i += 1) {
      const user = await createUser(A, 'USER');
      await A.ctx.db.insert(applications).values(applicationRow(user.id, uni.id, { intakeId: intake, email: user.email }));
      people.push(user);
    }
  });
  after(async () => {
    await A?.close();
    await B?.close();
    await database?.drop();
  });

  for (const [hours, window] of [
    [71, '72H'],
    [23, '24H'],
  ] as const) {
    it(`${hours} hours before closing: ${DRAFTERS + UNPAID} reminders, each once, between both instances`, async () => {
      clock.set(at(hours));
      const totals = { DRAFT: 0, UNPAID: 0 };
      for (let round = 0; round < 3; round += 1) {
        const results = await Promise.all([sendIntakeReminders(A.ctx), sendIntakeReminders(B.ctx), sendIntakeReminders(A.ctx), sendIntakeReminders(B.ctx)]);
        for (const result of results) {
          totals.DRAFT += result[`DRAFT_${window}`];
          totals.UNPAID += result[`UNPAID_${window}`];
        }
      }
      assert.deepEqual(totals, { DRAFT: DRAFTERS, UNPAID: UNPAID });
      const mails = await A.ctx.db
        .select({ to: mailOutbox.to, n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(
          and(
            inArray(
              mailOutbox.to,
              people.map((p) => p.email),
            ),
            sql`${mailOutbox.text} like ${window === '72H' ? '%in about three days%' : '%in less than 24 hours%'}`,
          ),
        )
        .groupBy(mailOutbox.to);
      assert.equal(mails.length, people.length, 'every applicant got this reminder');
      assert.deepEqual(
        mails.filter((m) => Number(m.n) !== 1),
        [],
        'nobody got it twice',
      );
      const rows = await B.ctx.db.select().from(intakeReminders);
      assert.equal(rows.filter((r) => r.kind.endsWith(window)).length, people.length);
    });
  }
});
