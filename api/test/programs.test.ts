import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { applicationChoices, applications, courses, programs } from '../src/infrastructure/database/schema';
import { applicationRow, call, createUser, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Bachelor of Computer Science',
  description: 'Software, systems and theory',
  duration: '4 years',
  requirements: 'Grade 12 with Mathematics',
  careerOpportunities: 'Software engineer',
  ...extra,
});

describe('programs', () => {
  let t: TestApp;
  let w: World;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
  });
  after(() => t.close());

  it('an ADMIN creates in its own university; a body universityId for another is ignored', async () => {
    const res = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: body({ universityId: w.uniB.id, faculty: 'Science' }) });
    assert.equal(res.statusCode, 201);
    const p = res.json();
    assert.equal(p.universityId, w.uniA.id);
    assert.equal(p.universityName, 'University of Zambia');
    assert.equal(p.duration, '4 years');
    assert.equal(p.durationYears, 4);
    assert.equal(p._id, p.id);
    assert.equal(p.faculty, 'Science');
  });

  it('accepts duration as 4, "4" or "4 years" and answers "N years"; refuses 0, 2.5 and words', async () => {
    for (const [duration, expected] of [
      [3, '3 years'],
      ['5', '5 years'],
      ['1 year', '1 year'],
      ['2 Years', '2 years'],
    ] as const) {
      const res = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: body({ duration }) });
      assert.equal(res.statusCode, 201, String(duration));
      assert.equal(res.json().duration, expected);
    }
    for (const duration of [0, 2.5, 'four years', '', -1]) {
      const res = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: body({ duration }) });
      assert.equal(res.statusCode, 400, String(duration));
      assert.match(res.json().message, /^duration: /);
    }
  });

  it('requires name, description and duration, and refuses unknown fields', async () => {
    const noName = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: body({ name: '' }) });
    assert.equal(noName.statusCode, 400);
    assert.match(noName.json().message, /^name: /);
    const { description: _d, ...withoutDescription } = body();
    const noDescription = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: withoutDescription });
    assert.equal(noDescription.statusCode, 400);
    assert.match(noDescription.json().message, /^description: /);
    const unknown = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: body({ price: 3 }) });
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.json().message, /Unknown field: price/);
  });

  it('a SUPERUSER must name an existing university on create', async () => {
    const missing = await call(t, 'POST', '/api/programs', { token: w.superuser.token, json: body() });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, 'universityId: is required');
    const unknown = await call(t, 'POST', '/api/programs', { token: w.superuser.token, json: body({ universityId: 999999 }) });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, 'University not found');
    const ok = await call(t, 'POST', '/api/programs', { token: w.superuser.token, json: body({ universityId: w.uniB.id, name: 'BEng Mining' }) });
    assert.equal(ok.statusCode, 201);
    assert.equal(ok.json().universityId, w.uniB.id);
  });

  it('an ADMIN without a university cannot create', async () => {
    const orphan = await createUser(t, 'ADMIN');
    const res = await call(t, 'POST', '/api/programs', { token: orphan.token, json: body() });
    assert.equal(res.statusCode, 403);
  });

  it('lists all programs publicly as an array, and pages with page/size/search/universityId', async () => {
    const all = await call(t, 'GET', '/api/programs');
    assert.equal(all.statusCode, 200);
    assert.ok(Array.isArray(all.json()));
    assert.ok(all.json().every((p: { universityId: number }) => typeof p.universityId === 'number'));
    assert.equal(all.headers['cache-control'], 'public, no-cache');

    const page = await call(t, 'GET', `/api/programs?universityId=${w.uniA.id}&page=1&size=2`);
    assert.equal(page.statusCode, 200);
    const paged = page.json();
    assert.deepEqual(Object.keys(paged).sort(), ['items', 'page', 'size', 'total']);
    assert.equal(paged.items.length, 2);
    assert.equal(paged.total, all.json().filter((p: { universityId: number }) => p.universityId === w.uniA.id).length);
    const second = (await call(t, 'GET', `/api/programs?universityId=${w.uniA.id}&page=2&size=2`)).json();
    assert.notEqual(second.items[0].id, paged.items[0].id);

    const search = (await call(t, 'GET', '/api/programs?search=mining')).json();
    assert.deepEqual(
      search.items.map((p: { name: string }) => p.name),
      ['BEng Mining'],
    );
    const literal = (await call(t, 'GET', '/api/programs?search=%25')).json();
    assert.equal(literal.total, 0);
    const onlyUni = (await call(t, 'GET', `/api/programs?universityId=${w.uniB.id}`)).json();
    assert.ok(onlyUni.items.every((p: { universityId: number }) => p.universityId === w.uniB.id));
    assert.equal(onlyUni.page, 1);
    assert.equal((await call(t, 'GET', '/api/programs?size=0')).statusCode, 400);
    assert.equal((await call(t, 'GET', '/api/programs?colour=red')).statusCode, 400);
  });

  it('reads one program and the programs of a university; unknown ones answer 404 with a message', async () => {
    const created = (await call(t, 'POST', '/api/programs', { token: w.adminB.token, json: body({ name: 'BA Economics' }) })).json();
    const one = await call(t, 'GET', `/api/programs/${created.id}`);
    assert.equal(one.statusCode, 200);
    assert.equal(one.json().name, 'BA Economics');
    assert.match(String(one.headers.etag), /^W\//);
    assert.equal((await call(t, 'GET', '/api/programs/999999')).json().message, 'Program not found');

    const ofB = await call(t, 'GET', `/api/programs/university/${w.uniB.id}`);
    assert.equal(ofB.statusCode, 200);
    assert.ok(ofB.json().some((p: { id: number }) => p.id === created.id));
    assert.ok(ofB.json().every((p: { universityId: number }) => p.universityId === w.uniB.id));
    const unknown = await call(t, 'GET', '/api/programs/university/999999');
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), { message: 'University not found', error: 'Not Found' });

    const etag = String(ofB.headers.etag);
    assert.equal((await call(t, 'GET', `/api/programs/university/${w.uniB.id}`, { headers: { 'if-none-match': etag } })).statusCode, 304);
  });

  it('updates within reach; another university’s ADMIN gets 404; the body cannot move it', async () => {
    const p = (await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: body({ name: 'BSc Physics' }) })).json();
    const mine = await call(t, 'PUT', `/api/programs/${p.id}`, {
      token: w.adminA.token,
      json: { ...p, name: 'BSc Applied Physics', duration: 5, universityId: w.uniB.id },
    });
    assert.equal(mine.statusCode, 200);
    assert.equal(mine.json().name, 'BSc Applied Physics');
    assert.equal(mine.json().duration, '5 years');
    assert.equal(mine.json().universityId, w.uniA.id);

    const theirs = await call(t, 'PUT', `/api/programs/${p.id}`, { token: w.adminB.token, json: body() });
    assert.equal(theirs.statusCode, 404);
    assert.equal(theirs.json().message, 'Program not found');
    const unchanged = (await call(t, 'GET', `/api/programs/${p.id}`)).json();
    assert.equal(unchanged.name, 'BSc Applied Physics');

    const bySuper = await call(t, 'PUT', `/api/programs/${p.id}`, { token: w.superuser.token, json: body({ name: 'Moved', universityId: w.uniB.id }) });
    assert.equal(bySuper.statusCode, 200);
    assert.equal(bySuper.json().universityId, w.uniB.id);
  });

  it('a SUPERUSER cannot move a program that has courses (409)', async () => {
    const p = (await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: body({ name: 'BSc Chemistry' }) })).json();
    await t.ctx.db.insert(courses).values({ programId: p.id, universityId: w.uniA.id, courseName: 'Organic', courseDescription: 'd', semester: 1, year: 1 });
    const res = await call(t, 'PUT', `/api/programs/${p.id}`, { token: w.superuser.token, json: body({ universityId: w.uniB.id }) });
    assert.equal(res.statusCode, 409);
    assert.equal((await call(t, 'GET', `/api/programs/${p.id}`)).json().universityId, w.uniA.id);
  });

  it('deletes within reach; with courses or application choices it answers 409 and keeps it', async () => {
    const free = (await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: body({ name: 'Free' }) })).json();
    assert.equal((await call(t, 'DELETE', `/api/programs/${free.id}`, { token: w.adminB.token })).statusCode, 404);
    const removed = await call(t, 'DELETE', `/api/programs/${free.id}`, { token: w.adminA.token });
    assert.equal(removed.statusCode, 200);
    assert.equal(removed.json().message, 'Program deleted successfully');
    assert.equal((await call(t, 'GET', `/api/programs/${free.id}`)).statusCode, 404);

    const withCourse = (await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: body({ name: 'With course' }) })).json();
    await t.ctx.db.insert(courses).values({ programId: withCourse.id, universityId: w.uniA.id, courseName: 'C', courseDescription: 'd', semester: 1, year: 1 });
    const blocked = await call(t, 'DELETE', `/api/programs/${withCourse.id}`, { token: w.adminA.token });
    assert.equal(blocked.statusCode, 409);
    assert.equal(blocked.json().message, 'This program still has courses or applications; remove them first.');

    const chosen = (await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: body({ name: 'Chosen' }) })).json();
    const [application] = await t.ctx.db
      .insert(applications)
      .values(applicationRow(w.userA.id, w.uniA.id, { fullName: 'Applicant A', email: w.userA.email }))
      .returning();
    await t.ctx.db.insert(applicationChoices).values({ applicationId: application!.id, programId: chosen.id, priority: 1 });
    const blocked2 = await call(t, 'DELETE', `/api/programs/${chosen.id}`, { token: w.superuser.token });
    assert.equal(blocked2.statusCode, 409);
    const still = await t.ctx.db.select().from(programs).where(eq(programs.id, chosen.id));
    assert.equal(still.length, 1);
  });

  it('refuses writes from applicants (403) and guests (401)', async () => {
    assert.equal((await call(t, 'POST', '/api/programs', { token: w.userA.token, json: body() })).statusCode, 403);
    assert.equal((await call(t, 'POST', '/api/programs', { json: body() })).statusCode, 401);
    assert.equal((await call(t, 'DELETE', '/api/programs/1', { json: body() })).statusCode, 401);
  });
});
