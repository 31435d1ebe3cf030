import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { APPLICATION_STATUSES } from 'shared-api/contract';
import { applications, courses, programs } from '../src/infrastructure/database/schema';
import { lastSevenUtcDays } from '../src/modules/dashboard/service';
import { catalogueCache } from '../src/infrastructure/caches/public-cache';
import { applicationRow, call, createUniversity, createUser, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

type Status = 'SUBMITTED' | 'PENDING' | 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED';
const DAY = 24 * 60 * 60 * 1000;

describe('dashboard stats', () => {
  let t: TestApp;
  let w: World;
  let userC: number;

  async function apply(userId: number, universityId: number, status: Status, daysAgo: number) {
    await t.ctx.db.insert(applications).values(applicationRow(userId, universityId, { status, createdAt: new Date(Date.now() - daysAgo * DAY) }));
  }

  const stats = (token: string, query = '') => call(t, 'GET', `/api/dashboard/stats${query}`, { token });

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    userC = (await createUser(t, 'USER')).id;
    const [p1, , , p4] = await t.ctx.db
      .insert(programs)
      .values([
        { universityId: w.uniA.id, name: 'BSc CS', description: 'd', durationYears: 4, faculty: 'Computer Science' },
        { universityId: w.uniA.id, name: 'BSc IT', description: 'd', durationYears: 4, faculty: 'Computer Science' },
        { universityId: w.uniA.id, name: 'BA History', description: 'd', durationYears: 3, faculty: null },
        { universityId: w.uniB.id, name: 'BEng Mining', description: 'd', durationYears: 5, faculty: 'Engineering' },
      ])
      .returning();
    await t.ctx.db.insert(courses).values([
      { programId: p1!.id, universityId: w.uniA.id, courseName: 'a', courseDescription: 'd', semester: 1, year: 1 },
      { programId: p1!.id, universityId: w.uniA.id, courseName: 'b', courseDescription: 'd', semester: 2, year: 1 },
      { programId: p4!.id, universityId: w.uniB.id, courseName: 'c', courseDescription: 'd', semester: 1, year: 1 },
    ]);
    // uniA: userA twice (one student), userB once; uniB: userB and userC.
    await apply(w.userA.id, w.uniA.id, 'PENDING', 0);
    await apply(w.userA.id, w.uniA.id, 'APPROVED', 2);
    await apply(w.userB.id, w.uniA.id, 'REJECTED', 10);
    await apply(w.userB.id, w.uniB.id, 'PENDING', 0);
    await apply(userC, w.uniB.id, 'SUBMITTED', 6);
  });
  after(() => t.close());

  it('gives a SUPERUSER every figure across all universities', async () => {
    const res = await stats(w.superuser.token);
    assert.equal(res.statusCode, 200);
    const s = res.json();
    assert.equal(s.universities, 2);
    assert.equal(s.programs, 4);
    assert.equal(s.courses, 3);
    assert.equal(s.students, 3);
    assert.equal(s.applications, 5);
    assert.deepEqual(s.programsByFaculty, [
      { label: 'Computer Science', value: 2 },
      { label: 'Engineering', value: 1 },
      { label: 'Other', value: 1 },
    ]);
    assert.deepEqual(s.studentsByUniversity, [
      { label: 'Copperbelt University', value: 2 },
      { label: 'University of Zambia', value: 2 },
    ]);
    // Every status the contract has, in its order (a hard-coded list missed each new one).
    const placed: Partial<Record<string, number>> = { SUBMITTED: 1, PENDING: 2, APPROVED: 1, REJECTED: 1 };
    assert.deepEqual(
      s.applicationsByStatus,
      APPLICATION_STATUSES.map((status) => ({ status, value: placed[status] ?? 0 })),
    );
    const days = lastSevenUtcDays(new Date());
    assert.equal(s.submissionsLast7Days.length, 7);
    assert.deepEqual(
      s.submissionsLast7Days.map((d: { date: string }) => d.date),
      days,
    );
    assert.equal(days[6], new Date().toISOString().slice(0, 10));
    const byDay = Object.fromEntries(s.submissionsLast7Days.map((d: { date: string; value: number }) => [d.date, d.value]));
    assert.equal(byDay[days[6]!], 2, 'two today');
    assert.equal(byDay[days[4]!], 1, 'one two days ago');
    assert.equal(byDay[days[0]!], 1, 'one six days ago, the first day of the window');
    assert.equal(
      s.submissionsLast7Days.reduce((n: number, d: { value: number }) => n + d.value, 0),
      4,
      'ten days ago is outside',
    );
    assert.equal(res.headers['cache-control'], 'private, no-store');
  });

  it('narrows a SUPERUSER to the university it names', async () => {
    const s = (await stats(w.superuser.token, `?universityId=${w.uniB.id}`)).json();
    assert.equal(s.universities, 1);
    assert.equal(s.programs, 1);
    assert.equal(s.courses, 1);
    assert.equal(s.students, 2);
    assert.equal(s.applications, 2);
    assert.deepEqual(s.programsByFaculty, [{ label: 'Engineering', value: 1 }]);
    assert.deepEqual(s.studentsByUniversity, [{ label: 'Copperbelt University', value: 2 }]);
  });

  it('gives an ADMIN its own university only, whatever it asks for', async () => {
    const own = (await stats(w.adminA.token)).json();
    const asked = (await stats(w.adminA.token, `?universityId=${w.uniB.id}`)).json();
    assert.deepEqual(asked, own);
    assert.equal(own.universities, 1);
    assert.equal(own.programs, 3);
    assert.equal(own.courses, 2);
    assert.equal(own.students, 2);
    assert.equal(own.applications, 3);
    assert.deepEqual(own.programsByFaculty, [
      { label: 'Computer Science', value: 2 },
      { label: 'Other', value: 1 },
    ]);
    assert.deepEqual(own.studentsByUniversity, [{ label: 'University of Zambia', value: 2 }]);
  });

  it('is refused to applicants (403), guests (401) and an ADMIN bound to no university (403)', async () => {
    assert.equal((await stats(w.userA.token)).statusCode, 403);
    assert.equal((await call(t, 'GET', '/api/dashboard/stats')).statusCode, 401);
    const orphan = await createUser(t, 'ADMIN');
    assert.equal((await stats(orphan.token)).statusCode, 403);
    assert.equal((await stats(w.superuser.token, '?universityId=abc')).statusCode, 400);
  });

  it('with the in-process cache on, a catalogue write shows at once', async () => {
    const cache = catalogueCache(t.ctx);
    cache.setTtl(60_000);
    try {
      const before = (await stats(w.adminA.token)).json().programs;
      const created = await call(t, 'POST', '/api/programs', {
        token: w.adminA.token,
        json: { name: 'BSc Statistics', description: 'd', duration: 4, faculty: 'Science' },
      });
      assert.equal(created.statusCode, 201);
      const after = (await stats(w.adminA.token)).json();
      assert.equal(after.programs, before + 1);
      assert.ok(after.programsByFaculty.some((f: { label: string; value: number }) => f.label === 'Science' && f.value === 1));
      assert.equal((await stats(w.adminB.token)).json().programs, 1, 'scopes are cached apart');
      await call(t, 'DELETE', `/api/programs/${created.json().id}`, { token: w.adminA.token });
      assert.equal((await stats(w.adminA.token)).json().programs, before);
    } finally {
      cache.setTtl(0);
    }
  });

  it('keeps only the five universities with the most applicants, largest first', async () => {
    for (let i = 1; i <= 6; i += 1) {
      const uni = await createUniversity(t, `Top ${i} University`);
      for (let j = 0; j < i + 2; j += 1) await apply((await createUser(t, 'USER')).id, uni.id, 'PENDING', 1);
    }
    const s = (await stats(w.superuser.token)).json();
    assert.deepEqual(
      s.studentsByUniversity.map((e: { label: string; value: number }) => [e.label, e.value]),
      [
        ['Top 6 University', 8],
        ['Top 5 University', 7],
        ['Top 4 University', 6],
        ['Top 3 University', 5],
        ['Top 2 University', 4],
      ],
    );
  });
});
