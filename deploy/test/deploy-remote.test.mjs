import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { deploy, listVersions, rollback } from '../tools/deploy-remote.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'deploy-remote-'));
after(() => rmSync(work, { recursive: true, force: true }));

function fakeBuild(name, content) {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${content} */`);
  writeFileSync(path.join(dir, `main.${content}.js`), content);
  return dir;
}
const manifest = (webRoot) => JSON.parse(readFileSync(path.join(webRoot, 'config', 'remotes.json'), 'utf8'));

describe('deploying one remote', () => {
  const webRoot = path.join(work, 'web');

  it('uploads a version and points the runtime manifest at it, leaving other remotes alone', () => {
    deploy({ pkg: 'mfe-staff', webRoot, version: '1.0.0', from: fakeBuild('staff-1', 'a1') });
    deploy({ pkg: 'mfe-public', webRoot, version: '2.0.0', from: fakeBuild('public-2', 'b2') });
    assert.deepEqual(manifest(webRoot), {
      mfe_staff: '/remotes/mfe-staff/1.0.0/remoteEntry.js',
      mfe_public: '/remotes/mfe-public/2.0.0/remoteEntry.js',
    });
    deploy({ pkg: 'mfe-staff', webRoot, version: '1.1.0', from: fakeBuild('staff-2', 'a2') });
    assert.equal(manifest(webRoot).mfe_staff, '/remotes/mfe-staff/1.1.0/remoteEntry.js');
    assert.equal(manifest(webRoot).mfe_public, '/remotes/mfe-public/2.0.0/remoteEntry.js');
    assert.equal(readFileSync(path.join(webRoot, 'remotes/mfe-staff/1.0.0/main.a1.js'), 'utf8'), 'a1');
  });

  it('rolls back by pointing back, without copying anything', () => {
    rollback({ pkg: 'mfe-staff', webRoot, to: '1.0.0' });
    assert.equal(manifest(webRoot).mfe_staff, '/remotes/mfe-staff/1.0.0/remoteEntry.js');
    assert.deepEqual(listVersions({ pkg: 'mfe-staff', webRoot }).find((v) => v.current)?.version, '1.0.0');
    assert.throws(() => rollback({ pkg: 'mfe-staff', webRoot, to: '9.9.9' }), /not deployed/);
  });

  it('keeps versions immutable', () => {
    assert.throws(() => deploy({ pkg: 'mfe-staff', webRoot, version: '1.0.0', from: fakeBuild('staff-x', 'zz') }), /already deployed/);
    assert.doesNotThrow(() => deploy({ pkg: 'mfe-staff', webRoot, version: '1.0.0', from: path.join(work, 'staff-1') }));
  });
});
