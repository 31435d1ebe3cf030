/**
 * Runs every API test file: two files at a time (each is its own process with
 * its own database, so they share nothing but Redis, where every test keeps
 * to its own keys), then the log-hygiene file alone, once all the others have
 * written their last log line to the run's log file.
 *
 *   node test/run.mjs [--reporter=dot|spec]       (from api/; `npm run test:api`)
 *
 * On PGlite (DATABASE_URL unset) or on PostgreSQL (DATABASE_URL set): a fresh
 * database per test app either way (test/helpers/test-app.ts).
 */
import { spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Searches what all the others logged (zz-log-hygiene.test.ts): runs after them. */
const LAST = 'test/zz-log-hygiene.test.ts';
/** Two on the 2-core machines this runs on; more only waits for the cores. */
const CONCURRENCY = Number(process.env.API_TEST_CONCURRENCY ?? 2);

const reporter = process.argv.find((a) => a.startsWith('--reporter='))?.slice('--reporter='.length) ?? 'spec';

function testFiles() {
  return readdirSync(path.join(API_ROOT, 'test'), { recursive: true })
    .map((name) => path.join('test', String(name)))
    .filter((file) => file.endsWith('.test.ts'))
    .sort();
}

function runFiles(files, concurrency, env) {
  return new Promise((resolve) => {
    // A test that hangs fails with its name after 20 minutes instead of holding CI to its limit.
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-timeout=1200000', `--test-concurrency=${concurrency}`, `--test-reporter=${reporter}`, ...files], {
      cwd: API_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env,
    });
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const files = testFiles();
const runLog = path.join(tmpdir(), `portal-api-test-run-${process.pid}.ndjson`);
rmSync(runLog, { force: true });
const env = { ...process.env, PORTAL_TEST_RUN_LOG: runLog };
const first = await runFiles(
  files.filter((f) => f !== LAST),
  CONCURRENCY,
  env,
);
// The hygiene file runs even after a failure: a leak is worth knowing about too.
const last = files.includes(LAST) ? await runFiles([LAST], 1, env) : 0;
process.exit(first || last ? 1 : 0);
