import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it, mock } from 'node:test';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox, users } from '../src/infrastructure/database/schema';
import { settleMail } from '../src/infrastructure/mail/outbox';
import { call, createUser, DEFAULT_PASSWORD } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

async function lastMailTo(t: TestApp, to: string) {
  await settleMail(t.ctx);
  const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return row;
}
const codeIn = (text: string) => /^(\d{6})$/m.exec(text)?.[1];
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('account settings', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());
  afterEach(() => mock.timers.reset());

  describe('PUT /api/users/me/password', () => {
    it('refuses a wrong current password in plain words and changes nothing', async () => {
      const u = await createUser(t, 'USER');
      const [before] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
      const res = await call(t, 'PUT', '/api/users/me/password', { token: u.token, json: { currentPassword: 'Not-My-Password-1', newPassword: 'Brand-New-Secret-77' } });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().message, 'The current password is not correct.');
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
      assert.equal(row!.passwordHash, before!.passwordHash);
      assert.equal(row!.tokenVersion, before!.tokenVersion);
      // The session was not ended by the wrong answer.
      assert.equal((await call(t, 'GET', `/api/users/${u.id}`, { token: u.token })).statusCode, 200);
    });

    it('requires the current password and a strong new one', async () => {
      const u = await createUser(t, 'USER');
      const missing = await call(t, 'PUT', '/api/users/me/password', { token: u.token, json: { newPassword: 'Brand-New-Secret-77' } });
      assert.equal(missing.statusCode, 400);
      const common = await call(t, 'PUT', '/api/users/me/password', { token: u.token, json: { currentPassword: DEFAULT_PASSWORD, newPassword: 'password123' } });
      assert.equal(common.statusCode, 400);
      const same = await call(t, 'PUT', '/api/users/me/password', { token: u.token, json: { currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD } });
      assert.equal(same.statusCode, 400);
      assert.equal(same.json().message, 'The new password must differ from the current one.');
      assert.equal((await call(t, 'PUT', '/api/users/me/password', { json: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Brand-New-Secret-77' } })).statusCode, 401);
    });

    it('changes the password, ends every other session, keeps this one with a new token, and mails the owner', async () => {
      const u = await createUser(t, 'ADMIN');
      const res = await call(t, 'PUT', '/api/users/me/password', { token: u.token, json: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Brand-New-Secret-77' } });
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.match(body.message, /signed out on every other device/);
      assert.equal((await call(t, 'GET', `/api/users/${u.id}`, { token: u.token })).statusCode, 401, 'the old token (another session) has ended');
      assert.equal((await call(t, 'GET', `/api/users/${u.id}`, { token: body.token })).statusCode, 200);
      assert.equal((await call(t, 'POST', '/api/auth/login', { json: { email: u.email, password: DEFAULT_PASSWORD } })).statusCode, 401);
      assert.equal((await call(t, 'POST', '/api/auth/login', { json: { email: u.email, password: 'Brand-New-Secret-77' } })).statusCode, 200);
      const mail = await lastMailTo(t, u.email);
      assert.equal(mail?.subject, 'Your UniPortal password was changed');
    });
  });

  describe('changing the e-mail or phone with a code', () => {
    it('mails a 6-digit code to the new address and changes the e-mail only with that code', async () => {
      const u = await createUser(t, 'USER');
      const newEmail = `new-${u.id}@example.test`;
      const started = await call(t, 'POST', '/api/users/me/contact-change', { token: u.token, json: { kind: 'email', value: newEmail.toUpperCase() } });
      assert.equal(started.statusCode, 200);
      const { ticket, sentTo, message } = started.json();
      assert.equal(sentTo, newEmail);
      assert.match(message, /6-digit code/);
      const code = codeIn((await lastMailTo(t, newEmail))!.text)!;
      assert.match(code, /^\d{6}$/);
      assert.ok(!JSON.stringify(started.json()).includes(code), 'the code travels only by mail');

      const wrong = await call(t, 'POST', '/api/users/me/contact-change/confirm', { token: u.token, json: { ticket, code: otherCode(code) } });
      assert.equal(wrong.statusCode, 400);
      assert.equal(wrong.json().message, 'That code is not correct. Check the e-mail and try again.');
      const [unchanged] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
      assert.equal(unchanged!.email, u.email);

      const ok = await call(t, 'POST', '/api/users/me/contact-change/confirm', { token: u.token, json: { ticket, code } });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json().message, 'Your e-mail address has been changed.');
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
      assert.equal(row!.email, newEmail);
      assert.equal((await lastMailTo(t, u.email))?.subject, 'Your UniPortal e-mail address was changed');
      assert.equal((await call(t, 'POST', '/api/auth/login', { json: { email: newEmail, password: DEFAULT_PASSWORD } })).statusCode, 200);
      const me = await call(t, 'GET', `/api/users/${u.id}`, { token: ok.json().token });
      assert.equal(me.json().email, newEmail);
    });

    it('changes the phone with a code sent to the account e-mail', async () => {
      const u = await createUser(t, 'USER');
      const started = await call(t, 'POST', '/api/users/me/contact-change', { token: u.token, json: { kind: 'phone', value: '+260 977 555 123' } });
      assert.equal(started.statusCode, 200);
      assert.equal(started.json().sentTo, u.email);
      const code = codeIn((await lastMailTo(t, u.email))!.text)!;
      const ok = await call(t, 'POST', '/api/users/me/contact-change/confirm', { token: u.token, json: { ticket: started.json().ticket, code } });
      assert.equal(ok.statusCode, 200);
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
      assert.equal(row!.phone, '+260977555123');
    });

    it('refuses a taken e-mail, bad input, a forged or foreign ticket and an expired code', async () => {
      const u = await createUser(t, 'USER');
      const other = await createUser(t, 'USER');
      const taken = await call(t, 'POST', '/api/users/me/contact-change', { token: u.token, json: { kind: 'email', value: other.email } });
      assert.equal(taken.statusCode, 409);
      assert.equal(taken.json().message, 'An account with this email already exists');
      assert.equal((await call(t, 'POST', '/api/users/me/contact-change', { token: u.token, json: { kind: 'phone', value: 'abc' } })).statusCode, 400);
      const same = await call(t, 'POST', '/api/users/me/contact-change', { token: u.token, json: { kind: 'email', value: u.email } });
      assert.equal(same.statusCode, 400);
      assert.equal(same.json().message, 'That is already the e-mail address of your account.');
      assert.equal((await call(t, 'POST', '/api/users/me/contact-change', { token: u.token, json: { kind: 'fax', value: '1' } })).statusCode, 400);

      mock.timers.enable({ apis: ['Date'], now: Date.now() });
      const started = await call(t, 'POST', '/api/users/me/contact-change', { token: u.token, json: { kind: 'email', value: `fresh-${u.id}@example.test` } });
      const { ticket } = started.json();
      const code = codeIn((await lastMailTo(t, `fresh-${u.id}@example.test`))!.text)!;
      const foreign = await call(t, 'POST', '/api/users/me/contact-change/confirm', { token: other.token, json: { ticket, code } });
      assert.equal(foreign.statusCode, 400);
      assert.equal(foreign.json().message, 'This code has expired or was for another change. Please ask for a new code.');
      const [payload, signature] = ticket.split('.');
      const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), v: 'evil@example.test' })).toString('base64url');
      assert.equal((await call(t, 'POST', '/api/users/me/contact-change/confirm', { token: u.token, json: { ticket: `${forged}.${signature}`, code } })).statusCode, 400);
      mock.timers.tick(15 * 60_000 + 1);
      const expired = await call(t, 'POST', '/api/users/me/contact-change/confirm', { token: u.token, json: { ticket, code } });
      assert.equal(expired.statusCode, 400);
      assert.equal(expired.json().message, 'This code has expired or was for another change. Please ask for a new code.');
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
      assert.equal(row!.email, u.email);
    });

    it('stops guessing after five wrong codes', async () => {
      const u = await createUser(t, 'USER');
      const started = await call(t, 'POST', '/api/users/me/contact-change', { token: u.token, json: { kind: 'phone', value: '+260 966 000 111' } });
      const code = codeIn((await lastMailTo(t, u.email))!.text)!;
      for (let i = 0; i < 5; i += 1) {
        assert.equal((await call(t, 'POST', '/api/users/me/contact-change/confirm', { token: u.token, json: { ticket: started.json().ticket, code: otherCode(code) } })).statusCode, 400);
      }
      const blocked = await call(t, 'POST', '/api/users/me/contact-change/confirm', { token: u.token, json: { ticket: started.json().ticket, code } });
      assert.equal(blocked.statusCode, 429);
    });
  });
});
