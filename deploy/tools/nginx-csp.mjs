#!/usr/bin/env node
/**
 * nginx's copy of the page's CSP hash. nginx sends the shell's static
 * index.html itself when no API instance renders a page, so its
 * Content-Security-Policy must allow the page's one inline script (the page
 * platform's pre-start script) by the SHA-256 its build generates
 * (page-platform/build/before-start.cjs). nginx cannot read that file, so
 * deploy/nginx/portal.conf carries the hash, checked by
 * deploy/test/nginx-csp.test.mjs and written by this tool:
 *
 *   node deploy/tools/nginx-csp.mjs          prints the generated source and whether nginx's copy matches
 *   node deploy/tools/nginx-csp.mjs --write  writes it into portal.conf
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const NGINX_CONF = path.join(root, 'deploy', 'nginx', 'portal.conf');
// By path: the page platform's build helper (page-platform depends on this package for its tests, not the other way).
const { beforeStartScript } = createRequire(import.meta.url)('../../page-platform/build/before-start.cjs');

/** The CSP source of the page's inline script, as the shell's build generates it: 'sha256-…'. */
export function generatedScriptSource() {
  return beforeStartScript().cspSource;
}

/** The script-src directive of every Content-Security-Policy in an nginx config. */
export function scriptSrcDirectives(conf) {
  return [...conf.matchAll(/Content-Security-Policy "([^"]+)"/g)].map((m) =>
    m[1]
      .split(';')
      .find((d) => d.trim().startsWith('script-src'))
      .trim(),
  );
}

/** The config with every script-src hash replaced by `source`. */
export function withScriptSource(conf, source) {
  return conf.replace(/(Content-Security-Policy "[^"]*script-src[^";]*?)'sha256-[A-Za-z0-9+/]+={0,2}'/g, `$1${source}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = generatedScriptSource();
  const conf = readFileSync(NGINX_CONF, 'utf8');
  if (process.argv.includes('--write')) {
    writeFileSync(NGINX_CONF, withScriptSource(conf, source));
    console.log(`wrote ${source} into ${path.relative(root, NGINX_CONF)}`);
  } else {
    const matches = scriptSrcDirectives(conf).every((directive) => directive.includes(source));
    console.log(`${source}: nginx's copy ${matches ? 'matches' : 'differs (run with --write)'}`);
    process.exitCode = matches ? 0 : 1;
  }
}
