// Lighthouse (issue 8.3): npm lighthouse 12 with Debian Chromium, the default
// mobile preset (simulated slow 4G, 4× CPU slowdown), on /home, /universities
// and /login of the built portal. Scores are absolute (0–100); the four metrics
// are Lighthouse's simulated timings.
import { createRequire } from 'node:module';
import path from 'node:path';
import { result, ROOT, round, startPortal } from './lib.mjs';
import { ensureBuilds } from './page-weight.mjs';

const require = createRequire(path.join(ROOT, 'package.json'));
const PAGES = ['/home', '/universities', '/login'];

export async function benchLighthouse() {
  ensureBuilds({ baseline: false });
  const { default: lighthouse } = await import(require.resolve('lighthouse'));
  const chromeLauncher = await import(require.resolve('chrome-launcher'));
  const portal = await startPortal({ PORTAL_DEMO_DATA: 'true' });
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const rows = [];
  try {
    for (const page of PAGES) {
      const runner = await lighthouse(`${portal.url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      const { categories, audits } = runner.lhr;
      const score = (c) => Math.round((categories[c]?.score ?? 0) * 100);
      const ms = (a) => audits[a]?.numericValue ?? NaN;
      const perf = score('performance');
      const a11y = score('accessibility');
      const bp = score('best-practices');
      const lcp = ms('largest-contentful-paint');
      const tbt = ms('total-blocking-time');
      rows.push(
        result('lighthouse', `${page} performance / accessibility / best practices`, `${perf} / ${a11y} / ${bp}`, { target: '>= 95 / 100 / >= 95', ok: perf >= 95 && a11y === 100 && bp >= 95 }),
      );
      rows.push(
        result(
          'lighthouse',
          `${page} LCP / TBT / FCP / CLS`,
          `${round(lcp / 1000, 2)} s / ${round(tbt, 0)} ms / ${round(ms('first-contentful-paint') / 1000, 2)} s / ${round(ms('cumulative-layout-shift'), 3)}`,
          {
            target: 'LCP <= 2.0 s, TBT <= 150 ms',
            ok: lcp <= 2000 && tbt <= 150,
          },
        ),
      );
    }
  } finally {
    await chrome.kill();
    await portal.stop();
  }
  return rows;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.table(await benchLighthouse());
}
