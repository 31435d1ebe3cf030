// The router is shared as a facade of the names the code uses
// (webpack/react-router-facade.mjs). A remote's build cannot see that a name is
// missing there (it imports the shared module, whose exports are unknown at
// build time), and the page then crashes at run time: /intakes did, for
// useSearchParams. So every name any browser package imports from the router
// must be one the facade exports.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BROWSER_PACKAGES = ['shell', 'mfe-public', 'mfe-applicant', 'mfe-staff', 'shared-api', 'shared-auth'];
const ROUTER_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'react-router(?:-dom)?'/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Server bundles (shell/src/server, a remote's server.ts) take the real router, not the facade.
    if (entry.isDirectory()) return ['node_modules', 'dist', 'server'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'server.ts' ? [full] : [];
  });
}

/** The values (not types) each file imports from the router. */
function routerNamesIn(source) {
  const names = [];
  for (const [, typeOnly, list] of source.matchAll(ROUTER_IMPORT)) {
    if (typeOnly) continue;
    for (const part of list.split(',').map((p) => p.trim())) {
      if (!part || part.startsWith('type ')) continue;
      names.push(part.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

const facade = readFileSync(path.join(root, 'deploy', 'webpack', 'react-router-facade.mjs'), 'utf8');
const exported = new Set(
  [...facade.matchAll(/export\s*\{([^}]*)\}/g)].flatMap(([, list]) =>
    list
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  ),
);

describe('the shared router facade', () => {
  it('reads the names a file imports, values only', () => {
    assert.deepEqual(routerNamesIn("import { useNavigate, type Location, Link as RouterLink } from 'react-router-dom';\nimport type { To } from 'react-router';"), ['useNavigate', 'Link']);
  });

  it('exports every name a browser package imports from the router', () => {
    const missing = [];
    for (const pkg of BROWSER_PACKAGES) {
      const src = path.join(root, pkg, 'src');
      for (const file of sourceFiles(src)) {
        for (const name of routerNamesIn(readFileSync(file, 'utf8'))) {
          if (!exported.has(name)) missing.push(`${path.relative(root, file)}: ${name}`);
        }
      }
    }
    assert.deepEqual(missing, [], 'add these to deploy/webpack/react-router-facade.mjs');
  });
});
