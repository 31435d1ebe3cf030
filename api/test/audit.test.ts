import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auditLog } from '../src/infrastructure/database/schema';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { audit, AUDIT_REPEATS } from '../src/modules/audit/service';
import { call, createWorld, DEFAULT_PASSWORD, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('audit log', () => {
  let t: TestApp;
  let w: World;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    await call(t, 'POST', '/api/auth/login', { json: { email: w.userA.email, password: DEFAULT_PASSWORD } });
    await call(t, 'POST', '/api/auth/login', { json: { email: w.userA.email, password: 'Wrong-Password-1' } });
    await call(t, 'PUT', `/api/users/${w.userB.id}`, { token: w.superuser.token, json: { enabled: false } });
  });
  after(() => t.close());

  it('is readable by a SUPERUSER only', async () => {
    assert.equal((await call(t, 'GET', '/api/audit')).statusCode, 401);
    assert.equal((await call(t, 'GET', '/api/audit', { token: w.userA.token })).statusCode, 403);
    assert.equal((await call(t, 'GET', '/api/audit', { token: w.adminA.token })).statusCode, 403);
    assert.equal((await call(t, 'GET', '/api/audit', { token: w.superuser.token })).statusCode, 200);
  });

  it('lists who did what, when and from where, newest first, paged', async () => {
    // The refusals of the test above are written just after their answers: let them land first.
    for (let i = 0; i < 50; i += 1) {
      if ((await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'access.denied'))).length >= 2) break;
      await sleep(20);
    }
    const res = await call(t, 'GET', '/api/audit?page=1&size=50', { token: w.superuser.token });
    const body = res.json();
    assert.equal(body.page, 1);
    assert.equal(body.size, 50);
    assert.ok(body.total >= 3);
    // Refused calls of the test above are recorded too (access.denied); the newest other entry is the archive.
    const newest = body.items.find((e: { action: string }) => e.action !== 'access.denied');
    assert.equal(newest.action, 'user.archive');
    assert.equal(newest.actorId, w.superuser.id);
    assert.equal(newest.actorEmail, w.superuser.email);
    assert.equal(newest.target, `user:${w.userB.id}`);
    assert.equal(newest.outcome, 'success');
    assert.ok(newest.ip);
    assert.ok(!Number.isNaN(Date.parse(newest.at)));
    const logins = body.items.filter((e: { action: string }) => e.action === 'auth.login');
    assert.deepEqual(logins.map((e: { outcome: string }) => e.outcome).sort(), ['failure', 'success']);
    const page2 = await call(t, 'GET', '/api/audit?page=2&size=1', { token: w.superuser.token });
    assert.equal(page2.json().items.length, 1);
    assert.equal(page2.json().items[0].id, body.items[1].id);
  });

  it('filters by action and searches by actor or target', async () => {
    const byAction = await call(t, 'GET', '/api/audit?action=auth.login', { token: w.superuser.token });
    assert.ok(byAction.json().items.length >= 2);
    assert.ok(byAction.json().items.every((e: { action: string }) => e.action === 'auth.login'));
    const search = await call(t, 'GET', `/api/audit?search=${encodeURIComponent(`user:${w.userB.id}`)}`, { token: w.superuser.token });
    assert.ok(search.json().items.every((e: { target: string }) => e.target === `user:${w.userB.id}`));
    assert.equal((await call(t, 'GET', '/api/audit?size=1000', { token: w.superuser.token })).statusCode, 400);
  });

  it('the service keeps tokens and document numbers out of the entry', async () => {
    const jwt = w.userA.token;
    await audit(t.ctx, {
      actorId: w.adminA.id,
      action: 'test.scrub',
      target: 'application:1',
      outcome: 'success',
      ip: '10.0.0.1',
      detail: `token ${jwt} nrc 123456/78/1 passport ZN1234567 reset ${'a'.repeat(43)}`,
    });
    const rows = await t.ctx.db.select().from(auditLog);
    const row = rows.find((r) => r.action === 'test.scrub')!;
    assert.ok(!row.detail!.includes(jwt));
    assert.ok(!row.detail!.includes('123456/78/1'));
    assert.ok(!row.detail!.includes('ZN1234567'));
    assert.ok(!row.detail!.includes('a'.repeat(43)));
    assert.match(row.detail!, /\[redacted\]/);
  });

  it('never breaks the caller when the write fails', async () => {
    await assert.doesNotReject(audit(t.ctx, { action: 'x'.repeat(10), outcome: 'success', actorId: 2 ** 40 }));
  });

  it('records refused authorizations: wrong role and bad sessions, not guests', async () => {
    const denied = async (target: string) => {
      for (let i = 0; i < 50; i += 1) {
        const rows = await t.ctx.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'access.denied'), eq(auditLog.target, target)));
        if (rows.length) return rows;
        await sleep(20);
      }
      return [];
    };
    await call(t, 'GET', '/api/audit?page=1', { token: w.adminA.token });
    const forbidden = (await denied('GET /api/audit')).find((r) => r.actorId === w.adminA.id);
    assert.ok(forbidden, 'the 403 is recorded');
    assert.equal(forbidden.actorEmail, w.adminA.email);
    assert.equal(forbidden.outcome, 'denied');
    assert.match(forbidden.detail ?? '', /ADMIN/);

    await call(t, 'GET', '/api/users', { token: 'not.a.token' });
    const [badToken] = await denied('GET /api/users');
    assert.ok(badToken, 'a bad session is recorded');
    assert.equal(badToken.actorId, null);
    assert.ok(!JSON.stringify(badToken).includes('not.a.token'));

    await call(t, 'GET', '/api/users/students');
    await sleep(100);
    assert.equal((await denied('GET /api/users/students')).length, 0, 'a guest asked to sign in is not an event');
  });

  it('a stream of junk tokens writes a handful of rows per address, not one per request', async () => {
    const rowsFrom = (ip: string) =>
      t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'access.denied'), eq(auditLog.ip, ip)));
    const settled = async (ip: string, expected: number) => {
      for (let i = 0; i < 100; i += 1) {
        const rows = await rowsFrom(ip);
        if (rows.length >= expected) return rows;
        await sleep(20);
      }
      return rowsFrom(ip);
    };
    const junk = (ip: string, n: number) => t.app.inject({ method: 'GET', url: '/api/users/me/export', remoteAddress: ip, headers: { authorization: `Bearer junk-${n}` } });
    for (let i = 0; i < 60; i += 1) assert.equal((await junk('10.33.0.1', i)).statusCode, 401);
    const rows = await settled('10.33.0.1', AUDIT_REPEATS.max);
    await sleep(100);
    assert.equal((await rowsFrom('10.33.0.1')).length, AUDIT_REPEATS.max, `${rows.length} rows for 60 junk requests`);
    assert.ok(
      (await rowsFrom('10.33.0.1')).some((r) => /not recorded/.test(r.detail ?? '')),
      'the last row says the rest are not recorded',
    );
    // Another address is recorded as ever.
    await junk('10.33.0.2', 0);
    assert.equal((await settled('10.33.0.2', 1)).length, 1);
  });
});
