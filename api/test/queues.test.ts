/**
 * Issue 17, item 3: queues and assignment. An application is assigned to an
 * ADMIN of its university or a SUPERUSER (history and audit in words); the
 * staff list filters 'assigned to me' and 'unassigned' through its exact
 * cache; bulk assign and bulk decline up to 500 applications, all or nothing,
 * each with its own history entry, audit record and decision e-mail. An
 * applicant never sees who reviews its application.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as contract from 'shared-api/contract';
import { staffListCache } from '../src/infrastructure/caches/staff-list-cache';
import { applicationHistory, applications, auditLog, mailOutbox, users } from '../src/infrastructure/database/schema';
import { createProgram, submitOk } from './fixtures/applications';
import { applicationRow, call, createUser, createWorld, type TestUser, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const { Application, ApplicationBulkResult, Assignee } = contract;
type App = ReturnType<typeof Application.parse>;
type Page = { items: App[]; total: number; page: number; size: number };

describe('queues: assignment, queue filters and bulk actions', () => {
  let t: TestApp;
  let w: World;
  let jane: TestUser;
  let peter: TestUser;
  let appId: number;

  const detail = async (token: string, id = appId) => {
    const res = await call(t, 'GET', `/api/applications/${id}`, { token });
    assert.equal(res.statusCode, 200, res.body);
    return Application.parse(res.json()) as App;
  };
  const assign = (token: string, userId: number | null, id = appId) => call(t, 'PUT', `/api/applications/${id}/assignee`, { token, json: { userId } });
  const bulk = (token: string, json: unknown) => call(t, 'POST', '/api/applications/bulk', { token, json });
  const page = async (token: string, query: string) => {
    const res = await call(t, 'GET', `/api/applications?${query}`, { token });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as Page;
  };

  /** `n` applications of fresh applicants at a university, straight in the database (PENDING unless told). */
  async function insertApplications(n: number, universityId: number, extra: Partial<typeof applications.$inferInsert> = {}): Promise<number[]> {
    const applicant = await createUser(t, 'USER');
    const rows = await t.ctx.db
      .insert(applications)
      .values(Array.from({ length: n }, (_, i) => applicationRow(applicant.id, universityId, { fullName: `Bulk Applicant ${i}`, email: `bulk${applicant.id}-${i}@example.test`, ...extra })))
      .returning({ id: applications.id });
    return rows.map((r) => r.id);
  }

  const historyOf = (ids: number[], kind: 'STATUS' | 'ASSIGNMENT') =>
    t.ctx.db
      .select()
      .from(applicationHistory)
      .where(and(inArray(applicationHistory.applicationId, ids), eq(applicationHistory.kind, kind)));
  const statusesOf = async (ids: number[]) => (await t.ctx.db.select({ status: applications.status }).from(applications).where(inArray(applications.id, ids))).map((r) => r.status);
  const mailCount = async () => (await t.ctx.db.select().from(mailOutbox)).length;

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    jane = await createUser(t, 'ADMIN', { universityId: w.uniA.id, firstName: 'Jane', lastName: 'Banda' });
    peter = await createUser(t, 'ADMIN', { universityId: w.uniA.id, firstName: 'Peter', lastName: 'Mulenga' });
    const program = await createProgram(t, w.uniA.id, 'BSc Nursing');
    appId = await submitOk(t, w.userA.token, [program.id]);
  });
  after(() => t.close());

  describe('one application', () => {
    it('starts unassigned: staff see assignee null, the applicant sees no assignee at all', async () => {
      assert.equal((await detail(w.adminA.token)).assignee, null);
      const mine = await call(t, 'GET', `/api/applications/${appId}`, { token: w.userA.token });
      assert.equal('assignee' in mine.json(), false);
    });

    it('assigns to an ADMIN of the university, in the history and the audit log in words', async () => {
      const res = await assign(w.adminA.token, jane.id);
      assert.equal(res.statusCode, 200, res.body);
      const a = Application.parse(res.json());
      assert.deepEqual(a.assignee, { id: jane.id, name: 'Jane Banda' });
      const entry = a.history.at(-1)!;
      assert.equal(entry.kind, 'ASSIGNMENT');
      assert.equal(entry.note, 'Assigned to Jane Banda');
      assert.equal(entry.actor?.id, w.adminA.id);
      const audits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'application.assign'), eq(auditLog.target, `application:${appId}`)));
      assert.equal(audits.length, 1);
      assert.equal(audits[0]!.actorId, w.adminA.id);
    });

    it('assigning to the same reviewer again changes nothing and records nothing', async () => {
      const before = (await historyOf([appId], 'ASSIGNMENT')).length;
      const res = await assign(w.adminA.token, jane.id);
      assert.equal(res.statusCode, 200);
      assert.equal((await historyOf([appId], 'ASSIGNMENT')).length, before);
    });

    it('reassigns (to a colleague, then a SUPERUSER) and unassigns, each in words', async () => {
      assert.equal((await assign(w.adminA.token, peter.id)).statusCode, 200);
      const su = await assign(w.superuser.token, w.superuser.id);
      assert.equal(su.statusCode, 200, su.body);
      const none = await assign(w.adminA.token, null);
      assert.equal(none.statusCode, 200);
      assert.equal(Application.parse(none.json()).assignee, null);
      const notes = (await detail(w.adminA.token)).history.filter((h) => h.kind === 'ASSIGNMENT').map((h) => h.note);
      const superName = `Superuser ${(await t.ctx.db.select().from(users).where(eq(users.id, w.superuser.id)))[0]!.lastName}`;
      assert.deepEqual(notes, ['Assigned to Jane Banda', 'Reassigned from Jane Banda to Peter Mulenga', `Reassigned from Peter Mulenga to ${superName}`, `Unassigned (was ${superName})`]);
    });

    it('refuses an assignee who is not an active ADMIN of that university nor a SUPERUSER: 400 naming userId, nothing changed', async () => {
      const retired = await createUser(t, 'ADMIN', { universityId: w.uniA.id });
      await t.ctx.db.update(users).set({ enabled: false }).where(eq(users.id, retired.id));
      for (const userId of [w.adminB.id, w.userA.id, retired.id, 999_999]) {
        const res = await assign(w.adminA.token, userId);
        assert.equal(res.statusCode, 400, `${userId}: ${res.body}`);
        assert.match(res.json().message, /^userId: /);
      }
      for (const json of [{}, { userId: 'jane' }, { userId: 0 }, { userId: jane.id, extra: 1 }]) {
        const res = await call(t, 'PUT', `/api/applications/${appId}/assignee`, { token: w.adminA.token, json });
        assert.equal(res.statusCode, 400, JSON.stringify(json));
      }
      assert.equal((await detail(w.adminA.token)).assignee, null);
    });

    it('answers 404 to staff of another university and for an unknown application, 403 to an applicant', async () => {
      assert.equal((await assign(w.adminB.token, w.adminB.id)).statusCode, 404);
      assert.equal((await assign(w.adminA.token, jane.id, 999_999)).statusCode, 404);
      assert.equal((await assign(w.userA.token, jane.id)).statusCode, 403);
      assert.equal((await detail(w.adminA.token)).assignee, null);
    });

    it("keeps the assignee and its history out of every applicant answer and of the applicant's data export", async () => {
      assert.equal((await assign(w.adminA.token, jane.id)).statusCode, 200);
      const one = await call(t, 'GET', `/api/applications/${appId}`, { token: w.userA.token });
      const mine = await call(t, 'GET', `/api/applications/user/${w.userA.id}`, { token: w.userA.token });
      const exported = await call(t, 'GET', '/api/users/me/export', { token: w.userA.token });
      for (const res of [one, mine, exported]) {
        assert.equal(res.statusCode, 200, res.body);
        assert.doesNotMatch(res.body, /assignee|ASSIGNMENT|Jane|Banda|Mulenga/);
      }
      // Staff reading the same user's applications do see it.
      const staffView = await call(t, 'GET', `/api/applications/user/${w.userA.id}`, { token: w.adminA.token });
      assert.deepEqual(staffView.json()[0].assignee, { id: jane.id, name: 'Jane Banda' });
    });
  });

  describe('who can be chosen', () => {
    it("lists an ADMIN's active colleagues only; a SUPERUSER also sees the SUPERUSERs", async () => {
      const mine = await call(t, 'GET', '/api/applications/assignees', { token: w.adminA.token });
      assert.equal(mine.statusCode, 200, mine.body);
      const people = mine.json().map((p: unknown) => Assignee.parse(p));
      const ids = people.map((p: { id: number }) => p.id);
      for (const id of [w.adminA.id, jane.id, peter.id]) assert.ok(ids.includes(id));
      assert.ok(!ids.includes(w.adminB.id) && !ids.includes(w.superuser.id) && !ids.includes(w.userA.id));
      assert.ok(people.every((p: { role: string }) => p.role === 'ADMIN'));
      // An ADMIN cannot look into another university's staff.
      const other = await call(t, 'GET', `/api/applications/assignees?universityId=${w.uniB.id}`, { token: w.adminA.token });
      assert.deepEqual(other.json(), mine.json());
      const su = await call(t, 'GET', `/api/applications/assignees?universityId=${w.uniA.id}`, { token: w.superuser.token });
      const suIds = su.json().map((p: { id: number }) => p.id);
      assert.ok(suIds.includes(w.superuser.id) && suIds.includes(jane.id) && !suIds.includes(w.adminB.id));
      assert.equal((await call(t, 'GET', '/api/applications/assignees', { token: w.userA.token })).statusCode, 403);
    });
  });

  describe('queue filters and the staff list cache', () => {
    let mineIds: number[];
    let noneIds: number[];

    before(async () => {
      mineIds = await insertApplications(3, w.uniA.id, { assigneeId: w.adminA.id });
      noneIds = await insertApplications(2, w.uniA.id);
    });

    it("'assigned=me' lists the caller's own queue and 'assigned=none' the unassigned, with an Assignee on each row", async () => {
      const mine = await page(w.adminA.token, 'assigned=me&page=1&size=100');
      assert.deepEqual(mine.items.map((a) => a.id).sort(), [...mineIds].sort());
      assert.equal(mine.total, 3);
      assert.ok(mine.items.every((a) => a.assignee?.id === w.adminA.id));
      const none = await page(w.adminA.token, 'assigned=none&page=1&size=100');
      for (const id of noneIds) assert.ok(none.items.some((a) => a.id === id));
      assert.ok(none.items.every((a) => a.assignee === null));
      assert.ok(!none.items.some((a) => a.id === appId), 'assigned to Jane, so not unassigned');
      // Jane's queue is hers, not the caller's: the same query answers per caller.
      const janes = await page(jane.token, 'assigned=me&page=1&size=100');
      assert.deepEqual(
        janes.items.map((a) => a.id),
        [appId],
      );
      assert.equal((await call(t, 'GET', '/api/applications?assigned=everyone', { token: w.adminA.token })).statusCode, 400);
    });

    it('an assignment shows on the very next request of a cached page', async () => {
      const query = 'assigned=none&page=1&size=100';
      await page(w.adminA.token, query);
      const stats = staffListCache(t.ctx).stats();
      await page(w.adminA.token, query);
      assert.equal(staffListCache(t.ctx).stats().hits, stats.hits + 1, 'the second read is served from the cache');
      assert.equal((await assign(w.adminA.token, w.adminA.id, noneIds[0])).statusCode, 200);
      const after = await page(w.adminA.token, query);
      assert.ok(!after.items.some((a) => a.id === noneIds[0]));
      const mine = await page(w.adminA.token, 'assigned=me&page=1&size=100');
      assert.ok(mine.items.some((a) => a.id === noneIds[0]));
      // And a bulk assignment too.
      assert.equal((await bulk(w.adminA.token, { action: 'assign', userId: w.adminA.id, ids: [noneIds[1]] })).statusCode, 200);
      assert.equal((await page(w.adminA.token, 'assigned=me&page=1&size=100')).total, 5);
    });
  });

  describe('bulk', () => {
    let twenty: number[];

    beforeEach(async () => {
      twenty = await insertApplications(20, w.uniA.id);
    });

    it('assigns twenty applications to a colleague in one request: one history entry and audit record each', async () => {
      const res = await bulk(w.adminA.token, { action: 'assign', userId: jane.id, ids: twenty });
      assert.equal(res.statusCode, 200, res.body);
      const result = ApplicationBulkResult.parse(res.json());
      assert.equal(result.count, 20);
      const assigned = await t.ctx.db.select({ assigneeId: applications.assigneeId }).from(applications).where(inArray(applications.id, twenty));
      assert.ok(assigned.every((r) => r.assigneeId === jane.id));
      const entries = await historyOf(twenty, 'ASSIGNMENT');
      assert.equal(entries.length, 20);
      assert.ok(entries.every((h) => h.note === 'Assigned to Jane Banda' && h.actorId === w.adminA.id));
      const audits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'application.assign'),
            inArray(
              auditLog.target,
              twenty.map((id) => `application:${id}`),
            ),
          ),
        );
      assert.equal(audits.length, 20);
    });

    it('declines five in one request: each declined with the reason, its own history entry, audit record and e-mail', async () => {
      const five = twenty.slice(0, 5);
      const mailsBefore = await mailCount();
      const reason = 'The intake is full for this program.';
      const res = await bulk(w.adminA.token, { action: 'decline', reason, ids: five });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().count, 5);
      const rows = await t.ctx.db.select().from(applications).where(inArray(applications.id, five));
      assert.ok(rows.every((r) => r.status === 'REJECTED' && r.reviewNotes === reason));
      const entries = await historyOf(five, 'STATUS');
      assert.equal(entries.length, 5);
      assert.ok(entries.every((h) => h.toValue === 'REJECTED' && h.note === reason && h.actorId === w.adminA.id));
      const mails = (await t.ctx.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id))).slice(mailsBefore);
      assert.equal(mails.length, 5);
      for (const row of rows) {
        const mail = mails.find((m) => m.text.includes(`\nDear ${row.fullName},\n`));
        assert.equal(mail?.subject, 'Your application has been declined');
        assert.match(mail!.text, /Reason: The intake is full/);
      }
      const audits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'application.decide'),
            inArray(
              auditLog.target,
              five.map((id) => `application:${id}`),
            ),
          ),
        );
      assert.equal(audits.length, 5);
      // The other fifteen are untouched.
      assert.ok((await statusesOf(twenty.slice(5))).every((s) => s === 'PENDING'));
    });

    it('is all or nothing: one application of another university makes it a 404 naming it, and nothing changes', async () => {
      const [foreign] = await insertApplications(1, w.uniB.id);
      const mailsBefore = await mailCount();
      for (const json of [
        { action: 'decline', reason: 'Incomplete', ids: [...twenty, foreign] },
        { action: 'assign', userId: jane.id, ids: [...twenty, foreign] },
        { action: 'assign', userId: jane.id, ids: [...twenty, 999_999] },
      ]) {
        const res = await bulk(w.adminA.token, json);
        assert.equal(res.statusCode, 404, res.body);
        assert.match(res.json().message, new RegExp(`not found: ${json.ids.at(-1)}\\. Nothing was changed\\.`));
      }
      assert.ok((await statusesOf(twenty)).every((s) => s === 'PENDING'));
      assert.equal((await historyOf(twenty, 'STATUS')).length + (await historyOf(twenty, 'ASSIGNMENT')).length, 0);
      assert.equal(await mailCount(), mailsBefore);
    });

    it('is all or nothing: an application already decided makes a decline a 409 naming it, and nothing changes', async () => {
      const [decided] = await insertApplications(1, w.uniA.id, { status: 'APPROVED' });
      const mailsBefore = await mailCount();
      const res = await bulk(w.adminA.token, { action: 'decline', reason: 'Incomplete', ids: [...twenty, decided] });
      assert.equal(res.statusCode, 409, res.body);
      assert.match(res.json().message, new RegExp(`application ${decided}\\. Nothing was changed\\.`));
      assert.ok((await statusesOf(twenty)).every((s) => s === 'PENDING'));
      assert.equal((await historyOf(twenty, 'STATUS')).length, 0);
      assert.equal(await mailCount(), mailsBefore);
      // Assigning a decided application is fine.
      assert.equal((await bulk(w.adminA.token, { action: 'assign', userId: jane.id, ids: [decided] })).statusCode, 200);
    });

    it('refuses an assignee of another university for all of them (400 naming userId)', async () => {
      const res = await bulk(w.adminA.token, { action: 'assign', userId: w.adminB.id, ids: twenty });
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, /^userId: /);
      assert.equal((await historyOf(twenty, 'ASSIGNMENT')).length, 0);
      // A SUPERUSER's batch across two universities needs a SUPERUSER assignee.
      const [foreign] = await insertApplications(1, w.uniB.id);
      const mixed = await bulk(w.superuser.token, { action: 'assign', userId: jane.id, ids: [twenty[0], foreign] });
      assert.equal(mixed.statusCode, 400);
      assert.equal((await bulk(w.superuser.token, { action: 'assign', userId: w.superuser.id, ids: [twenty[0], foreign] })).statusCode, 200);
    });

    it('answers staff of another university 404 for applications it cannot reach; an applicant 403', async () => {
      assert.equal((await bulk(w.adminB.token, { action: 'decline', reason: 'No', ids: twenty.slice(0, 2) })).statusCode, 404);
      assert.equal((await bulk(w.userA.token, { action: 'decline', reason: 'No', ids: twenty.slice(0, 2) })).statusCode, 403);
      assert.ok((await statusesOf(twenty)).every((s) => s === 'PENDING'));
    });

    it('works on the list filter: every application it shows, within reach', async () => {
      // A submitted application is not on an ADMIN's list (spec §2.4), so its bulk action leaves it alone.
      const [submitted] = await insertApplications(1, w.uniA.id, { status: 'SUBMITTED' });
      const before = await page(w.adminA.token, 'assigned=none&page=1&size=1');
      const res = await bulk(w.adminA.token, { action: 'assign', userId: peter.id, filter: { assigned: 'none' } });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().count, before.total - 1);
      assert.ok(!res.json().ids.includes(submitted));
      const left = await page(w.adminA.token, 'assigned=none&page=1&size=10');
      assert.deepEqual(
        left.items.map((a) => a.id),
        [submitted],
      );
      // An ADMIN's filter never reaches another university, whatever it names.
      const [foreign] = await insertApplications(1, w.uniB.id);
      const other = await bulk(w.adminA.token, { action: 'assign', userId: peter.id, filter: { universityId: w.uniB.id, assigned: 'none' } });
      assert.equal(other.statusCode, 400, other.body);
      assert.equal(other.json().message, 'No application matches these filters: nothing was changed.');
      const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, foreign!));
      assert.equal(row!.assigneeId, null);
    });

    it('refuses more than 500 applications, by ids or by filter, in plain words', async () => {
      const ids = Array.from({ length: 501 }, (_, i) => i + 1);
      const res = await bulk(w.adminA.token, { action: 'decline', reason: 'Too many', ids });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().message, 'Choose at most 500 applications.');
      const many = await insertApplications(501, w.uniA.id, { status: 'SUBMITTED' });
      const byFilter = await bulk(w.adminA.token, { action: 'decline', reason: 'Too many', filter: { status: 'SUBMITTED' } });
      assert.equal(byFilter.statusCode, 400);
      assert.equal(byFilter.json().message, 'Choose at most 500 applications.');
      assert.ok((await statusesOf(many.slice(0, 5))).every((s) => s === 'SUBMITTED'));
    });

    it('refuses a malformed request with a 400 that names what is wrong', async () => {
      const cases: [unknown, RegExp][] = [
        [{ action: 'approve', ids: twenty }, /action/],
        [{ action: 'decline', ids: twenty }, /^reason: is required/],
        [{ action: 'decline', userId: jane.id, reason: 'x', ids: twenty }, /^userId: is only for assigning/],
        [{ action: 'decline', reason: '   ', ids: twenty }, /^reason/],
        [{ action: 'decline', reason: 'x\u0000', ids: twenty }, /^reason/],
        [{ action: 'assign', ids: twenty }, /^userId/],
        [{ action: 'assign', userId: jane.id }, /either ids or filter/],
        [{ action: 'assign', userId: jane.id, ids: twenty, filter: {} }, /either ids or filter/],
        [{ action: 'assign', userId: jane.id, ids: [] }, /^ids/],
        [{ action: 'assign', userId: jane.id, ids: ['1; drop table'] }, /^ids/],
        [{ action: 'assign', userId: jane.id, reason: 'x', ids: twenty }, /^reason: is only for declining/],
        [{ action: 'assign', userId: jane.id, ids: twenty, note: 'x' }, /Unknown field: note/],
        [{ action: 'assign', userId: jane.id, filter: { assigned: 'them' } }, /assigned/],
      ];
      for (const [json, message] of cases) {
        const res = await bulk(w.adminA.token, json);
        assert.equal(res.statusCode, 400, JSON.stringify(json));
        assert.match(res.json().message, message, JSON.stringify(json));
      }
      assert.ok((await statusesOf(twenty)).every((s) => s === 'PENDING'));
    });
  });
});
