import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
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
