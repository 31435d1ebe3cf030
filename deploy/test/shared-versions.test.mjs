import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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
  const { HOST_EAGER, HOST_PROVIDED_MUI, PROVIDED_FOR_REMOTES, sharedDependencies } = require('../webpack/shared-dependencies.cjs');
  const shellSource = path.join(here, '..', '..', 'shell', 'src');

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
    const shell = sharedDependencies(path.join(here, '..', '..', 'shell'), { host: true });
    for (const key of PROVIDED_FOR_REMOTES) assert.ok(shell[key], `the shell provides ${key}`);
  });

  it('lets a remote share only those, and the shell provide its start-up modules eagerly', () => {
    const remote = sharedDependencies(path.join(here, '..', '..', 'mfe-public'));
    assert.deepEqual(Object.keys(remote).filter((k) => k.startsWith('@mui/material/')).sort(), [...HOST_PROVIDED_MUI].sort());
    assert.ok(Object.values(remote).every((config) => config.eager === false && config.singleton === true));
    const shell = sharedDependencies(path.join(here, '..', '..', 'shell'), { host: true });
    for (const key of HOST_EAGER) assert.equal(shell[key]?.eager, true, key);
    assert.equal(shell['@mui/material/']?.eager, false);
  });
});
