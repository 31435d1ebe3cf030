/**
 * Behind the shipped nginx (deploy/nginx/portal.conf, run by Debian's nginx on
 * loopback) with the shipped TRUST_PROXY, a client that writes its own
 * X-Forwarded-For can neither rotate its per-address limit nor put a made-up
 * address in the audit log.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { freePort, prepareNginx, startNginx } from '../../deploy/tools/nginx-local.mjs';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config';
import { auditLog } from '../src/infrastructure/database/schema';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/test-app';

const LIMIT = 5;
/** TRUST_PROXY exactly as deploy/compose.yaml ships it. */
const shippedTrustProxy = readFileSync(path.join(REPO_ROOT, 'deploy', 'compose.yaml'), 'utf8').match(/TRUST_PROXY: "([^"]*)"/)![1]!;

describe('client addresses behind the shipped nginx', () => {
  let t: TestApp;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let cleanup = () => {};
  before(async () => {
    t = await startTestApp({ TRUST_PROXY: shippedTrustProxy, RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const prepared = prepareNginx({ upstreams: [`127.0.0.1:${port}`], port: await freePort() });
    cleanup = prepared.cleanup;
    nginx = await startNginx(prepared);
  });
  after(async () => {
    await nginx?.stop();
    cleanup();
    await t?.close();
  });

  it('a forged X-Forwarded-For does not spoof the address in the audit log', async () => {
    const email = `forged-${Date.now()}@example.test`;
    const res = await fetch(`${nginx.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
      body: JSON.stringify({ email, password: 'not-the-password' }),
    });
    assert.equal(res.status, 401);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.actorEmail, email)));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.ip, '127.0.0.1', 'the address nginx saw, not the one the client wrote');
  });

  it('a rotating X-Forwarded-For does not rotate the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) {
      const res = await fetch(`${nginx.url}/api/universities`, { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    assert.ok(
      statuses.slice(0, LIMIT - 1).every((s) => s === 200),
      statuses.join(' '),
    );
    assert.ok(
      statuses.slice(LIMIT).every((s) => s === 429),
      `refused after the limit whatever the header says: ${statuses.join(' ')}`,
    );
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://x@127.0.0.1/x', JWT_SECRET: TEST_JWT_SECRET, TRUST_PROXY: value }).trustProxy;

  it("takes a hop count or the proxies' addresses", () => {
    assert.equal(shippedTrustProxy, '1', 'one hop: the shipped nginx');
    assert.equal(trust('1'), 1);
    assert.equal(trust('false'), false);
    assert.deepEqual(trust('10.0.0.0/8, 127.0.0.1,::1'), ['10.0.0.0/8', '127.0.0.1', '::1']);
  });

  it("refuses 'true', which would believe the client's own header", () => {
    assert.throws(
      () => trust('true'),
      (error: Error) => error instanceof ConfigError && /TRUST_PROXY: must be the number of proxies/.test(error.message),
    );
    assert.throws(() => trust('nginx'), ConfigError);
  });
});
