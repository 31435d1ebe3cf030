/**
 * `npm start`: builds what is missing (the portal server's bundle: the API
 * with the web platform, then each front-end bundle, one at a time), then runs
 * the whole portal from one Node process (server/dist/server.mjs) on
 * PORT (default 8080) with the embedded database, and prints the URL and the
 * demo logins. Ctrl-C stops it cleanly.
 *
 * It is a local trial: the server runs with NODE_ENV=development (demo data and
 * the offline payment sandbox on) unless NODE_ENV says otherwise. With
 * NODE_ENV=production the server's own rules apply (no demo data or sandbox
 * unless enabled by name) and no demo password is ever printed.
 *
 * Force a rebuild with `npm start -- --rebuild` (or delete a dist folder).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatDemoLogins, loadDemoLogins } from './demo-logins.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const rebuild = process.argv.includes('--rebuild');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What `npm start` builds, in order, and the file that proves each is built. */
export const BUILD_STEPS = [
  { name: 'portal server', marker: 'server/dist/server.mjs', command: NPM, args: ['run', 'build', '-w', 'portal-server'], cwd: '.' },
  ...['shell', 'mfe-public', 'mfe-applicant', 'mfe-staff'].map((pkg) => ({
    name: pkg,
    // The shell and mfe-public also build the server bundles that render guests' pages.
    marker: { shell: 'shell/dist/server/render-document.cjs', 'mfe-public': 'mfe-public/dist/server/remote.cjs' }[pkg] ?? `${pkg}/dist/remoteEntry.js`,
    command: process.execPath,
    args: [path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production'],
    cwd: pkg,
  })),
];

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: path.join(ROOT, cwd), stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))));
  });
}

async function buildMissing() {
  for (const step of BUILD_STEPS) {
    if (!rebuild && existsSync(path.join(ROOT, step.marker))) continue;
    const started = Date.now();
    console.log(`[start] building ${step.name} ...`);
    await run(step.command, step.args, step.cwd);
    console.log(`[start] built ${step.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** The server's environment: the caller's, with NODE_ENV defaulting to development (an empty value counts as unset). */
export function serverEnv(env) {
  return { ...env, NODE_ENV: env.NODE_ENV || 'development' };
}

/**
 * What `npm start` prints once the server answers. Demo passwords appear only
 * outside production: they are published, so a production log never carries them.
 */
export function startBanner({ publicUrl, production, logins, databaseUrl }) {
  if (production) return `\nUniPortal is running at ${publicUrl} (production).\n\nPress Ctrl-C to stop.\n`;
  const demo = databaseUrl ? '\nDemo data is loaded only on the embedded database (unless PORTAL_DEMO_DATA=true).' : '';
  return `\nUniPortal is running at ${publicUrl}\n\nDemo logins (role, email, password):\n${logins}${demo}\n\nPress Ctrl-C to stop.\n`;
}

async function main() {
  await buildMissing();
  const port = Number(process.env.PORT ?? 8080);
  const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const env = serverEnv(process.env);
  const server = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'server', 'dist', 'server.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
  });

  let stopping = false;
  const forward = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[start] stopping (${signal}) ...`);
    if (server.exitCode === null) server.kill('SIGTERM');
    setTimeout(() => server.exitCode === null && server.kill('SIGKILL'), 15_000).unref();
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  server.on('exit', (code, signal) => {
    if (!stopping) console.error(`[start] the server stopped (${signal ?? `exit ${code}`})`);
    process.exit(stopping ? 0 : (code ?? 1));
  });

  // Announce once the server answers.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && server.exitCode === null && !stopping) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (server.exitCode !== null || stopping) return;
  const production = env.NODE_ENV === 'production';
  let logins = '';
  if (!production) {
    try {
      logins = formatDemoLogins(await loadDemoLogins());
    } catch {
      logins = '  (see README)';
    }
  }
  console.log(startBanner({ publicUrl, production, logins, databaseUrl: process.env.DATABASE_URL }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(`[start] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
