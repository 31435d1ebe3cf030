/**
 * Staff list pages are kept in each instance's memory (infrastructure/caches/staff-list-cache.ts)
 * and must never be stale: every answer equals what reading the database now
 * gives, every kind of write shows on the very next request (also when another
 * instance made it), the caller's access is checked on every request and an
 * ADMIN still sees its own university only.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { applicationChoices, applicationFiles, applicationHistory, applications, courses, payments, users } from '../src/infrastructure/database/schema';
import { StaffListCache, staffListCache } from '../src/infrastructure/caches/staff-list-cache';
import { createProgram, insertPayment, submitOk } from './fixtures/applications';
import { createScratchDatabase, type ScratchDatabase } from './helpers/cluster';
import { applicationRow, call, createUniversity, createUser, createWorld, type TestUser, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

type Json = Record<string, unknown>;
type Page = { items: Json[]; total: number; page: number; size: number };

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

async function versionOf(t: TestApp): Promise<number> {
  const [row] = rows<{ version: string | number }>(await t.ctx.db.execute(sql`select version from staff_list_version`));
  return Number(row!.version);
}

/** GET a staff page: its exact body, parsed, and whether the cache answered it. */
async function list(t: TestApp, token: string, query: string) {
  const before = staffListCache(t.ctx).stats();
  const res = await call(t, 'GET', `/api/applications?${query}`, { token });
  assert.equal(res.statusCode, 200, res.body);
  const after = staffListCache(t.ctx).stats();
  return { body: res.body, page: res.json() as Page, cached: after.hits === before.hits + 1 && after.misses === before.misses };
}

const ids = (page: Page) => page.items.map((item) => item.id);

describe('staff list pages, cached and exact', () => {
  let t: TestApp;
  let w: World;
  let cs: { id: number };
  let law: { id: number };
  let mining: { id: number };
  let chanda: number;
  let bwalya: number;
  let mutale: number;

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    cs = await createProgram(t, w.uniA.id, 'Computer Science', 4);
    law = await createProgram(t, w.uniA.id, 'Law', 4);
    mining = await createProgram(t, w.uniB.id, 'Mining Engineering', 1);
    chanda = await submitOk(t, w.userA.token, [cs.id, law.id], { fullName: 'Chanda Mwansa', email: 'chanda@example.test', phoneNumber: '+260 971 000 111' });
    bwalya = await submitOk(t, w.userB.token, [mining.id], { fullName: 'Bwalya Phiri', email: 'bwalya@example.test', phoneNumber: '+260 966 222 333' });
    mutale = await submitOk(t, w.userB.token, [law.id], { fullName: 'Mutale Banda', email: 'mutale@example.test', phoneNumber: '0955 444 555' });
    await insertPayment(t, bwalya, w.userB.id, 'failed', new Date('2026-01-11T00:00:00Z'));
    await insertPayment(t, bwalya, w.userB.id, 'successful', new Date('2026-01-12T00:00:00Z'));
    await insertPayment(t, mutale, w.userB.id, 'pending');
    const decided = await call(t, 'PUT', `/api/applications/${mutale}`, { token: w.adminA.token, json: { status: 'REJECTED', reviewNotes: 'Incomplete results' } });
    assert.equal(decided.statusCode, 200, decided.body);
  });
  after(() => t.close());

  it('answers, from the cache the second time, exactly what reading each application now answers', async () => {
    const queries = [
      'page=1&size=20',
      'page=1&size=2&sort=oldest',
      'page=2&size=2&sort=name',
      'page=1&size=20&status=pending',
      'page=1&size=20&status=REJECTED',
      'page=1&size=20&search=chanda',
      'page=1&size=20&search=966222',
      'page=1&size=20&search=%25',
      'page=1&size=20&paymentStatus=successful',
      'page=1&size=20&paymentStatus=none',
      `page=1&size=20&universityId=${w.uniB.id}`,
      'page=1&size=20&from=2020-01-01&to=2099-12-31',
    ];
    for (const caller of [w.adminA, w.adminB, w.superuser]) {
      for (const query of queries) {
        const first = await list(t, caller.token, query);
        const second = await list(t, caller.token, query);
        assert.equal(second.cached, true, `${caller.role} ${query}: the second request is answered from the cache`);
        assert.equal(second.body, first.body, `${caller.role} ${query}`);
        for (const item of second.page.items) {
          const one = await call(t, 'GET', `/api/applications/${item.id}`, { token: caller.token });
          assert.deepEqual(item, one.json(), `${caller.role} ${query}: application ${item.id}`);
        }
      }
    }
    const everything = (await list(t, w.superuser.token, 'page=1&size=20')).page;
    assert.deepEqual(ids(everything).sort(), [chanda, bwalya, mutale].sort());
    assert.equal(everything.total, 3);
  });

  it('gives each application exactly the fields, values and order it always had', async () => {
    const approved = await call(t, 'PUT', `/api/applications/${chanda}`, { token: w.adminA.token, json: { status: 'APPROVED', programId: law.id, reviewNotes: 'Strong results' } });
    assert.equal(approved.statusCode, 200, approved.body);
    await insertPayment(t, chanda, w.userA.id, 'successful', new Date('2026-03-02T09:00:00.987654Z'));
    // Fixed instants with microseconds: the answer shows milliseconds, truncated.
    await t.ctx.db
      .update(applications)
      .set({ createdAt: new Date('2026-03-01T08:15:30.123Z'), updatedAt: new Date('2026-03-03T10:00:00.000Z') })
      .where(eq(applications.id, chanda));
    const history = await t.ctx.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, chanda)).orderBy(asc(applicationHistory.id));
    await t.ctx.db.execute(sql`update application_history set created_at = timestamptz '2026-03-01 08:15:30.123999+00' where id = ${history[0]!.id}`);
    await t.ctx.db.execute(sql`update application_history set created_at = timestamptz '2026-03-02 08:15:30.123999+00' where id = ${history[1]!.id}`);
    await t.ctx.db.execute(sql`update payments set paid_at = timestamptz '2026-03-02 09:00:00.987654+00' where application_id = ${chanda} and status = 'successful'`);

    const [applicant] = await t.ctx.db.select().from(users).where(eq(users.id, w.userA.id));
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.id, w.adminA.id));
    const choices = await t.ctx.db.select().from(applicationChoices).where(eq(applicationChoices.applicationId, chanda)).orderBy(asc(applicationChoices.priority));
    const files = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, chanda)).orderBy(asc(applicationFiles.id));
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.applicationId, chanda));
    const uniA = { id: w.uniA.id, name: 'University of Zambia' };
    const choice = (index: number, program: { id: number }, name: string) => ({
      id: choices[index]!.id,
      priority: index + 1,
      programId: program.id,
      programName: name,
      program: { id: program.id, name, duration: '4 years', durationYears: 4, university: uniA },
    });
    const expected = {
      id: chanda,
      status: 'APPROVED',
      fullName: 'Chanda Mwansa',
      applicantName: 'Chanda Mwansa',
      gender: 'Female',
      email: 'chanda@example.test',
      phoneNumber: '+260971000111',
      dateOfBirth: '2004-05-17',
      nationality: 'Zambian',
      provice: 'Lusaka',
      province: 'Lusaka',
      nationalRegNumber: '123456/10/1',
      country: 'Zambia',
      city: 'Lusaka',
      applicationDate: '2026-03-01T08:15:30.123Z',
      createdAt: '2026-03-01T08:15:30.123Z',
      submittedAt: '2026-03-01T08:15:30.123Z',
      lastUpdated: '2026-03-03T10:00:00.000Z',
      highestQualification: 'Grade 12',
      institutionAttended: 'Kabulonga Girls Secondary School',
      submissionDetails: 'Grade 12 certificate 2022',
      programNotes: 'Interested in software',
      reviewNotes: 'Strong results',
      universityId: w.uniA.id,
      university: uniA,
      // Issue 16: the intake applied into; null for an application made without one.
      intake: null,
      programId: law.id,
      program: { id: law.id, name: 'Law', duration: '4 years' },
      programChoices: [choice(0, cs, 'Computer Science'), choice(1, law, 'Law')],
      paid: true,
      payment: {
        reference: payment!.reference,
        amount: 150.75,
        currency: 'ZMW',
        status: 'successful',
        channel: 'mobile-money',
        paidAt: '2026-03-02T09:00:00.987Z',
        awaitingProvider: false,
        failureReason: null,
      },
      // Issue 16: the fee the application owes (no intake: the spec's), and whether a fee waiver code paid it.
      fee: { amount: 150.75, currency: 'ZMW', category: 'ZAMBIAN' },
      waived: false,
      user: { id: w.userA.id, fullName: `${applicant!.firstName} ${applicant!.lastName}`, email: applicant!.email, phone: '+260971234567' },
      files: files.map((f) => ({ id: f.id, fileName: f.fileName, fileType: f.contentType, documentType: f.documentType, size: f.size, url: `/api/files/${f.id}`, status: 'PENDING', reason: null })),
      history: [
        {
          id: history[0]!.id,
          at: '2026-03-01T08:15:30.123Z',
          kind: 'STATUS',
          from: null,
          to: 'PENDING',
          note: 'Application submitted',
          actor: { id: w.userA.id, name: `${applicant!.firstName} ${applicant!.lastName}`, role: 'USER' },
        },
        {
          id: history[1]!.id,
          at: '2026-03-02T08:15:30.123Z',
          kind: 'STATUS',
          from: 'PENDING',
          to: 'APPROVED',
          note: 'Strong results',
          actor: { id: w.adminA.id, name: `${admin!.firstName} ${admin!.lastName}`, role: 'ADMIN' },
        },
      ],
      // Issue 17 item 4: Grade 12 results (none sent by this spec client), their points, and (staff only) the ceiling flag.
      grade12Results: [],
      points: null,
      pointsAboveCeiling: false,
      // Issue 17, staff only: the reviewer it is assigned to (nobody yet).
      assignee: null,
      // Staff only: no other open application of this applicant to this university.
      duplicate: false,
    };
    assert.deepEqual(
      files.map((f) => f.documentType),
      ['NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS', 'CERTIFICATE'],
    );
    const page = (await list(t, w.adminA.token, 'page=1&size=20&search=chanda')).page;
    assert.equal(page.items.length, 1);
    // Serialised, so that the order of the keys counts too.
    assert.equal(JSON.stringify(page.items[0]), JSON.stringify(expected));
    assert.equal(JSON.stringify((await call(t, 'GET', `/api/applications/${chanda}`, { token: w.adminA.token })).json()), JSON.stringify(expected));
  });

  it('shows every kind of write on the very next request', async () => {
    const query = 'page=1&size=20';
    /** Caches the page, makes the write, and returns the page the next request gets (which must have been computed afresh). */
    async function after(label: string, write: () => Promise<unknown>, token = w.superuser.token): Promise<Page> {
      await list(t, token, query);
      assert.equal((await list(t, token, query)).cached, true, `${label}: cached before the write`);
      await write();
      const next = await list(t, token, query);
      assert.equal(next.cached, false, `${label}: the write moved the version`);
      return next.page;
    }
    const item = (page: Page, id: number) => page.items.find((a) => a.id === id)!;

    let added = 0;
    let second = 0;
    let page = await after('new application', async () => {
      added = await submitOk(t, w.userB.token, [cs.id], { fullName: 'Natasha Zulu', email: 'natasha@example.test', phoneNumber: '0977 000 999' });
    });
    assert.equal(ids(page)[0], added);
    assert.equal(page.total, 4);
    const adminPage = await after(
      'new application, ADMIN page',
      async () => {
        second = await submitOk(t, w.userA.token, [law.id], { fullName: 'Second Application' });
      },
      w.adminA.token,
    );
    assert.equal(adminPage.items.filter((a) => a.fullName === 'Second Application').length, 1);

    // The payment before the decision: a decided application owes no fee (issue 22).
    page = await after('payment opened', async () => {
      const res = await call(t, 'POST', '/api/payments/initiate', { token: w.userB.token, json: { applicationId: added } });
      assert.equal(res.statusCode, 200, res.body);
    });
    assert.equal((item(page, added).payment as Json).status, 'pending');
    page = await after('payment succeeded', () =>
      t.ctx.db
        .update(payments)
        .set({ status: 'successful', paidAt: new Date('2026-04-01T00:00:00Z') })
        .where(eq(payments.applicationId, added)),
    );
    assert.deepEqual([(item(page, added).payment as Json).status, (item(page, added).payment as Json).paidAt, item(page, added).paid], ['successful', '2026-04-01T00:00:00.000Z', true]);

    page = await after('decision', () => call(t, 'PUT', `/api/applications/${added}`, { token: w.adminA.token, json: { status: 'APPROVED', programId: cs.id } }));
    assert.equal(item(page, added).status, 'APPROVED');
    assert.deepEqual(
      (item(page, added).history as Json[]).map((h) => h.to),
      ['PENDING', 'pending', 'APPROVED'],
    );

    const [file] = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, added)).orderBy(asc(applicationFiles.id)).limit(1);
    page = await after('file renamed', () => t.ctx.db.update(applicationFiles).set({ fileName: 'renamed.jpg' }).where(eq(applicationFiles.id, file!.id)));
    assert.equal((item(page, added).files as Json[])[0]!.fileName, 'renamed.jpg');
    page = await after('document rejected', () => t.ctx.db.update(applicationFiles).set({ status: 'REJECTED', reason: 'Unreadable' }).where(eq(applicationFiles.id, file!.id)));
    assert.deepEqual([(item(page, added).files as Json[])[0]!.status, (item(page, added).files as Json[])[0]!.reason], ['REJECTED', 'Unreadable']);
    page = await after('file removed', () => t.ctx.db.delete(applicationFiles).where(eq(applicationFiles.id, file!.id)));
    assert.equal((item(page, added).files as Json[]).length, 3);

    page = await after('applicant profile', () => t.ctx.db.update(users).set({ firstName: 'Natasha', lastName: 'Zulu-Phiri', phone: '+260 977 111 222' }).where(eq(users.id, w.userB.id)));
    assert.deepEqual(item(page, added).user, { id: w.userB.id, fullName: 'Natasha Zulu-Phiri', email: w.userB.email, phone: '+260 977 111 222' });

    page = await after('actor renamed', () => t.ctx.db.update(users).set({ firstName: 'Renamed', lastName: 'Reviewer' }).where(eq(users.id, w.adminA.id)));
    assert.equal(((item(page, added).history as Json[])[2]!.actor as Json).name, 'Renamed Reviewer');

    page = await after('university renamed', async () => {
      const res = await call(t, 'PUT', `/api/universities/${w.uniA.id}`, { token: w.superuser.token, json: { name: 'University of Zambia (UNZA)', location: 'Lusaka' } });
      assert.equal(res.statusCode, 200, res.body);
    });
    assert.equal((item(page, added).university as Json).name, 'University of Zambia (UNZA)');
    assert.equal((((item(page, added).programChoices as Json[])[0]!.program as Json).university as Json).name, 'University of Zambia (UNZA)');

    page = await after('program renamed', async () => {
      const res = await call(t, 'PUT', `/api/programs/${cs.id}`, { token: w.superuser.token, json: { name: 'Computing', description: 'A program', duration: 5 } });
      assert.equal(res.statusCode, 200, res.body);
    });
    assert.deepEqual(item(page, added).program, { id: cs.id, name: 'Computing', duration: '5 years' });

    page = await after('status changed in the database', () => t.ctx.db.update(applications).set({ status: 'PENDING_REVIEW' }).where(eq(applications.id, bwalya)));
    assert.equal(item(page, bwalya).status, 'PENDING_REVIEW');
    const review = await list(t, w.superuser.token, 'page=1&size=20&status=PENDING_REVIEW');
    assert.deepEqual([ids(review.page), review.page.total], [[bwalya], 1]);

    page = await after('applicant deleted their account', async () => {
      const res = await call(t, 'DELETE', '/api/users/me', { token: w.userB.token, json: { password: w.userB.password } });
      assert.equal(res.statusCode, 200, res.body);
    });
    assert.equal(item(page, added).fullName, 'Deleted applicant');
    assert.equal((item(page, added).user as Json).fullName, 'Deleted user');

    page = await after('application deleted', () => t.ctx.db.delete(applications).where(eq(applications.id, second)));
    assert.deepEqual(ids(page).sort(), [chanda, bwalya, mutale, added].sort());
    assert.equal(page.total, 4);
  });
});

describe('staff list scoping, access check and version', () => {
  let t: TestApp;
  let w: World;
  let a: number;
  let b: number;

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    const programA = await createProgram(t, w.uniA.id);
    const programB = await createProgram(t, w.uniB.id);
    a = await submitOk(t, w.userA.token, [programA.id]);
    b = await submitOk(t, w.userB.token, [programB.id]);
  });
  after(() => t.close());

  it("gives each ADMIN its own university only, whatever the query, and never another scope's page", async () => {
    for (let round = 0; round < 2; round += 1) {
      assert.deepEqual(ids((await list(t, w.adminA.token, 'page=1&size=20')).page), [a]);
      assert.deepEqual(ids((await list(t, w.adminB.token, 'page=1&size=20')).page), [b]);
      assert.deepEqual(ids((await list(t, w.adminA.token, `page=1&size=20&universityId=${w.uniB.id}`)).page), [a]);
      assert.deepEqual(ids((await list(t, w.superuser.token, 'page=1&size=20')).page).sort(), [a, b].sort());
      assert.deepEqual(ids((await list(t, w.superuser.token, `page=1&size=20&universityId=${w.uniB.id}`)).page), [b]);
    }
    const unbound = await createUser(t, 'ADMIN');
    assert.deepEqual((await list(t, unbound.token, 'page=1&size=20')).page, { items: [], total: 0, page: 1, size: 20 });
  });

  it('follows an ADMIN moved to another university at once', async () => {
    const admin = await createUser(t, 'ADMIN', { universityId: w.uniA.id });
    await list(t, admin.token, 'page=1&size=20');
    assert.deepEqual(ids((await list(t, admin.token, 'page=1&size=20')).page), [a]);
    await t.ctx.db.update(users).set({ universityId: w.uniB.id }).where(eq(users.id, admin.id));
    assert.deepEqual(ids((await list(t, admin.token, 'page=1&size=20')).page), [b]);
  });

  it('checks the caller on every request, cached page or not', async () => {
    const check = async (admin: TestUser) => call(t, 'GET', '/api/applications?page=1&size=20', { token: admin.token });
    const archived = await createUser(t, 'ADMIN', { universityId: w.uniA.id });
    assert.equal((await check(archived)).statusCode, 200);
    await t.ctx.db.update(users).set({ enabled: false }).where(eq(users.id, archived.id));
    assert.equal((await check(archived)).statusCode, 401);

    const reversioned = await createUser(t, 'ADMIN', { universityId: w.uniA.id });
    assert.equal((await check(reversioned)).statusCode, 200);
    await t.ctx.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, reversioned.id));
    assert.equal((await check(reversioned)).statusCode, 401);

    const demoted = await createUser(t, 'ADMIN', { universityId: w.uniA.id });
    assert.equal((await check(demoted)).statusCode, 200);
    await t.ctx.db.update(users).set({ role: 'USER' }).where(eq(users.id, demoted.id));
    assert.equal((await check(demoted)).statusCode, 403);
    assert.equal((await call(t, 'GET', '/api/applications?page=1&size=20')).statusCode, 401);
  });

  it('moves once per committed transaction that changes what a page shows, and only then', async () => {
    let version = await versionOf(t);
    const moved = async (label: string, write: () => Promise<unknown>, by: number) => {
      await write();
      const now = await versionOf(t);
      assert.equal(now - version, by, label);
      version = now;
    };
    const program = await createProgram(t, w.uniA.id);
    version = await versionOf(t);
    await moved(
      'a transaction writing many rows',
      () =>
        t.ctx.db.transaction(async (tx) => {
          const [one] = await tx.insert(applications).values(applicationRow(w.userA.id, w.uniA.id)).returning();
          await tx.insert(applications).values([applicationRow(w.userA.id, w.uniA.id), applicationRow(w.userB.id, w.uniA.id)]);
          await tx.insert(applicationChoices).values({ applicationId: one!.id, programId: program.id, priority: 1 });
        }),
      1,
    );
    await moved(
      'a transaction rolled back',
      () =>
        t.ctx.db
          .transaction(async (tx) => {
            await tx.insert(applications).values(applicationRow(w.userA.id, w.uniA.id));
            throw new Error('rolled back');
          })
          .catch(() => undefined),
      0,
    );
    await moved(
      'a password change',
      () =>
        t.ctx.db
          .update(users)
          .set({ passwordHash: 'x', tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, w.userA.id)),
      0,
    );
    await moved('a new account', () => createUser(t, 'USER'), 0);
    await moved('a course (on no page)', () => t.ctx.db.insert(courses).values({ programId: program.id, universityId: w.uniA.id, courseName: 'C', courseDescription: 'D', semester: 1, year: 1 }), 0);
    await moved('a name change', () => t.ctx.db.update(users).set({ lastName: 'Renamed' }).where(eq(users.id, w.userA.id)), 1);
    await moved('a new university', () => createUniversity(t, 'Mukuba University'), 1);
  });
});

describe('StaffListCache', () => {
  it('stays within its byte bound, dropping the least recently used page', async () => {
    const one = { n: 1, pad: 'x'.repeat(20) };
    const size = JSON.stringify(one).length;
    const cache = new StaffListCache(size * 3 + 2);
    const page = () => async () => one;
    for (const key of ['a', 'b', 'c']) await cache.get(key, 1, page());
    assert.deepEqual(cache.stats(), { pages: 3, bytes: size * 3, hits: 0, misses: 3 });
    await cache.get('a', 1, page());
    await cache.get('d', 1, page());
    assert.deepEqual(cache.stats(), { pages: 3, bytes: size * 3, hits: 1, misses: 4 });
    let loaded = false;
    await cache.get('b', 1, async () => {
      loaded = true;
      return {};
    });
    assert.equal(loaded, true, 'b, the least recently used, was dropped');
    await cache.get('big', 1, async () => ({ pad: 'x'.repeat(200) }));
    assert.ok(cache.stats().bytes <= size * 3 + 2);
  });

  it('computes a page once for simultaneous requests, and keeps the newest of two versions', async () => {
    const cache = new StaffListCache();
    let loads = 0;
    const slow = (value: number) => async () => {
      loads += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return { value };
    };
    const answers = await Promise.all([cache.get('k', 5, slow(5)), cache.get('k', 5, slow(5)), cache.get('k', 5, slow(5))]);
    assert.equal(loads, 1);
    assert.deepEqual(answers.map(String), Array(3).fill('{"value":5}'));

    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const older = cache.get('k', 6, async () => {
      await gate;
      return { value: 6 };
    });
    await cache.get('k', 7, slow(7));
    release();
    await older;
    assert.equal(String(await cache.get('k', 7, slow(0))), '{"value":7}', 'the page of version 6, done last, did not replace version 7');
    assert.equal(String(await cache.get('k', undefined, slow(8))), '{"value":8}', 'without a version nothing is served from memory');
  });
});

/**
 * Two app instances, each with its own cache, on one PostgreSQL database:
 * always the real server, as in multi-instance.test.ts, whatever DATABASE_URL says.
 */
describe('staff list pages with two instances on one PostgreSQL database', () => {
  let db: ScratchDatabase;
  let A: TestApp;
  let B: TestApp;
  let w: World;
  let programA: { id: number };

  before(async () => {
    db = await createScratchDatabase();
    A = await startTestApp({}, { databaseUrl: db.url });
    B = await startTestApp({}, { databaseUrl: db.url });
    w = await createWorld(A);
    programA = await createProgram(A, w.uniA.id, 'Nursing', 4);
    await submitOk(A, w.userA.token, [programA.id]);
  });
  after(async () => {
    await A?.close();
    await B?.close();
    await db?.drop();
  });

  it('shows a write made through the other instance on the very next request', async () => {
    const query = 'page=1&size=20';
    const cachedOnA = async () => {
      await list(A, w.adminA.token, query);
      const again = await list(A, w.adminA.token, query);
      assert.equal(again.cached, true);
      return again.page;
    };
    await cachedOnA();
    const added = await submitOk(B, w.userB.token, [programA.id], { fullName: 'Through B' });
    let page = (await list(A, w.adminA.token, query)).page;
    assert.equal(page.items[0]!.id, added);

    await cachedOnA();
    const decided = await call(B, 'PUT', `/api/applications/${added}`, { token: w.adminA.token, json: { status: 'REJECTED', reviewNotes: 'Missing results' } });
    assert.equal(decided.statusCode, 200, decided.body);
    page = (await list(A, w.adminA.token, query)).page;
    assert.deepEqual([page.items[0]!.status, page.items[0]!.reviewNotes], ['REJECTED', 'Missing results']);

    await cachedOnA();
    const renamed = await call(B, 'PUT', `/api/universities/${w.uniA.id}`, { token: w.superuser.token, json: { name: 'UNZA', location: 'Lusaka' } });
    assert.equal(renamed.statusCode, 200, renamed.body);
    page = (await list(A, w.adminA.token, query)).page;
    assert.deepEqual(
      page.items.map((item) => (item.university as Json).name),
      ['UNZA', 'UNZA'],
    );

    await cachedOnA();
    await B.ctx.db.update(users).set({ phone: '+260 955 000 000' }).where(eq(users.id, w.userB.id));
    page = (await list(A, w.adminA.token, query)).page;
    assert.equal((page.items[0]!.user as Json).phone, '+260 955 000 000');
  });

  it('shows a write only once its transaction has committed', async () => {
    const query = 'page=1&size=20';
    const [first] = (await list(A, w.adminA.token, query)).page.items;
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`update applications set review_notes = 'Seen after the commit' where id = $1`, [first!.id]);
      const during = await list(A, w.adminA.token, query);
      assert.equal(during.page.items[0]!.reviewNotes, first!.reviewNotes);
      await client.query('commit');
    } finally {
      await client.end();
    }
    const next = await list(A, w.adminA.token, query);
    assert.equal(next.cached, false);
    assert.equal(next.page.items[0]!.reviewNotes, 'Seen after the commit');
  });
});
