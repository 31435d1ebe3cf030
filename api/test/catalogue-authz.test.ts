/**
 * Who may call each catalogue and dashboard route: every route × {guest,
 * USER, another USER, ADMIN of the object's university, ADMIN of another
 * university, SUPERUSER} against the expected status. Each case runs on
 * fresh objects, so a delete never depends on an earlier case.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { courses, programs } from '../src/infrastructure/database/schema';
import { call, createUniversity, createUser, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const ACTORS = ['guest', 'user', 'otherUser', 'adminOwn', 'adminOther', 'superuser'] as const;
type Actor = (typeof ACTORS)[number];

interface Scene {
  university: number;
  program: number;
  course: number;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** A university with nothing in it (for deleting the university itself). */
  bare?: boolean;
  /** A program without courses (for deleting the program). */
  emptyProgram?: boolean;
  url: (s: Scene) => string;
  body?: (s: Scene) => Record<string, unknown>;
  expect: Record<Actor, number>;
  /** Extra checks on a successful answer (what it did, not only that it was allowed). */
  check?: (actor: Actor, s: Scene, json: unknown, w: World) => void;
}

const everyone = (status: number): Record<Actor, number> => ({ guest: status, user: status, otherUser: status, adminOwn: status, adminOther: status, superuser: status });
const superuserOnly = (ok: number): Record<Actor, number> => ({ guest: 401, user: 403, otherUser: 403, adminOwn: 403, adminOther: 403, superuser: ok });
const staffInReach = (ok: number): Record<Actor, number> => ({ guest: 401, user: 403, otherUser: 403, adminOwn: ok, adminOther: 404, superuser: ok });

const programBody = (s: Scene) => ({ name: 'BSc Authz', description: 'd', duration: 4, universityId: s.university });
const courseUpdate = () => ({ courseName: 'Renamed', courseDescription: 'd', sermisterToBeDone: 2, yearToBeStudied: 1 });

const ROWS: Row[] = [
  { method: 'GET', path: '/api/universities', url: () => '/api/universities', expect: everyone(200) },
  { method: 'GET', path: '/api/universities/{id}', url: (s) => `/api/universities/${s.university}`, expect: everyone(200) },
  { method: 'POST', path: '/api/universities', url: () => '/api/universities', body: () => ({ name: 'Authz University' }), expect: superuserOnly(201) },
  { method: 'PUT', path: '/api/universities/{id}', url: (s) => `/api/universities/${s.university}`, body: () => ({ name: 'Renamed University' }), expect: superuserOnly(200) },
  { method: 'DELETE', path: '/api/universities/{id}', bare: true, url: (s) => `/api/universities/${s.university}`, expect: superuserOnly(200) },

  { method: 'GET', path: '/api/programs', url: () => '/api/programs', expect: everyone(200) },
  { method: 'GET', path: '/api/programs?page', url: (s) => `/api/programs?universityId=${s.university}&page=1&size=5`, expect: everyone(200) },
  { method: 'GET', path: '/api/programs/{id}', url: (s) => `/api/programs/${s.program}`, expect: everyone(200) },
  { method: 'GET', path: '/api/programs/university/{universityId}', url: (s) => `/api/programs/university/${s.university}`, expect: everyone(200) },
  {
    method: 'POST',
    path: '/api/programs',
    url: () => '/api/programs',
    body: programBody,
    // Another university's ADMIN may create programs, but only in its own university.
    expect: { guest: 401, user: 403, otherUser: 403, adminOwn: 201, adminOther: 201, superuser: 201 },
    check: (actor, s, json, w) => {
      const expected = actor === 'adminOther' ? w.uniB.id : s.university;
      assert.equal((json as { universityId: number }).universityId, expected);
    },
  },
  { method: 'PUT', path: '/api/programs/{id}', url: (s) => `/api/programs/${s.program}`, body: programBody, expect: staffInReach(200) },
  { method: 'DELETE', path: '/api/programs/{id}', emptyProgram: true, url: (s) => `/api/programs/${s.program}`, expect: staffInReach(200) },

  {
    method: 'GET',
    path: '/api/courses',
    url: () => '/api/courses',
    expect: { guest: 401, user: 200, otherUser: 200, adminOwn: 200, adminOther: 200, superuser: 200 },
    check: (actor, s, json) => {
      const seen = (json as { id: number }[]).some((c) => c.id === s.course);
      assert.equal(seen, actor !== 'adminOther', 'an ADMIN of another university does not see the course');
    },
  },
  { method: 'GET', path: '/api/courses/{id}', url: (s) => `/api/courses/${s.course}`, expect: everyone(200) },
  { method: 'GET', path: '/api/courses/program/{programId}', url: (s) => `/api/courses/program/${s.program}`, expect: everyone(200) },
  {
    method: 'POST',
    path: '/api/courses',
    url: () => '/api/courses',
    body: (s) => ({ courseName: 'Authz', courseDescription: 'd', semesterToBeDone: 1, yearToBeStudied: 1, programId: s.program }),
    expect: staffInReach(201),
  },
  { method: 'PUT', path: '/api/courses/{id}', url: (s) => `/api/courses/${s.course}`, body: courseUpdate, expect: staffInReach(200) },
  { method: 'DELETE', path: '/api/courses/{id}', url: (s) => `/api/courses/${s.course}`, expect: staffInReach(200) },

  {
    method: 'GET',
    path: '/api/dashboard/stats',
    url: (s) => `/api/dashboard/stats?universityId=${s.university}`,
    expect: { guest: 401, user: 403, otherUser: 403, adminOwn: 200, adminOther: 200, superuser: 200 },
    check: (actor, _s, json) => {
      // The query names the scene's university; another university's ADMIN still gets only its own.
      const stats = json as { universities: number; programs: number };
      assert.equal(stats.universities, 1);
      if (actor === 'adminOwn' || actor === 'superuser') assert.equal(stats.programs, 1);
    },
  },
  { method: 'GET', path: '/api/docs/json', url: () => '/api/docs/json', expect: everyone(200) },
];

describe('catalogue authorization table', () => {
  let t: TestApp;
  let w: World;
  let n = 0;

  async function scene(row: Row): Promise<Scene> {
    n += 1;
    const university = (await createUniversity(t, `Authz ${n}`)).id;
    if (row.bare) return { university, program: 0, course: 0 };
    const [program] = await t.ctx.db
      .insert(programs)
      .values({ universityId: university, name: `Program ${n}`, description: 'd', durationYears: 4 })
      .returning();
    if (row.emptyProgram) return { university, program: program!.id, course: 0 };
    const [course] = await t.ctx.db
      .insert(courses)
      .values({ programId: program!.id, universityId: university, courseName: `Course ${n}`, courseDescription: 'd', semester: 1, year: 1 })
      .returning();
    return { university, program: program!.id, course: course!.id };
  }

  async function tokenOf(actor: Actor, s: Scene): Promise<string | undefined> {
    switch (actor) {
      case 'guest':
        return undefined;
      case 'user':
        return w.userA.token;
      case 'otherUser':
        return w.userB.token;
      case 'adminOwn':
        return (await createUser(t, 'ADMIN', { universityId: s.university })).token;
      case 'adminOther':
        return w.adminB.token;
      case 'superuser':
        return w.superuser.token;
    }
  }

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
  });
  after(() => t.close());

  for (const row of ROWS) {
    for (const actor of ACTORS) {
      const expected = row.expect[actor];
      it(`${row.method} ${row.path} as ${actor} → ${expected}`, async () => {
        const s = await scene(row);
        const token = await tokenOf(actor, s);
        const res = await call(t, row.method, row.url(s), { token, ...(row.body ? { json: row.body(s) } : {}) });
        assert.equal(res.statusCode, expected, `${row.method} ${row.url(s)} as ${actor}: ${res.body.slice(0, 200)}`);
        if (expected >= 400) {
          assert.equal(typeof res.json().message, 'string');
          assert.ok(!/at .*\.ts:\d+/.test(res.body), 'no stack trace');
        } else if (row.check) {
          row.check(actor, s, res.json(), w);
        }
      });
    }
  }
});
