import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findDisagreements } from '../tools/check-shared-versions.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('shared dependency versions', () => {
  it('agree across the packages of this repository', () => {
    const out = execFileSync(process.execPath, [path.join(here, '..', 'tools', 'check-shared-versions.mjs')], { encoding: 'utf8' });
    assert.match(out, /agree/);
  });

  it('reports a remote that declares another version of a singleton', () => {
    const problems = findDisagreements({
      shell: { dependencies: { react: '19.3.1', zustand: '5.1.0' } },
      'mfe-staff': { dependencies: { react: '19.2.0', zustand: '5.1.0' } },
    });
    assert.deepEqual(problems, ['react: shell@19.3.1, mfe-staff@19.2.0']);
  });
});

describe('the shared map', () => {
  const require = createRequire(import.meta.url);
  const { HOST_PROVIDED_MUI, hostEager, providedForRemotes, sharedDependencies } = require('../webpack/shared-dependencies.cjs');
  const shellDir = path.join(here, '..', '..', 'shell');
  const shellSource = path.join(shellDir, 'src');
  const PROVIDED_FOR_REMOTES = providedForRemotes(shellDir);

  function shellMuiImports() {
    const found = new Set();
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          for (const match of readFileSync(file, 'utf8').matchAll(/(?:from |import\((?:\/\*[^*]*\*\/ )?)'(@mui\/material\/[^']+)'/g)) found.add(match[1]);
        }
      }
    };
    walk(shellSource);
    return [...found].sort();
  }

  it('shares with the remotes exactly the MUI modules the shell provides: its own imports and those it provides for them', () => {
    assert.deepEqual([...HOST_PROVIDED_MUI].sort(), [...new Set([...shellMuiImports(), ...PROVIDED_FOR_REMOTES])].sort());
    const shell = sharedDependencies(shellDir, { host: true });
    for (const key of PROVIDED_FOR_REMOTES) assert.ok(shell[key], `the shell provides ${key}`);
  });

  it('provides for the remotes exactly the modules provided-for-remotes.ts loads, each under its own name', () => {
    const source = readFileSync(path.join(shellSource, 'features', 'remotes', 'provided-for-remotes.ts'), 'utf8');
    const loaded = [...source.matchAll(/import\((?:\/\*[^*]*\*\/ )?'([^']+)'\)/g)].map((m) => m[1]);
    assert.ok(loaded.length > 0);
    assert.deepEqual(PROVIDED_FOR_REMOTES, loaded);
    const dir = mkdtempSync(path.join(tmpdir(), 'provided-'));
    try {
      const file = path.join(dir, 'provided.ts');
      writeFileSync(file, "export const PROVIDED_FOR_REMOTES = { '@mui/material/TextField': () => import('@mui/material/Select') };\n");
      assert.throws(() => providedForRemotes(dir, file), /'@mui\/material\/TextField' must load '@mui\/material\/TextField'/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("provides eagerly exactly the packages the shell's start-up steps evaluate, and nothing else", () => {
    // Read here by pattern, apart from the map's own reading (the TypeScript parser).
    const steps = readFileSync(path.join(shellSource, 'startup-steps.ts'), 'utf8');
    const stepPackages = [...steps.matchAll(/import\(\/\*[^*]*\*\/ '([^'.][^']*)'\)/g)].map((m) => m[1]);
    assert.ok(stepPackages.includes('react-dom/client') && stepPackages.includes('shared-api'));
    assert.deepEqual([...hostEager(shellDir)].sort(), [...new Set(stepPackages)].sort());
    const shell = sharedDependencies(shellDir, { host: true });
    const eager = Object.keys(shell).filter((key) => shell[key].eager);
    assert.deepEqual(eager.sort(), [...new Set(stepPackages)].sort());
  });

  it('lets a remote share only those, and the shell provide its start-up modules eagerly', () => {
    const remote = sharedDependencies(path.join(here, '..', '..', 'mfe-public'));
    assert.deepEqual(
      Object.keys(remote)
        .filter((k) => k.startsWith('@mui/material/'))
        .sort(),
      [...HOST_PROVIDED_MUI].sort(),
    );
    assert.ok(Object.values(remote).every((config) => config.eager === false && config.singleton === true));
    const shell = sharedDependencies(shellDir, { host: true });
    for (const key of hostEager(shellDir)) assert.equal(shell[key]?.eager, true, key);
    assert.equal(shell['@mui/material/']?.eager, false);
  });
});
