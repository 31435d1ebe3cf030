/**
 * Issue 16 item 4: fee waiver codes. Staff (an ADMIN for its own university,
 * a SUPERUSER for any) create codes (made by the server) with a number of
 * uses and an expiry, optionally for one intake, and list them with the uses
 * left. An applicant applies a code to an application of theirs that owes a
 * fee: it is paid by waiver (it looks paid everywhere), ready for review, with
 * history and audit, and no payment is initiated. A code of another
 * university or intake, expired, used up or unknown is refused naming `code`
 * and nothing changes; of applicants racing for the last use exactly one wins.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { FEE_WAIVER_MESSAGES, WAIVER_CODE_ALPHABET } from 'shared-api/contract';
import { auditLog, feeWaivers, intakes, lencoSandboxCollections, payments } from '../src/infrastructure/database/schema';
import { ALREADY_PAID } from '../src/modules/payments/service';
import { call, createUser, createWorld, type TestUser, type World } from './helpers/fixtures';
import { DAY, insertIntake, movableClock, type MovableClock } from './helpers/intakes';
import { applicationRow, createApplication, historyOf, initiate, paymentRow, sandboxOutcome } from './helpers/payments-fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('fee waiver codes', () => {
  let t: TestApp;
  let w: World;
  let clock: MovableClock;
  let intakeA: number;
  let intakeA2: number;
  const inAWeek = () => new Date(clock.now().getTime() + 7 * DAY).toISOString();

  before(async () => {
    clock = movableClock(new Date());
    t = await startTestApp({}, { clock });
    w = await createWorld(t);
    const program = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: { name: 'BSc Nursing', description: 'Care', duration: 4 } });
    intakeA = await insertIntake(t, w.uniA.id, [program.json().id]);
    await t.ctx.db
      .update(intakes)
      .set({ fees: [{ category: 'INTERNATIONAL', amount: 60, currency: 'USD' }] })
      .where(eq(intakes.id, intakeA));
    intakeA2 = await insertIntake(t, w.uniA.id, [program.json().id]);
  });
  after(() => t.close());

  async function createCode(token: string, universityId: number, body: Record<string, unknown> = {}) {
    const res = await call(t, 'POST', `/api/universities/${universityId}/fee-waivers`, { token, json: { maxUses: 1, expiresAt: inAWeek(), ...body } });
    assert.equal(res.statusCode, 201, res.body);
    return res.json() as { id: number; code: string; usesLeft: number; maxUses: number; uses: number; intakeId: number | null };
  }

  const applyCode = (user: TestUser, applicationId: number, code: string) => call(t, 'POST', `/api/applications/${applicationId}/fee-waiver`, { token: user.token, json: { code } });
  const usesOf = async (id: number) => (await t.ctx.db.select().from(feeWaivers).where(eq(feeWaivers.id, id)))[0]!.uses;

  it('staff create codes made by the server (8 unambiguous characters) and list them with the uses left', async () => {
    const single = await createCode(w.adminA.token, w.uniA.id);
    assert.match(single.code, new RegExp(`^[${WAIVER_CODE_ALPHABET}]{8}$`));
    assert.doesNotMatch(single.code, /[01OIL]/);
    const many = await createCode(w.superuser.token, w.uniA.id, { maxUses: 25, intakeId: intakeA });
    assert.equal(many.intakeId, intakeA);
    assert.notEqual(many.code, single.code);
    const list = await call(t, 'GET', `/api/universities/${w.uniA.id}/fee-waivers`, { token: w.adminA.token });
    assert.equal(list.statusCode, 200);
    const rows = list.json() as { code: string; usesLeft: number; maxUses: number; expired: boolean; intakeName: string | null }[];
    const found = rows.find((r) => r.code === many.code)!;
    assert.deepEqual([found.maxUses, found.usesLeft, found.expired], [25, 25, false]);
    assert.ok(found.intakeName?.startsWith('Test intake'));
    // The code is never written to the audit log.
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'fee_waiver.create'));
    assert.equal(audits.length, 2);
    assert.ok(audits.every((a) => !`${a.detail} ${a.target}`.includes(single.code) && !`${a.detail} ${a.target}`.includes(many.code)));
  });

  it('an ADMIN reaches only its own university; applicants and guests none', async () => {
    const body = { maxUses: 1, expiresAt: inAWeek() };
    assert.equal((await call(t, 'POST', `/api/universities/${w.uniB.id}/fee-waivers`, { token: w.adminA.token, json: body })).statusCode, 404);
    assert.equal((await call(t, 'GET', `/api/universities/${w.uniB.id}/fee-waivers`, { token: w.adminA.token })).statusCode, 404);
    assert.equal((await call(t, 'POST', `/api/universities/${w.uniA.id}/fee-waivers`, { token: w.userA.token, json: body })).statusCode, 403);
    assert.equal((await call(t, 'GET', `/api/universities/${w.uniA.id}/fee-waivers`, { token: w.userA.token })).statusCode, 403);
    assert.equal((await call(t, 'GET', `/api/universities/${w.uniA.id}/fee-waivers`)).statusCode, 401);
    assert.equal((await call(t, 'POST', `/api/universities/${w.uniB.id}/fee-waivers`, { token: w.superuser.token, json: body })).statusCode, 201);
  });

  it('refuses bad input naming the field, and creates nothing', async () => {
    const before = (await t.ctx.db.select().from(feeWaivers)).length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ maxUses: 0, expiresAt: inAWeek() }, /^maxUses: must be at least 1/],
      [{ maxUses: 1.5, expiresAt: inAWeek() }, /^maxUses: must be a whole number/],
      [{ maxUses: 1, expiresAt: 'soon' }, /^expiresAt: must be a date and time/],
      [{ maxUses: 1, expiresAt: new Date(clock.now().getTime() - DAY).toISOString() }, /^expiresAt: must be in the future/],
      [{ maxUses: 1, expiresAt: inAWeek(), intakeId: 999999 }, /^intakeId: /],
      [{ maxUses: 1, expiresAt: inAWeek(), code: 'MYOWNCODE' }, /code/],
    ];
    for (const [body, message] of cases) {
      const res = await call(t, 'POST', `/api/universities/${w.uniA.id}/fee-waivers`, { token: w.adminA.token, json: body });
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.match(res.json().message, message);
    }
    assert.equal((await t.ctx.db.select().from(feeWaivers)).length, before);
  });

  it('an applicant applies a code: paid by waiver, ready for review, history and audit, no payment initiated', async () => {
    const waiver = await createCode(w.adminA.token, w.uniA.id);
    const applicant = await createUser(t, 'USER');
    const app = await createApplication(t, applicant, w.uniA.id, { intakeId: intakeA, nationality: 'Kenyan' });
    const res = await applyCode(applicant, app.id, ` ${waiver.code.slice(0, 4).toLowerCase()}-${waiver.code.slice(4)} `);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { message: FEE_WAIVER_MESSAGES.applied, applicationId: app.id, applicationStatus: 'PENDING_REVIEW' });

    const row = await applicationRow(t, app.id);
    assert.equal(row.paid, true);
    assert.equal(row.status, 'PENDING_REVIEW');
    const read = (await call(t, 'GET', `/api/applications/${app.id}`, { token: applicant.token })).json();
    assert.equal(read.paid, true);
    assert.equal(read.waived, true);
    assert.equal(read.payment.status, 'successful');
    assert.equal(read.payment.amount, 0);
    assert.equal(read.payment.channel, 'waiver');
    // Staff see it paid, in the list filtered by payment too.
    const staff = await call(t, 'GET', `/api/applications?paymentStatus=successful`, { token: w.adminA.token });
    assert.ok((staff.json().items as { id: number; paid: boolean }[]).some((a) => a.id === app.id && a.paid));
    const notes = (await historyOf(t, app.id)).map((h) => `${h.kind}:${h.toValue}:${h.note}`);
    assert.ok(
      notes.some((n) => n.startsWith('PAYMENT:waived:Fee waived with a fee waiver code')),
      notes.join(' | '),
    );
    assert.ok(notes.some((n) => n.startsWith('STATUS:PENDING_REVIEW:')));
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.waived'), eq(auditLog.target, `application:${app.id}`)));
    assert.equal(audits.length, 1);
    assert.ok(!audits[0]!.detail!.includes(waiver.code));
    // No provider was asked: nothing in the sandbox, and the one payment row is the waiver's.
    assert.equal((await t.ctx.db.select().from(lencoSandboxCollections)).length, 0);
    const rows = await t.ctx.db.select().from(payments).where(eq(payments.applicationId, app.id));
    assert.equal(rows.length, 1);
    assert.equal(await usesOf(waiver.id), 1);
    // Paid: Pay Fee is refused, and the code cannot be applied twice.
    assert.equal((await initiate(t, applicant, app.id)).json().message, ALREADY_PAID);
    assert.equal((await applyCode(applicant, app.id, waiver.code)).statusCode, 409);
    // The receipt says what happened, in the currency of the fee waived.
    const receipt = await call(t, 'GET', `/api/applications/${app.id}/receipt`, { token: applicant.token });
    assert.equal(receipt.json().channel, 'Fee waiver code (nothing was paid)');
    assert.equal(receipt.json().currency, 'USD');
  });

  it('refuses a code of another university or intake, expired, used up or unknown, naming code; nothing changes', async () => {
    const applicant = await createUser(t, 'USER');
    const app = await createApplication(t, applicant, w.uniA.id, { intakeId: intakeA2 });
    const otherUniversity = await createCode(w.adminB.token, w.uniB.id);
    const otherIntake = await createCode(w.adminA.token, w.uniA.id, { intakeId: intakeA });
    const expiring = await createCode(w.adminA.token, w.uniA.id, { expiresAt: new Date(clock.now().getTime() + DAY).toISOString() });
    const usedUp = await createCode(w.adminA.token, w.uniA.id);
    const first = await createUser(t, 'USER');
    const firstApp = await createApplication(t, first, w.uniA.id);
    assert.equal((await applyCode(first, firstApp.id, usedUp.code)).statusCode, 200);
    clock.advance(2 * DAY);
    try {
      const cases: [string, number, string][] = [
        ['ZZZZ2222', 400, FEE_WAIVER_MESSAGES.unknown],
        [otherUniversity.code, 400, FEE_WAIVER_MESSAGES.otherUniversity],
        [otherIntake.code, 400, FEE_WAIVER_MESSAGES.otherIntake],
        [expiring.code, 409, FEE_WAIVER_MESSAGES.expired],
        [usedUp.code, 409, FEE_WAIVER_MESSAGES.usedUp],
      ];
      for (const [code, status, message] of cases) {
        const res = await applyCode(applicant, app.id, code);
        assert.equal(res.statusCode, status, `${code}: ${res.body}`);
        assert.equal(res.json().message, message);
        assert.match(res.json().message, /^code: /);
      }
      const empty = await applyCode(applicant, app.id, '');
      assert.equal(empty.statusCode, 400);
      assert.match(empty.json().message, /^code: /);
      assert.equal((await applicationRow(t, app.id)).paid, false);
      assert.equal((await applicationRow(t, app.id)).status, 'PENDING');
      assert.equal((await historyOf(t, app.id)).length, 0);
      assert.equal((await t.ctx.db.select().from(payments).where(eq(payments.applicationId, app.id))).length, 0);
      for (const waiver of [otherUniversity, otherIntake, expiring]) assert.equal(await usesOf(waiver.id), 0);
    } finally {
      clock.advance(-2 * DAY);
    }
  });

  it("only on one's own application that still owes a fee", async () => {
    const waiver = await createCode(w.adminA.token, w.uniA.id, { maxUses: 5 });
    const owner = await createUser(t, 'USER');
    const app = await createApplication(t, owner, w.uniA.id);
    assert.equal((await applyCode(w.userB, app.id, waiver.code)).statusCode, 404);
    const rejected = await createApplication(t, owner, w.uniA.id, { status: 'REJECTED' });
    assert.equal((await applyCode(owner, rejected.id, waiver.code)).statusCode, 409);
    assert.equal((await call(t, 'POST', `/api/applications/${app.id}/fee-waiver`, { token: w.adminA.token, json: { code: waiver.code } })).statusCode, 403);
    assert.equal(await usesOf(waiver.id), 0);
  });

  it('ends an open checkout nothing is under way on; refuses while the provider holds a payment', async () => {
    const waiver = await createCode(w.adminA.token, w.uniA.id, { maxUses: 5 });
    const applicant = await createUser(t, 'USER');
    const closed = await createApplication(t, applicant, w.uniA.id);
    const { reference } = (await initiate(t, applicant, closed.id)).json();
    assert.equal((await applyCode(applicant, closed.id, waiver.code)).statusCode, 200);
    assert.equal((await paymentRow(t, reference)).status, 'expired');

    const other = await createUser(t, 'USER');
    const inFlight = await createApplication(t, other, w.uniA.id);
    const open = (await initiate(t, other, inFlight.id)).json().reference as string;
    await sandboxOutcome(t, open, 'pending-then-success');
    await call(t, 'GET', `/api/payments/verify/${open}`, { token: other.token });
    const res = await applyCode(other, inFlight.id, waiver.code);
    assert.equal(res.statusCode, 409);
    assert.match(res.json().message, /waiting for confirmation/);
    assert.equal((await applicationRow(t, inFlight.id)).paid, false);
    assert.equal(await usesOf(waiver.id), 1);
  });

  it('of applicants racing for the last use, exactly one wins', async () => {
    const waiver = await createCode(w.adminA.token, w.uniA.id, { maxUses: 2 });
    const applicants = await Promise.all(Array.from({ length: 6 }, () => createUser(t, 'USER')));
    const apps = await Promise.all(applicants.map((a) => createApplication(t, a, w.uniA.id)));
    // One use taken first: the remaining five race for the last.
    assert.equal((await applyCode(applicants[0]!, apps[0]!.id, waiver.code)).statusCode, 200);
    const results = await Promise.all(applicants.slice(1).map((a, i) => applyCode(a, apps[i + 1]!.id, waiver.code)));
    const codes = results.map((r) => r.statusCode).sort();
    assert.deepEqual(codes, [200, 409, 409, 409, 409], results.map((r) => r.body).join(' | '));
    for (const r of results.filter((x) => x.statusCode === 409)) assert.equal(r.json().message, FEE_WAIVER_MESSAGES.usedUp);
    assert.equal(await usesOf(waiver.id), 2);
    const paid = await Promise.all(apps.map(async (a) => (await applicationRow(t, a.id)).paid));
    assert.equal(paid.filter(Boolean).length, 2);
  });
});
