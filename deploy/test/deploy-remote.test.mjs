import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { deploy, listVersions, rollback } from '../tools/deploy-remote.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'deploy-remote-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A build whose page manifest has one page per name in `pages`. */
function fakeBuild(name, content, pages = ['/dashboard']) {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${content} */`);
  writeFileSync(path.join(dir, `main.${content}.js`), content);
  writeFileSync(path.join(dir, 'pages.json'), JSON.stringify(pagesOf(pages)));
  return dir;
}
const pagesOf = (paths) => ({ format: 1, pages: paths.map((p) => ({ path: p, roles: ['ADMIN'], layout: 'staff' })) });
const manifest = (webRoot) => JSON.parse(readFileSync(path.join(webRoot, 'config', 'remotes.json'), 'utf8'));
const entries = (webRoot) => Object.fromEntries(Object.entries(manifest(webRoot)).map(([name, { entry }]) => [name, entry]));

describe('deploying one remote', () => {
  const webRoot = path.join(work, 'web');

  it('uploads a version and points the runtime list at its entry and its pages, leaving other remotes alone', () => {
    deploy({ pkg: 'mfe-staff', webRoot, version: '1.0.0', from: fakeBuild('staff-1', 'a1') });
    deploy({ pkg: 'mfe-public', webRoot, version: '2.0.0', from: fakeBuild('public-2', 'b2', ['/home']) });
    assert.deepEqual(entries(webRoot), {
      mfe_staff: '/remotes/mfe-staff/1.0.0/remoteEntry.js',
      mfe_public: '/remotes/mfe-public/2.0.0/remoteEntry.js',
    });
    assert.deepEqual(manifest(webRoot).mfe_public.pages, pagesOf(['/home']));
    deploy({ pkg: 'mfe-staff', webRoot, version: '1.1.0', from: fakeBuild('staff-2', 'a2', ['/dashboard', '/reports']) });
    assert.equal(entries(webRoot).mfe_staff, '/remotes/mfe-staff/1.1.0/remoteEntry.js');
    assert.deepEqual(manifest(webRoot).mfe_staff.pages, pagesOf(['/dashboard', '/reports']));
    assert.equal(entries(webRoot).mfe_public, '/remotes/mfe-public/2.0.0/remoteEntry.js');
    assert.equal(readFileSync(path.join(webRoot, 'remotes/mfe-staff/1.0.0/main.a1.js'), 'utf8'), 'a1');
  });

  it('refuses a build without a page manifest, changing nothing', () => {
    const before = readFileSync(path.join(webRoot, 'config', 'remotes.json'), 'utf8');
    const build = fakeBuild('staff-nopages', 'c3');
    rmSync(path.join(build, 'pages.json'));
    assert.throws(() => deploy({ pkg: 'mfe-staff', webRoot, version: '1.2.0', from: build }), /no pages\.json/);
    assert.equal(readFileSync(path.join(webRoot, 'config', 'remotes.json'), 'utf8'), before);
  });

  it('rolls back by pointing back at the old entry and its pages, without copying anything', () => {
    rollback({ pkg: 'mfe-staff', webRoot, to: '1.0.0' });
    assert.equal(entries(webRoot).mfe_staff, '/remotes/mfe-staff/1.0.0/remoteEntry.js');
    assert.deepEqual(manifest(webRoot).mfe_staff.pages, pagesOf(['/dashboard']));
    assert.deepEqual(listVersions({ pkg: 'mfe-staff', webRoot }).find((v) => v.current)?.version, '1.0.0');
    assert.throws(() => rollback({ pkg: 'mfe-staff', webRoot, to: '9.9.9' }), /not deployed/);
  });

  it("gives a remote a former tool wrote as a bare URL its version's pages on the next deploy", () => {
    const oldRoot = path.join(work, 'web-old');
    deploy({ pkg: 'mfe-public', webRoot: oldRoot, version: '2.0.0', from: fakeBuild('public-old', 'd4', ['/home']) });
    writeFileSync(path.join(oldRoot, 'config', 'remotes.json'), JSON.stringify({ mfe_public: '/remotes/mfe-public/2.0.0/remoteEntry.js' }));
    deploy({ pkg: 'mfe-staff', webRoot: oldRoot, version: '1.0.0', from: path.join(work, 'staff-1') });
    assert.deepEqual(manifest(oldRoot).mfe_public, { entry: '/remotes/mfe-public/2.0.0/remoteEntry.js', pages: pagesOf(['/home']) });
  });

  it('keeps versions immutable', () => {
    assert.throws(() => deploy({ pkg: 'mfe-staff', webRoot, version: '1.0.0', from: fakeBuild('staff-x', 'zz') }), /already deployed/);
    assert.doesNotThrow(() => deploy({ pkg: 'mfe-staff', webRoot, version: '1.0.0', from: path.join(work, 'staff-1') }));
  });
});
