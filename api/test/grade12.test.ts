/**
 * Issue 17, item 4: Grade 12 (ECZ) results and a score. The submission may
 * carry results (subject and grade 1–9, each subject once, English among
 * them, 5 to 9 subjects); the server alone computes the best-five points
 * (English plus the best four others, lower is better), answers them to the
 * applicant and staff, sorts and filters the staff list by them through its
 * exact cache, and flags (never refuses) an application above a chosen
 * program's ceiling. A spec client that sends no results is still accepted.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import * as contract from 'shared-api/contract';
import { staffListCache } from '../src/infrastructure/caches/staff-list-cache';
import { applications } from '../src/infrastructure/database/schema';
import { createProgram, submit, submitOk } from './fixtures/applications';
import { call, createUser, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const { Application, Program } = contract;
type App = ReturnType<typeof Application.parse>;
type Page = { items: App[]; total: number; page: number; size: number };

/** English 3 plus Maths 1, Biology 2, Chemistry 4, Physics 6 (and Geography 9, not counted): 3 + 1 + 2 + 4 + 6 = 16. */
const SIXTEEN = [
  { subject: 'English Language', grade: 3 },
  { subject: 'Mathematics', grade: 1 },
  { subject: 'Biology', grade: 2 },
  { subject: 'Chemistry', grade: 4 },
  { subject: 'Physics', grade: 6 },
  { subject: 'Geography', grade: 9 },
];
const results = (english: number, others: number[]) => [
  { subject: 'English Language', grade: english },
  ...others.map((grade, i) => ({ subject: ['Mathematics', 'Biology', 'Chemistry', 'Physics', 'History', 'Commerce', 'French', 'Geography'][i]!, grade })),
];

describe('Grade 12 results and points', () => {
  let t: TestApp;
  let w: World;
  let nursing: { id: number };
  let law: { id: number };

  const detail = async (token: string, id: number) => {
    const res = await call(t, 'GET', `/api/applications/${id}`, { token });
    assert.equal(res.statusCode, 200, res.body);
    return Application.parse(res.json()) as App;
  };
  const page = async (token: string, query: string) => {
    const res = await call(t, 'GET', `/api/applications?${query}`, { token });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as Page;
  };
  const refused = async (grade12Results: unknown) => {
    const applicant = await createUser(t, 'USER');
    const res = await submit(t, applicant.token, [nursing.id], { grade12Results });
    assert.equal(res.statusCode, 400, res.body);
    return res.json().message as string;
  };

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    nursing = await createProgram(t, w.uniA.id, 'BSc Nursing');
    law = await createProgram(t, w.uniA.id, 'Bachelor of Laws');
  });
  after(() => t.close());

  describe('validation: plain-words 400s naming the field', () => {
    it('refuses results without English Language', async () => {
      const message = await refused(SIXTEEN.slice(1));
      assert.equal(message, 'grade12Results: English Language must be among the subjects.');
    });

    it('refuses a subject that is not on the list, a grade outside 1–9 or not whole, a subject twice, more than 9 or fewer than 5', async () => {
      assert.equal(await refused([...SIXTEEN.slice(0, 5), { subject: 'Astrology', grade: 2 }]), 'grade12Results: row 6: choose a subject from the list.');
      assert.equal(await refused([...SIXTEEN.slice(0, 4), { subject: 'Physics', grade: 10 }]), 'grade12Results: the grade of Physics must be a whole number from 1 (best) to 9.');
      assert.equal(await refused([...SIXTEEN.slice(0, 4), { subject: 'Physics', grade: 0 }]), 'grade12Results: the grade of Physics must be a whole number from 1 (best) to 9.');
      assert.equal(await refused([...SIXTEEN.slice(0, 4), { subject: 'Physics', grade: 2.5 }]), 'grade12Results: the grade of Physics must be a whole number from 1 (best) to 9.');
      assert.equal(await refused([...SIXTEEN.slice(0, 4), { subject: 'Physics', grade: '2' }]), 'grade12Results: the grade of Physics must be a whole number from 1 (best) to 9.');
      assert.equal(await refused([...SIXTEEN, { subject: 'Mathematics', grade: 2 }]), 'grade12Results: Mathematics is listed twice.');
      assert.equal(await refused(results(1, [1, 1, 1, 1, 1, 1, 1, 1, 1])), 'grade12Results: give no more than 9 subjects.');
      assert.equal(await refused(SIXTEEN.slice(0, 4)), 'grade12Results: give at least 5 subjects (English Language and your best four others).');
      assert.equal(await refused([...SIXTEEN.slice(0, 4), { subject: 'Physics', grade: 2, points: 5 }]), 'grade12Results: row 5 has an unknown field (points).');
      assert.equal(await refused('English 1'), 'grade12Results: must be a list of subjects and grades');
    });

    it('never takes points from the client', async () => {
      const applicant = await createUser(t, 'USER');
      const res = await submit(t, applicant.token, [nursing.id], { grade12Results: SIXTEEN, points: 5 });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().message, 'Unknown field: points');
    });
  });

  describe('points', () => {
    it('are English plus the best four others, for the applicant and for staff', async () => {
      const applicant = await createUser(t, 'USER');
      const id = await submitOk(t, applicant.token, [nursing.id], { grade12Results: SIXTEEN });
      const mine = await detail(applicant.token, id);
      assert.deepEqual(mine.grade12Results, SIXTEEN);
      assert.equal(mine.points, 16);
      assert.equal('pointsAboveCeiling' in mine, false, 'the flag is for staff');
      const staff = await detail(w.adminA.token, id);
      assert.equal(staff.points, 16);
      assert.deepEqual(staff.grade12Results, SIXTEEN);
      assert.equal(staff.pointsAboveCeiling, false);
      const [row] = await t.ctx.db.select({ points: applications.grade12Points }).from(applications).where(eq(applications.id, id));
      assert.equal(row!.points, 16);
    });

    it('count English even when it is the weakest grade', async () => {
      const applicant = await createUser(t, 'USER');
      const id = await submitOk(t, applicant.token, [nursing.id], { grade12Results: results(8, [1, 1, 1, 1, 1]) });
      assert.equal((await detail(applicant.token, id)).points, 12);
    });

    it('a spec client without results is still accepted: no results, points null', async () => {
      const applicant = await createUser(t, 'USER');
      const id = await submitOk(t, applicant.token, [nursing.id]);
      const mine = await detail(applicant.token, id);
      assert.deepEqual(mine.grade12Results, []);
      assert.equal(mine.points, null);
      assert.equal((await detail(w.adminA.token, id)).pointsAboveCeiling, false);
      const emptyList = await submitOk(t, (await createUser(t, 'USER')).token, [nursing.id], { grade12Results: [] });
      assert.equal((await detail(w.adminA.token, emptyList)).points, null);
    });
  });

  describe('program ceilings: a flag, never a refusal', () => {
    it('programs take an optional ceiling through the API; an edit without it keeps it; null removes it', async () => {
      const body = { name: 'BSc Pharmacy', description: 'Medicines', duration: 5, pointsCeiling: 12 };
      const created = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: body });
      assert.equal(created.statusCode, 201, created.body);
      const program = Program.parse(created.json());
      assert.equal(program.pointsCeiling, 12);
      const { pointsCeiling: _dropped, ...specBody } = body;
      const edited = await call(t, 'PUT', `/api/programs/${program.id}`, { token: w.adminA.token, json: { ...specBody, description: 'Medicines and care' } });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(edited.json().pointsCeiling, 12);
      const cleared = await call(t, 'PUT', `/api/programs/${program.id}`, { token: w.adminA.token, json: { ...specBody, pointsCeiling: null } });
      assert.equal(cleared.json().pointsCeiling, null);
      const bad = await call(t, 'PUT', `/api/programs/${program.id}`, { token: w.adminA.token, json: { ...specBody, pointsCeiling: 50 } });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.json().message, /^pointsCeiling: must be at most 45 points/);
    });

    it('an application above the ceiling of a chosen program is accepted and flagged for staff', async () => {
      const strict = await createProgram(t, w.uniA.id, 'MBChB Medicine');
      await call(t, 'PUT', `/api/programs/${strict.id}`, { token: w.adminA.token, json: { name: 'MBChB Medicine', description: 'Medicine', duration: 7, pointsCeiling: 10 } });
      const applicant = await createUser(t, 'USER');
      // Second choice carries the ceiling: any chosen program counts.
      const above = await submitOk(t, applicant.token, [nursing.id, strict.id], { grade12Results: SIXTEEN });
      assert.equal((await detail(w.adminA.token, above)).pointsAboveCeiling, true);
      const within = await submitOk(t, (await createUser(t, 'USER')).token, [strict.id], { grade12Results: results(2, [2, 2, 2, 2]) });
      assert.equal((await detail(w.adminA.token, within)).pointsAboveCeiling, false, '10 is not above a ceiling of 10');
      const listed = await page(w.adminA.token, 'page=1&size=100');
      assert.equal(listed.items.find((a) => a.id === above)!.pointsAboveCeiling, true);
    });

    it('a ceiling changed later moves the flag on the next request of a cached page', async () => {
      const program = await createProgram(t, w.uniA.id, 'BEng Mining');
      const id = await submitOk(t, (await createUser(t, 'USER')).token, [program.id], { grade12Results: SIXTEEN });
      const query = 'page=1&size=100&sort=points';
      await page(w.adminA.token, query);
      const stats = staffListCache(t.ctx).stats();
      assert.equal((await page(w.adminA.token, query)).items.find((a) => a.id === id)!.pointsAboveCeiling, false);
      assert.equal(staffListCache(t.ctx).stats().hits, stats.hits + 1, 'the second read is served from the cache');
      const res = await call(t, 'PUT', `/api/programs/${program.id}`, { token: w.adminA.token, json: { name: 'BEng Mining', description: 'Mining', duration: 5, pointsCeiling: 15 } });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal((await page(w.adminA.token, query)).items.find((a) => a.id === id)!.pointsAboveCeiling, true);
    });
  });

  describe('the staff list', () => {
    let best: number;
    let middle: number;
    let none: number;

    before(async () => {
      best = await submitOk(t, (await createUser(t, 'USER')).token, [law.id], { grade12Results: results(1, [1, 1, 1, 1]) });
      middle = await submitOk(t, (await createUser(t, 'USER')).token, [law.id], { grade12Results: results(4, [4, 4, 4, 4]) });
      none = await submitOk(t, (await createUser(t, 'USER')).token, [law.id]);
    });

    it('sorts by points, lowest (best) first, applications without results last', async () => {
      const listed = await page(w.adminA.token, 'sort=points&page=1&size=100');
      const points = listed.items.map((a) => a.points);
      const scored = points.filter((p): p is number => p !== null);
      assert.deepEqual(
        scored,
        [...scored].sort((a, b) => a - b),
      );
      assert.equal(points.indexOf(null), scored.length, 'every application without points comes after those with');
      const ids = listed.items.map((a) => a.id);
      assert.ok(ids.indexOf(best) < ids.indexOf(middle) && ids.indexOf(middle) < ids.indexOf(none));
      assert.equal(listed.items[0]!.points, 5);
    });

    it('filters by maxPoints (inclusive), leaving out applications without results, and counts them', async () => {
      const listed = await page(w.adminA.token, 'maxPoints=20&page=1&size=100');
      assert.ok(listed.items.length > 0);
      assert.ok(listed.items.every((a) => typeof a.points === 'number' && a.points <= 20));
      assert.ok(listed.items.some((a) => a.id === middle && a.points === 20));
      assert.ok(!listed.items.some((a) => a.id === none));
      assert.equal(listed.total, listed.items.length);
      assert.deepEqual(
        (await page(w.adminA.token, 'maxPoints=5&page=1&size=100')).items.map((a) => a.id),
        [best],
      );
    });

    it('the filter is part of the cached page: a new application within it shows at once', async () => {
      const query = 'maxPoints=6&page=1&size=100';
      const before = (await page(w.adminA.token, query)).total;
      await submitOk(t, (await createUser(t, 'USER')).token, [law.id], { grade12Results: results(2, [1, 1, 1, 1]) });
      assert.equal((await page(w.adminA.token, query)).total, before + 1);
      assert.equal((await page(w.adminA.token, 'maxPoints=5&page=1&size=100')).total, 1, 'another bound is another page');
    });

    it('refuses a bad maxPoints or sort in plain words', async () => {
      for (const [query, message] of [
        ['maxPoints=abc', /^maxPoints: must be a whole number of points/],
        ['maxPoints=3', /^maxPoints: must be at least 5 points/],
        ['maxPoints=46', /^maxPoints: must be at most 45 points/],
        ['sort=score', /^sort: /],
      ] as const) {
        const res = await call(t, 'GET', `/api/applications?${query}`, { token: w.adminA.token });
        assert.equal(res.statusCode, 400, query);
        assert.match(res.json().message, message);
      }
    });
  });

  describe('drafts', () => {
    it('keep half-typed results and refuse what could never be valid', async () => {
      const applicant = await createUser(t, 'USER');
      const grade12Results = [
        { subject: 'English Language', grade: 2 },
        { subject: '', grade: null },
        { subject: 'Mathematics', grade: null },
      ];
      const saved = await call(t, 'PUT', '/api/drafts/mine', { token: applicant.token, json: { grade12Results, updatedAt: null } });
      assert.equal(saved.statusCode, 200, saved.body);
      const read = await call(t, 'GET', '/api/drafts/mine', { token: applicant.token });
      assert.deepEqual(read.json().draft.grade12Results, grade12Results);
      const bad = await call(t, 'PUT', '/api/drafts/mine', { token: applicant.token, json: { grade12Results: [{ subject: 'English Language', grade: 12 }], updatedAt: read.json().updatedAt } });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.json().message, /^grade12Results\.0\.grade: must be a grade from 1 to 9/);
    });
  });
});
