// API throughput and latency on loopback against PostgreSQL, each endpoint as a
// ratio to a bare Fastify hello-world measured in the same run (issue 8.4).
import { createRequire } from 'node:module';
import path from 'node:path';
import { createDatabase, login, result, ROOT, round, startPortal, freePort } from './lib.mjs';
import { fillDatabase } from './generate-data.mjs';

const require = createRequire(path.join(ROOT, 'api', 'package.json'));
const autocannon = require('autocannon');
const Fastify = require('fastify');
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 32;

function run(opts) {
  return new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, res) => (err ? reject(err) : resolve(res))));
}

export async function benchApiThroughput() {
  const rows = [];
  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  const helloPort = await freePort();
  await hello.listen({ port: helloPort, host: '127.0.0.1' });
  const base = await run({ url: `http://127.0.0.1:${helloPort}/hello` });
  await hello.close();
  const baseRps = base.requests.average;
  rows.push(result('api', 'hello-world rps (baseline)', round(baseRps, 0), { unit: 'req/s' }));

  const db = await createDatabase('bench_api');
  const portal = await startPortal({ DATABASE_URL: db.url, PORTAL_DEMO_DATA: 'true', JWT_SECRET: 'bench-secret-0123456789-0123456789-0123456789' });
  try {
    await fillDatabase(db.url, { universities: 0, applications: 2_000, reuseCatalogue: true });
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
      rows.push(result('api', `${t.name} rps / hello-world`, round(ratio), { target: `>= ${t.min}`, ok: ratio >= t.min && errors === 0 }));
      rows.push(result('api', `${t.name} p50 / p99`, `${res.latency.p50} / ${res.latency.p99}`, { unit: 'ms', target: t.p99 ? `p99 <= ${t.p99}` : '', ok: t.p99 ? res.latency.p99 <= t.p99 : null }));
      if (errors) rows.push(result('api', `${t.name} errors`, errors, { ok: false }));
    }
    const loginRes = await run({
      url: `${portal.url}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.1' },
      body: JSON.stringify({ email: 'applicant@demo.uniportal.zm', password: 'Demo-Student-Kabwe-26' }),
      connections: 4,
    });
    rows.push(result('api', 'POST /api/auth/login rps / hello-world (bounded by argon2id)', round(loginRes.requests.average / baseRps, 4), { unit: `${round(loginRes.requests.average, 0)} req/s` }));
  } finally {
    await portal.stop();
    await db.drop();
  }
  return rows;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.table(await benchApiThroughput());
}
