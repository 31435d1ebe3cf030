// Every package declares what it imports (nothing works only because npm hoisted
// another package's dependency to the root), and declares nothing it never imports.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'drizzle', 'data', '.work', 'results']);
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const PACKAGE_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/.*)?$/i;
/** A fixture built as another package (mfe-staff): its imports are that package's. */
const NOT_IMPORTS = [path.join('deploy', 'e2e', 'fixtures')];
/** Files whose strings hold import statements (lint probes, stand-in server bundles): only their own top-level imports count. */
const PROBES = [path.join('deploy', 'test', 'boundaries.test.mjs'), path.join('server', 'test', 'pages.test.ts')];

/** Declared, but used by a tool rather than imported: a binary, a type package, a plugin named in a config. */
const USED_WITHOUT_IMPORT = {
  api: ['drizzle-kit', 'esbuild', 'tsx', '@types/nodemailer', '@types/pg', '@types/smtp-server', '@types/pdfkit'],
  'mfe-public': ['portal-deploy', '@emotion/react', '@emotion/styled'],
  'mfe-applicant': ['portal-deploy', '@emotion/react', '@emotion/styled'],
  'mfe-staff': ['portal-deploy', '@emotion/react', '@emotion/styled'],
  shell: ['portal-deploy', '@emotion/styled'],
  'shared-auth': ['@emotion/react', '@emotion/styled'],
  // The shared map reads its version; the build takes the facade under its name (webpack/react-router-facade.mjs).
  deploy: ['react-router-dom'],
};

function sourceFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...sourceFiles(path.join(dir, entry.name)));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.join(dir, entry.name));
  }
  return out.filter((file) => !NOT_IMPORTS.some((skip) => path.relative(root, file).startsWith(skip)));
}

function packageOf(specifier) {
  if (!PACKAGE_NAME.test(specifier)) return null;
  if (specifier.startsWith('.') || specifier.startsWith('/') || BUILTINS.has(specifier) || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function importsOf(file) {
  let text = readFileSync(file, 'utf8');
  if (PROBES.includes(path.relative(root, file)))
    text = text
      .split('\n')
      .filter((line) => line.startsWith('import '))
      .join('\n');
  const found = new Set();
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\.resolve\(\s*['"]([^'"]+)['"]/g,
    /\bimport\.meta\.resolve\(\s*['"]([^'"]+)['"]/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1]);
  return [...found].map(packageOf).filter(Boolean);
}

describe('each package declares what it imports', () => {
  for (const workspace of workspaces) {
    it(workspace, () => {
      const dir = path.join(root, workspace);
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
      const used = new Set();
      for (const sub of readdirSync(dir)) {
        const full = path.join(dir, sub);
        if (SKIP_DIRS.has(sub)) continue;
        const files = statSync(full).isDirectory() ? sourceFiles(full) : SOURCE.test(sub) ? [full] : [];
        for (const file of files) for (const name of importsOf(file)) used.add(name);
      }
      used.delete(manifest.name);
      const undeclared = [...used].filter((name) => !declared.has(name)).sort();
      const unused = [...declared].filter((name) => !used.has(name) && !(USED_WITHOUT_IMPORT[workspace] ?? []).includes(name)).sort();
      assert.deepEqual({ undeclared, unused }, { undeclared: [], unused: [] }, `${workspace}/package.json`);
    });
  }
});
