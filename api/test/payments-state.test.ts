/**
 * Issue 22 item 3: payment states that cannot mislead. An application's
 * payment says whether money may be on its way (`awaitingProvider`) and why a
 * failed one failed (`failureReason`); the verify answer says the same; no
 * second checkout opens while the provider still holds a collection.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { lencoSandboxCollections } from '../src/infrastructure/database/schema';
import { sandboxTiming } from '../src/modules/payments/sandbox';
import { AWAITING_PROVIDER } from '../src/modules/payments/service';
import { MISMATCH_REASON } from '../src/modules/payments/state';
import { call, createWorld, type World } from './helpers/fixtures';
import { createApplication, initiate, paymentRow, sandboxOutcome, settle } from './helpers/payments-fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('payment states', () => {
  let t: TestApp;
  let w: World;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    // Long enough never to end by itself during the test: the test moves the collection's clock instead.
    sandboxTiming.pendingMs = 60 * 60 * 1000;
  });
  after(async () => {
    sandboxTiming.pendingMs = 4_000;
    await t.close();
  });

  const paymentOf = async (id: number) => (await call(t, 'GET', `/api/applications/${id}`, { token: w.userA.token })).json().payment;
  const verify = (reference: string) => call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token });

  it('a checkout closed before anything was paid is not money in flight: the fee can be paid with the same reference', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    const verified = (await verify(reference)).json();
    assert.equal(verified.status, 'pending');
    assert.equal(verified.awaitingProvider, false);
    assert.equal(verified.failureReason, null);
    const payment = await paymentOf(app.id);
    assert.equal(payment.status, 'pending');
    assert.equal(payment.awaitingProvider, false);
    const again = await initiate(t, w.userA, app.id);
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().reference, reference);
  });

  it('pending then success: awaiting the provider, no second checkout, then successful once it confirms', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    assert.equal((await sandboxOutcome(t, reference, 'pending-then-success')).statusCode, 200);
    const early = (await verify(reference)).json();
    assert.equal(early.status, 'pending');
    assert.equal(early.awaitingProvider, true);
    assert.equal((await paymentOf(app.id)).awaitingProvider, true);

    const second = await initiate(t, w.userA, app.id);
    assert.equal(second.statusCode, 409);
    assert.deepEqual(second.json(), { message: AWAITING_PROVIDER, error: 'Conflict' });

    // The provider confirms (its clock moved past the moment it succeeds).
    await t.ctx.db
      .update(lencoSandboxCollections)
      .set({ succeedsAt: new Date(Date.now() - 1000) })
      .where(eq(lencoSandboxCollections.reference, reference));
    const late = (await verify(reference)).json();
    assert.equal(late.status, 'successful');
    assert.equal(late.awaitingProvider, false);
    const payment = await paymentOf(app.id);
    assert.equal(payment.status, 'successful');
    assert.equal(payment.awaitingProvider, false);
    await settle(t);
  });

  it('a pending payment that ends while the applicant waits frees the fee at once on the next Pay Fee', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await sandboxOutcome(t, reference, 'pending-then-success');
    await verify(reference);
    // The provider declined it meanwhile (no webhook reached us): Pay Fee asks the provider first.
    await t.ctx.db.update(lencoSandboxCollections).set({ status: 'failed', succeedsAt: null }).where(eq(lencoSandboxCollections.reference, reference));
    const next = await initiate(t, w.userA, app.id);
    assert.equal(next.statusCode, 200, next.body);
    assert.notEqual(next.json().reference, reference);
    assert.equal((await paymentRow(t, reference)).status, 'failed');
    await settle(t);
  });

  it("a declined payment is failed with the provider's reason, in the verify answer and on the application", async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await sandboxOutcome(t, reference, 'failure');
    const verified = (await verify(reference)).json();
    assert.equal(verified.status, 'failed');
    assert.equal(verified.failureReason, 'Declined in the sandbox checkout');
    assert.equal(verified.message, 'The payment failed.');
    const payment = await paymentOf(app.id);
    assert.equal(payment.status, 'failed');
    assert.equal(payment.failureReason, 'Declined in the sandbox checkout');
    assert.equal(payment.awaitingProvider, false);
    await settle(t);
  });

  it('a payment of the wrong amount is failed with that reason', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await sandboxOutcome(t, reference, 'success', { amount: 1 });
    const verified = (await verify(reference)).json();
    assert.equal(verified.status, 'failed');
    assert.equal(verified.failureReason, MISMATCH_REASON);
    assert.equal((await paymentOf(app.id)).failureReason, MISMATCH_REASON);
    await settle(t);
  });

  it('staff see the same payment state on the application', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await sandboxOutcome(t, reference, 'failure');
    await verify(reference);
    const staff = (await call(t, 'GET', `/api/applications/${app.id}`, { token: w.adminA.token })).json();
    assert.equal(staff.payment.failureReason, 'Declined in the sandbox checkout');
    await settle(t);
  });
});
