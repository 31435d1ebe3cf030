import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { auditLog, mailOutbox, passwordResets, users } from '../src/infrastructure/database/schema';
import type { FastifyInstance } from 'fastify';
import { maskUrl } from '../src/infrastructure/log-safety';
import { passwordWork } from '../src/infrastructure/security/passwords';
import { unseal } from '../src/infrastructure/security/sealed';
import { backoffMs, DELIVERED_SECRET_NOTE, MAX_ATTEMPTS, processOutbox, sendMail, settleMail, startMailWorker } from '../src/infrastructure/mail/outbox';
import { LIMITS } from '../src/infrastructure/rate-limit';
import { call, createUser, DEFAULT_PASSWORD, type TestUser } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const PUBLIC_URL = 'https://portal.example.zm';
const SAME = 'If an account exists for this email, a reset link has been sent.';
const INVALID = 'This reset link is invalid or has expired.';

async function requestReset(t: TestApp, email: string, headers: Record<string, string> = {}) {
  const res = await call(t, 'POST', '/api/auth/request-reset', { json: { email }, headers });
  await settleMail(t.ctx);
  return res;
}

/** The newest outbox row to an address: `stored` as the table holds it, `text` unsealed. */
async function lastMailTo(t: TestApp, to: string) {
  const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return row && { ...row, stored: row.text, text: unseal(t.config.jwt.secret, row.text) };
}

function tokenFrom(text: string): string {
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
  assert.ok(match, 'the mail carries a reset link');
  return match[1]!;
}

interface Received {
  to: string;
  subject: string;
  text: string;
}
async function startSmtp(port = 0): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            received.push({ to: mail.to?.[0]?.address ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.server.address() as AddressInfo;
  return { port: address.port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('password reset without SMTP (outbox and log)', () => {
  let t: TestApp;
  let user: TestUser;
  before(async () => {
    t = await startTestApp({ PUBLIC_URL });
    user = await createUser(t, 'USER', { firstName: 'Musonda' });
  });
  after(() => t.close());

  it('answers the same for a known and an unknown email', async () => {
    const known = await requestReset(t, user.email);
    const unknown = await requestReset(t, 'nobody-here@example.test');
    assert.equal(known.statusCode, 200);
    assert.equal(unknown.statusCode, 200);
    assert.deepEqual(known.json(), { message: SAME });
    assert.deepEqual(unknown.json(), known.json());
    assert.equal(await lastMailTo(t, 'nobody-here@example.test'), undefined);
  });

  it('writes the mail to the outbox as logged, with a link from the public URL, never from Host', async () => {
    await requestReset(t, user.email.toUpperCase(), { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' });
    const mail = await lastMailTo(t, user.email);
    assert.ok(mail);
    assert.equal(mail.status, 'logged');
    assert.match(mail.text, new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/reset-password/[A-Za-z0-9_-]{43}`));
    assert.ok(!mail.text.includes('evil.example.com'));
    assert.match(mail.text, /Hello Musonda/);
    const token = tokenFrom(mail.text);
    // The outbox holds the body sealed: neither the link nor the token in plain text.
    assert.ok(!mail.stored.includes(token) && !mail.stored.includes('/reset-password/'), 'the link is not stored in plain text');
    assert.match(mail.stored, /^sealed:v1:/);
    // Only the hash is stored.
    const stored = await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    assert.ok(stored.length >= 1);
    for (const row of stored) {
      assert.notEqual(row.tokenHash, token);
      assert.match(row.tokenHash, /^[0-9a-f]{64}$/);
    }
  });

  it('a new request replaces the old link', async () => {
    await requestReset(t, user.email);
    const first = tokenFrom((await lastMailTo(t, user.email))!.text);
    await requestReset(t, user.email);
    const second = tokenFrom((await lastMailTo(t, user.email))!.text);
    assert.notEqual(first, second);
    const res = await call(t, 'POST', '/api/auth/reset-password', { json: { token: first, newPassword: 'Luangwa-Valley-31' } });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, INVALID);
  });

  it('refuses a common password without using up the link', async () => {
    await requestReset(t, user.email);
    const token = tokenFrom((await lastMailTo(t, user.email))!.text);
    const weak = await call(t, 'POST', '/api/auth/reset-password', { json: { token, newPassword: 'password123' } });
    assert.equal(weak.statusCode, 400);
    assert.match(weak.json().message, /too common/);
    const ok = await call(t, 'POST', '/api/auth/reset-password', { json: { token, newPassword: 'Luangwa-Valley-31' } });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), { message: 'Password reset successfully.' });
  });

  it('sets the password, ends older sessions, and works once', async () => {
    const fresh = await createUser(t, 'USER');
    const session = await call(t, 'GET', `/api/users/${fresh.id}`, { token: fresh.token });
    assert.equal(session.statusCode, 200);
    await requestReset(t, fresh.email);
    const token = tokenFrom((await lastMailTo(t, fresh.email))!.text);
    const res = await call(t, 'POST', '/api/auth/reset-password', { json: { token, newPassword: 'Victoria-Falls-2026' } });
    assert.equal(res.statusCode, 200);
    assert.equal((await call(t, 'GET', `/api/users/${fresh.id}`, { token: fresh.token })).statusCode, 401, 'the old token stopped working');
    const oldLogin = await call(t, 'POST', '/api/auth/login', { json: { email: fresh.email, password: DEFAULT_PASSWORD } });
    assert.equal(oldLogin.statusCode, 401);
    const newLogin = await call(t, 'POST', '/api/auth/login', { json: { email: fresh.email, password: 'Victoria-Falls-2026' } });
    assert.equal(newLogin.statusCode, 200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, fresh.id));
    assert.match(row!.passwordHash, /^\$argon2id\$/);
    const reuse = await call(t, 'POST', '/api/auth/reset-password', { json: { token, newPassword: 'Another-Password-55' } });
    assert.equal(reuse.statusCode, 400);
    assert.equal(reuse.json().message, INVALID);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'auth.reset_password'));
    assert.ok(audits.some((a) => a.actorId === fresh.id && a.outcome === 'success'));
    assert.ok(!JSON.stringify(audits).includes(token));
  });

  it('refuses an expired or made-up link', async () => {
    const other = await createUser(t, 'USER');
    await requestReset(t, other.email);
    const token = tokenFrom((await lastMailTo(t, other.email))!.text);
    await t.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, other.id));
    const expired = await call(t, 'POST', '/api/auth/reset-password', { json: { token, newPassword: 'Chobe-River-2026' } });
    assert.equal(expired.statusCode, 400);
    assert.equal(expired.json().message, INVALID);
    const madeUp = await call(t, 'POST', '/api/auth/reset-password', { json: { token: 'x'.repeat(43), newPassword: 'Chobe-River-2026' } });
    assert.equal(madeUp.statusCode, 400);
    assert.equal(madeUp.json().message, INVALID);
    const missing = await call(t, 'POST', '/api/auth/reset-password', { json: { token } });
    assert.equal(missing.statusCode, 400);
    assert.match(missing.json().message, /^newPassword/);
  });

  it('refuses made-up links without hashing the new password, and limits attempts per address', async () => {
    const attacker = '10.44.0.7';
    const before = passwordWork.hashes;
    for (let i = 0; i < LIMITS.resetPasswordPerIp.max; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: attacker, payload: { token: `bogus-${i}`, newPassword: 'Chobe-River-2026' } });
      assert.equal(res.statusCode, 400, `attempt ${i + 1}`);
      assert.equal(res.json().message, INVALID);
    }
    assert.equal(passwordWork.hashes, before, 'no argon2 hash for a link that does not exist');
    const limited = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: attacker, payload: { token: 'bogus-x', newPassword: 'Chobe-River-2026' } });
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().message, 'Too many attempts. Please wait a few minutes and try again.');
    assert.ok(Number(limited.headers['retry-after']) > 0);
    // A genuine reset from another address is unaffected, and hashes once.
    const owner = await createUser(t, 'USER');
    await requestReset(t, owner.email);
    const token = tokenFrom((await lastMailTo(t, owner.email))!.text);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: '10.44.0.8', payload: { token, newPassword: 'Chobe-River-2026' } });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(passwordWork.hashes, before + 1);
    // Refused attempts write a few audit rows, not one each.
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.ip, attacker));
    assert.ok(audits.length <= 5, `${audits.length} audit rows`);
  });

  it('sets the link to expire 30 minutes after the request', async () => {
    const u = await createUser(t, 'USER');
    const before = Date.now();
    await requestReset(t, u.email);
    const [row] = await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));
    const minutes = (row!.expiresAt.getTime() - before) / 60_000;
    assert.ok(minutes > 29.9 && minutes <= 30.1, `expires after ${minutes} minutes`);
  });
});

describe('mail through SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  before(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'UniPortal <no-reply@portal.example.zm>' });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the reset mail to the SMTP server', async () => {
    const user = await createUser(t, 'USER');
    const res = await requestReset(t, user.email);
    assert.equal(res.statusCode, 200);
    const mail = smtp.received.find((m) => m.to === user.email);
    assert.ok(mail, 'the SMTP server received the mail');
    assert.equal(mail.subject, 'Reset your UniPortal password');
    const token = tokenFrom(mail.text);
    assert.ok(mail.text.includes(`${PUBLIC_URL}/reset-password/${token}`));
    const row = (await lastMailTo(t, user.email))!;
    assert.equal(row.status, 'sent');
    assert.equal(row.stored, DELIVERED_SECRET_NOTE, 'once delivered, the outbox keeps no copy of the link');
    const reset = await call(t, 'POST', '/api/auth/reset-password', { json: { token, newPassword: 'Kasama-Hills-2026' } });
    assert.equal(reset.statusCode, 200);
  });

  it('sendMail is usable by other services', async () => {
    const id = await sendMail(t.ctx, { to: 'decision@example.test', subject: 'Your application', text: 'Approved.' });
    await settleMail(t.ctx);
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    assert.equal(row!.status, 'sent');
    assert.ok(smtp.received.some((m) => m.to === 'decision@example.test' && m.text.trim() === 'Approved.'));
  });
});

describe('mail server down', () => {
  let t: TestApp;
  let port: number;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  before(async () => {
    port = await freePort();
    t = await startTestApp({ PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  after(async () => {
    await t.close();
    await smtp?.close();
  });

  it('backs off between attempts and gives a message up after the last one', async () => {
    assert.ok(backoffMs(1) < backoffMs(2) && backoffMs(2) < backoffMs(3));
    assert.equal(backoffMs(50), 60 * 60_000, 'capped at an hour');
    const id = await sendMail(t.ctx, { to: 'never@example.test', subject: 'Undeliverable', text: 'x' });
    await settleMail(t.ctx);
    await t.ctx.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, id));
    assert.deepEqual(await processOutbox(t.ctx), { sent: 0, failed: 1 });
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    assert.equal(row!.status, 'failed');
    assert.equal(row!.attempts, MAX_ATTEMPTS);
    assert.deepEqual(await processOutbox(t.ctx), { sent: 0, failed: 0 }, 'a failed message is not retried');
  });

  it('still answers the reset request and retries from the outbox until delivered', async () => {
    const user = await createUser(t, 'USER');
    const res = await requestReset(t, user.email);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { message: SAME });
    let row = (await lastMailTo(t, user.email))!;
    assert.equal(row.status, 'pending');
    assert.equal(row.attempts, 1);
    assert.ok(row.lastError);
    assert.ok(row.nextAttemptAt.getTime() > Date.now(), 'the retry waits (backoff)');
    // Not due yet: the worker leaves it alone.
    assert.deepEqual(await processOutbox(t.ctx), { sent: 0, failed: 0 });

    smtp = await startSmtp(port);
    await t.ctx.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, row.id));
    assert.deepEqual(await processOutbox(t.ctx), { sent: 1, failed: 0 });
    row = (await lastMailTo(t, user.email))!;
    assert.equal(row.status, 'sent');
    assert.equal(row.attempts, 2);
    assert.ok(smtp.received.some((m) => m.to === user.email && m.text.includes('/reset-password/')));
  });
});

describe('secrets stay out of the logs', () => {
  it('masks reset tokens and every query string in logged URLs', () => {
    assert.equal(maskUrl('/reset-password/abcDEF123_-xyz'), '/reset-password/[redacted]');
    assert.equal(maskUrl('/reset-password/abc?x=1'), '/reset-password/[redacted]?[redacted]');
    assert.equal(maskUrl('/api/x?token=secret&page=2'), '/api/x?[redacted]');
    assert.equal(maskUrl('/api/applications?search=900111%2F11%2F1'), '/api/applications?[redacted]');
    assert.equal(maskUrl('/api/universities'), '/api/universities');
  });

  it('logs a mail without SMTP: recipient and subject at info, the link at no level', async () => {
    const t = await startTestApp({ PUBLIC_URL });
    try {
      const lines: Array<{ level: string; data: unknown; msg: string }> = [];
      const logger = Object.fromEntries(['info', 'debug', 'warn', 'error', 'trace', 'fatal'].map((level) => [level, (data: unknown, msg: string) => lines.push({ level, data, msg })]));
      const fakeApp = { log: { ...logger, child: () => logger }, addHook: () => fakeApp } as unknown as FastifyInstance;
      startMailWorker(fakeApp, t.ctx);
      const user = await createUser(t, 'USER');
      await requestReset(t, user.email);
      const token = tokenFrom((await lastMailTo(t, user.email))!.text);
      const info = lines.filter((l) => l.level === 'info');
      assert.ok(info.some((l) => JSON.stringify(l).includes(user.email) && JSON.stringify(l).includes('Reset your UniPortal password')));
      assert.ok(!lines.some((l) => JSON.stringify(l).includes(token) || JSON.stringify(l).includes('/reset-password/')), 'no link at any level');
    } finally {
      await t.close();
    }
  });

  it('lets a developer read the link at /api/dev/mail, in development and from this machine only', async () => {
    const dev = await startTestApp({ PUBLIC_URL, NODE_ENV: 'development' });
    const test = await startTestApp({ PUBLIC_URL });
    try {
      const user = await createUser(dev, 'USER');
      await requestReset(dev, user.email);
      const res = await dev.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(user.email)}`, remoteAddress: '127.0.0.1' });
      assert.equal(res.statusCode, 200);
      assert.match(res.headers['content-type'] as string, /^text\/plain/);
      assert.match(res.body, /^Subject: Reset your UniPortal password/);
      const token = tokenFrom(res.body);
      assert.equal((await lastMailTo(dev, user.email))!.text.includes(token), true);
      const remote = await dev.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(user.email)}`, remoteAddress: '10.1.2.3' });
      assert.equal(remote.statusCode, 404);
      assert.ok(!remote.body.includes(token));
      const elsewhere = await test.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(user.email)}`, remoteAddress: '127.0.0.1' });
      assert.equal(elsewhere.statusCode, 404, 'not there outside development');
    } finally {
      await Promise.all([dev.close(), test.close()]);
    }
  });
});
