// Shared helpers for the benchmarks: start the built portal on a free port,
// create throwaway PostgreSQL databases, percentiles and result records.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'api', 'package.json'));
export const pg = require('pg');
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function createDatabase(prefix = 'bench') {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Starts `node server/dist/server.mjs` (the portal on one port); resolves once /api/ready answers 200. */
export async function startPortal(env = {}, { dataDir } = {}) {
  const port = await freePort();
  const ownDataDir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'server', 'dist', 'server.mjs')], {
    // The load generator is one address: the front-door per-address limit would measure itself.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PORTAL_DATA_DIR: ownDataDir, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output.slice(-2000)}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`portal not ready in time:\n${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    port,
    readyMs,
    pid: child.pid,
    dataDir: ownDataDir,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!keepData && !dataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in; `forwardedFor` spreads many sign-ins over addresses (the portal limits them per address). */
export async function login(url, email, password, forwardedFor) {
  const headers = { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) };
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One row of the bench table: a measured figure, its target and whether it holds. */
export function result(bench, metric, value, { unit = '', target = '', ok = null } = {}) {
  return { bench, metric, value, unit, target, ok };
}

export const round = (n, digits = 2) => Number(n.toFixed(digits));
