/**
 * Races and hostile sequences: ten initiates at once open one reference;
 * verify, webhooks and reconciliation racing make one transition; the
 * reconciliation lock lets one instance run; and no request sequence marks an
 * application paid without a successful payment of ZMW 150.75.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { Redis } from 'ioredis';
import { completePayment } from '../src/modules/payments/queries';
import { applications, lencoSandboxCollections, payments } from '../src/infrastructure/database/schema';
import { reconcileOnce } from '../src/modules/payments/reconciliation';
import { signWebhook } from '../src/modules/payments/signature';
import { call, createWorld, type World } from './helpers/fixtures';
import { applicationRow, createApplication, historyOf, initiate, paymentRow, postWebhook, sandboxOutcome, settle, signedWebhook } from './helpers/payments-fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('payment concurrency and invariants', () => {
  let t: TestApp;
  let w: World;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
  });
  after(() => t.close());

  it('ten initiates at once open one reference and one history entry', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => initiate(t, w.userA, app.id)));
    assert.ok(
      answers.every((r) => r.statusCode === 200),
      answers.map((r) => r.statusCode).join(','),
    );
    assert.equal(new Set(answers.map((r) => r.json().reference)).size, 1);
    const rows = await t.ctx.db.select().from(payments).where(eq(payments.applicationId, app.id));
    assert.equal(rows.length, 1);
    assert.equal((await historyOf(t, app.id, 'PAYMENT')).length, 1);
  });

  it('verify, webhooks and reconciliation racing: one transition, one set of history entries', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await t.ctx.db.insert(lencoSandboxCollections).values({ reference, status: 'successful', channel: 'card', amount: '150.75', currency: 'ZMW' });
    const { body, signature } = signedWebhook(t, 'collection.successful', { reference });
    const results = await Promise.all([
      call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token }),
      postWebhook(t, body, signature),
      call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.adminA.token }),
      postWebhook(t, body, signature),
      reconcileOnce(t.ctx, { minAgeMs: 0, now: new Date(Date.now() + 120_000) }),
      call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token }),
    ]);
    await settle(t);
    const verifies = [results[0], results[2], results[5]] as Array<{ statusCode: number; json(): { status: string } }>;
    assert.ok(verifies.every((r) => r.statusCode === 200 && r.json().status === 'successful'));
    assert.deepEqual(
      (await historyOf(t, app.id, 'PAYMENT')).map((h) => h.toValue),
      ['pending', 'successful'],
    );
    assert.equal((await historyOf(t, app.id, 'STATUS')).length, 1);
    assert.equal((await applicationRow(t, app.id)).status, 'PENDING_REVIEW');
  });

  it('the transition itself is guarded in the database: ten concurrent completions, one change', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    const payment = await paymentRow(t, reference);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        completePayment(t.ctx.db, { paymentId: payment.id, applicationId: app.id, reference, amountLabel: 'ZMW 150.75', actor: { id: null, email: null, ip: null, source: 'test' } }),
      ),
    );
    assert.equal(outcomes.filter((o) => o.changed).length, 1);
    assert.equal((await historyOf(t, app.id, 'STATUS')).length, 1);
  });

  it('a second successful reference for a paid application is kept as a duplicate, never a second payment', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const first = (await initiate(t, w.userA, app.id)).json().reference;
    // An old reference, given up by reconciliation, is paid late while a new one was paid too.
    await t.ctx.db.update(payments).set({ status: 'expired' }).where(eq(payments.reference, first));
    const second = (await initiate(t, w.userA, app.id)).json().reference;
    await sandboxOutcome(t, second, 'success');
    await sandboxOutcome(t, first, 'success');
    await settle(t);
    // Both webhooks race; whichever reference the server confirms first is the
    // payment, the other is kept as a duplicate.
    const answers = [];
    for (const reference of [second, first]) answers.push((await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token })).json().status);
    assert.deepEqual([...answers].sort(), ['duplicate', 'successful']);
    const rows = await t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, app.id), eq(payments.status, 'successful')));
    assert.equal(rows.length, 1);
    assert.equal((await historyOf(t, app.id, 'STATUS')).length, 1);
  });

  it('no request sequence marks an application paid without a successful ZMW 150.75 payment', async () => {
    // A seeded random walk over everything an attacker can send, with the provider never recording a good payment.
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const victims = await Promise.all([createApplication(t, w.userA, w.uniA.id), createApplication(t, w.userB, w.uniB.id)]);
    const owners = new Map([
      [victims[0]!.id, w.userA],
      [victims[1]!.id, w.userB],
    ]);
    const references: string[] = ['APP-1-FAKE01'];
    const secret = t.config.payments.secretKey;
    const steps = [
      async () => {
        const app = pick(victims);
        const who = pick([owners.get(app.id)!, w.userA, w.userB]);
        const res = await call(t, 'POST', '/api/payments/initiate', {
          token: who.token,
          json: pick([{ applicationId: app.id, amount: 0.01, currency: 'ZMW' }, { applicationId: app.id, paid: true }, { applicationId: app.id, status: 'successful' }, { applicationId: app.id }]),
        });
        if (res.statusCode === 200) references.push(res.json().reference);
      },
      async () =>
        sandboxOutcome(
          t,
          pick(references),
          pick(['success', 'pending-then-success', 'failure'] as const),
          pick([{ amount: 150.74 }, { amount: 1 }, { currency: 'USD' }, { amount: '15075' }, { amount: 150.75, currency: 'EUR' }]),
        ),
      async () => sandboxOutcome(t, pick(references), 'success', { key: 'guessed-key' }),
      async () => {
        const body = JSON.stringify({ event: 'collection.successful', data: { reference: pick(references), status: 'successful', amount: '150.75', currency: 'ZMW' } });
        await postWebhook(t, body, pick([undefined, 'f'.repeat(128), signWebhook(body, 'guess'), signWebhook(body, t.config.payments.publicKey)]));
      },
      async () => {
        // A correctly signed webhook claiming success: only the provider's record counts.
        const body = JSON.stringify({ event: 'collection.successful', data: { reference: pick(references), status: 'successful', amount: '150.75', currency: 'ZMW' } });
        await postWebhook(t, body, signWebhook(body, secret));
      },
      async () => call(t, 'GET', `/api/payments/verify/${pick(references)}`, { token: pick([w.userA, w.userB, w.adminA, w.superuser]).token }),
      async () => call(t, 'PUT', `/api/applications/${pick(victims).id}`, { token: pick([w.userA, w.userB]).token, json: { status: 'PENDING_REVIEW', paid: true } }),
      async () => reconcileOnce(t.ctx, { minAgeMs: 0, now: new Date(Date.now() + 600_000) }),
    ];
    for (let i = 0; i < 200; i += 1) await pick(steps)();
    await settle(t);
    for (const victim of victims) {
      const application = await applicationRow(t, victim.id);
      assert.equal(application.paid, false);
      assert.notEqual(application.status, 'PENDING_REVIEW');
      const paid = await t.ctx.db
        .select()
        .from(payments)
        .where(and(eq(payments.applicationId, victim.id), eq(payments.status, 'successful')));
      assert.equal(paid.length, 0);
    }
    assert.ok(references.length > 1, 'the walk opened real references');
  });

  it('with a good payment the same walk pays exactly once', async () => {
    const app = await createApplication(t, w.userA, w.uniA.id);
    const { reference } = (await initiate(t, w.userA, app.id)).json();
    await sandboxOutcome(t, reference, 'success');
    await Promise.all(Array.from({ length: 5 }, () => call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token })));
    await settle(t);
    const application = await applicationRow(t, app.id);
    assert.equal(application.paid, true);
    assert.equal((await historyOf(t, app.id, 'STATUS')).length, 1);
    const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, app.id));
    assert.equal(row!.status, 'PENDING_REVIEW');
  });
});

describe('reconciliation lock', () => {
  it('Redis: while another instance holds the lock, this one skips the pass', async () => {
    const redis = await reachableRedis();
    const probe = redis.client;
    const t = await startTestApp({ REDIS_URL: redis.url });
    try {
      await probe.set('portal:payments:reconcile', 'other-instance', 'PX', 10_000);
      assert.deepEqual(await reconcileOnce(t.ctx), { ran: false, checked: 0, failed: 0 });
      assert.equal(await probe.get('portal:payments:reconcile'), 'other-instance', "another holder's lock is never released");
      await probe.del('portal:payments:reconcile');
      assert.equal((await reconcileOnce(t.ctx)).ran, true);
      assert.equal(await probe.get('portal:payments:reconcile'), null, 'released after the pass');
    } finally {
      await t.close();
      await redis.stop();
    }
  });

  it('PostgreSQL: an advisory lock held elsewhere makes the pass skip; PGlite needs none', async () => {
    const t = await startTestApp();
    try {
      if (t.databaseKind === 'pglite') {
        assert.equal((await reconcileOnce(t.ctx)).ran, true);
        return;
      }
      const other = new pg.Client({ connectionString: await currentDatabaseUrl(t) });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [724_311_006]);
        assert.equal((await reconcileOnce(t.ctx)).ran, false);
        await other.query('select pg_advisory_unlock($1)', [724_311_006]);
        assert.equal((await reconcileOnce(t.ctx)).ran, true);
      } finally {
        await other.end();
      }
    } finally {
      await t.close();
    }
  });
});

/** The URL of the test database this app uses (same server as DATABASE_URL, its own database). */
async function currentDatabaseUrl(t: TestApp): Promise<string> {
  const result = (await t.ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  return url.toString();
}

/**
 * Redis for the lock test: REDIS_URL or the local default when it answers,
 * otherwise a throw-away redis-server (Debian package) on a free port.
 */
async function reachableRedis(): Promise<{ url: string; client: Redis; stop: () => Promise<void> }> {
  const connect = async (url: string) => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.ping();
      return client;
    } catch {
      client.disconnect();
      return null;
    }
  };
  const configured = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const existing = await connect(configured);
  if (existing) return { url: configured, client: existing, stop: async () => void existing.disconnect() };
  const port = await new Promise<number>((resolve) => {
    const server = createNetServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as AddressInfo;
      server.close(() => resolve(free));
    });
  });
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i += 1) {
    const client = await connect(url);
    if (client) {
      return {
        url,
        client,
        stop: async () => {
          client.disconnect();
          child.kill('SIGTERM');
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`Redis is needed for this test: none at ${configured} and redis-server did not start`);
}
