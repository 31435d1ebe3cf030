// The remotes' real page manifests, read as the build reads them, give the
// shell exactly the menus and guards of spec §2.1 and §2.2 (the shell's own
// tests use a stand-in list). Each remote's own test checks that its manifest
// and its App's routes agree.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { evaluateTs, readPageManifest } = require('../webpack/page-manifest.cjs');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { menuEntries } = evaluateTs(path.join(root, 'shared-api', 'src', 'contract', 'pages.ts'));
const { parseRemoteList } = evaluateTs(path.join(root, 'shared-api', 'src', 'contract', 'page-manifest-schema.ts'));
const { areaFor } = evaluateTs(path.join(root, 'shell', 'src', 'routes', 'paths.ts'));

const remotes = {};
for (const [pkg, name] of [
  ['mfe-public', 'mfe_public'],
  ['mfe-applicant', 'mfe_applicant'],
  ['mfe-staff', 'mfe_staff'],
]) {
  remotes[name] = { entry: `/remotes/${pkg}/remoteEntry.js`, pages: readPageManifest(path.join(root, pkg, 'src', 'pages.ts')) };
}
const menu = (role, name) => menuEntries(remotes, role, name).map((e) => `${e.label} ${e.path}`);
const area = (role, pathname) => {
  const a = areaFor(remotes, role, pathname);
  return a.kind === 'remote' ? `${a.remote} ${a.layout}` : a.kind === 'redirect' ? `→ ${a.to}` : a.kind;
};

describe("the remotes' page manifests", () => {
  it('pass the schema the shell checks them with', () => {
    assert.deepEqual(parseRemoteList(remotes).rejected, []);
  });

  it('give the sidebar of spec §2.1, in order, with the corrected User Management', () => {
    assert.deepEqual(menu('ADMIN', 'sidebar'), ['Dashboard /dashboard', 'Applications /applications', 'Programs /programs', 'Intakes /intakes', 'Fee waivers /fee-waivers']);
    assert.deepEqual(menu('USER', 'sidebar'), ['Dashboard /dashboard', 'Profile /profile', 'Settings /settings']);
    assert.deepEqual(menu('SUPERUSER', 'sidebar'), [
      'Dashboard /dashboard',
      'Universities /universities/all',
      'Programs /programs',
      'Intakes /intakes',
      'Fee waivers /fee-waivers',
      'Courses /courses',
      'Applications /applications',
      'User Management /users',
    ]);
    assert.deepEqual(menu('AUDITOR', 'sidebar'), []);
    assert.deepEqual(menu(null, 'sidebar'), []);
  });

  it("draw an icon for every sidebar entry: one the shell knows, or the remote's own path", () => {
    const iconsSource = readFileSync(path.join(root, 'shell', 'src', 'components', 'layout', 'icons.tsx'), 'utf8');
    const known = new Set([...iconsSource.matchAll(/^\s{2}([a-z]+):/gm)].map((m) => m[1]));
    assert.ok(known.has('dashboard') && known.has('programs'), 'the icon names are read from the shell');
    const drawnBy = (entry) => entry.iconPath ?? (known.has(entry.icon) ? entry.icon : undefined);
    for (const role of ['ADMIN', 'SUPERUSER', 'USER']) {
      for (const entry of menuEntries(remotes, role, 'sidebar')) assert.ok(drawnBy(entry), `${role}: '${entry.label}' has no icon the shell can draw`);
    }
  });

  it("give the applicant's top navigation of spec §2.1", () => {
    assert.deepEqual(menu('USER', 'top'), ['Universities /dashboard', 'Applications /applications', 'Profile /profile', 'Settings /settings']);
    assert.deepEqual(menu('ADMIN', 'top'), []);
  });

  it('route each role as spec §2.2 and the guards of §2.1 say', () => {
    for (const p of ['/', '/home', '/about', '/learn-more', '/coming-soon', '/universities', '/guest/programs/3', '/forgot-password', '/reset-password/t0k', '/privacy']) {
      assert.equal(area(null, p), 'mfe_public none', p);
    }
    for (const p of ['/dashboard', '/applications/4', '/audit', '/no-such-page']) assert.equal(area(null, p), '→ /login', p);
    for (const p of ['/home', '/', '/about']) assert.equal(area('USER', p), '→ /dashboard', p);
    for (const p of ['/dashboard', '/profile', '/applications', '/settings', '/universities/2', '/courses/2', '/apply/2', '/applications/9']) {
      assert.equal(area('USER', p), 'mfe_applicant applicant', p);
    }
    for (const p of ['/programs', '/users', '/audit', '/students/all']) assert.equal(area('USER', p), 'not-found', p);
    const superuser = [
      '/dashboard',
      '/applications',
      '/applications/1',
      '/programs',
      '/programs/1',
      '/programs/add',
      '/programs/edit/1',
      '/courses',
      '/course/1',
      '/course/add',
      '/course/edit/1',
      '/universities/1',
      '/universities/all',
      '/universities/edit/1',
      '/universities/add',
      '/users',
      '/users/add-admin',
      '/profile',
      '/students/all',
      '/audit',
      '/intakes',
      '/intakes/add',
      '/intakes/edit/1',
      '/intakes/1',
    ];
    for (const p of superuser) assert.equal(area('SUPERUSER', p), 'mfe_staff staff', p);
    for (const p of [
      '/dashboard',
      '/users',
      '/users/add-admin',
      '/programs',
      '/courses',
      '/profile',
      '/programs/1',
      '/course/1',
      '/universities/1',
      '/applications',
      '/applications/1',
      '/intakes',
      '/intakes/1',
    ]) {
      assert.equal(area('ADMIN', p), 'mfe_staff staff', p);
    }
    for (const p of ['/universities/all', '/universities/add', '/universities/edit/1', '/audit', '/apply/1']) assert.equal(area('ADMIN', p), 'not-found', p);
    for (const p of ['/universities', '/guest/programs/1']) assert.equal(area('ADMIN', p), 'mfe_public none', p);
  });

  it('let the server render only the guest pages that look the same for everyone', () => {
    const prerendered = remotes.mfe_public.pages.pages.filter((p) => p.prerender).map((p) => p.path);
    assert.deepEqual(prerendered.sort(), ['/', '/about', '/coming-soon', '/forgot-password', '/home', '/learn-more', '/privacy', '/universities']);
    for (const name of ['mfe_applicant', 'mfe_staff'])
      assert.ok(
        remotes[name].pages.pages.every((p) => !p.prerender && !p.roles.includes('guest')),
        name,
      );
  });

  it("let the server render for a signed-in role only the applicant's university list, which every applicant sees alike", () => {
    const forRoles = Object.entries(remotes).flatMap(([name, { pages }]) => pages.pages.filter((p) => p.prerenderForRoles?.length).map((p) => [name, p.path, p.prerenderForRoles]));
    assert.deepEqual(forRoles, [['mfe_applicant', '/dashboard', ['USER']]]);
  });

  // The server names a page's scripts by its manifest `code` (server/src/pages/page-scripts.ts):
  // first the webpackChunkName of the import the App's route at that path loads, then chunks
  // the page loads at once, each a webpackChunkName of the remote's own source.
  it("name each page's code as the chunk its App route loads, then chunks of the remote", () => {
    for (const pkg of ['mfe-applicant', 'mfe-staff']) {
      const app = readFileSync(path.join(root, pkg, 'src', 'App.tsx'), 'utf8');
      const chunkOf = new Map([...app.matchAll(/const (\w+) = \(\) => import\((?:\/\* webpackChunkName: "([^"]+)" \*\/ )?'[^']+'\)/g)].map((m) => [m[1], m[2] ?? null]));
      const routes = [...app.matchAll(/\{ path: '([^']+)', element: .*?, load: (\w+) \}/g)];
      assert.ok(chunkOf.size > 0 && routes.length > 0, `${pkg}: the App's loaders and routes are read`);
      const pages = readPageManifest(path.join(root, pkg, 'src', 'pages.ts')).pages;
      assert.equal(routes.length, pages.length, `${pkg}: every page's route is read`);
      const sources = execFileSync('grep', ['-rhoE', 'webpackChunkName: "[^"]+"', path.join(root, pkg, 'src')], { encoding: 'utf8' });
      const named = new Set([...sources.matchAll(/"([^"]+)"/g)].map((m) => m[1]));
      for (const [, routePath, load] of routes) {
        const page = pages.find((p) => p.path === routePath);
        assert.ok(chunkOf.has(load), `${pkg} ${routePath}: its loader ${load} is read`);
        assert.equal(page?.code?.[0] ?? null, chunkOf.get(load), `${pkg} ${routePath}`);
        for (const code of page?.code ?? []) assert.ok(named.has(code), `${pkg} ${routePath}: ${code} is a chunk the remote names`);
      }
    }
    assert.ok(
      remotes.mfe_staff.pages.pages.every((p) => p.code?.length),
      'every staff page names its code',
    );
    assert.deepEqual(remotes.mfe_staff.pages.pages.find((p) => p.path === '/dashboard')?.code, ['staff-dashboard', 'dashboard-charts']);
    assert.deepEqual(remotes.mfe_applicant.pages.pages.find((p) => p.path === '/apply/:universityId')?.code, ['wizard']);
  });
});
