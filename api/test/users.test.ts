import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { applicationChoices, applicationFiles, applicationHistory, applications, auditLog, payments, programs, subscribers, users } from '../src/infrastructure/database/schema';
import { storageFor } from '../src/infrastructure/storage';
import { BACKOFFS } from '../src/infrastructure/rate-limit';
import { applicationRow, call, createUser, createWorld, DEFAULT_PASSWORD, type TestUser, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

async function apply(t: TestApp, user: TestUser, universityId: number, fullName = 'Applicant Person') {
  const [row] = await t.ctx.db
    .insert(applications)
    .values(applicationRow(user.id, universityId, { fullName, email: user.email, dateOfBirth: '2005-04-01', institutionAttended: 'Kabulonga Boys' }))
    .returning();
  return row!;
}

const SECRET_KEYS = ['passwordHash', 'password_hash', 'tokenVersion', 'token_version', 'password'];
function assertNoSecrets(value: unknown) {
  const text = JSON.stringify(value);
  for (const key of SECRET_KEYS) assert.ok(!text.includes(`"${key}"`), `response carries ${key}`);
  assert.ok(!text.includes('$argon2'), 'response carries a hash');
}

describe('users', () => {
  let t: TestApp;
  let w: World;
  let applicantA: TestUser; // applied to uniA
  let applicantB: TestUser; // applied to uniB only
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    applicantA = await createUser(t, 'USER', { firstName: 'Chipo', lastName: 'Mwale' });
    applicantB = await createUser(t, 'USER', { firstName: 'Luyando', lastName: 'Sakala' });
    await apply(t, applicantA, w.uniA.id);
    await apply(t, applicantA, w.uniA.id);
    await apply(t, applicantB, w.uniB.id);
  });
  after(() => t.close());

  describe('GET /api/users', () => {
    it('needs a staff token', async () => {
      assert.equal((await call(t, 'GET', '/api/users')).statusCode, 401);
      assert.equal((await call(t, 'GET', '/api/users', { token: w.userA.token })).statusCode, 403);
    });

    it('gives a SUPERUSER everyone as the plain array, without secrets', async () => {
      const res = await call(t, 'GET', '/api/users', { token: w.superuser.token });
      assert.equal(res.statusCode, 200);
      const list = res.json();
      assert.ok(Array.isArray(list));
      const ids = list.map((u: { id: number }) => u.id);
      for (const u of [w.superuser, w.adminA, w.adminB, w.userA, w.userB, applicantA, applicantB]) assert.ok(ids.includes(u.id));
      const one = list.find((u: { id: number }) => u.id === applicantA.id);
      assert.equal(one.userId, applicantA.id);
      assert.equal(one.fullName, 'Chipo Mwale');
      assert.equal(one.enabled, true);
      assert.equal(one.role, 'USER');
      assertNoSecrets(list);
    });

    it("gives an ADMIN its university's staff and its applicants only", async () => {
      const res = await call(t, 'GET', '/api/users', { token: w.adminA.token });
      assert.equal(res.statusCode, 200);
      const ids = res
        .json()
        .map((u: { id: number }) => u.id)
        .sort();
      assert.deepEqual(ids, [w.adminA.id, applicantA.id].sort());
    });

    it('pages and searches with {items,total,page,size}', async () => {
      const res = await call(t, 'GET', '/api/users?page=1&size=2', { token: w.superuser.token });
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.items.length, 2);
      assert.equal(body.page, 1);
      assert.equal(body.size, 2);
      assert.ok(body.total >= 7);
      const search = await call(t, 'GET', '/api/users?search=mwale', { token: w.superuser.token });
      assert.deepEqual(
        search.json().items.map((u: { id: number }) => u.id),
        [applicantA.id],
      );
      const wild = await call(t, 'GET', '/api/users?search=%25', { token: w.superuser.token });
      assert.equal(wild.json().total, 0, 'a % in the search is literal');
      const role = await call(t, 'GET', '/api/users?role=ADMIN', { token: w.superuser.token });
      assert.deepEqual(
        role.json().map((u: { role: string }) => u.role),
        ['ADMIN', 'ADMIN'],
      );
      const scoped = await call(t, 'GET', `/api/users?universityId=${w.uniB.id}`, { token: w.superuser.token });
      assert.deepEqual(
        scoped
          .json()
          .map((u: { id: number }) => u.id)
          .sort(),
        [w.adminB.id, applicantB.id].sort(),
      );
    });

    it('refuses bad paging values', async () => {
      const res = await call(t, 'GET', '/api/users?page=0', { token: w.superuser.token });
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, /page/);
    });
  });

  describe('GET /api/users/{id}', () => {
    it('gives oneself', async () => {
      const res = await call(t, 'GET', `/api/users/${w.userA.id}`, { token: w.userA.token });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().email, w.userA.email);
      assertNoSecrets(res.json());
    });
    it('hides other users from a USER and out-of-reach users from an ADMIN (404)', async () => {
      assert.equal((await call(t, 'GET', `/api/users/${w.userB.id}`, { token: w.userA.token })).statusCode, 404);
      assert.equal((await call(t, 'GET', `/api/users/${applicantB.id}`, { token: w.adminA.token })).statusCode, 404);
      assert.equal((await call(t, 'GET', `/api/users/${w.superuser.id}`, { token: w.adminA.token })).statusCode, 404);
      assert.equal((await call(t, 'GET', `/api/users/999999`, { token: w.superuser.token })).statusCode, 404);
      assert.equal((await call(t, 'GET', `/api/users/${w.userA.id}`)).statusCode, 401);
    });
    it('gives staff the users in reach', async () => {
      assert.equal((await call(t, 'GET', `/api/users/${applicantA.id}`, { token: w.adminA.token })).statusCode, 200);
      assert.equal((await call(t, 'GET', `/api/users/${applicantB.id}`, { token: w.superuser.token })).statusCode, 200);
    });
    it('refuses a non-numeric id with 400', async () => {
      assert.equal((await call(t, 'GET', `/api/users/abc`, { token: w.superuser.token })).statusCode, 400);
    });
  });

  describe('PUT /api/users/{id}: archive and unarchive', () => {
    it('archiving ends the tokens at once and login says the account is disabled', async () => {
      const target = await createUser(t, 'USER');
      await apply(t, target, w.uniA.id);
      const before = await call(t, 'GET', `/api/users/${target.id}`, { token: target.token });
      assert.equal(before.statusCode, 200);
      const whole = before.json();
      const res = await call(t, 'PUT', `/api/users/${target.id}`, { token: w.superuser.token, json: { ...whole, enabled: false } });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().enabled, false);
      assertNoSecrets(res.json());
      const after = await call(t, 'GET', `/api/users/${target.id}`, { token: target.token });
      assert.equal(after.statusCode, 401);
      const login = await call(t, 'POST', '/api/auth/login', { json: { email: target.email, password: DEFAULT_PASSWORD } });
      assert.equal(login.statusCode, 403);
      assert.equal(login.json().message, 'Account disabled. Please contact support.');
      const audit = await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `user:${target.id}`));
      assert.ok(audit.some((a) => a.action === 'user.archive' && a.actorId === w.superuser.id));

      const back = await call(t, 'PUT', `/api/users/${target.id}`, { token: w.superuser.token, json: { enabled: true } });
      assert.equal(back.statusCode, 200);
      assert.equal(back.json().enabled, true);
      const again = await call(t, 'POST', '/api/auth/login', { json: { email: target.email, password: DEFAULT_PASSWORD } });
      assert.equal(again.statusCode, 200);
      const audit2 = await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `user:${target.id}`));
      assert.ok(audit2.some((a) => a.action === 'user.unarchive' && a.actorId === w.superuser.id));
    });

    it('refuses to change role or email, and refuses a password field', async () => {
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, w.userB.id));
      let res = await call(t, 'PUT', `/api/users/${w.userB.id}`, { token: w.superuser.token, json: { enabled: true, role: 'SUPERUSER' } });
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, /role/);
      res = await call(t, 'PUT', `/api/users/${w.userB.id}`, { token: w.superuser.token, json: { enabled: true, email: 'other@example.test' } });
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, /email/);
      res = await call(t, 'PUT', `/api/users/${w.userB.id}`, { token: w.superuser.token, json: { enabled: true, password: 'New-Password-77' } });
      assert.equal(res.statusCode, 400);
      // The same role and email (any case) are fine; other spec fields are ignored.
      res = await call(t, 'PUT', `/api/users/${w.userB.id}`, {
        token: w.superuser.token,
        json: { enabled: true, role: 'user', email: w.userB.email.toUpperCase(), firstName: 'Changed', universityId: w.uniA.id },
      });
      assert.equal(res.statusCode, 200);
      const [same] = await t.ctx.db.select().from(users).where(eq(users.id, w.userB.id));
      assert.equal(same!.firstName, row!.firstName);
      assert.equal(same!.universityId, null);
      assert.equal(same!.passwordHash, row!.passwordHash);
      assert.equal(same!.role, 'USER');
    });

    it('keeps ADMINs inside their university, USERs out, and nobody archives itself', async () => {
      assert.equal((await call(t, 'PUT', `/api/users/${applicantB.id}`, { token: w.adminA.token, json: { enabled: false } })).statusCode, 404);
      assert.equal((await call(t, 'PUT', `/api/users/${w.adminB.id}`, { token: w.adminA.token, json: { enabled: false } })).statusCode, 404);
      assert.equal((await call(t, 'PUT', `/api/users/${w.superuser.id}`, { token: w.adminA.token, json: { enabled: false } })).statusCode, 404);
      assert.equal((await call(t, 'PUT', `/api/users/${w.userB.id}`, { token: w.userA.token, json: { enabled: false } })).statusCode, 403);
      assert.equal((await call(t, 'PUT', `/api/users/${w.userB.id}`, { json: { enabled: false } })).statusCode, 401);
      const self = await call(t, 'PUT', `/api/users/${w.adminA.id}`, { token: w.adminA.token, json: { enabled: false } });
      assert.equal(self.statusCode, 403);
      const selfSu = await call(t, 'PUT', `/api/users/${w.superuser.id}`, { token: w.superuser.token, json: { enabled: false } });
      assert.equal(selfSu.statusCode, 403);
      const [still] = await t.ctx.db.select().from(users).where(eq(users.id, applicantB.id));
      assert.equal(still!.enabled, true);
    });

    it('needs enabled as a boolean', async () => {
      const res = await call(t, 'PUT', `/api/users/${w.userB.id}`, { token: w.superuser.token, json: { enabled: 'no' } });
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, /^enabled/);
    });
  });

  describe('GET /api/users/students', () => {
    it('lists applicants in reach with their application counts', async () => {
      const res = await call(t, 'GET', '/api/users/students?page=1&size=50', { token: w.adminA.token });
      assert.equal(res.statusCode, 200);
      const body = res.json();
      const a = body.items.find((s: { id: number }) => s.id === applicantA.id);
      assert.equal(a.applications, 2);
      assert.equal(a.fullName, 'Chipo Mwale');
      assert.ok(a.lastAppliedAt);
      assert.ok(!body.items.some((s: { id: number }) => s.id === applicantB.id));
      assertNoSecrets(body);
    });
    it('gives a SUPERUSER every applicant, searchable', async () => {
      const res = await call(t, 'GET', '/api/users/students?search=sakala', { token: w.superuser.token });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(
        res.json().items.map((s: { id: number }) => s.id),
        [applicantB.id],
      );
      assert.equal(res.json().items[0].applications, 1);
      const all = await call(t, 'GET', '/api/users/students', { token: w.superuser.token });
      assert.ok(all.json().items.every((s: { id: number }) => ![w.adminA.id, w.superuser.id].includes(s.id)));
    });
    it('is for staff only', async () => {
      assert.equal((await call(t, 'GET', '/api/users/students', { token: w.userA.token })).statusCode, 403);
    });
  });
});

describe('data protection: export and deletion of my data', () => {
  let t: TestApp;
  let w: World;
  let me: TestUser;
  let decidedId: number;
  let pendingId: number;
  let paidPendingId: number;
  const key = `test/${Date.now()}-nrc-front`;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    me = await createUser(t, 'USER', { firstName: 'Namwinga', lastName: 'Siame', phone: '+260955555555' });
    const [program] = await t.ctx.db.insert(programs).values({ universityId: w.uniA.id, name: 'BSc Computer Science', description: 'Computing', durationYears: 4 }).returning();
    const decided = await apply(t, me, w.uniA.id, 'Namwinga Siame');
    const pending = await apply(t, me, w.uniA.id, 'Namwinga Siame');
    const paidPending = await apply(t, me, w.uniA.id, 'Namwinga Siame');
    decidedId = decided.id;
    pendingId = pending.id;
    paidPendingId = paidPending.id;
    await t.ctx.db.update(applications).set({ status: 'APPROVED', approvedProgramId: program!.id, reviewNotes: 'Strong results' }).where(eq(applications.id, decidedId));
    await t.ctx.db.insert(applicationChoices).values([decidedId, pendingId].map((applicationId) => ({ applicationId, programId: program!.id, priority: 1 })));
    await t.ctx.db.insert(applicationHistory).values({ applicationId: decidedId, kind: 'STATUS', fromValue: 'PENDING', toValue: 'APPROVED', actorId: w.adminA.id });
    const stored = await storageFor(t.ctx.config.storage).put(key, Readable.from([Buffer.from('%PDF-1.4 test')]));
    await t.ctx.db.insert(applicationFiles).values({
      applicationId: decidedId,
      documentType: 'NRC_FRONT',
      fileName: 'nrc.pdf',
      storageKey: key,
      contentType: 'application/pdf',
      size: stored.size,
      sha256: stored.sha256,
    });
    await t.ctx.db.insert(payments).values({ applicationId: paidPendingId, userId: me.id, reference: `ref-${Date.now()}`, amount: '150.75', currency: 'ZMW', status: 'successful' });
    await t.ctx.db.insert(subscribers).values({ name: 'Namwinga', email: me.email });
  });
  after(() => t.close());

  it('exports profile, applications, files list, history and payments as JSON', async () => {
    const res = await call(t, 'GET', '/api/users/me/export', { token: me.token });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="uniportal-my-data-\d+\.json"/);
    const data = res.json();
    assert.equal(data.profile.id, me.id);
    assert.equal(data.profile.fullName, 'Namwinga Siame');
    assertNoSecrets(data);
    assert.equal(data.applications.length, 3);
    const decided = data.applications.find((a: { id: number }) => a.id === decidedId);
    assert.equal(decided.nationalRegNumber, '123456/10/1', 'the applicant gets their own document number');
    assert.equal(decided.files.length, 1);
    assert.equal(decided.files[0].fileName, 'nrc.pdf');
    assert.ok(!JSON.stringify(decided.files).includes(key), 'no storage keys');
    assert.equal(decided.history[0].to, 'APPROVED');
    assert.equal(decided.programChoices[0].programName, 'BSc Computer Science');
    assert.equal(data.payments.length, 1);
    assert.equal(data.payments[0].amount, 150.75);
    assert.equal((await call(t, 'GET', '/api/users/me/export')).statusCode, 401);
  });

  it('only an applicant deletes its own account', async () => {
    assert.equal((await call(t, 'DELETE', '/api/users/me', { token: w.adminA.token, json: { password: DEFAULT_PASSWORD } })).statusCode, 403);
    assert.equal((await call(t, 'DELETE', '/api/users/me', { json: { password: DEFAULT_PASSWORD } })).statusCode, 401);
  });

  it('asks for the password: missing or wrong, a plain 400 and nothing deleted; repeated guesses wait', async () => {
    const victim = await createUser(t, 'USER');
    const missing = await call(t, 'DELETE', '/api/users/me', { token: victim.token });
    assert.equal(missing.statusCode, 400);
    assert.match(missing.json().message, /password/i);
    const empty = await call(t, 'DELETE', '/api/users/me', { token: victim.token, json: { password: '' } });
    assert.equal(empty.statusCode, 400);
    assert.match(empty.json().message, /^password: is required/);
    const wrong = await call(t, 'DELETE', '/api/users/me', { token: victim.token, json: { password: 'Not-my-password-1' } });
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.json(), { message: 'The password is not correct. Your account has not been deleted.', error: 'Bad Request' });
    assert.equal((await call(t, 'GET', `/api/users/${victim.id}`, { token: victim.token })).statusCode, 200, 'still signed in, still there');
    for (let i = 1; i < BACKOFFS.reauth.free; i += 1) {
      assert.equal((await call(t, 'DELETE', '/api/users/me', { token: victim.token, json: { password: `Guess-${i}-password` } })).statusCode, 400);
    }
    const waiting = await call(t, 'DELETE', '/api/users/me', { token: victim.token, json: { password: DEFAULT_PASSWORD } });
    assert.equal(waiting.statusCode, 429, 'a left-open session cannot guess the password quickly');
    assert.ok(Number(waiting.headers['retry-after']) > 0);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, victim.id));
    assert.equal(row!.deletedAt, null);
    assert.equal(row!.email, victim.email);
  });

  it('deletes personal data and keeps what a decided application must keep', async () => {
    const res = await call(t, 'DELETE', '/api/users/me', { token: me.token, json: { password: DEFAULT_PASSWORD } });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { message: 'Your account and personal data have been deleted.' });

    assert.equal((await call(t, 'GET', `/api/users/${me.id}`, { token: me.token })).statusCode, 401, 'the session ended');
    const login = await call(t, 'POST', '/api/auth/login', { json: { email: me.email, password: DEFAULT_PASSWORD } });
    assert.equal(login.statusCode, 401);

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.id));
    assert.ok(row!.deletedAt);
    assert.equal(row!.enabled, false);
    assert.equal(row!.phone, null);
    assert.notEqual(row!.email, me.email);
    assert.ok(!row!.firstName.includes('Namwinga'));

    const apps = await t.ctx.db.select().from(applications).where(eq(applications.userId, me.id));
    const ids = apps.map((a) => a.id).sort();
    assert.deepEqual(ids, [decidedId, paidPendingId].sort(), 'the undecided, unpaid application is gone');
    for (const a of apps) {
      assert.ok(!JSON.stringify(a).includes('Namwinga'));
      assert.ok(!JSON.stringify(a).includes('123456/10/1'));
      assert.ok(!JSON.stringify(a).includes(me.email));
      assert.equal(a.universityId, w.uniA.id);
    }
    const decided = apps.find((a) => a.id === decidedId)!;
    assert.equal(decided.status, 'APPROVED');
    assert.ok(decided.approvedProgramId);
    assert.equal(decided.highestQualification, 'Grade 12');
    const withdrawn = apps.find((a) => a.id === paidPendingId)!;
    assert.equal(withdrawn.status, 'REJECTED');
    assert.match(withdrawn.reviewNotes ?? '', /Withdrawn/);
    assert.equal((await t.ctx.db.select().from(payments).where(eq(payments.applicationId, paidPendingId))).length, 1, 'the payment record stays');

    const files = await t.ctx.db
      .select()
      .from(applicationFiles)
      .where(inArray(applicationFiles.applicationId, [decidedId, paidPendingId]));
    assert.equal(files.length, 0);
    await assert.rejects(storageFor(t.ctx.config.storage).get(key), 'the document itself is gone');
    assert.equal((await t.ctx.db.select().from(subscribers).where(eq(subscribers.email, me.email))).length, 0);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, me.id));
    assert.ok(audits.some((a) => a.action === 'user.delete_self'));
    assert.ok(audits.every((a) => a.actorEmail !== me.email));

    const list = await call(t, 'GET', '/api/users', { token: w.superuser.token });
    assert.ok(!list.json().some((u: { id: number }) => u.id === me.id), 'deleted accounts leave the user list');
  });
});
