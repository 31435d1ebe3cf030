/**
 * Database faults during submissions.
 *
 * On both databases: a submission that fails inside the database after its
 * files were received (a trigger refuses the file rows) answers with a clear
 * error and leaves no application, choice, history, file row or stored file
 * behind; once the fault is gone the same submission succeeds.
 *
 * On PostgreSQL (DATABASE_URL set): every server connection is terminated
 * (pg_terminate_backend) in the middle of a load of concurrent submissions.
 * Each request either succeeds (201) and its application is in the database
 * with its four files, or fails with a JSON message and leaves nothing; the
 * server reconnects by itself and the next submissions succeed. On PGlite
 * (one in-process connection, nothing to terminate) the same load runs with
 * the fault of the first part switched on and off in the middle of it.
 *
 * The drill with a real `pg_ctlcluster restart` is deploy/security/pg-restart-drill.sh.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { submit } from '../fixtures/applications';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createFullWorld, databaseState, folderState, JOBS_AN_HOUR_APART, type FullWorld } from '../helpers/world-full';

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

async function installFault(t: TestApp) {
  await t.ctx.db.execute(sql.raw(`create or replace function fault_refuse_files() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`));
  await t.ctx.db.execute(sql.raw(`create trigger fault_refuse_files before insert on application_files for each row execute function fault_refuse_files()`));
}
async function removeFault(t: TestApp) {
  await t.ctx.db.execute(sql.raw(`drop trigger if exists fault_refuse_files on application_files`));
}

/**
 * Every application has its choices, its history and exactly four file rows whose
 * stored objects exist. `strayAllowed`: when a connection dies during a commit the
 * server cannot tell whether it happened, so it keeps that request's stored files
 * rather than risk deleting a saved applicant's documents; such unreferenced
 * objects may only come from requests that failed (four each).
 */
async function assertNothingHalfWritten(t: TestApp, strayAllowed = 0) {
  const broken = rows<{ id: number; files: number; choices: number; history: number }>(
    await t.ctx.db.execute(sql`
      select a.id,
        (select count(*)::int from application_files f where f.application_id = a.id) as files,
        (select count(*)::int from application_choices c where c.application_id = a.id) as choices,
        (select count(*)::int from application_history h where h.application_id = a.id) as history
      from applications a`),
  ).filter((r) => Number(r.files) !== 4 || Number(r.choices) < 1 || Number(r.history) < 1);
  assert.deepEqual(broken, [], 'applications without all their parts');
  const keys = rows<{ storage_key: string }>(await t.ctx.db.execute(sql`select storage_key from application_files`)).map((r) => r.storage_key);
  const stored = new Set(folderState(t.config.storage.kind === 'local' ? t.config.storage.dir : t.dataDir).map((entry) => entry.replace(/:\d+$/, '')));
  assert.deepEqual(
    keys.filter((key) => !stored.has(key)),
    [],
    'every file row has its stored object',
  );
  const stray = stored.size - keys.length;
  assert.ok(stray >= 0 && stray <= strayAllowed, `unreferenced stored objects: ${stray} (allowed ${strayAllowed})`);
}

describe('database faults during submissions', () => {
  let t: TestApp;
  let w: FullWorld;
  let closedByTest = false;
  before(async () => {
    t = await startTestApp(JOBS_AN_HOUR_APART);
    w = await createFullWorld(t);
  });
  after(async () => {
    if (closedByTest) return;
    await removeFault(t).catch(() => undefined);
    await t.close();
  });

  it('a submission failing inside the database leaves nothing behind, and succeeds once the fault is gone', async () => {
    const before = await databaseState(t);
    const filesBefore = folderState(t.dataDir);
    await installFault(t);
    try {
      const res = await submit(t, w.userA.token, [w.programA1.id]);
      assert.ok(res.statusCode >= 500 && res.statusCode < 600, `${res.statusCode} ${res.body}`);
      const body = res.json() as { message?: unknown };
      assert.equal(typeof body.message, 'string');
      assert.doesNotMatch(res.body, /injected fault|trigger|at \S+\.ts/);
    } finally {
      await removeFault(t);
    }
    assert.deepEqual(await databaseState(t), before, 'no row written');
    assert.deepEqual(folderState(t.dataDir), filesBefore, 'no file left in storage');
    const ok = await submit(t, w.userA.token, [w.programA1.id]);
    assert.equal(ok.statusCode, 201, ok.body);
    await assertNothingHalfWritten(t);
  });

  it(
    process.env.DATABASE_URL
      ? 'PostgreSQL: every connection terminated mid-load, four times over; each request succeeds whole or fails cleanly, and the server reconnects'
      : 'PGlite: the database fails mid-load; each request succeeds whole or fails cleanly, and the server carries on',
    async () => {
      const baseUrl = process.env.DATABASE_URL;
      let killer: pg.Client | null = null;
      if (baseUrl) {
        const name = rows<{ name: string }>(await t.ctx.db.execute(sql`select current_database() as name`))[0]!.name;
        const url = new URL(baseUrl);
        url.pathname = `/${name}`;
        killer = new pg.Client({ connectionString: url.toString() });
        await killer.connect();
      }
      let strayAllowed = 0;
      try {
        // The termination lands at a different moment of the load each round, so
        // some rounds catch connections between BEGIN and COMMIT or at BEGIN itself.
        const faultAt = killer ? [8, 3, 14, 20] : [8];
        for (const [round, at] of faultAt.entries()) {
          const { failed } = await loadWithFault(killer, at, round);
          strayAllowed += 4 * failed;
          await assertNothingHalfWritten(t, killer ? strayAllowed : 0);
        }
        // Recovered: new submissions succeed without any restart.
        for (let i = 0; i < 3; i += 1) {
          const res = await submit(t, w.userA.token, [w.programA2.id], { fullName: `After Fault ${i}` });
          assert.equal(res.statusCode, 201, res.body);
        }
        const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
        assert.equal(ready.statusCode, 200);
        await assertNothingHalfWritten(t, killer ? strayAllowed : 0);
      } finally {
        await killer?.end();
      }
    },
  );

  it('gives every database connection back: the server closes cleanly after the faults', async () => {
    // A connection lost at BEGIN once leaked its pool slot, so closing waited forever.
    const closed = t.close().then(() => 'closed' as const);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'stuck'>((resolve) => {
      timer = setTimeout(() => resolve('stuck'), 10_000);
    });
    const outcome = await Promise.race([closed, timeout]);
    clearTimeout(timer);
    assert.equal(outcome, 'closed', 'the pool still holds a connection nobody released');
    closedByTest = true;
  });

  async function loadWithFault(killer: pg.Client | null, faultAt: number, round: number): Promise<{ failed: number }> {
    let terminated = 0;
    const countBefore = rows<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from applications`))[0]!.n;
    const pending: Array<Promise<{ statusCode: number; body: string }>> = [];
    for (let i = 0; i < 24; i += 1) {
      pending.push(submit(t, i % 2 ? w.userA.token : w.userB.token, [i % 2 ? w.programA1.id : w.programB1.id], { fullName: `Load Applicant ${round}-${i}` }));
      if (i === faultAt) {
        // The fault, while the submissions before it are in flight.
        if (killer) {
          const res = await killer.query(`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
          terminated = res.rows[0].n as number;
        } else {
          await installFault(t);
        }
      }
      if (i === faultAt + 8 && !killer) await removeFault(t);
      await new Promise((r) => setTimeout(r, 5));
    }
    const answers = await Promise.all(pending);
    if (!killer) await removeFault(t);
    const created: number[] = [];
    for (const res of answers) {
      if (res.statusCode === 201) {
        created.push((JSON.parse(res.body) as { id: number }).id);
        continue;
      }
      assert.ok(res.statusCode >= 500 || res.statusCode === 409 || res.statusCode === 503, `${res.statusCode} ${res.body}`);
      const body = JSON.parse(res.body) as { message?: unknown };
      assert.equal(typeof body.message, 'string', res.body);
      assert.doesNotMatch(res.body, /terminat|injected fault|at \S+\.(ts|js):\d+/i, 'no internals in the answer');
    }
    if (killer) assert.ok(terminated >= 1, 'the server had connections to terminate');
    // Every 201 is in the database with its four files.
    for (const id of created) {
      const files = rows<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from application_files where application_id = ${id}`))[0]!;
      assert.equal(Number(files.n), 4, `application ${id} has its four files`);
    }
    const countAfter = rows<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from applications`))[0]!.n;
    assert.ok(Number(countAfter) - Number(countBefore) >= created.length, 'no 201 without its row');
    return { failed: answers.length - created.length };
  }
});
