/**
 * The real adapter against a local HTTP server that answers like Lenco: the
 * app is configured with Lenco keys and an API base, exactly as in
 * production, so only configuration differs from the sandbox.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { paymentsOf } from '../src/modules/payments/service';
import { createLencoClient, toCents } from '../src/modules/payments/lenco-client';
import { call, createWorld, type World } from './helpers/fixtures';
import { applicationRow, createApplication, historyOf, initiate, paymentRow } from './helpers/payments-fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const SECRET = 'sk-live-like-test-secret';

type Reply = { status: number; body?: unknown; delayMs?: number; raw?: string };

describe('Lenco adapter against a Lenco-like HTTP server', () => {
  let server: Server;
  let base: string;
  let t: TestApp;
  let w: World;
  const replies = new Map<string, Reply>();
  const seen: Array<{ url: string; authorization: string | undefined; method: string }> = [];

  const lencoData = (reference: string, over: Record<string, unknown> = {}) => ({
    status: true,
    message: '',
    data: { id: 'c1', amount: '150.75', fee: '2.26', currency: 'ZMW', reference, lencoReference: 'L1', type: 'mobile-money', status: 'successful', ...over },
  });

  before(async () => {
    server = createServer((req: IncomingMessage, res) => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization, method: req.method ?? '' });
      const match = /^\/access\/v2\/collections\/status\/([^/?]+)$/.exec(req.url ?? '');
      const reply: Reply =
        req.headers.authorization !== `Bearer ${SECRET}`
          ? { status: 401, body: { status: false, message: 'Unauthorized', data: null } }
          : match
            ? (replies.get(decodeURIComponent(match[1]!)) ?? { status: 404, body: { status: false, message: 'Not found', data: null } })
            : { status: 404, body: { status: false, message: 'Route not found' } };
      setTimeout(() => {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(reply.raw ?? JSON.stringify(reply.body));
      }, reply.delayMs ?? 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await startTestApp({ LENCO_PUBLIC_KEY: 'pub-live-like', LENCO_SECRET_KEY: SECRET, LENCO_API_BASE: base, LENCO_WIDGET_URL: 'https://pay.lenco.co/js/v1/inline.js' });
    w = await createWorld(t);
  });
  after(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function pay(reply: (reference: string) => Reply) {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    replies.set(reference, reply(reference));
    const res = await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token });
    return { app, reference, res };
  }

  it('is switched on by configuration alone: live keys, no sandbox routes', async () => {
    assert.equal(t.config.payments.sandbox, false);
    assert.equal(t.config.payments.apiBase, base);
    const cfg = (await call(t, 'GET', '/api/payments/config', { token: w.userA.token })).json();
    assert.deepEqual(cfg, { publicKey: 'pub-live-like', widgetUrl: 'https://pay.lenco.co/js/v1/inline.js', amount: 150.75, currency: 'ZMW', sandbox: false });
    assert.equal((await t.app.inject({ method: 'GET', url: '/sandbox/lenco/js/v1/inline.js' })).statusCode, 404);
  });

  it('successful: asks GET /access/v2/collections/status/{reference} with the bearer secret and marks the payment paid', async () => {
    const { app, reference, res } = await pay((ref) => ({ status: 200, body: lencoData(ref) }));
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().status, 'successful');
    assert.equal(res.json().applicationStatus, 'PENDING_REVIEW');
    const request = seen.find((s) => s.url.endsWith(reference))!;
    assert.equal(request.method, 'GET');
    assert.equal(request.url, `/access/v2/collections/status/${reference}`);
    assert.equal(request.authorization, `Bearer ${SECRET}`);
    const payment = await paymentRow(t, reference);
    assert.equal(payment.providerStatus, 'successful');
    assert.equal(payment.channel, 'mobile-money');
    assert.deepEqual((payment.providerPayload as { data: { lencoReference: string } }).data.lencoReference, 'L1');
    assert.equal((await applicationRow(t, app.id)).paid, true);
  });

  it('successful with the amount as a number or with a trailing zero is accepted', async () => {
    for (const amount of [150.75, '150.750']) {
      const { res } = await pay((ref) => ({ status: 200, body: lencoData(ref, { amount }) }));
      assert.equal(res.json().status, 'successful', String(amount));
    }
  });

  it('failed: the payment fails, the application stays unpaid', async () => {
    const { app, reference, res } = await pay((ref) => ({ status: 200, body: lencoData(ref, { status: 'failed', reasonForFailure: 'Insufficient funds' }) }));
    assert.equal(res.json().status, 'failed');
    assert.equal((await paymentRow(t, reference)).status, 'failed');
    const application = await applicationRow(t, app.id);
    assert.equal(application.paid, false);
    assert.equal(application.status, 'PENDING');
    assert.deepEqual(
      (await historyOf(t, app.id, 'PAYMENT')).map((h) => h.toValue),
      ['pending', 'failed'],
    );
  });

  it('pending and the in-between statuses: recorded, nothing else changes', async () => {
    for (const status of ['pending', 'otp-required', 'pay-offline', '3ds-auth-required']) {
      const { app, reference, res } = await pay((ref) => ({ status: 200, body: lencoData(ref, { status }) }));
      assert.equal(res.json().status, 'pending', status);
      assert.equal((await paymentRow(t, reference)).providerStatus, status);
      assert.equal((await applicationRow(t, app.id)).paid, false);
    }
  });

  it('wrong amount, wrong currency or another reference: never paid', async () => {
    const cases: Array<Record<string, unknown>> = [
      { amount: '150.74' },
      { amount: '1.00' },
      { amount: '15075' },
      { amount: '150.751' },
      { amount: 'abc' },
      { currency: 'USD' },
      { currency: 'ZMK' },
      { reference: 'APP-1-OTHER' },
    ];
    for (const over of cases) {
      const { app, res } = await pay((ref) => ({ status: 200, body: lencoData(ref, over) }));
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().status, 'failed', JSON.stringify(over));
      const application = await applicationRow(t, app.id);
      assert.equal(application.paid, false);
      assert.equal(application.status, 'PENDING');
    }
  });

  it('no collection yet (404, or a 4xx with status false): stays pending; a 4xx without that envelope is a provider error', async () => {
    for (const reply of [
      { status: 404, body: { status: false, message: 'Collection not found', data: null } },
      { status: 400, body: { status: false, message: 'Invalid reference' } },
    ]) {
      const { reference, res } = await pay(() => reply);
      assert.equal(res.statusCode, 200, JSON.stringify(reply));
      assert.equal(res.json().status, 'pending');
      assert.equal((await paymentRow(t, reference)).providerStatus, 'not-found');
    }
    const { res } = await pay(() => ({ status: 400, raw: 'Bad Request' }));
    assert.equal(res.statusCode, 502);
  });

  it('401 from the provider (bad key): 502 with the spec-like message, nothing changes', async () => {
    const { app, reference, res } = await pay(() => ({ status: 401, body: { status: false, message: 'Unauthorized' } }));
    assert.equal(res.statusCode, 502);
    assert.deepEqual(res.json(), { message: 'Could not reach the payment provider. Please try again.', error: 'Bad Gateway' });
    assert.equal((await paymentRow(t, reference)).status, 'pending');
    assert.equal((await paymentRow(t, reference)).lastCheckedAt, null);
    assert.equal((await applicationRow(t, app.id)).paid, false);
  });

  it('5xx and an unreadable answer: 502, nothing changes', async () => {
    for (const reply of [
      { status: 500, body: { message: 'boom' } },
      { status: 200, raw: '<html>' },
      { status: 200, body: { status: true, data: { reference: 'x' } } },
    ]) {
      const { reference, res } = await pay(() => reply);
      assert.equal(res.statusCode, 502);
      assert.equal((await paymentRow(t, reference)).status, 'pending');
    }
  });

  it('timeout: 502 after the client timeout, nothing changes', async () => {
    const service = paymentsOf(t.ctx);
    service.timeoutMs = 200;
    const started = Date.now();
    const { reference, res } = await pay((ref) => ({ status: 200, body: lencoData(ref), delayMs: 1_500 }));
    service.timeoutMs = 10_000;
    assert.ok(Date.now() - started < 1_400, 'gave up before the provider answered');
    assert.equal(res.statusCode, 502);
    assert.equal(res.json().message, 'Could not reach the payment provider. Please try again.');
    assert.equal((await paymentRow(t, reference)).status, 'pending');
  });

  it('the transport is injectable: a fetch-like function answers instead of the network', async () => {
    const service = paymentsOf(t.ctx);
    const calls: Array<{ url: string; authorization: string | undefined }> = [];
    service.useFetch(async (url, init) => {
      calls.push({ url, authorization: init.headers.Authorization });
      const reference = decodeURIComponent(url.split('/').pop()!);
      return { status: 200, text: async () => JSON.stringify(lencoData(reference, { type: 'card' })) };
    });
    try {
      const app = await createApplication(t, w.userA, w.uniA.id);
      const { reference } = (await initiate(t, w.userA, app.id)).json();
      const res = await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token });
      assert.equal(res.json().status, 'successful');
      assert.deepEqual(calls, [{ url: `${base}/access/v2/collections/status/${reference}`, authorization: `Bearer ${SECRET}` }]);
      assert.equal((await paymentRow(t, reference)).channel, 'card');
    } finally {
      service.useFetch((url, init) => fetch(url, init));
    }
  });

  it('the client alone: unknown reference is null, a refused key throws', async () => {
    const client = createLencoClient({ apiBase: base, secretKey: SECRET, fetch: (url, init) => fetch(url, init), timeoutMs: 2_000 });
    assert.equal(await client.collectionStatus('APP-9-NOTHING'), null);
    const wrongKey = createLencoClient({ apiBase: base, secretKey: 'nope', fetch: (url, init) => fetch(url, init), timeoutMs: 2_000 });
    await assert.rejects(() => wrongKey.collectionStatus('APP-9-NOTHING'), /401/);
  });

  it('compares amounts exactly in cents', () => {
    assert.equal(toCents('150.75'), 15075);
    assert.equal(toCents('150.750'), 15075);
    assert.equal(toCents(150.75), 15075);
    assert.equal(toCents('150.7'), 15070);
    assert.equal(toCents('150.751'), null);
    assert.equal(toCents('-150.75'), null);
    assert.equal(toCents('1e2'), null);
    assert.equal(toCents(''), null);
  });
});
