/**
 * The demo logins, read from the API's own list (api/src/modules/demo/data.ts)
 * so the start banner and the README never drift from what the seed creates. deploy/demo-logins.json is the same list written out
 * (`node deploy/scripts/demo-logins.mjs --write`); `--check` fails when it is stale.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEMO_LOGINS_JSON = path.join(ROOT, 'deploy', 'demo-logins.json');
const SOURCE = path.join(ROOT, 'api', 'src', 'modules', 'demo', 'data.ts');

/** The list from the API source (through tsx), else from deploy/demo-logins.json. */
export async function loadDemoLogins() {
  if (existsSync(SOURCE)) {
    try {
      const { tsImport } = await import('tsx/esm/api');
      const mod = await tsImport(pathToFileURL(SOURCE).href, import.meta.url);
      if (Array.isArray(mod.DEMO_LOGINS) && mod.DEMO_LOGINS.length) return mod.DEMO_LOGINS.map((l) => ({ ...l }));
    } catch {
      // fall back to the JSON copy below
    }
  }
  return JSON.parse(readFileSync(DEMO_LOGINS_JSON, 'utf8')).logins;
}

export function formatDemoLogins(logins) {
  const width = Math.max(...logins.map((l) => l.email.length));
  return logins.map((l) => `  ${l.role.padEnd(9)}  ${l.email.padEnd(width)}  ${l.password}${l.university ? `  (${l.university})` : ''}`).join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const logins = await loadDemoLogins();
  const json = `${JSON.stringify({ note: 'Generated from api/src/modules/demo/data.ts by deploy/scripts/demo-logins.mjs --write', logins }, null, 2)}\n`;
  if (process.argv.includes('--write')) {
    writeFileSync(DEMO_LOGINS_JSON, json);
    console.log(`wrote ${path.relative(ROOT, DEMO_LOGINS_JSON)} (${logins.length} logins)`);
  } else if (process.argv.includes('--check')) {
    const current = existsSync(DEMO_LOGINS_JSON) ? readFileSync(DEMO_LOGINS_JSON, 'utf8') : '';
    if (current !== json) {
      console.error('deploy/demo-logins.json is out of date: run node deploy/scripts/demo-logins.mjs --write');
      process.exit(1);
    }
    console.log('deploy/demo-logins.json matches the API demo data');
  } else {
    console.log(formatDemoLogins(logins));
  }
}
