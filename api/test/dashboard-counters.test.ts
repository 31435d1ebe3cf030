/**
 * The dashboard's application and applicant figures come from counters the
 * database keeps by trigger. Whatever happens to applications (submissions,
 * decisions, deletions, an application moved to another applicant or
 * university, concurrent first applications, the table emptied at once), the
 * dashboard must say exactly what counting the applications says.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { APPLICATION_STATUSES } from 'shared-api/contract';
import { applications } from '../src/infrastructure/database/schema';
import { applicationRow, call, createUniversity, createUser, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// Every status the contract has, so a new one (DOCUMENTS_REQUESTED) is counted and shown too.
const STATUSES = APPLICATION_STATUSES;

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

describe('dashboard counters kept by the database', () => {
  let t: TestApp;
  let w: World;
  let universityIds: number[];
  let userIds: number[];

  const applicationValues = (userId: number, universityId: number, status: (typeof STATUSES)[number]) => applicationRow(userId, universityId, { status });

  /** What counting the applications themselves says, for one university or all. */
  async function counted(universityId?: number) {
    const where = universityId === undefined ? sql`true` : sql`a.university_id = ${universityId}`;
    const [totals] = rows<{ applications: number; students: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as applications, count(distinct a.user_id)::int as students from applications a where ${where}`),
    );
    const byStatus = new Map(
      rows<{ status: string; n: number }>(await t.ctx.db.execute(sql`select a.status, count(*)::int as n from applications a where ${where} group by 1`)).map((r) => [r.status, Number(r.n)]),
    );
    const byUniversity = rows<{ label: string; value: number }>(
      await t.ctx.db.execute(sql`select u.name as label, count(distinct a.user_id)::int as value
        from applications a join universities u on u.id = a.university_id
        where ${where} group by u.name order by 2 desc, 1 asc limit 5`),
    ).map((r) => ({ label: r.label, value: Number(r.value) }));
    return {
      applications: Number(totals!.applications),
      students: Number(totals!.students),
      applicationsByStatus: STATUSES.map((status) => ({ status, value: byStatus.get(status) ?? 0 })),
      studentsByUniversity: byUniversity,
    };
  }

  async function assertDashboardMatches(when: string) {
    for (const universityId of [undefined, ...universityIds]) {
      const res = await call(t, 'GET', `/api/dashboard/stats${universityId === undefined ? '' : `?universityId=${universityId}`}`, { token: w.superuser.token });
      assert.equal(res.statusCode, 200, res.body);
      const shown = res.json() as Record<string, unknown>;
      const expected = await counted(universityId);
      const scope = universityId === undefined ? 'all universities' : `university ${universityId}`;
      assert.deepEqual(
        { applications: shown.applications, students: shown.students, applicationsByStatus: shown.applicationsByStatus, studentsByUniversity: shown.studentsByUniversity },
        expected,
        `${when}, ${scope}`,
      );
    }
  }

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    const uniC = await createUniversity(t, 'Mulungushi University', { location: 'Kabwe' });
    universityIds = [w.uniA.id, w.uniB.id, uniC.id];
    userIds = [w.userA.id, w.userB.id];
    for (let i = 0; i < 4; i += 1) userIds.push((await createUser(t, 'USER')).id);
  });
  after(() => t.close());

  it('match counting after every kind of change to applications', async () => {
    const pick = random(20_261_122);
    await assertDashboardMatches('before any application');
    for (let step = 1; step <= 150; step += 1) {
      const existing = rows<{ id: number }>(await t.ctx.db.execute(sql`select id from applications order by id`)).map((r) => Number(r.id));
      const action = existing.length < 5 ? 0 : pick(10);
      if (action <= 4) {
        await t.ctx.db.insert(applications).values(applicationValues(userIds[pick(userIds.length)]!, universityIds[pick(universityIds.length)]!, STATUSES[pick(STATUSES.length)]!));
      } else if (action <= 6) {
        await t.ctx.db
          .update(applications)
          .set({ status: STATUSES[pick(STATUSES.length)]! })
          .where(eq(applications.id, existing[pick(existing.length)]!));
      } else if (action === 7) {
        await t.ctx.db.delete(applications).where(eq(applications.id, existing[pick(existing.length)]!));
      } else if (action === 8) {
        await t.ctx.db
          .update(applications)
          .set({ universityId: universityIds[pick(universityIds.length)]! })
          .where(eq(applications.id, existing[pick(existing.length)]!));
      } else {
        await t.ctx.db
          .update(applications)
          .set({ userId: userIds[pick(userIds.length)]!, status: STATUSES[pick(STATUSES.length)]! })
          .where(eq(applications.id, existing[pick(existing.length)]!));
      }
      if (step % 25 === 0) await assertDashboardMatches(`after step ${step}`);
    }
  });

  it('match counting after many first applications at once, each in its own transaction', async () => {
    const fresh: number[] = [];
    for (let i = 0; i < 12; i += 1) fresh.push((await createUser(t, 'USER')).id);
    await Promise.all(
      fresh.flatMap((userId, i) => [
        t.ctx.db.transaction(async (tx) => {
          await tx.insert(applications).values(applicationValues(userId, universityIds[i % 3]!, 'PENDING'));
        }),
        t.ctx.db.transaction(async (tx) => {
          await tx.insert(applications).values(applicationValues(userId, universityIds[(i + 1) % 3]!, 'SUBMITTED'));
        }),
      ]),
    );
    await assertDashboardMatches('after concurrent first applications');
  });

  it('drop to zero when the applications are emptied at once', async () => {
    await t.ctx.db.execute(sql`truncate applications cascade`);
    await assertDashboardMatches('after truncate');
    const res = (await call(t, 'GET', '/api/dashboard/stats', { token: w.superuser.token })).json() as { students: number; applications: number };
    assert.deepEqual([res.students, res.applications], [0, 0]);
    await t.ctx.db.insert(applications).values(applicationValues(w.userA.id, w.uniA.id, 'PENDING'));
    await assertDashboardMatches('after a new application');
  });
});
