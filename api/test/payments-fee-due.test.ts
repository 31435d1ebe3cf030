/**
 * Issue 22 defect 2 and issue 21 finding 14: a fee is asked for only while it
 * is owed (an unpaid application not yet decided). Payments for a decided
 * (APPROVED or REJECTED, which includes withdrawn) application cannot be
 * started: 409 with a plain message, nothing stored. Money already on its way
 * for a payment started while the fee was owed is still recorded, whoever
 * reports it (the browser, the webhook, reconciliation), never lost.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { NO_FEE_DUE } from '../src/modules/payments/service';
import { applicationChoices, applications, lencoSandboxCollections, payments } from '../src/infrastructure/database/schema';
import { reconcileOnce } from '../src/modules/payments/reconciliation';
import { call, createWorld, type World } from './helpers/fixtures';
import { applicationRow, createApplication, historyOf, initiate, paymentRow, sandboxOutcome, settle } from './helpers/payments-fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('a fee is asked for only while it is owed', () => {
  let t: TestApp;
  let w: World;
  let programId: number;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    const program = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: { name: 'BSc Nursing', description: 'Care', duration: 4 } });
    programId = program.json().id;
  });
  after(() => t.close());

  /** A staff decision through the API (an approval needs a program choice to accept into). */
  const decide = async (id: number, status: 'APPROVED' | 'REJECTED') => {
    await t.ctx.db.insert(applicationChoices).values({ applicationId: id, programId, priority: 1 }).onConflictDoNothing();
    return call(t, 'PUT', `/api/applications/${id}`, { token: w.adminA.token, json: { status, reviewNotes: `Decided: ${status}`, ...(status === 'APPROVED' ? { programId } : {}) } });
  };

  for (const status of ['APPROVED', 'REJECTED'] as const) {
    it(`refuses to start a payment for an unpaid ${status} application with 409 and stores nothing`, async () => {
      const app = await createApplication(t, w.userA, w.uniA.id);
      const decided = await decide(app.id, status);
      assert.equal(decided.statusCode, 200, decided.body);
      const historyBefore = (await historyOf(t, app.id)).length;
      const res = await initiate(t, w.userA, app.id);
      assert.equal(res.statusCode, 409);
      assert.deepEqual(res.json(), { message: NO_FEE_DUE, error: 'Conflict' });
      assert.equal((await t.ctx.db.select().from(payments).where(eq(payments.applicationId, app.id))).length, 0);
      assert.equal((await historyOf(t, app.id)).length, historyBefore);
      assert.equal((await applicationRow(t, app.id)).paid, false);
    });
  }

  it('an application withdrawn (its applicant erased: REJECTED) owes nothing either', async () => {
    const app = await createApplication(t, w.userB, w.uniA.id, { status: 'REJECTED', reviewNotes: 'Withdrawn: the applicant deleted their account.' });
    assert.equal((await initiate(t, w.userB, app.id)).statusCode, 409);
  });

  it('still starts a payment for an undecided unpaid application (PENDING, SUBMITTED, PENDING_REVIEW)', async () => {
    for (const status of ['PENDING', 'SUBMITTED', 'PENDING_REVIEW'] as const) {
      const app = await createApplication(t, w.userA, w.uniA.id, { status });
      assert.equal((await initiate(t, w.userA, app.id)).statusCode, 200, status);
    }
  });

  it('an open checkout of a since-decided application is not reopened', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await decide(app.id, 'REJECTED');
    const again = await initiate(t, w.userA, app.id);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, NO_FEE_DUE);
    assert.equal((await paymentRow(t, reference)).status, 'pending', 'the open payment itself is left for the provider to settle');
  });

  it('money already on its way when the decision came is recorded (by the browser), and staff are told', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await decide(app.id, 'REJECTED');
    // The applicant approves the mobile-money prompt after the decision: the money arrives.
    assert.equal((await sandboxOutcome(t, reference, 'success')).statusCode, 200);
    const verified = await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token });
    assert.equal(verified.statusCode, 200);
    assert.equal(verified.json().status, 'successful');
    assert.equal(verified.json().applicationStatus, 'REJECTED');
    const row = await applicationRow(t, app.id);
    assert.equal(row.paid, true);
    assert.equal(row.status, 'REJECTED', 'a payment never undoes a decision');
    const notes = (await historyOf(t, app.id, 'PAYMENT')).map((h) => h.note);
    assert.ok(notes.includes(`Payment received after the application was decided (REJECTED) (ZMW 150.75, ${reference}): refund may be due`), notes.join(' | '));
    await settle(t);
  });

  it('money on its way is recorded by the webhook or reconciliation alone, too', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await decide(app.id, 'APPROVED');
    await sandboxOutcome(t, reference, 'success');
    await settle(t);
    assert.equal((await paymentRow(t, reference)).status, 'successful', 'the webhook recorded it');

    const other = await createApplication(t, w.userA, w.uniA.id);
    const second = (await initiate(t, w.userA, other.id)).json().reference as string;
    await decide(other.id, 'REJECTED');
    // The provider took the money but its webhook was lost.
    await t.ctx.db.insert(lencoSandboxCollections).values({ reference: second, status: 'successful', channel: 'mobile-money', amount: '150.75', currency: 'ZMW' });
    await reconcileOnce(t.ctx, { minAgeMs: 0 });
    assert.equal((await paymentRow(t, second)).status, 'successful');
    assert.equal((await applicationRow(t, other.id)).paid, true);
  });

  it('the sandbox checkout refuses a new collection on a closed reference of a decided application', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await t.ctx.db.update(payments).set({ status: 'expired' }).where(eq(payments.reference, reference));
    await decide(app.id, 'REJECTED');
    const res = await sandboxOutcome(t, reference, 'success');
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, NO_FEE_DUE);
    await settle(t);
    assert.equal((await paymentRow(t, reference)).status, 'expired');
    assert.equal((await applicationRow(t, app.id)).paid, false);
  });

  it('a paid application is refused with its own message', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    await t.ctx.db.update(applications).set({ paid: true, status: 'PENDING_REVIEW' }).where(eq(applications.id, app.id));
    const res = await initiate(t, w.userA, app.id);
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, 'This application has already been paid.');
  });
});
