// API throughput and latency on loopback, each endpoint as a ratio to a bare
// Fastify hello-world measured in the same run (issue 8.4), on PostgreSQL and on
// the embedded database a newcomer's `npm start` uses (issue 19.6). The
// baseline runs in a process of its own, like the portal: autocannon never
// shares a thread with the server it measures.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createDatabase, login, result, ROOT, round, startPortal, freePort } from './lib.mjs';
import { fillDatabase } from './generate-data.mjs';

const require = createRequire(path.join(ROOT, 'api', 'package.json'));
const autocannon = require('autocannon');
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 32;

function run(opts) {
  return new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, res) => (err ? reject(err) : resolve(res))));
}

/** Requests per second of the hello-world in a child process of its own. */
async function helloWorldRps() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'hello-world-server.mjs')], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  try {
    for (let tries = 0; ; tries++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/hello`)).ok) break;
      } catch {
        if (tries > 200) throw new Error('the hello-world baseline did not start');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    return (await run({ url: `http://127.0.0.1:${port}/hello` })).requests.average;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  }
}

export async function benchApiThroughput() {
  const baseRps = await helloWorldRps();
  const rows = [result('api', 'hello-world rps (baseline, own process)', round(baseRps, 0), { unit: 'req/s' })];
  const db = await createDatabase('bench_api');
  try {
    rows.push(...(await measurePortal('PostgreSQL', { DATABASE_URL: db.url }, baseRps, () => fillDatabase(db.url, { universities: 0, applications: 2_000, reuseCatalogue: true }))));
  } finally {
    await db.drop();
  }
  // The embedded default: no DATABASE_URL, demo data only (a newcomer's first run).
  rows.push(...(await measurePortal('embedded', { DATABASE_URL: '' }, baseRps, async () => undefined, { login: false })));
  return rows;
}

async function measurePortal(database, env, baseRps, fill, { login: measureLogin = true } = {}) {
  const rows = [];
  const portal = await startPortal({ PORTAL_DEMO_DATA: 'true', JWT_SECRET: 'bench-secret-0123456789-0123456789-0123456789', ...env });
  try {
    await fill();
    const admin = await login(portal.url, 'admin.unza@demo.uniportal.zm', 'Demo-Admin-Kitwe-26').catch(async () => {
      const first = await (await fetch(`${portal.url}/api/universities`)).json();
      throw new Error(`demo admin login failed; universities: ${first.length}`);
    });
    const universities = await (await fetch(`${portal.url}/api/universities`)).json();
    const programs = await (await fetch(`${portal.url}/api/programs/university/${universities[0].id}`)).json();
    const targets = [
      { name: 'GET /api/universities', path: '/api/universities', min: 0.35, p99: 25 },
      { name: 'GET /api/programs/university/{id}', path: `/api/programs/university/${universities[0].id}`, min: 0.35, p99: 25 },
      { name: 'GET /api/courses/program/{id}', path: `/api/courses/program/${programs[0].id}`, min: 0.35, p99: 25 },
      { name: 'staff GET /api/applications (page 20, status, search)', path: '/api/applications?page=1&size=20&status=PENDING&search=a', headers: { authorization: `Bearer ${admin}` }, min: 0.15 },
    ];
    for (const t of targets) {
      const res = await run({ url: `${portal.url}${t.path}`, headers: t.headers });
      const errors = res.non2xx + res.errors;
      const ratio = res.requests.average / baseRps;
      rows.push(result('api', `[${database}] ${t.name} rps / hello-world`, round(ratio), { target: `>= ${t.min}`, ok: ratio >= t.min && errors === 0 }));
      rows.push(
        result('api', `[${database}] ${t.name} p50 / p99`, `${res.latency.p50} / ${res.latency.p99}`, {
          unit: 'ms',
          target: t.p99 ? `p99 <= ${t.p99}` : '',
          ok: t.p99 ? res.latency.p99 <= t.p99 : null,
        }),
      );
      if (errors) rows.push(result('api', `[${database}] ${t.name} errors`, errors, { ok: false }));
    }
    if (!measureLogin) return rows;
    const loginRes = await run({
      url: `${portal.url}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.1' },
      body: JSON.stringify({ email: 'applicant@demo.uniportal.zm', password: 'Demo-Student-Kabwe-26' }),
      connections: 4,
    });
    rows.push(
      result('api', `[${database}] POST /api/auth/login rps / hello-world (bounded by argon2id)`, round(loginRes.requests.average / baseRps, 4), {
        unit: `${round(loginRes.requests.average, 0)} req/s`,
      }),
    );
  } finally {
    await portal.stop();
  }
  return rows;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.table(await benchApiThroughput());
}
