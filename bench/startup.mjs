// Start-up (issue 8.7): a built tree with the embedded database answers
// /api/ready within 3 s when the database exists, within 15 s on the first
// start (creating and seeding it). A bare `node -e ''` start is the baseline.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { result, round, startPortal } from './lib.mjs';

export async function benchStartup() {
  const t0 = performance.now();
  spawnSync(process.execPath, ['-e', '']);
  const nodeMs = performance.now() - t0;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-startup-'));
  const env = { DATABASE_URL: '', PORTAL_DEMO_DATA: 'true' };
  try {
    const first = await startPortal(env, { dataDir });
    await first.stop({ keepData: true });
    const second = await startPortal(env, { dataDir });
    await second.stop({ keepData: true });
    return [
      result('startup', 'bare node start (baseline)', round(nodeMs, 0), { unit: 'ms' }),
      result('startup', 'first start: create + migrate + seed, to /api/ready', round(first.readyMs / 1000, 2), {
        unit: `s (×${round(first.readyMs / nodeMs, 0)} node)`,
        target: '<= 15 s',
        ok: first.readyMs <= 15_000,
      }),
      result('startup', 'later start, to /api/ready', round(second.readyMs / 1000, 2), { unit: `s (×${round(second.readyMs / nodeMs, 0)} node)`, target: '<= 3 s', ok: second.readyMs <= 3_000 }),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.table(await benchStartup());
}
