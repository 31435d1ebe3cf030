/**
 * Phone numbers that work (issue 18 item 1): every number the portal stores
 * is parsed with Zambia as the default country and kept in E.164, so
 * '0977 123 456', '977123456' and '+260977123456' are one number; a number
 * that is none answers 400 and stores nothing; existing rows are normalised
 * by migration 0012, which leaves what it cannot read as it was.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { desc, eq, sql } from 'drizzle-orm';
import { INVALID_PHONE_MESSAGE } from 'shared-api/contract';
import { applications, mailOutbox, users } from '../src/infrastructure/database/schema';
import { settleMail } from '../src/infrastructure/mail/outbox';
import { createProgram, submit, submitOk } from './fixtures/applications';
import { applicationRow, call, createUser, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const registration = (email: string, phone: string) => ({ firstName: 'Mapalo', lastName: 'Phiri', email, phone, password: 'Kafue-River-2026', confirmPassword: 'Kafue-River-2026' });

describe('phone numbers in E.164, Zambia by default', () => {
  let t: TestApp;
  let w: World;
  let programId: number;

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    programId = (await createProgram(t, w.uniA.id, 'Nursing')).id;
  });
  after(() => t.close());

  const phoneOf = async (email: string) => (await t.ctx.db.select({ phone: users.phone }).from(users).where(eq(users.email, email)))[0]?.phone;

  it('stores the three ways of writing one Zambian number as one number', async () => {
    for (const [index, typed] of ['0977 123 456', '977123456', '+260977123456', '260 977-123-456'].entries()) {
      const email = `phone${index}@example.test`;
      const res = await call(t, 'POST', '/api/auth/register', { json: registration(email, typed) });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(await phoneOf(email), '+260977123456', typed);
    }
  });

  it('keeps a number of another country in its own E.164 form', async () => {
    const res = await call(t, 'POST', '/api/auth/register', { json: registration('kenya@example.test', '+254 712 345 678') });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(await phoneOf('kenya@example.test'), '+254712345678');
  });

  it("refuses what is no phone number with 400 'Enter a valid phone number.' and creates no account", async () => {
    for (const typed of ['abc', '12345', '+260 97', '0977 123 45']) {
      const email = `bad-${typed.replace(/\W/g, '')}@example.test`;
      const res = await call(t, 'POST', '/api/auth/register', { json: registration(email, typed) });
      assert.equal(res.statusCode, 400, typed);
      assert.equal(res.json().message, `phone: ${INVALID_PHONE_MESSAGE}`);
      assert.equal(await phoneOf(email), undefined);
    }
  });

  it("stores an application's phone in E.164 and refuses a bad one without storing the application", async () => {
    const applicant = await createUser(t, 'USER');
    const id = await submitOk(t, applicant.token, [programId], { phoneNumber: '0966 555 444' });
    const [row] = await t.ctx.db.select({ phone: applications.phoneNumber }).from(applications).where(eq(applications.id, id));
    assert.equal(row!.phone, '+260966555444');
    const other = await createUser(t, 'USER');
    const refused = await submit(t, other.token, [programId], { phoneNumber: 'call me' });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().message, /Enter a valid phone number\./);
    assert.equal((await t.ctx.db.select().from(applications).where(eq(applications.userId, other.id))).length, 0);
  });

  it('changes the phone on Settings to its E.164 form, and refuses a bad one', async () => {
    const refused = await call(t, 'POST', '/api/users/me/contact-change', { token: w.userA.token, json: { kind: 'phone', value: '09' } });
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().message, `value: ${INVALID_PHONE_MESSAGE}`);
    const started = await call(t, 'POST', '/api/users/me/contact-change', { token: w.userA.token, json: { kind: 'phone', value: '0955 444 555' } });
    assert.equal(started.statusCode, 200, started.body);
    await settleMail(t.ctx);
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, w.userA.email)).orderBy(desc(mailOutbox.id)).limit(1);
    const code = /^(\d{6})$/m.exec(mail!.text)?.[1];
    assert.ok(code, 'a code was sent');
    const confirmed = await call(t, 'POST', '/api/users/me/contact-change/confirm', { token: w.userA.token, json: { ticket: started.json().ticket, code } });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal((await t.ctx.db.select({ phone: users.phone }).from(users).where(eq(users.id, w.userA.id)))[0]!.phone, '+260955444555');
  });
});

describe('migration 0012: existing phone numbers become E.164', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('rewrites the forms it recognises and leaves anything else exactly as written', async () => {
    const w = await createWorld(t);
    const typed = ['0977 123 456', '977123456', '+260 977 123 456', '00260977123456', '(0211) 123-456', '+254 712 345 678', 'ask at reception', '12345'];
    const ids: number[] = [];
    for (const [index, phone] of typed.entries()) {
      const user = await createUser(t, 'USER', { email: `legacy${index}@example.test` });
      await t.ctx.db.update(users).set({ phone }).where(eq(users.id, user.id));
      const [app] = await t.ctx.db
        .insert(applications)
        .values(applicationRow(user.id, w.uniA.id, { phoneNumber: phone }))
        .returning({ id: applications.id });
      ids.push(user.id, app!.id);
    }
    const migration = readFileSync(path.join(import.meta.dirname, '..', 'drizzle', '0012_phone_numbers_e164.sql'), 'utf8');
    await t.ctx.db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });
    const expected = ['+260977123456', '+260977123456', '+260977123456', '+260977123456', '+260211123456', '+254712345678', 'ask at reception', '12345'];
    for (const [index, phone] of expected.entries()) {
      const [user] = await t.ctx.db
        .select({ id: users.id, phone: users.phone })
        .from(users)
        .where(eq(users.email, `legacy${index}@example.test`));
      assert.equal(user!.phone, phone, typed[index]);
      const [app] = await t.ctx.db.select({ phone: applications.phoneNumber }).from(applications).where(eq(applications.userId, user!.id));
      assert.equal(app!.phone, phone, typed[index]);
    }
  });
});
