/**
 * Session tokens: only HS256 tokens signed with the server's secret, of its
 * issuer and audience, unexpired, carrying `ver` equal to the account's token
 * version, are accepted. Everything else is a 401 with a message on protected
 * routes (and is treated as no token on public ones).
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { desc, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { mailOutbox, users } from '../../src/infrastructure/database/schema';
import { unseal } from '../../src/infrastructure/security/sealed';
import { settleMail } from '../../src/infrastructure/mail/outbox';
import { call, createUser, createWorld, type TestUser, type World } from '../helpers/fixtures';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';

const PROTECTED = ['/api/users/me/export', '/api/payments/config'];

/** The session id a fixture's token carries (each fixture user signs in once). */
function sidOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('JWT acceptance', () => {
  let t: TestApp;
  let w: World;
  const secret = new TextEncoder().encode(TEST_JWT_SECRET);

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
  });
  after(async () => t.close());

  function claims(user: TestUser, extra: Record<string, unknown> = {}) {
    return { id: user.id, email: user.email, role: user.role, universityId: user.universityId, name: 'X', ver: 0, sid: sidOf(user.token), ...extra };
  }
  function signed(user: TestUser, options: { alg?: string; issuer?: string; audience?: string; exp?: number | string; key?: Uint8Array; extra?: Record<string, unknown> } = {}) {
    const jwt = new SignJWT(claims(user, options.extra))
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer(options.issuer ?? t.config.jwt.issuer)
      .setAudience(options.audience ?? t.config.jwt.audience)
      .setIssuedAt()
      .setExpirationTime(options.exp ?? '1h');
    return jwt.sign(options.key ?? secret);
  }

  async function assertRefused(token: string, label: string) {
    for (const url of PROTECTED) {
      const res = await call(t, 'GET', url, { token });
      assert.equal(res.statusCode, 401, `${label} on ${url}: ${res.body}`);
      assert.equal(typeof res.json().message, 'string');
    }
    // On a staff route too (a forged SUPERUSER claim must not matter).
    const staff = await call(t, 'GET', '/api/applications', { token });
    assert.equal(staff.statusCode, 401, `${label} on /api/applications`);
  }

  it('accepts a well-formed token (the baseline the refusals below differ from)', async () => {
    const token = await signed(w.superuser);
    for (const url of PROTECTED) assert.equal((await call(t, 'GET', url, { token })).statusCode, 200, url);
    assert.equal((await call(t, 'GET', '/api/applications', { token })).statusCode, 200);
  });

  it("refuses alg 'none' (with and without a signature, any case)", async () => {
    const payload = { ...claims(w.superuser), sub: String(w.superuser.id), iss: t.config.jwt.issuer, aud: t.config.jwt.audience, exp: Math.floor(Date.now() / 1000) + 3600 };
    const valid = await signed(w.superuser);
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      await assertRefused(`${b64({ alg, typ: 'JWT' })}.${b64(payload)}.`, `alg ${alg}`);
      await assertRefused(`${b64({ alg, typ: 'JWT' })}.${b64(payload)}`, `alg ${alg} two parts`);
      await assertRefused(`${b64({ alg, typ: 'JWT' })}.${b64(payload)}.${valid.split('.')[2]}`, `alg ${alg} with a signature`);
    }
  });

  it('refuses HS512 and HS384 with the right secret, RS256 and ES256 with any key', async () => {
    await assertRefused(await signed(w.superuser, { alg: 'HS512' }), 'HS512');
    await assertRefused(await signed(w.superuser, { alg: 'HS384' }), 'HS384');
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await assertRefused(await signed(w.superuser, { alg: 'RS256', key: rsa.privateKey as unknown as Uint8Array }), 'RS256');
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await assertRefused(await signed(w.superuser, { alg: 'ES256', key: ec.privateKey as unknown as Uint8Array }), 'ES256');
    // An HS256 body under a header that claims RS256 (algorithm confusion).
    const good = await signed(w.superuser);
    const [, body, sig] = good.split('.');
    await assertRefused(`${b64({ alg: 'RS256', typ: 'JWT' })}.${body}.${sig}`, 'RS256 header on an HS256 token');
  });

  it('refuses a bad signature, another secret, and tampered claims', async () => {
    const good = await signed(w.userA);
    const [head, body, sig] = good.split('.') as [string, string, string];
    const flipped = sig.slice(0, -2) + (sig.endsWith('AA') ? 'BB' : 'AA');
    await assertRefused(`${head}.${body}.${flipped}`, 'flipped signature');
    await assertRefused(`${head}.${body}.`, 'no signature');
    await assertRefused(await signed(w.userA, { key: new TextEncoder().encode('another-secret-that-is-long-enough-0123456789') }), 'other secret');
    // The USER's token with its role rewritten to SUPERUSER: the signature no longer matches.
    const forged = b64({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), role: 'SUPERUSER', sub: String(w.superuser.id) });
    await assertRefused(`${head}.${forged}.${sig}`, 'tampered role');
    for (const junk of ['', 'x', 'a.b.c', '...', `${head}.${body}`, 'Bearer', `${good} ${good}`]) {
      const res = await t.app.inject({ method: 'GET', url: PROTECTED[0]!, headers: { authorization: `Bearer ${junk}` } });
      assert.equal(res.statusCode, 401, `junk ${JSON.stringify(junk)}`);
    }
    const basic = await t.app.inject({ method: 'GET', url: PROTECTED[0]!, headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } });
    assert.equal(basic.statusCode, 401);
  });

  it('refuses a wrong issuer, a wrong audience, an expired token and one without ver', async () => {
    await assertRefused(await signed(w.userA, { issuer: 'someone-else' }), 'issuer');
    await assertRefused(await signed(w.userA, { audience: 'another-app' }), 'audience');
    await assertRefused(await signed(w.userA, { exp: Math.floor(Date.now() / 1000) - 5 }), 'expired');
    const noVer = await new SignJWT({ id: w.userA.id, role: 'USER' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(w.userA.id))
      .setIssuer(t.config.jwt.issuer)
      .setAudience(t.config.jwt.audience)
      .setExpirationTime('1h')
      .sign(secret);
    await assertRefused(noVer, 'no ver');
    await assertRefused(await signed(w.userA, { extra: { ver: 7 } }), 'wrong ver');
    await assertRefused(await signed(w.userA, { extra: { sid: undefined } }), 'no session id');
    await assertRefused(await signed(w.userA, { extra: { sid: 'made-up-session' } }), 'a session that was never started');
    await assertRefused(await signed(w.userA, { extra: { sid: sidOf(w.userB.token) } }), "another account's session");
    const noExp = await new SignJWT(claims(w.userA)).setProtectedHeader({ alg: 'HS256' }).setSubject(String(w.userA.id)).setIssuer(t.config.jwt.issuer).setAudience(t.config.jwt.audience).sign(secret);
    await assertRefused(noExp, 'no exp');
    await assertRefused(await signed({ ...w.userA, id: 2_000_000 }), 'user that does not exist');
  });

  it('ends every token of an archived account, even after it is unarchived', async () => {
    const user = await createUser(t, 'USER');
    assert.equal((await call(t, 'GET', PROTECTED[0]!, { token: user.token })).statusCode, 200);
    assert.equal((await call(t, 'PUT', `/api/users/${user.id}`, { token: w.superuser.token, json: { enabled: false } })).statusCode, 200);
    await assertRefused(user.token, 'archived');
    assert.equal((await call(t, 'PUT', `/api/users/${user.id}`, { token: w.superuser.token, json: { enabled: true } })).statusCode, 200);
    await assertRefused(user.token, 'archived then unarchived');
  });

  it('ends every token of an account whose password was reset through the link', async () => {
    const user = await createUser(t, 'USER');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-reset', remoteAddress: '10.9.9.9', payload: { email: user.email } });
    assert.equal(res.statusCode, 200);
    await settleMail(t.ctx);
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).orderBy(desc(mailOutbox.id)).limit(1);
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(unseal(t.config.jwt.secret, mail!.text))![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: '10.9.9.9', payload: { token: resetToken, newPassword: 'Zambezi-Falls-8842' } });
    assert.equal(reset.statusCode, 200, reset.body);
    await assertRefused(user.token, 'after a password reset');
  });

  it('ends the token when the stored version moves on (role change or any other bump)', async () => {
    const user = await createUser(t, 'ADMIN', { universityId: w.uniA.id });
    assert.equal((await call(t, 'GET', '/api/applications', { token: user.token })).statusCode, 200);
    await t.ctx.db
      .update(users)
      .set({ role: 'USER', tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    await assertRefused(user.token, 'version bumped');
  });

  it('treats a bad token on a public read as no token (the spec sends none)', async () => {
    const res = await call(t, 'GET', '/api/universities', { token: 'garbage.token.here' });
    assert.equal(res.statusCode, 200);
  });
});
