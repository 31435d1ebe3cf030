/**
 * Who may switch an account off, and who may create staff: an account spans
 * universities, so only the SUPERUSER archives or unarchives one; an ADMIN adds
 * admins to its own university only (issue 21 findings 1 and 15, issue 22 item 9).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { applications, auditLog, users } from '../src/infrastructure/database/schema';
import { createProgram, submit } from './fixtures/applications';
import { applicationRow, call, createUser, createWorld, DEFAULT_PASSWORD, type TestUser, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

async function enabledOf(t: TestApp, id: number): Promise<boolean> {
  const [row] = await t.ctx.db.select({ enabled: users.enabled }).from(users).where(eq(users.id, id));
  return row!.enabled;
}

describe('archive and unarchive: only the SUPERUSER switches an account', () => {
  let t: TestApp;
  let w: World;
  let both: TestUser; // applied to uniA and uniB
  let onlyA: TestUser; // applied to uniA only
  let colleague: TestUser; // a second ADMIN of uniA
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    both = await createUser(t, 'USER', { firstName: 'Mutale', lastName: 'Both' });
    onlyA = await createUser(t, 'USER', { firstName: 'Bwalya', lastName: 'OnlyA' });
    colleague = await createUser(t, 'ADMIN', { universityId: w.uniA.id });
    await t.ctx.db
      .insert(applications)
      .values([applicationRow(both.id, w.uniA.id, { email: both.email }), applicationRow(both.id, w.uniB.id, { email: both.email }), applicationRow(onlyA.id, w.uniA.id, { email: onlyA.email })]);
  });
  after(() => t.close());

  it('an ADMIN cannot archive an applicant of its own and another university; the applicant keeps access', async () => {
    const res = await call(t, 'PUT', `/api/users/${both.id}`, { token: w.adminA.token, json: { enabled: false } });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().message, 'Only a superuser can archive or unarchive an account.');
    assert.equal(await enabledOf(t, both.id), true);
    assert.equal((await call(t, 'GET', `/api/applications/user/${both.id}`, { token: both.token })).statusCode, 200, 'the session still works');
  });

  it('an ADMIN cannot archive an applicant of its own university only either', async () => {
    const res = await call(t, 'PUT', `/api/users/${onlyA.id}`, { token: w.adminA.token, json: { enabled: false } });
    assert.equal(res.statusCode, 403);
    assert.equal(await enabledOf(t, onlyA.id), true);
  });

  it('an ADMIN cannot archive another ADMIN of its university, and one of another university stays out of reach', async () => {
    const same = await call(t, 'PUT', `/api/users/${colleague.id}`, { token: w.adminA.token, json: { enabled: false } });
    assert.equal(same.statusCode, 403);
    assert.equal(await enabledOf(t, colleague.id), true);
    const other = await call(t, 'PUT', `/api/users/${w.adminB.id}`, { token: w.adminA.token, json: { enabled: false } });
    assert.equal(other.statusCode, 404);
    assert.equal(await enabledOf(t, w.adminB.id), true);
  });

  it('an ADMIN cannot undo what the SUPERUSER archived', async () => {
    const archived = await call(t, 'PUT', `/api/users/${both.id}`, { token: w.superuser.token, json: { enabled: false } });
    assert.equal(archived.statusCode, 200);
    assert.equal(archived.json().enabled, false);
    for (const admin of [w.adminA, w.adminB]) {
      const res = await call(t, 'PUT', `/api/users/${both.id}`, { token: admin.token, json: { enabled: true } });
      assert.equal(res.statusCode, 403);
    }
    assert.equal(await enabledOf(t, both.id), false);
    const login = await call(t, 'POST', '/api/auth/login', { json: { email: both.email, password: DEFAULT_PASSWORD } });
    assert.equal(login.statusCode, 403);
    const back = await call(t, 'PUT', `/api/users/${both.id}`, { token: w.superuser.token, json: { enabled: true } });
    assert.equal(back.statusCode, 200);
    assert.equal(back.json().enabled, true);
  });

  it('the SUPERUSER archives and unarchives ADMINs too; refused attempts change nothing and are not audited as done', async () => {
    const off = await call(t, 'PUT', `/api/users/${colleague.id}`, { token: w.superuser.token, json: { enabled: false } });
    assert.equal(off.statusCode, 200);
    assert.equal(await enabledOf(t, colleague.id), false);
    const on = await call(t, 'PUT', `/api/users/${colleague.id}`, { token: w.superuser.token, json: { enabled: true } });
    assert.equal(on.statusCode, 200);
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, w.adminA.id));
    assert.ok(!rows.some((r) => r.action === 'user.archive' || r.action === 'user.unarchive'));
  });
});

describe("an ADMIN blocks an applicant from its own university's applications", () => {
  let t: TestApp;
  let w: World;
  let both: TestUser;
  let programA: number;
  let programB: number;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    programA = (await createProgram(t, w.uniA.id)).id;
    programB = (await createProgram(t, w.uniB.id)).id;
    both = await createUser(t, 'USER', { firstName: 'Mwansa', lastName: 'Blocked' });
    for (const programId of [programA, programB]) assert.equal((await submit(t, both.token, [programId])).statusCode, 201);
  });
  after(() => t.close());

  const block = (token: string, id: number, blocked: boolean) => call(t, 'PUT', `/api/users/${id}/university-block`, { token, json: { blocked } });
  const students = async (token: string) => (await call(t, 'GET', '/api/users/students?page=1&size=50', { token })).json().items as Array<{ id: number; blocked: boolean }>;

  it('blocks new applications to its university only; the account and the other university are untouched', async () => {
    const res = await block(w.adminA.token, both.id, true);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { userId: both.id, universityId: w.uniA.id, blocked: true });
    const refused = await submit(t, both.token, [programA]);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, 'This university no longer accepts applications from your account. Please contact the university.');
    assert.equal((await submit(t, both.token, [programB])).statusCode, 201, 'university B still accepts them');
    assert.equal(await enabledOf(t, both.id), true);
    const login = await call(t, 'POST', '/api/auth/login', { json: { email: both.email, password: DEFAULT_PASSWORD } });
    assert.equal(login.statusCode, 200);
    assert.equal((await students(w.adminA.token)).find((s) => s.id === both.id)!.blocked, true);
    assert.equal((await students(w.adminB.token)).find((s) => s.id === both.id)!.blocked, false, "B's list does not show A's block");
    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'user.block_university'));
    assert.equal(entry!.actorId, w.adminA.id);
    assert.equal(entry!.detail, `university:${w.uniA.id}`);
  });

  it("only the blocking university's ADMIN lifts it; another ADMIN, the SUPERUSER and applicants cannot touch it", async () => {
    assert.equal((await block(w.adminB.token, both.id, false)).statusCode, 200, "B's own (empty) block, not A's");
    assert.equal((await submit(t, both.token, [programA])).statusCode, 403, "A's block stands");
    assert.equal((await block(w.superuser.token, both.id, false)).statusCode, 403);
    assert.equal((await block(w.userA.token, both.id, false)).statusCode, 403);
    const outsider = await createUser(t, 'USER');
    assert.equal((await block(w.adminA.token, outsider.id, true)).statusCode, 404, 'never applied to A: out of reach');
    const colleague = await createUser(t, 'ADMIN', { universityId: w.uniA.id });
    assert.equal((await block(w.adminA.token, colleague.id, true)).statusCode, 404, 'staff are not applicants');
    assert.equal((await block(w.adminA.token, both.id, 'yes' as unknown as boolean)).statusCode, 400);
    const lifted = await block(w.adminA.token, both.id, false);
    assert.equal(lifted.statusCode, 200);
    assert.equal(lifted.json().blocked, false);
    assert.equal((await submit(t, both.token, [programA])).statusCode, 201);
  });
});

describe('Add Admin: an ADMIN adds admins of its own university', () => {
  let t: TestApp;
  let w: World;
  const form = (email: string, extra: Record<string, unknown> = {}) => ({
    firstName: 'Natasha',
    lastName: 'Phiri',
    email,
    phone: '+260977000222',
    password: 'Kafue-River-2026',
    confirmPassword: 'Kafue-River-2026',
    role: 'ADMIN',
    ...extra,
  });
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
  });
  after(() => t.close());

  async function row(email: string) {
    const [found] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    return found;
  }

  it("creates an ADMIN of the caller's university, whatever university the form names", async () => {
    const res = await call(t, 'POST', '/api/auth/register', { token: w.adminA.token, json: form('colleague.a@example.test', { universityId: w.uniB.id }) });
    assert.equal(res.statusCode, 201);
    assert.equal(res.json().message, 'Admin user added successfully');
    const created = await row('colleague.a@example.test');
    assert.equal(created!.role, 'ADMIN');
    assert.equal(created!.universityId, w.uniA.id);
    const noUni = await call(t, 'POST', '/api/auth/register', { token: w.adminB.token, json: form('colleague.b@example.test') });
    assert.equal(noUni.statusCode, 201);
    assert.equal((await row('colleague.b@example.test'))!.universityId, w.uniB.id);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${created!.id}`));
    assert.equal(entry!.action, 'user.create_admin');
    assert.equal(entry!.actorId, w.adminA.id);
    assert.equal(entry!.detail, `university:${w.uniA.id}`);
  });

  it('the new ADMIN signs in and sees its university only', async () => {
    const login = await call(t, 'POST', '/api/auth/login', { json: { email: 'colleague.a@example.test', password: 'Kafue-River-2026' } });
    assert.equal(login.statusCode, 200);
    const users_ = await call(t, 'GET', '/api/users', { token: login.json().token });
    assert.equal(users_.statusCode, 200);
    assert.ok(users_.json().every((u: { universityId: number | null; role: string }) => u.role === 'USER' || u.universityId === w.uniA.id));
  });

  it('refuses a SUPERUSER role, an ADMIN without a university and an applicant', async () => {
    const su = await call(t, 'POST', '/api/auth/register', { token: w.adminA.token, json: form('up@example.test', { role: 'SUPERUSER' }) });
    assert.equal(su.statusCode, 400);
    assert.match(su.json().message, /^role: /);
    const homeless = await createUser(t, 'ADMIN', { universityId: null });
    const noUni = await call(t, 'POST', '/api/auth/register', { token: homeless.token, json: form('homeless@example.test', { universityId: w.uniA.id }) });
    assert.equal(noUni.statusCode, 403);
    assert.match(noUni.json().message, /no university/);
    const applicant = await call(t, 'POST', '/api/auth/register', { token: w.userA.token, json: form('nope@example.test', { universityId: w.uniA.id }) });
    assert.equal(applicant.statusCode, 403);
    for (const email of ['up@example.test', 'homeless@example.test', 'nope@example.test']) assert.equal(await row(email), undefined);
  });

  it('the SUPERUSER still chooses the university', async () => {
    const res = await call(t, 'POST', '/api/auth/register', { token: w.superuser.token, json: form('chosen@example.test', { universityId: w.uniB.id }) });
    assert.equal(res.statusCode, 201);
    assert.equal((await row('chosen@example.test'))!.universityId, w.uniB.id);
  });
});
