#!/usr/bin/env node
// Runs every benchmark and prints one table (also written to
// bench/results/latest.md): each figure next to its target. Timings are ratios
// against a baseline measured in the same run; byte sizes are absolute.
//   npm run bench                 all of them
//   npm run bench -- scale api    only some (by name)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const BENCHES = [
  ['startup', () => import('./startup.mjs').then((m) => m.benchStartup())],
  ['page-weight', () => import('./page-weight.mjs').then((m) => m.benchPageWeight())],
  ['lighthouse', () => import('./lighthouse.mjs').then((m) => m.benchLighthouse())],
  ['api', () => import('./api-throughput.mjs').then((m) => m.benchApiThroughput())],
  ['scale', () => import('./scale.mjs').then((m) => m.benchScale())],
  ['uploads', () => import('./uploads.mjs').then((m) => m.benchUploads())],
  ['reset-load', () => import('./reset-load.mjs').then((m) => m.benchResetLoad())],
  ['network', () => import('./network.mjs').then((m) => m.benchNetwork())],
];

function ensureBuilt() {
  if (!existsSync(path.join(ROOT, 'server', 'dist', 'server.mjs')) || process.env.BENCH_REBUILD) {
    execFileSync('npm', ['run', 'build', '-w', 'portal-server'], { cwd: ROOT, stdio: 'inherit' });
  }
}

const wanted = process.argv.slice(2);
ensureBuilt();
const rows = [];
for (const [name, run] of BENCHES) {
  if (wanted.length && !wanted.includes(name)) continue;
  if (!existsSync(path.join(ROOT, 'bench', `${name === 'api' ? 'api-throughput' : name}.mjs`))) continue;
  process.stderr.write(`bench: ${name}…\n`);
  const started = Date.now();
  try {
    rows.push(...(await run()));
  } catch (error) {
    rows.push({ bench: name, metric: 'run', value: `failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`, unit: '', target: '', ok: false });
  }
  process.stderr.write(`bench: ${name} done in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

const mark = (ok) => (ok === null || ok === undefined ? '' : ok ? 'yes' : 'NO');
const lines = [
  `Benchmarks of ${new Date().toISOString().slice(0, 10)} on ${process.platform} ${process.arch}, Node ${process.version}`,
  '',
  '| bench | figure | value | unit | target | met |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows.map((r) => `| ${r.bench} | ${r.metric} | ${r.value} | ${r.unit} | ${r.target} | ${mark(r.ok)} |`),
];
const table = lines.join('\n');
console.log(table);
mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench', 'results', 'latest.md'), `${table}\n`);
const missed = rows.filter((r) => r.ok === false);
if (missed.length) {
  console.log(`\n${missed.length} target(s) not met.`);
  process.exitCode = 1;
}
