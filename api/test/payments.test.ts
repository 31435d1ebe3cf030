import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { PAYMENT_REVIEW_NOTE } from 'shared-api/contract';
import { applications, auditLog, lencoSandboxCollections, payments } from '../src/infrastructure/database/schema';
import { sandboxTiming } from '../src/modules/payments/sandbox';
import { reconcileOnce } from '../src/modules/payments/reconciliation';
import { call, createWorld, type World } from './helpers/fixtures';
import { applicationRow, createApplication, historyOf, initiate, paymentRow, sandboxOutcome, settle } from './helpers/payments-fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('payments through the offline sandbox', () => {
  let t: TestApp;
  let w: World;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
  });
  after(() => t.close());

  it('gives a signed-in user the widget configuration, a guest nothing', async () => {
    const res = await call(t, 'GET', '/api/payments/config', { token: w.userA.token });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { publicKey: t.config.payments.publicKey, widgetUrl: '/sandbox/lenco/js/v1/inline.js', amount: 150.75, currency: 'ZMW', sandbox: true });
    assert.equal((await call(t, 'GET', '/api/payments/config')).statusCode, 401);
  });

  it('serves the sandbox checkout script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/lenco/js/v1/inline.js' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /javascript/);
    for (const text of ['window.LencoPay', 'Lenco Sandbox Checkout', 'Pay successfully', 'Fail payment', 'Pending then success', 'Mobile money', 'aria-modal']) {
      assert.ok(res.body.includes(text), text);
    }
  });

  it("initiates at the server's own fee whatever the body says, once per application", async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const res = await call(t, 'POST', '/api/payments/initiate', { token: w.userA.token, json: { applicationId: app.id, email: 'x@y.z', amount: 1, currency: 'USD' } });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.amount, 150.75);
    assert.equal(body.currency, 'ZMW');
    assert.match(body.reference, new RegExp(`^APP-${app.id}-[0-9A-Z]+$`));
    const row = await paymentRow(t, body.reference);
    assert.equal(row.amount, '150.75');
    assert.equal(row.status, 'pending');
    const again = await initiate(t, w.userA, app.id);
    assert.equal(again.json().reference, body.reference);
    const started = await historyOf(t, app.id, 'PAYMENT');
    assert.equal(started.length, 1);
    assert.equal(started[0]!.note, 'Payment started');
    assert.equal(started[0]!.actorId, w.userA.id);
  });

  it('refuses another applicant (404), staff (403), guests (401) and unknown applications (404)', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    assert.equal((await initiate(t, w.userB, app.id)).statusCode, 404);
    assert.equal((await initiate(t, w.adminA, app.id)).statusCode, 403);
    assert.equal((await initiate(t, w.superuser, app.id)).statusCode, 403);
    assert.equal((await call(t, 'POST', '/api/payments/initiate', { json: { applicationId: app.id } })).statusCode, 401);
    assert.equal((await initiate(t, w.userA, 999_999)).statusCode, 404);
    assert.equal((await call(t, 'POST', '/api/payments/initiate', { token: w.userA.token, json: { applicationId: 'abc' } })).statusCode, 400);
    assert.equal((await call(t, 'POST', '/api/payments/initiate', { token: w.userA.token, json: { applicationId: app.id, status: 'successful' } })).statusCode, 400);
    const rows = await t.ctx.db.select().from(payments).where(eq(payments.applicationId, app.id));
    assert.equal(rows.length, 0);
  });

  it('pays by mobile money: verify marks it successful and moves the application to PENDING_REVIEW, once', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    assert.equal((await sandboxOutcome(t, reference, 'success', { channel: 'mobile-money' })).statusCode, 200);
    const res = await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      status: 'successful',
      reference,
      amount: 150.75,
      currency: 'ZMW',
      applicationId: app.id,
      applicationStatus: 'PENDING_REVIEW',
      message: 'Payment verified successfully.',
      awaitingProvider: false,
      failureReason: null,
    });
    await settle(t); // the sandbox's own webhook arrives too: it must change nothing more
    const payment = await paymentRow(t, reference);
    assert.equal(payment.status, 'successful');
    assert.equal(payment.channel, 'mobile-money');
    assert.ok(payment.paidAt);
    const application = await applicationRow(t, app.id);
    assert.equal(application.paid, true);
    assert.equal(application.status, 'PENDING_REVIEW');
    assert.equal(application.reviewNotes, PAYMENT_REVIEW_NOTE);
    const paymentHistory = await historyOf(t, app.id, 'PAYMENT');
    assert.deepEqual(
      paymentHistory.map((h) => h.toValue),
      ['pending', 'successful'],
    );
    const statusHistory = await historyOf(t, app.id, 'STATUS');
    assert.equal(statusHistory.length, 1);
    assert.equal(statusHistory[0]!.fromValue, 'PENDING');
    assert.equal(statusHistory[0]!.toValue, 'PENDING_REVIEW');
    assert.equal(statusHistory[0]!.note, PAYMENT_REVIEW_NOTE);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `application:${app.id}`));
    assert.equal(audits.filter((a) => a.action === 'payment.successful').length, 1);
    // Paid: no new reference.
    const again = await initiate(t, w.userA, app.id);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, 'This application has already been paid.');
  });

  it('records a failed payment as failed; a new attempt gets a new reference and can succeed by card', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const first = (await initiate(t, w.userA, app.id)).json().reference;
    await sandboxOutcome(t, first, 'failure');
    await settle(t);
    const verified = (await call(t, 'GET', `/api/payments/verify/${first}`, { token: w.userA.token })).json();
    assert.equal(verified.status, 'failed');
    assert.equal(verified.applicationStatus, 'PENDING');
    assert.equal((await applicationRow(t, app.id)).paid, false);
    const second = (await initiate(t, w.userA, app.id)).json().reference;
    assert.notEqual(second, first);
    await sandboxOutcome(t, second, 'success', { channel: 'card' });
    const ok = (await call(t, 'GET', `/api/payments/verify/${second}`, { token: w.userA.token })).json();
    assert.equal(ok.status, 'successful');
    assert.equal((await paymentRow(t, second)).channel, 'card');
    assert.equal((await applicationRow(t, app.id)).status, 'PENDING_REVIEW');
  });

  it('keeps a closed checkout pending (the provider knows no collection yet)', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    const res = await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().status, 'pending');
    assert.equal((await paymentRow(t, reference)).providerStatus, 'not-found');
  });

  it('pending then success: pending at first, successful once the provider says so (by its webhook)', async () => {
    sandboxTiming.pendingMs = 300;
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await sandboxOutcome(t, reference, 'pending-then-success');
    const early = (await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token })).json();
    assert.equal(early.status, 'pending');
    assert.equal((await paymentRow(t, reference)).providerStatus, 'pending');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await settle(t);
    assert.equal((await paymentRow(t, reference)).status, 'successful');
    assert.equal((await applicationRow(t, app.id)).status, 'PENDING_REVIEW');
    sandboxTiming.pendingMs = 4_000;
  });

  it('lets the owner and staff in reach verify; others get 404', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    assert.equal((await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userB.token })).statusCode, 404);
    assert.equal((await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.adminB.token })).statusCode, 404);
    assert.equal((await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.adminA.token })).statusCode, 200);
    assert.equal((await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.superuser.token })).statusCode, 200);
    assert.equal((await call(t, 'GET', `/api/payments/verify/${reference}`)).statusCode, 401);
    assert.equal((await call(t, 'GET', '/api/payments/verify/APP-1-NOPE00', { token: w.userA.token })).statusCode, 404);
    assert.equal((await call(t, 'GET', '/api/payments/verify/..%2F..%2Fetc', { token: w.userA.token })).statusCode, 400);
  });

  it('refuses a tampered widget amount or currency: the application stays unpaid', async () => {
    for (const tamper of [{ amount: 1 }, { amount: '150.74' }, { amount: 1507.5 }, { currency: 'USD' }]) {
      const app = await createApplication(t, w.userA, w.uniA.id);
      const { reference } = (await initiate(t, w.userA, app.id)).json();
      assert.equal((await sandboxOutcome(t, reference, 'success', tamper)).statusCode, 200);
      const res = (await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token })).json();
      assert.equal(res.status, 'failed', JSON.stringify(tamper));
      assert.match(res.message, /did not match/);
      const application = await applicationRow(t, app.id);
      assert.equal(application.paid, false);
      assert.equal(application.status, 'PENDING');
    }
  });

  it('sandbox: the status API wants the secret key; the checkout wants the public key and a known reference', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    assert.equal((await sandboxOutcome(t, reference, 'success', { key: 'wrong' })).statusCode, 401);
    assert.equal((await sandboxOutcome(t, 'APP-0-UNKNOWN', 'success')).statusCode, 404);
    await sandboxOutcome(t, reference, 'success');
    assert.equal((await sandboxOutcome(t, reference, 'failure')).statusCode, 409);
    const url = `/sandbox/lenco/access/v2/collections/status/${reference}`;
    assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 401);
    assert.equal((await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer nope' } })).statusCode, 401);
    const ok = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.config.payments.secretKey}` } });
    assert.equal(ok.statusCode, 200);
    const body = ok.json();
    assert.equal(body.status, true);
    assert.equal(body.data.reference, reference);
    assert.equal(body.data.amount, '150.75');
    assert.equal(body.data.currency, 'ZMW');
    assert.equal(body.data.status, 'successful');
    assert.equal(body.data.type, 'mobile-money');
    await settle(t);
  });

  it('reconciliation ends a payment whose webhook and browser were both lost', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    // The outcome is recorded at the provider, but no webhook and no verify reach us.
    await t.ctx.db.insert(lencoSandboxCollections).values({ reference, status: 'successful', channel: 'card', amount: '150.75', currency: 'ZMW' });
    const tooYoung = await reconcileOnce(t.ctx);
    assert.equal(tooYoung.ran, true);
    assert.equal((await paymentRow(t, reference)).status, 'pending');
    const later = await reconcileOnce(t.ctx, { now: new Date(Date.now() + 5 * 60_000) });
    assert.ok(later.checked >= 1);
    assert.equal((await paymentRow(t, reference)).status, 'successful');
    const application = await applicationRow(t, app.id);
    assert.equal(application.paid, true);
    assert.equal(application.status, 'PENDING_REVIEW');
  });

  it('reconciliation gives up a reference the provider never heard of after a day', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await t.ctx.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(payments.reference, reference));
    await reconcileOnce(t.ctx);
    assert.equal((await paymentRow(t, reference)).status, 'expired');
    // A new attempt is possible.
    const next = await initiate(t, w.userA, app.id);
    assert.equal(next.statusCode, 200);
    assert.notEqual(next.json().reference, reference);
  });

  it('does not undo a staff decision taken before the payment', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await t.ctx.db.update(applications).set({ status: 'APPROVED', reviewNotes: 'Welcome' }).where(eq(applications.id, app.id));
    await sandboxOutcome(t, reference, 'success');
    const res = (await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token })).json();
    assert.equal(res.status, 'successful');
    assert.equal(res.applicationStatus, 'APPROVED');
    const application = await applicationRow(t, app.id);
    assert.equal(application.paid, true);
    assert.equal(application.reviewNotes, 'Welcome');
    await settle(t);
  });
});
