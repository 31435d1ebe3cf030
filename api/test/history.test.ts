import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, inArray, sql } from 'drizzle-orm';
import { PAYMENT_REVIEW_NOTE } from 'shared-api/contract';
import type { Database } from '../src/infrastructure/database/client';
import { applicationHistory, applications } from '../src/infrastructure/database/schema';
import { toApplications } from '../src/modules/applications/mapping';
import { historyFor, recordHistory } from '../src/modules/applications/history';
import type { Caller } from '../src/infrastructure/http/access';
import { createProgram, insertPayment, submitOk } from './fixtures/applications';
import { call, createWorld, type TestUser, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const callerOf = (u: TestUser): Caller => ({ id: u.id, role: u.role, universityId: u.universityId, email: u.email, name: 'x', sessionId: 'test' });

describe('application history', () => {
  let t: TestApp;
  let w: World;
  let programId: number;

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    programId = (await createProgram(t, w.uniA.id, 'Nursing', 4)).id;
  });
  after(() => t.close());

  it('records entries and reads them per application, oldest first, with actor name and role', async () => {
    const one = await submitOk(t, w.userA.token, [programId]);
    const two = await submitOk(t, w.userB.token, [programId]);
    const at = new Date('2026-06-01T12:00:00Z');
    await recordHistory(t.ctx.db, { applicationId: one, kind: 'PAYMENT', from: null, to: 'pending', note: 'Payment started', actorId: w.userA.id });
    await recordHistory(t.ctx.db, { applicationId: one, kind: 'PAYMENT', from: 'pending', to: 'successful', note: 'Paid', actorId: null });
    // Two entries at the very same instant keep their insertion order.
    await t.ctx.db.update(applicationHistory).set({ createdAt: at }).where(eq(applicationHistory.applicationId, one));
    const map = await historyFor(t.ctx.db, [one, two, 999_999]);
    assert.equal(map.size, 2);
    const first = map.get(one)!;
    assert.deepEqual(
      first.map((e) => [e.kind, e.from, e.to, e.note]),
      [
        ['STATUS', null, 'PENDING', 'Application submitted'],
        ['PAYMENT', null, 'pending', 'Payment started'],
        ['PAYMENT', 'pending', 'successful', 'Paid'],
      ],
    );
    assert.equal(first[0]!.actor?.role, 'USER');
    assert.equal(first[1]!.actor?.id, w.userA.id);
    assert.equal(first[2]!.actor, null);
    assert.equal(first[2]!.at, at.toISOString());
    assert.equal(map.get(two)!.length, 1);
    assert.deepEqual(await historyFor(t.ctx.db, []), new Map());
  });

  it('shows applicant and staff the same timeline: submission, payment, review, decision', async () => {
    const id = await submitOk(t, w.userA.token, [programId]);
    await insertPayment(t, id, w.userA.id, 'successful');
    await recordHistory(t.ctx.db, { applicationId: id, kind: 'PAYMENT', from: 'pending', to: 'successful', note: 'Payment verified', actorId: null });
    await t.ctx.db.update(applications).set({ status: 'PENDING_REVIEW', paid: true }).where(eq(applications.id, id));
    await recordHistory(t.ctx.db, { applicationId: id, kind: 'STATUS', from: 'PENDING', to: 'PENDING_REVIEW', note: PAYMENT_REVIEW_NOTE, actorId: null });
    const decided = await call(t, 'PUT', `/api/applications/${id}`, { token: w.adminA.token, json: { status: 'Approved', programId } });
    assert.equal(decided.statusCode, 200, decided.body);

    const views = await Promise.all([w.userA, w.adminA, w.superuser].map((u) => call(t, 'GET', `/api/applications/${id}`, { token: u.token })));
    const timelines = views.map((r) => r.json().history);
    assert.deepEqual(timelines[0], timelines[1]);
    assert.deepEqual(timelines[0], timelines[2]);
    const timeline = timelines[0] as { kind: string; from: string | null; to: string | null; note: string | null; actor: { role: string } | null; at: string }[];
    assert.deepEqual(
      timeline.map((e) => [e.kind, e.from, e.to, e.note, e.actor?.role ?? null]),
      [
        ['STATUS', null, 'PENDING', 'Application submitted', 'USER'],
        ['PAYMENT', 'pending', 'successful', 'Payment verified', null],
        ['STATUS', 'PENDING', 'PENDING_REVIEW', PAYMENT_REVIEW_NOTE, null],
        ['STATUS', 'PENDING_REVIEW', 'APPROVED', 'Application approved', 'ADMIN'],
      ],
    );
    const times = timeline.map((e) => Date.parse(e.at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    );
    assert.equal(views[0]!.json().paid, true);

    // Lists carry the same timeline.
    const list = (await call(t, 'GET', `/api/applications/user/${w.userA.id}`, { token: w.userA.token })).json();
    assert.deepEqual(list.find((a: { id: number }) => a.id === id).history, timeline);
  });

  it('writes no entry for a refused decision', async () => {
    const id = await submitOk(t, w.userB.token, [programId]);
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .select({ n: sql<number>`count(*)::int` })
            .from(applicationHistory)
            .where(eq(applicationHistory.applicationId, id))
        )[0]!.n,
      );
    assert.equal(await count(), 1);
    assert.equal((await call(t, 'PUT', `/api/applications/${id}`, { token: w.adminA.token, json: { status: 'Rejected' } })).statusCode, 400);
    assert.equal((await call(t, 'PUT', `/api/applications/${id}`, { token: w.adminB.token, json: { status: 'Rejected', reviewNotes: 'x' } })).statusCode, 404);
    assert.equal(await count(), 1);
    assert.equal((await call(t, 'PUT', `/api/applications/${id}`, { token: w.adminA.token, json: { status: 'Rejected', reviewNotes: 'Missing results' } })).statusCode, 200);
    assert.equal((await call(t, 'PUT', `/api/applications/${id}`, { token: w.adminA.token, json: { status: 'Rejected', reviewNotes: 'again' } })).statusCode, 409);
    assert.equal(await count(), 2);
  });

  it('shows the national registration number only to the applicant and staff in reach', async () => {
    const id = await submitOk(t, w.userA.token, [programId]);
    const rows = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
    for (const [viewer, sees] of [
      [w.userA, true],
      [w.adminA, true],
      [w.superuser, true],
      [w.userB, false],
      [w.adminB, false],
    ] as const) {
      const [mapped] = await toApplications(t.ctx.db, rows, callerOf(viewer));
      assert.equal('nationalRegNumber' in mapped!, sees, viewer.role);
    }
  });

  it('maps a page of applications with a fixed number of queries, whatever its size', async () => {
    for (let i = 0; i < 6; i += 1) await submitOk(t, w.userB.token, [programId]);
    let queries = 0;
    const counting = new Proxy(t.ctx.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === 'select' || prop === 'selectDistinctOn') {
          return (...args: unknown[]) => {
            queries += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    }) as Database;
    const all = await t.ctx.db.select().from(applications).orderBy(applications.id);
    assert.ok(all.length >= 8);
    // The single row is a decided one, so the optional approved-program lookup runs in both cases.
    const decided = all.filter((a) => a.approvedProgramId !== null);
    assert.ok(decided.length >= 1);
    queries = 0;
    await toApplications(counting, decided.slice(0, 1), callerOf(w.superuser));
    const forOne = queries;
    queries = 0;
    const mapped = await toApplications(counting, all, callerOf(w.superuser));
    assert.equal(queries, forOne);
    assert.ok(forOne <= 7, `at most 7 queries, saw ${forOne}`);
    assert.equal(mapped.length, all.length);
    const ids = all.map((a) => a.id);
    const withChoices = await t.ctx.db.select().from(applications).where(inArray(applications.id, ids));
    assert.equal(withChoices.length, mapped.length);
  });
});
