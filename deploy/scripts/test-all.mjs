/**
 * `npm test`: every suite of the portal, in order, stopping at the first
 * failure. Prints a closing line 'N passed, N failed' (suites).
 *
 *   format check → lint (type-aware) → typecheck (each package) → jest (each browser package) → deploy
 *   tooling tests (deploy/test) → API tests on
 *   PGlite, two files at a time → API tests on PostgreSQL (only when DATABASE_URL is set) → the
 *   portal server's tests (the web platform beside /api) → builds (api, the
 *   portal server + 4 web bundles, one at a time to spare the 2 cores) →
 *   end-to-end journeys in headless Chromium, two files at a time (each
 *   starts its own portal on its own port, data folder and embedded database).
 *
 * Options: --skip-build (use the bundles already built), --only=<suite name prefix>.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const skipBuild = args.includes('--skip-build');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const NODE = process.execPath;
const bin = (name, file) => path.join(ROOT, 'node_modules', name, file);

const TYPECHECKED = ['page-platform', 'shared-api', 'shared-auth', 'api', 'mfe-public', 'mfe-applicant', 'mfe-staff', 'shell', 'server', 'deploy'];
const JEST_PACKAGES = ['page-platform', 'shared-api', 'shared-auth', 'shell', 'mfe-public', 'mfe-applicant', 'mfe-staff'];
const WEB_BUNDLES = ['shell', 'mfe-public', 'mfe-applicant', 'mfe-staff'];

function hasTsconfig(pkg) {
  return existsSync(path.join(ROOT, pkg, 'tsconfig.json'));
}

function hasJestTests(pkg) {
  const dirs = ['src', 'test'].map((d) => path.join(ROOT, pkg, d)).filter(existsSync);
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).some((e) => (e.isDirectory() ? e.name !== 'node_modules' && walk(path.join(dir, e.name)) : /\.test\.tsx?$/.test(e.name)));
  return existsSync(path.join(ROOT, pkg, 'jest.config.cjs')) && dirs.some(walk);
}

function nodeTestFiles(relativeDir, pattern) {
  const dir = path.join(ROOT, relativeDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => path.join(relativeDir, f));
}

/**
 * Started first, beside the others: at 7 minutes alone (every page at three
 * widths, with axe) it would otherwise end the run by itself.
 */
const LONGEST_E2E = ['screens.e2e.mjs'];

function e2eFiles() {
  const dir = path.join(ROOT, 'deploy', 'e2e');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.mjs'))
    .sort();
  return [...files.filter((f) => LONGEST_E2E.includes(f)), ...files.filter((f) => !LONGEST_E2E.includes(f))].map((f) => path.join('deploy', 'e2e', f));
}

/**
 * No single test, nor a whole file of them, may run longer than this: a test
 * waiting on something that never comes then fails with its name, where it
 * would otherwise hold CI until its limit. The longest file, every page at three
 * widths, took 6 min on a CI machine and 10 min beside a CPU hog.
 */
const TEST_TIMEOUT = '--test-timeout=1200000';

/** The suites, in order. Each is one command. */
function suites() {
  const list = [];
  list.push({ name: 'format (prettier --check)', cwd: '.', command: NODE, args: [bin('prettier', 'bin/prettier.cjs'), '--check', '.', '--log-level', 'warn'] });
  list.push({ name: 'lint', cwd: '.', command: NODE, args: [bin('eslint', 'bin/eslint.js'), '.'] });
  list.push({ name: 'demo logins in step with the API', cwd: '.', command: NODE, args: ['deploy/scripts/demo-logins.mjs', '--check'] });
  for (const pkg of TYPECHECKED.filter(hasTsconfig)) {
    list.push({ name: `typecheck ${pkg}`, cwd: pkg, command: NODE, args: [bin('typescript', 'bin/tsc'), '--noEmit', '-p', '.'] });
  }
  for (const pkg of JEST_PACKAGES.filter(hasJestTests)) {
    list.push({ name: `jest ${pkg}`, cwd: pkg, command: NODE, args: [bin('jest', 'bin/jest.js'), '--ci', '--silent', '--maxWorkers=2'] });
  }
  const deployTests = nodeTestFiles(path.join('deploy', 'test'), /\.test\.mjs$/);
  if (deployTests.length) {
    list.push({ name: 'deploy tooling tests', cwd: '.', command: NODE, args: ['--test', TEST_TIMEOUT, '--test-concurrency=1', '--test-reporter=dot', ...deployTests] });
  }
  // Two files at a time, then the log-hygiene file after them (api/test/run.mjs).
  const apiArgs = ['test/run.mjs', '--reporter=dot'];
  list.push({ name: 'api tests (PGlite)', cwd: 'api', command: NODE, args: apiArgs, env: { DATABASE_URL: undefined } });
  if (process.env.DATABASE_URL) {
    list.push({ name: 'api tests (PostgreSQL)', cwd: 'api', command: NODE, args: apiArgs, env: { DATABASE_URL: process.env.DATABASE_URL } });
  }
  const serverArgs = [
    '--import',
    'tsx',
    '--test',
    TEST_TIMEOUT,
    '--test-concurrency=1',
    '--test-reporter=dot',
    ...nodeTestFiles(path.join('server', 'test'), /\.test\.ts$/).map((f) => path.relative('server', f)),
  ];
  list.push({ name: 'server tests (pages beside /api)', cwd: 'server', command: NODE, args: serverArgs, env: { DATABASE_URL: undefined } });
  if (!skipBuild) {
    list.push({ name: 'build api', cwd: 'api', command: NODE, args: ['build.mjs'] });
    list.push({ name: 'build server', cwd: 'server', command: NODE, args: ['build.mjs'] });
    for (const pkg of WEB_BUNDLES) {
      list.push({ name: `build ${pkg}`, cwd: pkg, command: NODE, args: [bin('webpack-cli', 'bin/cli.js'), '--mode', 'production', '--stats', 'errors-warnings'] });
    }
  }
  const e2e = e2eFiles();
  if (e2e.length) {
    // Two at a time on the 2-core machine: 13.6 min instead of 22–26, and each journey proves
    // it holds on a loaded machine (issue 20), which one file alone never showed.
    list.push({ name: 'e2e (headless Chromium)', cwd: '.', command: NODE, args: ['--test', TEST_TIMEOUT, '--test-concurrency=2', '--test-reporter=spec', ...e2e] });
  }
  return only ? list.filter((s) => s.name.startsWith(only)) : list;
}

function run(suite) {
  return new Promise((resolve) => {
    const env = { ...process.env, CI: process.env.CI ?? 'true' };
    for (const [key, value] of Object.entries(suite.env ?? {})) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
    const child = spawn(suite.command, suite.args, { cwd: path.join(ROOT, suite.cwd), stdio: ['ignore', 'inherit', 'inherit'], env });
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const format = (ms) => (ms >= 60_000 ? `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s` : `${(ms / 1000).toFixed(1)}s`);

async function main() {
  const all = suites();
  const results = [];
  const started = Date.now();
  let failed = 0;
  for (const suite of all) {
    console.log(`\n━━ ${suite.name} ━━`);
    const t0 = Date.now();
    const code = await run(suite);
    const ms = Date.now() - t0;
    results.push({ name: suite.name, ok: code === 0, ms });
    if (code !== 0) {
      failed = 1;
      console.error(`\n✗ ${suite.name} failed (exit ${code}) after ${format(ms)}; stopping.`);
      break;
    }
  }
  console.log('\nSummary:');
  for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name.padEnd(36)} ${format(r.ms)}`);
  const skipped = all.length - results.length;
  if (skipped) console.log(`  (${skipped} not run after the failure)`);
  console.log(`  total ${format(Date.now() - started)}`);
  const passed = results.filter((r) => r.ok).length;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

// Guard against running from a stale checkout without dependencies.
if (!existsSync(path.join(ROOT, 'node_modules'))) {
  console.error('Run npm ci first.');
  process.exit(1);
}
main();
