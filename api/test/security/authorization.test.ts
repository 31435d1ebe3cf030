/**
 * The complete authorization table (authorization-table.ts) run against the
 * richer world: every registered /api route × six callers, with the expected
 * status. Every JSON answer of the run is also scanned for secrets and for
 * another applicant's national registration number.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { CALLERS, createFullWorld, NRC_A, NRC_B, type CallerName, type FullWorld } from '../helpers/world-full';
import { AUTHORIZATION_TABLE, tokenFor } from './authorization-table';
import { registeredRoutes } from './routes';

const FORBIDDEN_KEYS = ['passwordHash', 'password_hash', 'tokenVersion', 'token_version', 'resetToken', 'reset_token', 'tokenHash', 'token_hash'];

function keysDeep(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysDeep(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysDeep(v, out);
    }
  }
  return out;
}

/** Callers who must never see applicant A's document number (and B's, for everyone but B and staff). */
const MAY_SEE_NRC_A: CallerName[] = ['owner', 'adminOwn', 'superuser'];
const MAY_SEE_NRC_B: CallerName[] = ['otherUser', 'adminOther', 'superuser'];

describe('authorization table', () => {
  let t: TestApp;
  let w: FullWorld;
  before(async () => {
    t = await startTestApp();
    w = await createFullWorld(t);
  });
  after(async () => t.close());

  test('every registered /api route has a row, and every row a registered route', () => {
    const registered = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api'));
    assert.ok(registered.length > 40, `only ${registered.length} routes found: the route tree was not read`);
    const rows = new Set(AUTHORIZATION_TABLE.map((r) => `${r.method} ${r.route}`));
    const gets = new Set(registered.filter((r) => r.method === 'GET').map((r) => r.url));
    const missing = registered
      // HEAD is Fastify's automatic mirror of a GET: it needs the GET row. A HEAD of its own (tus) has its own row.
      .map((r) => (r.method === 'HEAD' && gets.has(r.url) ? { ...r, method: 'GET' } : r))
      .filter((r) => !rows.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    assert.deepEqual([...new Set(missing)], [], 'routes without a row in authorization-table.ts');
    const known = new Set(registered.map((r) => `${r.method} ${r.url}`));
    for (const row of AUTHORIZATION_TABLE) {
      assert.ok(known.has(`${row.method} ${row.route}`), `row ${row.method} ${row.route} names no registered route`);
    }
    assert.equal(rows.size, AUTHORIZATION_TABLE.length, 'a route has two rows');
  });

  test('each caller gets the expected status on every route, and no answer leaks secrets', async () => {
    const failures: string[] = [];
    const leaks: string[] = [];
    let calls = 0;
    for (const row of AUTHORIZATION_TABLE) {
      for (const caller of CALLERS) {
        const prepared = await row.prepare(t, w, caller);
        const token = tokenFor(w, caller, prepared);
        const { 'x-test-address': address, ...headers } = prepared.headers ?? {};
        const res = await t.app.inject({
          method: row.method,
          url: prepared.url,
          ...(address ? { remoteAddress: address } : {}),
          headers: {
            ...headers,
            ...(prepared.multipart?.headers ?? {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          ...(prepared.multipart ? { payload: prepared.multipart.payload } : prepared.json !== undefined ? { payload: prepared.json as object } : {}),
        });
        calls += 1;
        const where = `${row.method} ${prepared.url} as ${caller}`;
        if (res.statusCode !== row.expect[caller]) failures.push(`${where}: expected ${row.expect[caller]}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
        // An answer to HEAD has no body (HTTP): its status is what it says.
        if (res.statusCode >= 400 && row.method !== 'HEAD') {
          const body = res.json() as { message?: unknown };
          if (typeof body.message !== 'string') failures.push(`${where}: error without a message`);
        }
        if (row.route === '/api/applications/user/:userId' && caller === 'adminOther') assert.deepEqual(res.json(), [], 'another university sees none of A');
        const type = String(res.headers['content-type'] ?? '');
        if (type.includes('json') || type.includes('csv')) {
          if (type.includes('json') && res.body) {
            const keys = keysDeep(res.json());
            for (const key of FORBIDDEN_KEYS) if (keys.has(key)) leaks.push(`${where}: carries ${key}`);
          }
          if (!MAY_SEE_NRC_A.includes(caller) && res.body.includes(NRC_A)) leaks.push(`${where}: shows applicant A's NRC`);
          if (!MAY_SEE_NRC_B.includes(caller) && res.body.includes(NRC_B)) leaks.push(`${where}: shows applicant B's NRC`);
          if (/\bat .+\.(ts|js|mjs):\d+/.test(res.body)) leaks.push(`${where}: carries a stack trace`);
        }
      }
    }
    assert.equal(calls, AUTHORIZATION_TABLE.length * CALLERS.length);
    assert.deepEqual(failures, []);
    assert.deepEqual(leaks, []);
  });
});
