/**
 * POST /api/payments/webhook: the signature is checked on the raw bytes; a
 * bad or missing one changes nothing; a good one only triggers the same
 * verification with the provider, so a forged body cannot pay anything and
 * five deliveries change state once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { auditLog, lencoSandboxCollections } from '../src/infrastructure/database/schema';
import { signWebhook, verifyWebhookSignature, webhookSigningKey } from '../src/modules/payments/signature';
import { createWorld, type World } from './helpers/fixtures';
import { applicationRow, createApplication, historyOf, initiate, paymentRow, postWebhook, signedWebhook, settle } from './helpers/payments-fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createHash, createHmac } from 'node:crypto';

describe('payment webhook', () => {
  let t: TestApp;
  let w: World;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
  });
  after(() => t.close());

  /** A pending payment whose provider record says `status` (as if paid in the checkout, webhook not yet delivered). */
  async function providerSays(status: 'successful' | 'failed' | 'pending', amount = '150.75') {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await t.ctx.db.insert(lencoSandboxCollections).values({ reference, status, channel: 'card', amount, currency: 'ZMW' });
    return { app, reference };
  }

  it('signs as Lenco documents: HMAC-SHA512 of the raw body keyed with the hex SHA-256 of the secret', () => {
    const body = '{"event":"collection.successful","data":{"reference":"APP-1-ABC"}}';
    const key = createHash('sha256').update('secret').digest('hex');
    assert.equal(webhookSigningKey('secret'), key);
    const expected = createHmac('sha512', key).update(body).digest('hex');
    assert.equal(signWebhook(body, 'secret'), expected);
    assert.equal(verifyWebhookSignature(Buffer.from(body), expected, 'secret'), true);
    assert.equal(verifyWebhookSignature(Buffer.from(body), expected.toUpperCase(), 'secret'), true);
    assert.equal(verifyWebhookSignature(Buffer.from(`${body} `), expected, 'secret'), false);
    assert.equal(verifyWebhookSignature(Buffer.from(body), expected, 'other'), false);
    assert.equal(verifyWebhookSignature(Buffer.from(body), undefined, 'secret'), false);
    assert.equal(verifyWebhookSignature(Buffer.from(body), 'abc', 'secret'), false);
  });

  it('good signature: 200, then verified with the provider and paid', async () => {
    const { app, reference } = await providerSays('successful');
    const { body, signature } = signedWebhook(t, 'collection.successful', { reference, status: 'successful', amount: '150.75', currency: 'ZMW' });
    const res = await postWebhook(t, body, signature);
    assert.equal(res.statusCode, 200);
    await settle(t);
    assert.equal((await paymentRow(t, reference)).status, 'successful');
    const application = await applicationRow(t, app.id);
    assert.equal(application.paid, true);
    assert.equal(application.status, 'PENDING_REVIEW');
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `application:${app.id}`));
    assert.match(audits.find((a) => a.action === 'payment.successful')!.detail!, /via webhook/);
  });

  it('accepts the JSON media type with a charset parameter', async () => {
    const { app, reference } = await providerSays('successful');
    const { body, signature } = signedWebhook(t, 'collection.successful', { reference });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-lenco-signature': signature },
      payload: body,
    });
    assert.equal(res.statusCode, 200);
    await settle(t);
    assert.equal((await applicationRow(t, app.id)).paid, true);
  });

  it('checks the raw bytes: the same JSON re-serialised with other spacing is refused', async () => {
    const { app, reference } = await providerSays('successful');
    const { body, signature } = signedWebhook(t, 'collection.successful', { reference });
    const respaced = JSON.stringify(JSON.parse(body), null, 2);
    assert.equal((await postWebhook(t, respaced, signature)).statusCode, 401);
    await settle(t);
    assert.equal((await applicationRow(t, app.id)).paid, false);
  });

  it('bad, missing, or other-key signatures: 401 and nothing changes', async () => {
    const { app, reference } = await providerSays('successful');
    const body = JSON.stringify({ event: 'collection.successful', data: { reference } });
    const attempts = [
      undefined,
      '',
      'deadbeef',
      signWebhook(body, 'not-the-secret'),
      signWebhook(`${body}x`, t.config.payments.secretKey),
      createHmac('sha512', t.config.payments.secretKey).update(body).digest('hex'),
      createHmac('sha256', webhookSigningKey(t.config.payments.secretKey)).update(body).digest('hex'),
    ];
    for (const signature of attempts) {
      const res = await postWebhook(t, body, signature);
      assert.equal(res.statusCode, 401, String(signature));
      assert.equal(res.json().message, 'Invalid webhook signature');
    }
    // Malformed bodies are 401 too when unsigned, never a parse error that leaks.
    assert.equal((await postWebhook(t, '{not json', undefined)).statusCode, 401);
    assert.equal((await postWebhook(t, '', undefined)).statusCode, 401);
    await settle(t);
    assert.equal((await paymentRow(t, reference)).status, 'pending');
    assert.equal((await paymentRow(t, reference)).lastCheckedAt, null);
    assert.equal((await applicationRow(t, app.id)).paid, false);
    assert.equal((await historyOf(t, app.id)).length, 1);
  });

  it('replayed five times (also concurrently): one transition, one set of history entries', async () => {
    const { app, reference } = await providerSays('successful');
    const { body, signature } = signedWebhook(t, 'collection.successful', { reference });
    for (let i = 0; i < 5; i += 1) assert.equal((await postWebhook(t, body, signature)).statusCode, 200);
    await settle(t);
    const burst = await Promise.all(Array.from({ length: 5 }, () => postWebhook(t, body, signature)));
    assert.ok(burst.every((r) => r.statusCode === 200));
    await settle(t);
    assert.deepEqual(
      (await historyOf(t, app.id, 'PAYMENT')).map((h) => h.toValue),
      ['pending', 'successful'],
    );
    assert.equal((await historyOf(t, app.id, 'STATUS')).length, 1);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `application:${app.id}`));
    assert.equal(audits.filter((a) => a.action === 'payment.successful').length, 1);
  });

  it('never trusts the body: a signed "successful" webhook while the provider says pending or failed pays nothing', async () => {
    for (const status of ['pending', 'failed'] as const) {
      const { app, reference } = await providerSays(status);
      const { body, signature } = signedWebhook(t, 'collection.successful', { reference, status: 'successful', amount: '150.75', currency: 'ZMW' });
      assert.equal((await postWebhook(t, body, signature)).statusCode, 200);
      await settle(t);
      assert.equal((await paymentRow(t, reference)).status, status);
      assert.equal((await applicationRow(t, app.id)).paid, false);
    }
  });

  it('a provider record of the wrong amount fails the payment even with a valid webhook', async () => {
    const { app, reference } = await providerSays('successful', '15.07');
    const { body, signature } = signedWebhook(t, 'collection.successful', { reference, amount: '150.75' });
    await postWebhook(t, body, signature);
    await settle(t);
    assert.equal((await paymentRow(t, reference)).status, 'failed');
    assert.equal((await applicationRow(t, app.id)).paid, false);
  });

  it('acknowledges signed events it does not know (other references, other events) without changes', async () => {
    for (const data of [{ reference: 'APP-0-NOTOURS' }, { reference: '../../x' }, {}, { reference: 12 }]) {
      const { body, signature } = signedWebhook(t, 'collection.successful', data);
      assert.equal((await postWebhook(t, body, signature)).statusCode, 200);
    }
    const signedJunk = 'not json at all';
    assert.equal((await postWebhook(t, signedJunk, signWebhook(signedJunk, t.config.payments.secretKey))).statusCode, 200);
    await settle(t);
  });

  it('refuses oversized bodies', async () => {
    const big = JSON.stringify({ event: 'x', data: { pad: 'a'.repeat(100_000) } });
    const res = await postWebhook(t, big, signWebhook(big, t.config.payments.secretKey));
    assert.equal(res.statusCode, 413);
  });
});
