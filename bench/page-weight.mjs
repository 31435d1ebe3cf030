// Page weight (issue 8.2): gzipped JavaScript loaded before each page is usable,
// measured in headless Chromium from the network log, for the federated build
// and for the single-bundle baseline (bench/baseline) served by the same API
// with the same data. Each script body is gzipped at level 9 here, so the figure
// does not depend on how the server compresses.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { login, result, ROOT, round, startPortal } from './lib.mjs';

const require = createRequire(path.join(ROOT, 'deploy', 'package.json'));
const { chromium } = require('playwright-core');

export const BASELINE_ROOT = path.join(ROOT, 'bench', '.work', 'baseline-root');
const DEMO = {
  applicant: ['applicant@demo.uniportal.zm', 'Demo-Student-Kabwe-26'],
  superuser: ['superuser@demo.uniportal.zm', 'Demo-Super-Lusaka-26'],
};

/** The pages of the budget, each with what shows it is usable. */
export const PAGES = [
  { name: 'guest /home', path: '/home', ready: 'text=Start Your Journey', budget: { ratio: 1.1, maxKb: 190 }, audience: 'guest' },
  { name: 'guest /login', path: '/login', ready: 'role=button[name="Sign In"]', budget: { ratio: 1.1, maxKb: 190 }, audience: 'guest' },
  { name: 'applicant /dashboard', path: '/dashboard', ready: 'text=University of Zambia', budget: { ratio: 1.1 }, login: 'applicant', audience: 'applicant' },
  // Staff work at desks: measured at desktop size, where the charts are drawn in full.
  {
    name: 'staff /dashboard with charts',
    path: '/dashboard',
    ready: 'role=figure[name="Programs by Faculty"]',
    extraReady: 'role=figure[name="Programs by Faculty"] >> svg',
    budget: { ratio: 1.15 },
    login: 'superuser',
    audience: 'staff',
    viewport: { width: 1366, height: 900 },
  },
];

export const FOREIGN_REMOTES = { guest: ['mfe-applicant', 'mfe-staff'], applicant: ['mfe-staff', 'mfe-public'], staff: ['mfe-applicant', 'mfe-public'] };

export function launchBrowser() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}

export function ensureBuilds({ baseline = true } = {}) {
  const marker = { shell: 'server/render-document.cjs', 'mfe-public': 'server/remote.cjs', 'mfe-applicant': 'server/remote.cjs' };
  const missing = ['shell', 'mfe-public', 'mfe-applicant', 'mfe-staff'].filter((p) => !existsSync(path.join(ROOT, p, 'dist', marker[p] ?? 'remoteEntry.js')));
  for (const pkg of missing) execFileSync('npm', ['run', 'build', '-w', pkg], { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(path.join(ROOT, 'server', 'dist', 'server.mjs'))) execFileSync('npm', ['run', 'build', '-w', 'portal-server'], { cwd: ROOT, stdio: 'inherit' });
  if (baseline) execFileSync(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--config', path.join(ROOT, 'bench', 'baseline', 'webpack.config.cjs')], { cwd: ROOT, stdio: 'inherit' });
}

/** Loads one page in a fresh context; returns the gzipped JS bytes and the script URLs. */
export async function measurePage(browser, baseUrl, page, tokens) {
  const context = await browser.newContext({ viewport: page.viewport ?? { width: 390, height: 844 } });
  if (page.login) await context.addInitScript((token) => localStorage.setItem('user', token), tokens[page.login]);
  const tab = await context.newPage();
  const scripts = [];
  const reading = [];
  tab.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reading.push(
      response
        .body()
        .then((body) => scripts.push({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length }))
        .catch(() => undefined), // a response without a body (redirect)
    );
  });
  await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'domcontentloaded' });
  await tab.locator(page.ready).first().waitFor({ timeout: 90_000 });
  if (page.extraReady) await tab.locator(page.extraReady).first().waitFor({ timeout: 90_000 });
  // A server-rendered page shows its text before any script: its pre-start script adds
  // the app's script elements after the first paint, so wait for them before waiting for
  // quiet (the files themselves may have come earlier, preloaded by the page's head).
  await tab.waitForFunction(() => [...document.scripts].some((script) => script.src), null, { timeout: 90_000 });
  await tab.waitForLoadState('networkidle');
  await Promise.all(reading);
  await context.close();
  return { bytes: scripts.reduce((sum, s) => sum + s.gzip, 0), scripts };
}

export async function measureAll() {
  const env = { DATABASE_URL: '', PORTAL_DEMO_DATA: 'true' };
  const federated = await startPortal(env);
  const baseline = await startPortal({ ...env, PORTAL_WEB_ROOT: BASELINE_ROOT });
  const browser = await launchBrowser();
  try {
    const tokens = {};
    for (const [who, [email, password]] of Object.entries(DEMO)) tokens[who] = { federated: await login(federated.url, email, password), baseline: await login(baseline.url, email, password) };
    const out = [];
    for (const page of PAGES) {
      const pick = (kind) => Object.fromEntries(Object.entries(tokens).map(([k, v]) => [k, v[kind]]));
      let fed;
      let base;
      try {
        fed = await measurePage(browser, federated.url, page, pick('federated'));
        base = await measurePage(browser, baseline.url, page, pick('baseline'));
      } catch (error) {
        out.push({ page, error: `page did not become usable: ${error instanceof Error ? error.message.split('\n')[0] : error}` });
        continue;
      }
      const foreign = fed.scripts.filter((s) => FOREIGN_REMOTES[page.audience].some((r) => s.url.includes(`/remotes/${r}/`))).map((s) => s.url);
      out.push({ page, federatedBytes: fed.bytes, baselineBytes: base.bytes, foreign });
    }
    return out;
  } finally {
    await browser.close();
    await federated.stop();
    await baseline.stop();
  }
}

export function budgetVerdicts(measured) {
  return measured.map(({ page, federatedBytes, baselineBytes, foreign, error }) => {
    if (error) return { page: page.name, error, ok: false, foreign: [], target: '' };
    const ratio = federatedBytes / baselineBytes;
    const kb = federatedBytes / 1024;
    const ok = ratio <= page.budget.ratio && (page.budget.maxKb === undefined || kb <= page.budget.maxKb) && foreign.length === 0;
    return {
      page: page.name,
      kb,
      baselineKb: baselineBytes / 1024,
      ratio,
      foreign,
      ok,
      target: `<= ${page.budget.ratio}× baseline${page.budget.maxKb ? ` and <= ${page.budget.maxKb} KB` : ''}, no other audience's remote`,
    };
  });
}

export async function benchPageWeight() {
  ensureBuilds();
  return budgetVerdicts(await measureAll()).map((v) =>
    v.error
      ? result('page-weight', v.page, v.error, { ok: false })
      : result('page-weight', `${v.page}: gzipped JS (federated / baseline)`, `${round(v.kb, 1)} KB / ${round(v.baselineKb, 1)} KB = ×${round(v.ratio)}`, {
          target: v.target,
          ok: v.ok,
          unit: v.foreign.length ? `loads ${v.foreign.join(', ')}` : '',
        }),
  );
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.table(await benchPageWeight());
}
