/**
 * Mass assignment: fields a caller may not set (status, payment fields, role,
 * universityId, enabled, ids) are refused with 400 or ignored on every write
 * route, proven by reading the database afterwards.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { APPLICATION_FEE } from 'shared-api/contract';
import { applications, courses, payments, programs, subscribers, universities, users } from '../../src/infrastructure/database/schema';
import { submit } from '../fixtures/applications';
import { call } from '../helpers/fixtures';
import { createApplication } from '../helpers/payments-fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createFullWorld, databaseState, JOBS_AN_HOUR_APART, type FullWorld } from '../helpers/world-full';

const PRIVILEGED = { status: 'APPROVED', paid: true, paymentStatus: 'successful', paidAt: '2026-01-01T00:00:00Z', role: 'SUPERUSER', enabled: false, tokenVersion: 0, passwordHash: 'x' };

describe('mass assignment', () => {
  let t: TestApp;
  let w: FullWorld;
  before(async () => {
    t = await startTestApp(JOBS_AN_HOUR_APART);
    w = await createFullWorld(t);
  });
  after(async () => t.close());

  /** Each privileged field alone must be refused with 400 and change nothing. */
  async function refusedOneByOne(method: string, url: string, token: string, valid: Record<string, unknown>, fields: Record<string, unknown>) {
    const before = await databaseState(t);
    for (const [key, value] of Object.entries(fields)) {
      const res = await call(t, method, url, { token, json: { ...valid, [key]: value } });
      assert.equal(res.statusCode, 400, `${method} ${url} with ${key}: ${res.body}`);
      assert.match(res.json().message, new RegExp(key));
    }
    assert.deepEqual(await databaseState(t), before, `${method} ${url}: the database changed`);
  }

  it('catalogue writes refuse status, payment, role, enabled and owner fields', async () => {
    const { status, paid, paymentStatus, role, enabled, tokenVersion } = PRIVILEGED;
    const fields = { status, paid, paymentStatus, role, enabled, tokenVersion, userId: w.userA.id, createdBy: w.superuser.id };
    await refusedOneByOne('POST', '/api/universities', w.superuser.token, { name: 'U' }, fields);
    await refusedOneByOne('PUT', `/api/universities/${w.uniA.id}`, w.superuser.token, { name: 'U' }, fields);
    await refusedOneByOne('POST', '/api/programs', w.adminA.token, { name: 'P', description: 'D', duration: 3 }, fields);
    await refusedOneByOne('PUT', `/api/programs/${w.programA1.id}`, w.adminA.token, { name: 'P', description: 'D', duration: 3 }, fields);
    const course = { courseName: 'C', courseDescription: 'D', semesterToBeDone: 1, yearToBeStudied: 1, programId: w.programA1.id };
    await refusedOneByOne('POST', '/api/courses', w.adminA.token, course, fields);
    await refusedOneByOne('PUT', `/api/courses/${w.courseA1.id}`, w.adminA.token, { courseName: 'C', courseDescription: 'D', sermisterToBeDone: 1, yearToBeStudied: 1 }, fields);
    await refusedOneByOne('POST', '/api/subscribers', undefined as unknown as string, { name: 'S', email: 's@example.test' }, { id: 5, ...fields });
    await refusedOneByOne(
      'PUT',
      `/api/applications/${w.applicationA}`,
      w.adminA.token,
      { status: 'Rejected', reviewNotes: 'n' },
      { paid, paymentStatus, userId: w.userB.id, universityId: w.uniB.id, id: 999, enabled },
    );
    await refusedOneByOne('PUT', `/api/users/${w.userA.id}`, w.superuser.token, { enabled: true }, { passwordHash: 'x', tokenVersion: 0, password: 'Another-Pass-1234', deletedAt: null });
    await refusedOneByOne(
      'POST',
      '/api/payments/initiate',
      w.userA.token,
      { applicationId: w.applicationA },
      { status: 'successful', paid: true, paidAt: PRIVILEGED.paidAt, userId: w.userB.id, reference: 'mine-123456' },
    );
  });

  it('an ADMIN cannot move programs or courses to another university, nor pick ids', async () => {
    const created = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: { id: 424242, name: 'Moved?', description: 'D', duration: 2, universityId: w.uniB.id } });
    assert.equal(created.statusCode, 201, created.body);
    const [program] = await t.ctx.db.select().from(programs).where(eq(programs.id, created.json().id));
    assert.equal(program!.universityId, w.uniA.id, "the ADMIN's own university, not the body's");
    assert.notEqual(program!.id, 424242);

    const edited = await call(t, 'PUT', `/api/programs/${program!.id}`, {
      token: w.adminA.token,
      json: { id: w.programB1.id, name: 'Edited', description: 'D', duration: 2, universityId: w.uniB.id },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const [again] = await t.ctx.db.select().from(programs).where(eq(programs.id, program!.id));
    assert.equal(again!.universityId, w.uniA.id);
    const [other] = await t.ctx.db.select().from(programs).where(eq(programs.id, w.programB1.id));
    assert.equal(other!.name, w.programB1.name, 'the id in the body changed nothing else');

    const course = await call(t, 'POST', '/api/courses', {
      token: w.adminA.token,
      json: { courseName: 'C1', courseDescription: 'D', semesterToBeDone: 1, yearToBeStudied: 1, programId: w.programA1.id, universityId: w.uniB.id },
    });
    assert.equal(course.statusCode, 201, course.body);
    const [courseRow] = await t.ctx.db.select().from(courses).where(eq(courses.id, course.json().id));
    assert.equal(courseRow!.universityId, w.uniA.id);

    const intoOther = await call(t, 'POST', '/api/courses', {
      token: w.adminA.token,
      json: { courseName: 'C2', courseDescription: 'D', semesterToBeDone: 1, yearToBeStudied: 1, programId: w.programB1.id },
    });
    assert.equal(intoOther.statusCode, 404, 'a program of another university is out of reach');

    const move = await call(t, 'PUT', `/api/courses/${courseRow!.id}`, {
      token: w.adminA.token,
      json: { id: w.courseB1.id, courseName: 'C1', courseDescription: 'D', sermisterToBeDone: 1, yearToBeStudied: 1, programId: w.programB1.id, universityId: w.uniB.id },
    });
    assert.ok(move.statusCode === 200 || move.statusCode === 400, move.body);
    const [courseAfter] = await t.ctx.db.select().from(courses).where(eq(courses.id, courseRow!.id));
    assert.equal(courseAfter!.programId, w.programA1.id);
    assert.equal(courseAfter!.universityId, w.uniA.id);

    const uni = await call(t, 'POST', '/api/universities', { token: w.superuser.token, json: { id: w.uniA.id, name: 'Id Picker University' } });
    assert.equal(uni.statusCode, 201, uni.body);
    assert.notEqual(uni.json().id, w.uniA.id);
    const [uniA] = await t.ctx.db.select().from(universities).where(eq(universities.id, w.uniA.id));
    assert.equal(uniA!.name, w.uniA.name);
  });

  it('self-registration ignores role and universityId and refuses account fields', async () => {
    const email = `mass-${Date.now()}@example.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.55.0.1',
      payload: { firstName: 'Mass', lastName: 'Assign', email, phone: '+260971000002', password: 'Unusual-Pass-9183', role: 'SUPERUSER', universityId: w.uniA.id, consent: true },
    });
    assert.ok(res.statusCode === 201 || res.statusCode === 400 || res.statusCode === 403, res.body);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    if (row) {
      assert.equal(row.role, 'USER');
      assert.equal(row.universityId, null);
    }
    for (const [key, value] of Object.entries({ enabled: false, tokenVersion: 5, id: 1, passwordHash: 'x', deletedAt: null })) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '10.55.0.2',
        payload: { firstName: 'Mass', lastName: 'Assign', email: `k-${key}-${email}`, phone: '+260971000002', password: 'Unusual-Pass-9183', [key]: value },
      });
      assert.equal(r.statusCode, 400, `${key}: ${r.body}`);
    }
  });

  it('archiving a user (the SUPERUSER) cannot change its role, university or id; an ADMIN cannot archive at all', async () => {
    const applicant = await createApplication(t, w.userB, w.uniA.id);
    assert.ok(applicant.id);
    const byAdmin = await call(t, 'PUT', `/api/users/${w.userB.id}`, { token: w.adminA.token, json: { enabled: false, universityId: w.uniA.id } });
    assert.equal(byAdmin.statusCode, 403, byAdmin.body);
    const res = await call(t, 'PUT', `/api/users/${w.userB.id}`, { token: w.superuser.token, json: { enabled: true, universityId: w.uniA.id, id: w.superuser.id, userId: w.superuser.id } });
    assert.ok(res.statusCode === 200 || res.statusCode === 400, res.body);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, w.userB.id));
    assert.equal(row!.role, 'USER');
    assert.equal(row!.universityId, null);
    const [su] = await t.ctx.db.select().from(users).where(eq(users.id, w.superuser.id));
    assert.equal(su!.enabled, true);
    const role = await call(t, 'PUT', `/api/users/${w.userB.id}`, { token: w.superuser.token, json: { enabled: true, role: 'SUPERUSER' } });
    assert.ok(role.statusCode === 400 || role.statusCode === 200);
    const [still] = await t.ctx.db.select().from(users).where(eq(users.id, w.userB.id));
    assert.equal(still!.role, 'USER');
  });

  it('a submission cannot set its status, payment, owner or university', async () => {
    const before = await t.ctx.db.select({ id: applications.id }).from(applications);
    for (const overrides of [
      { status: 'APPROVED' },
      { status: 'Approved' },
      { paid: true },
      { payment: { status: 'successful' } },
      { userId: w.userB.id, fullName: 'Someone Else' },
      { universityId: w.uniB.id },
      { reviewNotes: 'pre-approved' },
      { id: w.applicationB },
    ]) {
      const res = await submit(t, w.userA.token, [w.programA1.id], overrides);
      assert.ok(res.statusCode === 201 || res.statusCode === 400, `${JSON.stringify(overrides)}: ${res.statusCode} ${res.body}`);
      if (res.statusCode === 201) {
        const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, res.json().id));
        assert.equal(row!.status, 'PENDING', JSON.stringify(overrides));
        assert.equal(row!.userId, w.userA.id, JSON.stringify(overrides));
        assert.equal(row!.universityId, w.uniA.id, JSON.stringify(overrides));
        assert.equal(row!.reviewNotes ?? null, null, JSON.stringify(overrides));
        assert.notEqual(row!.id, w.applicationB);
        const paid = await t.ctx.db.select().from(payments).where(eq(payments.applicationId, row!.id));
        assert.equal(paid.length, 0, 'no payment row from a body');
      }
    }
    // Application B is untouched.
    const [b] = await t.ctx.db.select().from(applications).where(eq(applications.id, w.applicationB));
    assert.equal(b!.userId, w.userB.id);
    assert.equal(b!.status, 'PENDING');
    assert.ok((await t.ctx.db.select({ id: applications.id }).from(applications)).length >= before.length);
  });

  it('a payment takes the amount and currency of the server, not of the body', async () => {
    const application = await createApplication(t, w.userA, w.uniA.id);
    const res = await call(t, 'POST', '/api/payments/initiate', { token: w.userA.token, json: { applicationId: application.id, amount: 0.01, currency: 'USD' } });
    assert.equal(res.statusCode, 200, res.body);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.reference, res.json().reference));
    assert.equal(Number(row!.amount), APPLICATION_FEE.amount);
    assert.equal(row!.currency, APPLICATION_FEE.currency);
    assert.equal(row!.status, 'pending');
    assert.equal(row!.userId, w.userA.id);
  });

  it('a repeated waitlist email with a forged id changes nothing', async () => {
    const before = await t.ctx.db.select().from(subscribers);
    const res = await call(t, 'POST', '/api/subscribers', { json: { id: 1, name: 'x', email: 'dup@example.test' } });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(await t.ctx.db.select().from(subscribers), before);
  });
});
