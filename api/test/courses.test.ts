import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { auditLog, programs } from '../src/infrastructure/database/schema';
import { call, createUser, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('courses', () => {
  let t: TestApp;
  let w: World;
  let programA: number;
  let programB: number;

  const create = (token: string, extra: Record<string, unknown> = {}) =>
    call(t, 'POST', '/api/courses', {
      token,
      json: { courseName: 'Calculus I', courseDescription: 'Limits and derivatives', semesterToBeDone: 1, yearToBeStudied: 1, programId: programA, ...extra },
    });

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    const rows = await t.ctx.db
      .insert(programs)
      .values([
        { universityId: w.uniA.id, name: 'BSc Mathematics', description: 'd', durationYears: 4 },
        { universityId: w.uniB.id, name: 'BEng Mining', description: 'd', durationYears: 5 },
      ])
      .returning();
    programA = rows[0]!.id;
    programB = rows[1]!.id;
  });
  after(() => t.close());

  it('creates with semesterToBeDone and reads back both spellings, ids and the program’s university', async () => {
    const res = await create(w.adminA.token, { universityId: w.uniB.id });
    assert.equal(res.statusCode, 201);
    const c = res.json();
    assert.deepEqual(Object.keys(c).sort(), ['_id', 'courseDescription', 'courseName', 'id', 'programId', 'semesterToBeDone', 'sermisterToBeDone', 'universityId', 'yearToBeStudied']);
    assert.equal(c._id, c.id);
    assert.equal(c.sermisterToBeDone, 1);
    assert.equal(c.semesterToBeDone, 1);
    assert.equal(c.yearToBeStudied, 1);
    assert.equal(c.programId, programA);
    assert.equal(c.universityId, w.uniA.id, 'the course belongs to its program’s university, not the body’s');

    const one = await call(t, 'GET', `/api/courses/${c.id}`);
    assert.equal(one.statusCode, 200);
    assert.deepEqual(one.json(), c);
    assert.equal(one.headers['cache-control'], 'public, no-cache');
    assert.equal((await call(t, 'GET', `/api/courses/${c.id}`, { headers: { 'if-none-match': String(one.headers.etag) } })).statusCode, 304);
  });

  it('accepts numbers sent as text and validates semester, year and required fields', async () => {
    const asText = await create(w.adminA.token, { semesterToBeDone: '2', yearToBeStudied: '1', courseName: 'Linear Algebra' });
    assert.equal(asText.statusCode, 201);
    assert.equal(asText.json().sermisterToBeDone, 2);
    for (const [field, value] of [
      ['semesterToBeDone', 0],
      ['semesterToBeDone', 'two'],
      ['yearToBeStudied', 1.5],
      ['courseName', ''],
      ['courseDescription', '   '],
    ] as const) {
      const res = await create(w.adminA.token, { [field]: value });
      assert.equal(res.statusCode, 400, `${field}=${value}`);
      assert.match(res.json().message, new RegExp(`^${field}: `));
    }
    const missingProgram = await call(t, 'POST', '/api/courses', {
      token: w.adminA.token,
      json: { courseName: 'x', courseDescription: 'y', semesterToBeDone: 1, yearToBeStudied: 1 },
    });
    assert.equal(missingProgram.statusCode, 400);
    assert.match(missingProgram.json().message, /^programId: /);
  });

  it('refuses a program outside reach or unknown with 404, even for a SUPERUSER when unknown', async () => {
    const other = await create(w.adminA.token, { programId: programB });
    assert.equal(other.statusCode, 404);
    assert.equal(other.json().message, 'Program not found');
    const unknown = await create(w.superuser.token, { programId: 999999 });
    assert.equal(unknown.statusCode, 404);
    const bySuper = await create(w.superuser.token, { programId: programB, courseName: 'Rock Mechanics' });
    assert.equal(bySuper.statusCode, 201);
    assert.equal(bySuper.json().universityId, w.uniB.id);
  });

  it('an applicant or a guest cannot create', async () => {
    assert.equal((await create(w.userA.token)).statusCode, 403);
    assert.equal((await call(t, 'POST', '/api/courses', { json: {} })).statusCode, 401);
  });

  it('lists courses of a program publicly; an unknown program is 404', async () => {
    const res = await call(t, 'GET', `/api/courses/program/${programA}`);
    assert.equal(res.statusCode, 200);
    const list = res.json();
    assert.ok(list.length >= 2);
    assert.ok(list.every((c: { programId: number; sermisterToBeDone: number }) => c.programId === programA && typeof c.sermisterToBeDone === 'number'));
    const missing = await call(t, 'GET', '/api/courses/program/999999');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().message, 'Program not found');
    assert.equal((await call(t, 'GET', '/api/courses/999999')).json().message, 'Course not found');
  });

  it('GET /api/courses needs a token and follows the caller’s reach', async () => {
    assert.equal((await call(t, 'GET', '/api/courses')).statusCode, 401);
    const universitiesOf = async (token: string, query = '') => new Set((await call(t, 'GET', `/api/courses${query}`, { token })).json().map((c: { universityId: number }) => c.universityId));
    assert.deepEqual([...(await universitiesOf(w.adminA.token))], [w.uniA.id]);
    assert.deepEqual([...(await universitiesOf(w.adminB.token))], [w.uniB.id]);
    assert.deepEqual([...(await universitiesOf(w.adminA.token, `?universityId=${w.uniB.id}`))], [w.uniA.id], 'an ADMIN cannot widen its reach');
    assert.deepEqual((await universitiesOf(w.superuser.token)).size, 2);
    assert.deepEqual([...(await universitiesOf(w.superuser.token, `?universityId=${w.uniB.id}`))], [w.uniB.id]);
    assert.equal((await universitiesOf(w.userA.token)).size, 2);
    const orphan = await createUser(t, 'ADMIN');
    assert.deepEqual((await call(t, 'GET', '/api/courses', { token: orphan.token })).json(), []);
  });

  it('updates with sermisterToBeDone within reach; another university’s ADMIN gets 404', async () => {
    const c = (await create(w.adminA.token, { courseName: 'Statistics' })).json();
    const res = await call(t, 'PUT', `/api/courses/${c.id}`, {
      token: w.adminA.token,
      json: { ...c, courseName: 'Statistics I', sermisterToBeDone: 2, yearToBeStudied: 2 },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().courseName, 'Statistics I');
    assert.equal(res.json().sermisterToBeDone, 2);
    assert.equal(res.json().semesterToBeDone, 2);
    assert.equal(res.json().yearToBeStudied, 2);
    assert.equal(res.json().programId, programA);

    const spec = await call(t, 'PUT', `/api/courses/${c.id}`, {
      token: w.superuser.token,
      json: { courseName: 'Statistics II', courseDescription: 'More', sermisterToBeDone: 3, yearToBeStudied: 2 },
    });
    assert.equal(spec.statusCode, 200);
    assert.equal(spec.json().sermisterToBeDone, 3);

    const theirs = await call(t, 'PUT', `/api/courses/${c.id}`, {
      token: w.adminB.token,
      json: { courseName: 'Hijack', courseDescription: 'x', sermisterToBeDone: 1, yearToBeStudied: 1 },
    });
    assert.equal(theirs.statusCode, 404);
    assert.equal(theirs.json().message, 'Course not found');
    assert.equal((await call(t, 'GET', `/api/courses/${c.id}`)).json().courseName, 'Statistics II');

    const noSemester = await call(t, 'PUT', `/api/courses/${c.id}`, {
      token: w.adminA.token,
      json: { courseName: 'x', courseDescription: 'y', yearToBeStudied: 1 },
    });
    assert.equal(noSemester.statusCode, 400);
    assert.match(noSemester.json().message, /^sermisterToBeDone: /);
  });

  it('deletes within reach only', async () => {
    const c = (await create(w.adminA.token, { courseName: 'To delete' })).json();
    assert.equal((await call(t, 'DELETE', `/api/courses/${c.id}`, { token: w.adminB.token })).statusCode, 404);
    assert.equal((await call(t, 'DELETE', `/api/courses/${c.id}`, { token: w.userA.token })).statusCode, 403);
    const res = await call(t, 'DELETE', `/api/courses/${c.id}`, { token: w.adminA.token });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().message, 'Course deleted successfully');
    assert.equal((await call(t, 'GET', `/api/courses/${c.id}`)).statusCode, 404);
    assert.equal((await call(t, 'DELETE', `/api/courses/${c.id}`, { token: w.adminA.token })).statusCode, 404);
    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `course:${c.id}`));
    assert.deepEqual(entries.map((e) => [e.action, e.actorId]).sort(), [
      ['course.create', w.adminA.id],
      ['course.delete', w.adminA.id],
    ]);
  });
});
