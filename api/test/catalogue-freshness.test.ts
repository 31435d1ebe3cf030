/**
 * Issue 22 defect 1: a person sees their own catalogue change at once.
 * Every catalogue read is revalidated by the browser (ETag + `no-cache`, 304
 * when unchanged) instead of being reused for an age, and the in-process
 * catalogue cache (infrastructure/caches/public-cache.ts) never answers a signed-in reader
 * with a body older than a write that committed before the request, whichever
 * instance made it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { applications, programs } from '../src/infrastructure/database/schema';
import { catalogueCache } from '../src/infrastructure/caches/public-cache';
import { createScratchDatabase, type ScratchDatabase } from './helpers/cluster';
import { applicationRow, call, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const programBody = (name: string) => ({ name, description: 'Systems and theory', duration: 4, faculty: 'Science' });

describe('catalogue reads are revalidated, never reused for an age', () => {
  let t: TestApp;
  let w: World;
  let programId: number;
  let courseId: number;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    programId = (await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: programBody('BSc Chemistry') })).json().id;
    courseId = (
      await call(t, 'POST', '/api/courses', {
        token: w.adminA.token,
        json: { programId, courseName: 'Organic Chemistry', courseDescription: 'Carbon', semesterToBeDone: 1, yearToBeStudied: 1 },
      })
    ).json().id;
  });
  after(() => t.close());

  it('every cached read says no-cache with an ETag, and answers 304 to a matching If-None-Match', async () => {
    const reads = [
      '/api/programs',
      `/api/programs?universityId=${w.uniA.id}&page=1&size=5`,
      `/api/programs/university/${w.uniA.id}`,
      `/api/programs/${programId}`,
      `/api/courses/program/${programId}`,
      `/api/courses/${courseId}`,
      '/api/universities',
      `/api/universities/${w.uniA.id}`,
    ];
    for (const url of reads) {
      for (const token of [undefined, w.adminA.token]) {
        const res = await call(t, 'GET', url, { token });
        assert.equal(res.statusCode, 200, url);
        const cacheControl = String(res.headers['cache-control']);
        assert.match(cacheControl, /\bno-cache\b/, `${url}: ${cacheControl}`);
        assert.doesNotMatch(cacheControl, /max-age/, `${url}: ${cacheControl}`);
        assert.match(String(res.headers.etag), /^W\/"/, url);
        const again = await call(t, 'GET', url, { token, headers: { 'if-none-match': String(res.headers.etag) } });
        assert.equal(again.statusCode, 304, url);
        assert.equal(again.body, '', url);
      }
    }
  });

  for (const ttl of [0, 60_000]) {
    it(`create, edit and delete show at once in the list and the detail (in-process cache ${ttl ? 'on' : 'off'})`, async () => {
      const cache = catalogueCache(t.ctx);
      cache.setTtl(ttl);
      try {
        const listUrl = `/api/programs/university/${w.uniA.id}`;
        const list = await call(t, 'GET', listUrl, { token: w.adminA.token });
        const listEtag = String(list.headers.etag);

        const created = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: programBody(`BSc Geology ${ttl}`) });
        assert.equal(created.statusCode, 201);
        const id = created.json().id as number;
        const afterCreate = await call(t, 'GET', listUrl, { token: w.adminA.token, headers: { 'if-none-match': listEtag } });
        assert.equal(afterCreate.statusCode, 200, 'the old list is not confirmed after a create');
        assert.ok(afterCreate.json().some((p: { id: number }) => p.id === id));

        const detail = await call(t, 'GET', `/api/programs/${id}`, { token: w.adminA.token });
        const detailEtag = String(detail.headers.etag);
        const updated = await call(t, 'PUT', `/api/programs/${id}`, { token: w.adminA.token, json: programBody(`BSc Geophysics ${ttl}`) });
        assert.equal(updated.statusCode, 200);
        const afterEdit = await call(t, 'GET', `/api/programs/${id}`, { token: w.adminA.token, headers: { 'if-none-match': detailEtag } });
        assert.equal(afterEdit.statusCode, 200, 'the old detail is not confirmed after an edit');
        assert.equal(afterEdit.json().name, `BSc Geophysics ${ttl}`);
        const listAfterEdit = (await call(t, 'GET', listUrl, { token: w.adminA.token })).json();
        assert.equal(listAfterEdit.find((p: { id: number }) => p.id === id).name, `BSc Geophysics ${ttl}`);
        assert.equal((await call(t, 'GET', `/api/programs/${id}`)).json().name, `BSc Geophysics ${ttl}`, 'and for a guest on this instance');

        const deleted = await call(t, 'DELETE', `/api/programs/${id}`, { token: w.adminA.token });
        assert.equal(deleted.statusCode, 200);
        assert.equal((await call(t, 'GET', `/api/programs/${id}`, { token: w.adminA.token })).statusCode, 404);
        assert.ok(!(await call(t, 'GET', listUrl, { token: w.adminA.token })).json().some((p: { id: number }) => p.id === id));
      } finally {
        cache.setTtl(0);
      }
    });
  }

  it("with the in-process cache on, a signed-in reader sees another instance's write at once", async () => {
    const cache = catalogueCache(t.ctx);
    cache.setTtl(60_000);
    try {
      const url = `/api/programs/${programId}`;
      assert.equal((await call(t, 'GET', url, { token: w.adminA.token })).json().name, 'BSc Chemistry');
      // Written straight to the database: what a write through another API instance looks like here.
      await t.ctx.db.update(programs).set({ name: 'BSc Biochemistry' }).where(eq(programs.id, programId));
      assert.equal((await call(t, 'GET', url, { token: w.adminA.token })).json().name, 'BSc Biochemistry');
      const list = (await call(t, 'GET', `/api/programs/university/${w.uniA.id}`, { token: w.adminA.token })).json();
      assert.equal(list.find((p: { id: number }) => p.id === programId).name, 'BSc Biochemistry');
    } finally {
      cache.setTtl(0);
    }
  });

  it("with the in-process cache on, the dashboard counts show another instance's decision at once", async () => {
    const cache = catalogueCache(t.ctx);
    cache.setTtl(60_000);
    try {
      const [row] = await t.ctx.db
        .insert(applications)
        .values(applicationRow(w.userA.id, w.uniA.id, { status: 'PENDING_REVIEW' }))
        .returning();
      const stats = async () => (await call(t, 'GET', '/api/dashboard/stats', { token: w.adminA.token })).json();
      const count = (s: { applicationsByStatus: { status: string; value: number }[] }, status: string) => s.applicationsByStatus.find((x) => x.status === status)?.value ?? 0;
      const before = await stats();
      await t.ctx.db.update(applications).set({ status: 'APPROVED' }).where(eq(applications.id, row!.id));
      const after = await stats();
      assert.equal(count(after, 'APPROVED'), count(before, 'APPROVED') + 1);
      assert.equal(count(after, 'PENDING_REVIEW'), count(before, 'PENDING_REVIEW') - 1);
    } finally {
      cache.setTtl(0);
    }
  });
});

/** Two instances, each with its own in-process cache, on one PostgreSQL database (always the real server). */
describe('catalogue reads with two instances on one PostgreSQL database', () => {
  let db: ScratchDatabase;
  let A: TestApp;
  let B: TestApp;
  let w: World;
  before(async () => {
    db = await createScratchDatabase();
    A = await startTestApp({}, { databaseUrl: db.url });
    B = await startTestApp({}, { databaseUrl: db.url });
    catalogueCache(A.ctx).setTtl(60_000);
    catalogueCache(B.ctx).setTtl(60_000);
    w = await createWorld(A);
  });
  after(async () => {
    await A?.close();
    await B?.close();
    await db?.drop();
  });

  it('a course or program written through one instance shows on the other on the next request', async () => {
    const program = (await call(A, 'POST', '/api/programs', { token: w.adminA.token, json: programBody('BSc Zoology') })).json();
    const coursesUrl = `/api/courses/program/${program.id}`;
    assert.deepEqual((await call(B, 'GET', coursesUrl, { token: w.adminA.token })).json(), []);
    const course = await call(A, 'POST', '/api/courses', {
      token: w.adminA.token,
      json: { programId: program.id, courseName: 'Animal Biology', courseDescription: 'Animals', semesterToBeDone: 1, yearToBeStudied: 1 },
    });
    assert.equal(course.statusCode, 201);
    assert.deepEqual(
      (await call(B, 'GET', coursesUrl, { token: w.adminA.token })).json().map((c: { courseName: string }) => c.courseName),
      ['Animal Biology'],
    );
    const renamed = await call(A, 'PUT', `/api/courses/${course.json().id}`, {
      token: w.adminA.token,
      json: { courseName: 'Vertebrate Biology', courseDescription: 'Animals', sermisterToBeDone: 1, yearToBeStudied: 1 },
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal((await call(B, 'GET', `/api/courses/${course.json().id}`, { token: w.adminA.token })).json().courseName, 'Vertebrate Biology');
    assert.equal((await call(B, 'GET', '/api/dashboard/stats', { token: w.adminA.token })).json().courses, 1);

    assert.equal((await call(B, 'GET', `/api/programs/${program.id}`, { token: w.adminA.token })).json().name, 'BSc Zoology');
    await call(A, 'PUT', `/api/programs/${program.id}`, { token: w.adminA.token, json: programBody('BSc Marine Zoology') });
    assert.equal((await call(B, 'GET', `/api/programs/${program.id}`, { token: w.adminA.token })).json().name, 'BSc Marine Zoology');
  });
});
