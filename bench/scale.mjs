// Flat cost as data grows (issue 8.5): the staff list, the applicant's own list,
// the dashboard figures and the public reads, measured on the same catalogue
// with 1,000 and with 100,000 applications. Reports p95 at each size and their
// ratio (target <= 1.5), and the scan types of the real query plans, captured
// by PostgreSQL's auto_explain from the server log.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createDatabase, login, percentile, pg, result, round, startPortal } from './lib.mjs';
import { BENCH_PASSWORD, fillDatabase } from './generate-data.mjs';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const CONCURRENCY = 4;
const PG_LOG = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const SUPERUSER = { email: 'bench-super@example.zm', password: 'Bench-Super-2026!' };
const LARGE_TABLES = new Set(['applications', 'users', 'payments', 'application_choices', 'application_history', 'application_files']);

async function addStaff(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const {
    rows: [u],
  } = await client.query(`select min(id) as id from universities where name like 'Bench University %'`);
  await client.query(
    `insert into users (email, password_hash, first_name, last_name, role, university_id)
     select 'bench-admin@example.zm', password_hash, 'Bench', 'Admin', 'ADMIN', $1 from users where email like 'bench%@applicant.example.zm' limit 1`,
    [u.id],
  );
  const {
    rows: [applicant],
  } = await client.query(`select email from users where email like 'bench%@applicant.example.zm' order by id desc limit 1`);
  const {
    rows: [program],
  } = await client.query(`select id from programs where university_id = $1 order by id limit 1`, [u.id]);
  await client.end();
  return { universityId: u.id, applicantEmail: applicant.email, programId: program.id };
}

/** Requests sent and not timed first, so connection set-up, cache filling and JIT compilation (which takes the server a few hundred requests of each kind) are not counted at either size. */
const WARM_UP = 300;
/** Each figure is the median of this many rounds' p95: one stall of the 2-core machine moves a single round's p95 of a few milliseconds by half. */
const ROUNDS = 7;

/**
 * Times SAMPLES requests, CONCURRENCY at a time. `beforeEach` runs before each
 * request and outside its timing.
 */
async function timeRound(url, headers, beforeEach) {
  const times = [];
  let failures = 0;
  let next = 0;
  const worker = async () => {
    while (next < SAMPLES) {
      next += 1;
      await beforeEach?.();
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) failures += 1;
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { p95: percentile(times, 95), failures };
}

/** Warms an endpoint up; returns how many rows its page holds (so both sizes are compared on pages of the same length). */
async function warmUp(url, headers, beforeEach) {
  let body;
  for (let i = 0; i < WARM_UP; i += 1) {
    await beforeEach?.();
    body = await (await fetch(url, { headers })).text();
  }
  return JSON.parse(body)?.items?.length;
}

/**
 * Each endpoint's figure is the median of ROUNDS rounds' p95. The rounds take
 * turns across the endpoints, so a stall of the machine (a background job, the
 * page renderer starting) falls on one round of several endpoints, not on
 * every round of one.
 */
async function timeEndpoints(list) {
  const rounds = list.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, { url, headers, beforeEach }] of list.entries()) rounds[i].push(await timeRound(url, headers, beforeEach));
  }
  return rounds.map((r) => ({
    p95: percentile(
      r.map((x) => x.p95),
      50,
    ),
    failures: r.reduce((sum, x) => sum + x.failures, 0),
  }));
}

function endpoints(ctx) {
  const admin = { authorization: `Bearer ${ctx.adminToken}` };
  const superuser = { authorization: `Bearer ${ctx.superToken}` };
  const applicant = { authorization: `Bearer ${ctx.applicantToken}` };
  const adminPage = '/api/applications?page=1&size=20&status=PENDING&search=Chileshe';
  const superuserPage = '/api/applications?page=5&size=20&status=PENDING';
  return [
    // Computed afresh: the staff list version is raised before each request, so
    // the page comes from the queries, not from the instance's page cache.
    ['staff list computed (ADMIN, page 1 of 20, status + search)', adminPage, admin, 'fresh'],
    ['staff list computed (SUPERUSER, page 5 of 20, status)', superuserPage, superuser, 'fresh'],
    ['staff list cached (ADMIN, page 1 of 20, status + search)', adminPage, admin],
    ['staff list cached (SUPERUSER, page 5 of 20, status)', superuserPage, superuser],
    ["applicant's own list", `/api/applications/user/${ctx.applicantId}`, applicant],
    ['dashboard (SUPERUSER, all)', `/api/dashboard/stats`, superuser],
    ['dashboard (ADMIN)', `/api/dashboard/stats`, admin],
    ['public: programs of a university', `/api/programs/university/${ctx.universityId}`, {}],
    ['public: courses of a program', `/api/courses/program/${ctx.programId}`, {}],
    ['public: universities', `/api/universities`, {}],
  ];
}

async function measure(size) {
  const db = await createDatabase(`bench_scale_${size}`);
  const env = {
    DATABASE_URL: db.url,
    PORTAL_DEMO_DATA: 'false',
    PORTAL_SUPERUSER_EMAIL: SUPERUSER.email,
    PORTAL_SUPERUSER_PASSWORD: SUPERUSER.password,
    JWT_SECRET: 'bench-secret-0123456789-0123456789-0123456789',
  };
  // The first start creates the schema; the generator then fills it.
  let portal = await startPortal(env);
  await portal.stop();
  const filled = await fillDatabase(db.url, { universities: 100, applications: size });
  const staff = await addStaff(db.url);
  // Vacuumed and checkpointed now, so neither autovacuum waking to the bulk
  // insert nor the checkpoint writing out what it dirtied runs during the timing.
  const writer = new pg.Client({ connectionString: db.url });
  await writer.connect();
  await writer.query('vacuum (analyze)');
  await writer.query('checkpoint');
  const raiseStaffListVersion = async () => {
    await writer.query('update staff_list_version set version = version + 1');
  };
  portal = await startPortal(env);
  const timings = {};
  let plans = null;
  try {
    const adminToken = await login(portal.url, 'bench-admin@example.zm', BENCH_PASSWORD);
    const superToken = await login(portal.url, SUPERUSER.email, SUPERUSER.password);
    const applicantToken = await login(portal.url, staff.applicantEmail, BENCH_PASSWORD);
    const applicantId = JSON.parse(Buffer.from(applicantToken.split('.')[1], 'base64url')).id;
    const ctx = { ...staff, adminToken, superToken, applicantToken, applicantId };
    const list = endpoints(ctx).map(([name, path, headers, fresh]) => ({ name, url: `${portal.url}${path}`, headers, beforeEach: fresh ? raiseStaffListVersion : undefined }));
    for (const endpoint of list) endpoint.rows = await warmUp(endpoint.url, endpoint.headers, endpoint.beforeEach);
    for (const [i, timing] of (await timeEndpoints(list)).entries()) timings[list[i].name] = { ...timing, rows: list[i].rows };
    if (size >= 100_000) plans = await capturePlans(db, env, ctx);
  } finally {
    await writer.end();
    await portal.stop();
    await db.drop();
  }
  return { filled, timings, plans };
}

/** Restarts the portal with auto_explain on, calls each endpoint once, reads the plans from the log. */
async function capturePlans(db, env, ctx) {
  if (!existsSync(PG_LOG)) return { error: `no PostgreSQL log at ${PG_LOG}` };
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  for (const setting of [`session_preload_libraries = 'auto_explain'`, `auto_explain.log_min_duration = 0`, `auto_explain.log_format = 'json'`]) {
    await admin.query(`alter database ${db.name} set ${setting}`);
  }
  await admin.end();
  const offset = statSync(PG_LOG).size;
  const portal = await startPortal(env);
  try {
    for (const [, path, headers] of endpoints(ctx)) await (await fetch(`${portal.url}${path}`, { headers })).arrayBuffer();
  } finally {
    await portal.stop();
  }
  const log = readFileSync(PG_LOG).subarray(offset).toString('utf8');
  const sizes = new pg.Client({ connectionString: db.url });
  await sizes.connect();
  const rowsOf = {};
  for (const table of LARGE_TABLES) rowsOf[table] = Number((await sizes.query(`select count(*)::int as n from ${table}`)).rows[0].n);
  await sizes.end();
  const scans = { index: 0, sequentialOnLargeTables: [], sequentialOnSmallTables: 0 };
  // One auto_explain entry per statement: its query text, then its plan nodes.
  for (const entry of log.split('"Query Text": ').slice(1)) {
    const query = JSON.parse(/^"(?:[^"\\]|\\.)*"/.exec(entry)?.[0] ?? '""').replace(/\s+/g, ' ');
    for (const match of entry.matchAll(/"Node Type": "([^"]+)"(?:[^{}]*?"Relation Name": "([^"]+)")?/g)) {
      const [, type, relation] = match;
      if (/Index/.test(type)) scans.index += 1;
      if (type !== 'Seq Scan') continue;
      if (LARGE_TABLES.has(relation) && rowsOf[relation] > 10_000) scans.sequentialOnLargeTables.push(`${relation} in: ${query.slice(0, 110)}`);
      else scans.sequentialOnSmallTables += 1;
    }
  }
  return scans;
}

export async function benchScale() {
  const small = await measure(1_000);
  const large = await measure(100_000);
  const rows = [
    result(
      'scale',
      'data at the large size',
      `${large.filled.universities} universities, ${large.filled.programs} programs, ${large.filled.courses} courses, ${large.filled.applications} applications, ${large.filled.history} history, ${large.filled.payments} payments`,
      { unit: `generated in ${large.filled.seconds} s` },
    ),
  ];
  for (const name of Object.keys(small.timings)) {
    const a = small.timings[name];
    const b = large.timings[name];
    const ratio = b.p95 / a.p95;
    rows.push(
      result('scale', `${name}: p95 1k → 100k`, `${round(a.p95, 1)} → ${round(b.p95, 1)} ms (×${round(ratio)})`, {
        unit: a.rows === undefined ? '' : `pages of ${a.rows} → ${b.rows} rows`,
        target: 'ratio <= 1.5',
        ok: ratio <= 1.5 && a.failures === 0 && b.failures === 0,
      }),
    );
  }
  if (large.plans?.error) rows.push(result('scale', 'query plans', large.plans.error));
  else if (large.plans) {
    rows.push(result('scale', 'plan nodes using an index (100k)', large.plans.index));
    rows.push(
      result('scale', 'sequential scans on large tables (100k)', large.plans.sequentialOnLargeTables.length ? large.plans.sequentialOnLargeTables.join(' | ') : 'none', {
        target: 'none',
        ok: large.plans.sequentialOnLargeTables.length === 0,
      }),
    );
    rows.push(result('scale', 'sequential scans on small tables (catalogue)', large.plans.sequentialOnSmallTables));
  }
  return rows;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.table(await benchScale());
}
