/**
 * Server-side sessions: logout ends the session of the token presented, at
 * once, and only that one; 'sign out everywhere' ends them all; erasure
 * leaves no session behind.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { eq, inArray, sql } from 'drizzle-orm';
import { startSession } from '../src/modules/auth';
import { auditLog, sessions, users } from '../src/infrastructure/database/schema';
import { call, createUser, DEFAULT_PASSWORD } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

let address = 0;
/** Sign-ins are limited per account and address: each gets its own address. */
const nextIp = () => `10.61.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

async function signIn(t: TestApp, email: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextIp(), payload: { email, password: DEFAULT_PASSWORD } });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().token as string;
}

const me = (t: TestApp, token: string) => call(t, 'GET', '/api/users/me/export', { token });

describe('sessions', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('logout ends the session presented at once, and leaves the other devices signed in', async () => {
    const user = await createUser(t, 'USER');
    const phone = await signIn(t, user.email);
    const laptop = await signIn(t, user.email);
    assert.equal((await me(t, phone)).statusCode, 200);
    // The token was verified (and remembered) before the logout: it must still stop working.
    const out = await call(t, 'POST', '/api/auth/logout', { token: phone });
    assert.equal(out.statusCode, 200);
    assert.equal(out.json().message, 'Logged out successfully');
    const after = await me(t, phone);
    assert.equal(after.statusCode, 401);
    assert.equal(after.json().message, 'Your session has ended. Please log in again.');
    assert.equal((await call(t, 'POST', '/api/auth/logout', { token: phone })).statusCode, 401, 'a second logout with it is refused too');
    assert.equal((await me(t, laptop)).statusCode, 200, 'the other device keeps its session');
    assert.equal((await me(t, user.token)).statusCode, 200);
  });

  it('sign out everywhere ends every session of the account, not those of others', async () => {
    const user = await createUser(t, 'USER');
    const other = await createUser(t, 'USER');
    const phone = await signIn(t, user.email);
    const laptop = await signIn(t, user.email);
    assert.equal((await call(t, 'POST', '/api/auth/logout-everywhere')).statusCode, 401, 'needs a session');
    const res = await call(t, 'POST', '/api/auth/logout-everywhere', { token: laptop });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().message, 'You have been signed out on every device.');
    for (const token of [phone, laptop, user.token]) assert.equal((await me(t, token)).statusCode, 401);
    assert.equal((await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length, 0);
    assert.equal((await me(t, other.token)).statusCode, 200, 'another account is untouched');
    // Signing in again works as ever.
    assert.equal((await me(t, await signIn(t, user.email))).statusCode, 200);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'auth.logout_everywhere'));
    assert.ok(audits.some((a) => a.actorId === user.id && a.outcome === 'success'));
  });

  it('a session ends with its token: expired rows are removed at the next sign-in', async () => {
    const user = await createUser(t, 'USER');
    const token = await signIn(t, user.email);
    const before = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    assert.equal(before.length, 2, 'the fixture sign-in and this one');
    const expiry = before.map((s) => s.expiresAt.getTime() - s.createdAt.getTime());
    for (const ms of expiry) assert.ok(Math.abs(ms - t.config.jwt.expiresInSeconds * 1000) < 60_000, `a session lives as long as its token (${ms} ms)`);
    mock.timers.enable({ apis: ['Date'], now: Date.now() + (t.config.jwt.expiresInSeconds + 60) * 1000 });
    try {
      assert.equal((await me(t, token)).statusCode, 401);
    } finally {
      mock.timers.reset();
    }
    const gone = await createUser(t, 'USER');
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(sessions.userId, [user.id, gone.id]));
    const fresh = await signIn(t, user.email);
    const left = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    assert.equal(left.length, 1, 'only the new session is left');
    assert.equal((await me(t, fresh)).statusCode, 200);
    const others = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, gone.id));
    assert.equal(others.length, 0, "someone else's expired session is swept too");
  });

  it('deleting the account removes its sessions', async () => {
    const user = await createUser(t, 'USER');
    await signIn(t, user.email);
    const res = await call(t, 'DELETE', '/api/users/me', { token: user.token, json: { password: DEFAULT_PASSWORD } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).length, 0);
  });

  it('judges each of many requests that arrive together on its own account and session', async () => {
    // The access check reads the callers of requests that arrive together in one
    // statement: every request must still get its own answer.
    const superuser = await createUser(t, 'SUPERUSER');
    const user = await createUser(t, 'USER');
    const userRow = (await t.ctx.db.select().from(users).where(eq(users.id, user.id)))[0]!;
    // More sessions than one statement asks about, so some wait for the first to come back.
    const live = await Promise.all(Array.from({ length: 130 }, () => startSession(t.ctx, userRow)));
    const ended = await startSession(t.ctx, userRow);
    assert.equal((await call(t, 'POST', '/api/auth/logout', { token: ended })).statusCode, 200);
    const archived = await createUser(t, 'USER');
    assert.equal((await call(t, 'PUT', `/api/users/${archived.id}`, { token: superuser.token, json: { enabled: false } })).statusCode, 200);
    const reversioned = await createUser(t, 'USER');
    await t.ctx.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, reversioned.id));
    const deleted = await createUser(t, 'USER');
    await t.ctx.db.delete(users).where(eq(users.id, deleted.id));
    const cases: Array<[string, string, number, string | undefined]> = [];
    for (const token of live) cases.push(['live', token, 200, undefined]);
    for (let i = 0; i < 3; i++) {
      cases.push(['ended', ended, 401, 'Your session has ended. Please log in again.']);
      cases.push(['archived', archived.token, 401, 'Account disabled. Please contact support.']);
      cases.push(['re-versioned', reversioned.token, 401, 'Your session has ended. Please log in again.']);
      cases.push(['deleted', deleted.token, 401, 'Your session has ended. Please log in again.']);
      cases.push(['staff', superuser.token, 200, undefined]);
    }
    // Mixed so that every statement holds several kinds.
    cases.sort((a, b) => (a[1] < b[1] ? -1 : 1));
    const answers = await Promise.all(cases.map(([, token]) => me(t, token)));
    answers.forEach((res, i) => {
      const [kind, , status, message] = cases[i]!;
      assert.equal(res.statusCode, status, `${kind}: ${res.body}`);
      if (message) assert.equal(res.json().message, message, kind);
    });
    const mine = answers.filter((_, i) => cases[i]![0] === 'live').map((res) => res.json().profile.email);
    assert.ok(
      mine.every((email) => email === user.email),
      'each live session reads its own account',
    );
  });

  it('tells an archived account why its token stopped working, and a deleted one that its session ended', async () => {
    const superuser = await createUser(t, 'SUPERUSER');
    const archived = await createUser(t, 'USER');
    assert.equal((await call(t, 'PUT', `/api/users/${archived.id}`, { token: superuser.token, json: { enabled: false } })).statusCode, 200);
    const refused = await me(t, archived.token);
    assert.equal(refused.statusCode, 401);
    assert.deepEqual(refused.json(), { message: 'Account disabled. Please contact support.', error: 'Unauthorized' });
    assert.equal((await call(t, 'GET', '/api/universities', { token: archived.token })).statusCode, 200, 'a public read ignores it');
    const deleted = await createUser(t, 'USER');
    assert.equal((await call(t, 'DELETE', '/api/users/me', { token: deleted.token, json: { password: DEFAULT_PASSWORD } })).statusCode, 200);
    assert.equal((await me(t, deleted.token)).json().message, 'Your session has ended. Please log in again.');
  });
});
