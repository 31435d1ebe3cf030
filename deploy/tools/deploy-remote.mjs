#!/usr/bin/env node
/**
 * Deploys one remote (or the shell) into a web root served by nginx, without
 * touching the others:
 *   deploy-remote.mjs deploy   <package> --web-root DIR [--version V] [--from DIST]
 *   deploy-remote.mjs rollback <package> --web-root DIR --to V
 *   deploy-remote.mjs list     <package> --web-root DIR
 * A remote's assets go to remotes/<package>/<version>/ and never change once
 * written; config/remotes.json (the shell's runtime list) is then pointed at the
 * new remoteEntry.js and given the version's page manifest (its pages.json: the
 * pages, roles and menu entries the shell builds its routing from), both in one
 * atomic rename. Rolling back is pointing back, at the old entry and its pages.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const { checkPageManifest } = createRequire(import.meta.url)('../webpack/page-manifest.cjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const REMOTES = { 'mfe-public': 'mfe_public', 'mfe-applicant': 'mfe_applicant', 'mfe-staff': 'mfe_staff' };

function treeDigest(dir) {
  const hash = createHash('sha256');
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/**
 * The runtime list, with any remote a former version of this tool wrote as a
 * bare entry URL given its version's pages, when that version has them: the
 * shell reads only entries with a page manifest.
 */
function readManifest(webRoot) {
  const file = path.join(webRoot, 'config', 'remotes.json');
  const list = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  for (const [name, value] of Object.entries(list)) {
    const deployed = typeof value === 'string' ? /^\/remotes\/([^/]+)\/([^/]+)\/remoteEntry\.js$/.exec(value) : null;
    if (deployed && existsSync(path.join(webRoot, 'remotes', deployed[1], deployed[2], 'pages.json'))) list[name] = listEntry(webRoot, deployed[1], deployed[2]);
  }
  return list;
}

function writeManifest(webRoot, manifest) {
  const dir = path.join(webRoot, 'config');
  mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.remotes.${process.pid}.json`);
  writeFileSync(temp, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(temp, path.join(dir, 'remotes.json'));
}

function entryUrl(pkg, version) {
  return `/remotes/${pkg}/${version}/remoteEntry.js`;
}

/** A version's page manifest (pages.json, built by the webpack factory), checked against shared-api's schema. */
function readPages(dir) {
  const file = path.join(dir, 'pages.json');
  if (!existsSync(file)) throw new Error(`${dir} holds no pages.json: build the remote with its page manifest (src/pages.ts)`);
  return checkPageManifest(JSON.parse(readFileSync(file, 'utf8')), file);
}

/** The runtime list's entry of a deployed version: where its entry is and its pages. */
function listEntry(webRoot, pkg, version) {
  return { entry: entryUrl(pkg, version), pages: readPages(path.join(webRoot, 'remotes', pkg, version)) };
}

export function deploy({ pkg, webRoot, version, from }) {
  const source = from ?? path.join(root, pkg, 'dist');
  if (!existsSync(source)) throw new Error(`${source} does not exist: build ${pkg} first`);
  if (pkg === 'shell') {
    cpSync(source, webRoot, { recursive: true });
    return { pkg, webRoot };
  }
  const federationName = REMOTES[pkg];
  if (!federationName) throw new Error(`Unknown remote ${pkg}`);
  if (!existsSync(path.join(source, 'remoteEntry.js'))) throw new Error(`${source} holds no remoteEntry.js`);
  readPages(source);
  const resolvedVersion = version ?? `${JSON.parse(readFileSync(path.join(root, pkg, 'package.json'), 'utf8')).version}-${treeDigest(source).slice(0, 8)}`;
  const target = path.join(webRoot, 'remotes', pkg, resolvedVersion);
  if (existsSync(target)) {
    // Versions are immutable: the same version may only be re-uploaded unchanged.
    if (treeDigest(target) !== treeDigest(source)) throw new Error(`${pkg} ${resolvedVersion} is already deployed with other content`);
  } else {
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(source, target, { recursive: true });
  }
  writeManifest(webRoot, { ...readManifest(webRoot), [federationName]: listEntry(webRoot, pkg, resolvedVersion) });
  return { pkg, version: resolvedVersion, entry: entryUrl(pkg, resolvedVersion) };
}

export function rollback({ pkg, webRoot, to }) {
  const federationName = REMOTES[pkg];
  if (!federationName) throw new Error(`Unknown remote ${pkg}`);
  if (!existsSync(path.join(webRoot, 'remotes', pkg, to, 'remoteEntry.js'))) throw new Error(`${pkg} ${to} is not deployed`);
  writeManifest(webRoot, { ...readManifest(webRoot), [federationName]: listEntry(webRoot, pkg, to) });
  return { pkg, version: to, entry: entryUrl(pkg, to) };
}

export function listVersions({ pkg, webRoot }) {
  const dir = path.join(webRoot, 'remotes', pkg);
  const current = readManifest(webRoot)[REMOTES[pkg]]?.entry;
  return existsSync(dir) ? readdirSync(dir).map((version) => ({ version, current: current === entryUrl(pkg, version) })) : [];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, pkg, ...rest] = process.argv.slice(2);
  const option = (name) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const webRoot = option('web-root');
  try {
    if (!pkg || !webRoot) throw new Error('usage: deploy-remote.mjs deploy|rollback|list <package> --web-root DIR [--version V] [--from DIST] [--to V]');
    const result =
      command === 'deploy'
        ? deploy({ pkg, webRoot, version: option('version'), from: option('from') })
        : command === 'rollback'
          ? rollback({ pkg, webRoot, to: option('to') })
          : command === 'list'
            ? listVersions({ pkg, webRoot })
            : (() => {
                throw new Error(`unknown command ${command}`);
              })();
    console.log(JSON.stringify(result, null, 2));
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
