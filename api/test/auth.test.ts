import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { PRIVACY_POLICY_VERSION } from 'shared-api/contract';
import { auditLog, mailOutbox, passwordResets, subscribers, users } from '../src/infrastructure/database/schema';
import { settleMail } from '../src/infrastructure/mail/outbox';
import { call, createUser, createWorld, DEFAULT_PASSWORD, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const body = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Mapalo',
  lastName: 'Chileshe',
  email,
  phone: '+260977000111',
  password: 'Kafue-River-2026',
  ...extra,
});

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

describe('auth: register, login, logout', () => {
  let t: TestApp;
  let w: World;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
  });
  after(() => t.close());

  it('self-registration creates a USER whatever the body says, and records consent', async () => {
    const res = await call(t, 'POST', '/api/auth/register', {
      json: body('Mapalo@Example.test', { role: 'SUPERUSER', universityId: w.uniA.id, consent: true }),
    });
    assert.equal(res.statusCode, 201);
    assert.deepEqual(res.json(), { message: 'Registration successful' });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'mapalo@example.test'));
    assert.equal(row!.role, 'USER');
    assert.equal(row!.universityId, null);
    assert.equal(row!.consentVersion, PRIVACY_POLICY_VERSION);
    assert.ok(row!.consentAt instanceof Date);
    assert.match(row!.passwordHash, /^\$argon2id\$/);
  });

  it('a guest asking for ADMIN becomes a USER; a signed-in applicant or a stale session is refused', async () => {
    const admin = body('wannabe@example.test', { role: 'ADMIN', confirmPassword: 'Kafue-River-2026', universityId: w.uniA.id });
    const asUser = await call(t, 'POST', '/api/auth/register', { json: admin, token: w.userA.token });
    assert.equal(asUser.statusCode, 403);
    const stale = await call(t, 'POST', '/api/auth/register', { json: admin, token: 'expired.or.bad' });
    assert.equal(stale.statusCode, 401);
    assert.equal((await t.ctx.db.select().from(users).where(eq(users.email, 'wannabe@example.test'))).length, 0);
    const guest = await call(t, 'POST', '/api/auth/register', { json: admin });
    assert.equal(guest.statusCode, 201);
    assert.equal(guest.json().message, 'Registration successful');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'wannabe@example.test'));
    assert.equal(row!.role, 'USER');
    assert.equal(row!.universityId, null);
    assert.equal(row!.consentAt, null);
  });

  it('a taken email answers 409 with a message, in any case', async () => {
    const res = await call(t, 'POST', '/api/auth/register', { json: body('MAPALO@example.test') });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, 'An account with this email already exists');
  });

  it('refuses common and short passwords, and mismatched confirmations', async () => {
    let res = await call(t, 'POST', '/api/auth/register', { json: body('c1@example.test', { password: 'Password123' }) });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /too common/);
    res = await call(t, 'POST', '/api/auth/register', { json: body('c2@example.test', { password: 'short' }) });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /^password: must be at least 8 characters/);
    res = await call(t, 'POST', '/api/auth/register', { json: body('c3@example.test', { password: 'aaaaaaaaaaaa' }) });
    assert.equal(res.statusCode, 400);
    res = await call(t, 'POST', '/api/auth/register', { json: body('c4@example.test', { confirmPassword: 'Something-Else-1' }) });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, 'Passwords do not match');
    const long = 'Lusaka-'.repeat(9).slice(0, 64);
    res = await call(t, 'POST', '/api/auth/register', { json: body('c5@example.test', { password: long }) });
    assert.equal(res.statusCode, 201, 'a 64-character password is accepted');
  });

  it('names the missing field and refuses unknown fields', async () => {
    const { email: _omit, ...noEmail } = body('x@example.test');
    let res = await call(t, 'POST', '/api/auth/register', { json: noEmail });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /^email: /);
    res = await call(t, 'POST', '/api/auth/register', { json: body('y@example.test', { enabled: true }) });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /Unknown field: enabled/);
  });

  it('a SUPERUSER creates an ADMIN of an existing university; passwords must match', async () => {
    const admin = body('new.admin@example.test', { role: 'ADMIN', confirmPassword: 'Kafue-River-2026', universityId: w.uniB.id });
    let res = await call(t, 'POST', '/api/auth/register', { json: { ...admin, confirmPassword: 'Kafue-River-2027' }, token: w.superuser.token });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, 'Passwords do not match');
    res = await call(t, 'POST', '/api/auth/register', { json: { ...admin, universityId: 999999 }, token: w.superuser.token });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /universityId/);
    res = await call(t, 'POST', '/api/auth/register', { json: admin, token: w.superuser.token });
    assert.equal(res.statusCode, 201);
    assert.equal(res.json().message, 'Admin user added successfully');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'new.admin@example.test'));
    assert.equal(row!.role, 'ADMIN');
    assert.equal(row!.universityId, w.uniB.id);
  });

  it('signs in with the spec claims and a token version', async () => {
    const res = await call(t, 'POST', '/api/auth/login', { json: { email: 'MAPALO@example.test', password: 'Kafue-River-2026' } });
    assert.equal(res.statusCode, 200);
    const { token, message } = res.json();
    assert.equal(message, 'Login successful');
    const claims = decode(token);
    for (const claim of ['id', 'email', 'phone', 'role', 'universityId', 'name', 'sub', 'exp', 'ver']) assert.ok(claim in claims, claim);
    assert.equal(claims.role, 'USER');
    assert.equal(claims.name, 'Mapalo Chileshe');
    assert.equal(claims.email, 'mapalo@example.test');
    const me = await call(t, 'GET', `/api/users/${claims.id}`, { token });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().email, 'mapalo@example.test');
  });

  it('wrong password and unknown email give the same 401 body', async () => {
    const wrong = await call(t, 'POST', '/api/auth/login', { json: { email: w.userA.email, password: 'Not-The-Password-1' } });
    const unknown = await call(t, 'POST', '/api/auth/login', { json: { email: 'nobody@example.test', password: 'Not-The-Password-1' } });
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    assert.deepEqual(wrong.json(), unknown.json());
    assert.equal(wrong.json().message, 'Invalid email or password');
  });

  it('takes about as long for an unknown email as for a wrong password', async () => {
    const time = async (email: string) => {
      const start = process.hrtime.bigint();
      await call(t, 'POST', '/api/auth/login', { json: { email, password: 'Not-The-Password-1' } });
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    await time('warmup@example.test');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time(w.userB.email));
      unknown.push(await time(`ghost${i}@example.test`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    // Both verify an argon2id hash; a skipped verification would be ~10x faster.
    assert.ok(median(unknown) > median(known) * 0.3, `unknown ${median(unknown)} ms vs known ${median(known)} ms`);
  });

  it('missing fields give 400 naming the field', async () => {
    const res = await call(t, 'POST', '/api/auth/login', { json: { email: 'a@example.test' } });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /^password: is required/);
  });

  it('a disabled account is told so (only with the right password)', async () => {
    const u = await createUser(t, 'USER');
    await t.ctx.db.update(users).set({ enabled: false }).where(eq(users.id, u.id));
    let res = await call(t, 'POST', '/api/auth/login', { json: { email: u.email, password: DEFAULT_PASSWORD } });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { message: 'Account disabled. Please contact support.', error: 'Forbidden' });
    res = await call(t, 'POST', '/api/auth/login', { json: { email: u.email, password: 'Wrong-Password-9' } });
    assert.equal(res.statusCode, 401);
  });

  it('logout needs a session and answers a message', async () => {
    assert.equal((await call(t, 'POST', '/api/auth/logout')).statusCode, 401);
    const user = await createUser(t, 'USER');
    const res = await call(t, 'POST', '/api/auth/logout', { token: user.token });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().message, 'Logged out successfully');
  });

  it('records sign-ins of both outcomes in the audit log, without passwords', async () => {
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login'));
    assert.ok(rows.some((r) => r.outcome === 'success' && r.actorEmail === 'mapalo@example.test'));
    assert.ok(rows.some((r) => r.outcome === 'failure' && r.actorEmail === 'nobody@example.test'));
    assert.ok(rows.some((r) => r.outcome === 'disabled'));
    const all = JSON.stringify(await t.ctx.db.select().from(auditLog));
    assert.ok(!all.includes('Kafue-River-2026'));
    assert.ok(!all.includes('Not-The-Password-1'));
  });
});

/* ---------- hostile input ---------- */

const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200B\u200B\u200B',
  '😀'.repeat(50),
  'Ω≈ç√∫˜µ≤≥÷',
  '${7*7}{{7*7}}',
  '{"$ne": null}',
  '\r\nSet-Cookie: x=1',
  'x'.repeat(10_000),
];
const WRONG_TYPES: unknown[] = [null, 0, -1, 1.5, 1e308, true, false, [], ['a'], {}, { $ne: null }, { nested: { deeper: { deepest: ['x'] } } }];

interface Raw {
  raw: string;
}

/** Bodies that are certainly invalid: one field at a time replaced, fields missing, whole-body junk, broken JSON. */
function hostileBodies(valid: Record<string, unknown>, strictFields: string[]): Array<unknown | Raw> {
  const out: Array<unknown | Raw> = [];
  const json = JSON.stringify(valid);
  for (const field of Object.keys(valid)) {
    for (const value of WRONG_TYPES) {
      if (typeof value !== typeof valid[field]) out.push({ ...valid, [field]: value });
      out.push({ ...valid, [field]: [value, value] });
    }
    const { [field]: _drop, ...rest } = valid;
    out.push(rest);
    out.push({ ...valid, [field]: 'x'.repeat(100_000) });
    for (const value of HOSTILE_STRINGS) {
      out.push({ ...valid, [field]: [value] });
      out.push({ ...valid, [field]: { value } });
      // Longer than any field's maximum, whatever the fragment.
      out.push({ ...valid, [field]: `${'y'.repeat(2_000)}${value}` });
    }
  }
  for (const field of strictFields) for (const value of HOSTILE_STRINGS) out.push({ ...valid, [field]: value });
  HOSTILE_STRINGS.forEach((value, i) => {
    out.push({ ...valid, [`extra${i}`]: value });
    out.push({ ...valid, [value.slice(0, 100) || 'empty']: 1 });
    out.push({ raw: `${json}${value}` });
    out.push({ raw: `{"${Object.keys(valid)[0]}": ${value}}` });
  });
  for (let cut = 1; cut < json.length - 1; cut += Math.max(1, Math.floor(json.length / 30))) out.push({ raw: json.slice(0, cut) });
  // Prototype pollution attempts, written as raw JSON (an object literal would set the prototype instead).
  out.push({ raw: `${json.slice(0, -1)},"__proto__":{"role":"SUPERUSER"}}` }, { ...valid, constructor: { prototype: { role: 'SUPERUSER' } } });
  out.push([], [valid], 'string', 42, true, null, {});
  return out;
}

describe('hostile input on auth, users and waitlist routes', () => {
  let t: TestApp;
  let w: World;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
  });
  after(() => t.close());

  async function snapshot() {
    const [u, s, r, m] = await Promise.all([t.ctx.db.select().from(users), t.ctx.db.select().from(subscribers), t.ctx.db.select().from(passwordResets), t.ctx.db.select().from(mailOutbox)]);
    return JSON.stringify({ u, s, r, m });
  }

  const routes: Array<{ method: string; url: () => string; valid: Record<string, unknown>; strict: string[]; token?: () => string; label?: string }> = [
    {
      method: 'POST',
      url: () => '/api/auth/register',
      valid: { firstName: 'Ada', lastName: 'Banda', email: 'fuzz@example.test', phone: '+260977000000', password: 'Kafue-River-2026' },
      strict: ['email', 'phone'],
    },
    { method: 'POST', url: () => '/api/auth/login', valid: { email: 'fuzz@example.test', password: 'Kafue-River-2026' }, strict: [] },
    { method: 'POST', url: () => '/api/auth/request-reset', valid: { email: 'fuzz@example.test' }, strict: [] },
    { method: 'POST', url: () => '/api/auth/reset-password', valid: { token: 'x'.repeat(43), newPassword: 'Kafue-River-2026' }, strict: ['token'] },
    { method: 'POST', url: () => '/api/subscribers', valid: { name: 'Ada', email: 'fuzz@example.test' }, strict: ['email'] },
    { method: 'PUT', url: () => `/api/users/${w.userA.id}`, valid: { enabled: true }, strict: ['enabled', 'role', 'email'], token: () => w.superuser.token, label: '/api/users/{id}' },
    // Any password it may try is the wrong one: nothing may be deleted.
    { method: 'DELETE', url: () => '/api/users/me', valid: { password: 'Not-the-password-1' }, strict: [], token: () => w.userA.token },
  ];

  for (const route of routes) {
    it(`${route.method} ${route.label ?? route.url()}: 200+ hostile bodies → 4xx, database unchanged`, async () => {
      const bodies = hostileBodies(route.valid, route.strict);
      assert.ok(bodies.length >= 200, `${bodies.length} bodies`);
      const before = await snapshot();
      const statuses = new Map<number, number>();
      for (const body of bodies) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: route.url(),
          headers: { 'content-type': 'application/json', ...(route.token ? { authorization: `Bearer ${route.token()}` } : {}) },
          payload: body && typeof body === 'object' && 'raw' in body ? (body as Raw).raw : JSON.stringify(body),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${route.url()} #${bodies.indexOf(body)} ${JSON.stringify(body).slice(0, 120)} → ${res.statusCode}`);
        assert.equal(typeof res.json().message, 'string');
        assert.ok(!res.body.includes('    at '), 'no stack trace');
      }
      await settleMail(t.ctx);
      assert.equal(await snapshot(), before, `database changed (statuses ${JSON.stringify([...statuses])})`);
    });
  }
});
