/**
 * Runs the shipped deploy/nginx/portal.conf with the machine's nginx (Debian's
 * package, as .ci/run installs it), for tests: the exact file, with only what a
 * deployment changes replaced (the upstream servers, the listen port, the web
 * root), inside a throwaway prefix so nothing under /etc or /var is touched.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SHIPPED_CONFIG = path.join(root, 'deploy', 'nginx', 'portal.conf');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate));
const MIME_TYPES = '/etc/nginx/mime.types';

export function nginxBinary() {
  if (!NGINX) throw new Error('nginx is not installed: apt-get install -y nginx (.ci/run does it)');
  return NGINX;
}

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The shipped config as a deployment would use it. `upstreams`: host:port of
 * each API instance (replacing api-1:8080, api-2:8080); `transform`: any further
 * edit of the text (e.g. uncommenting the TLS lines).
 */
export function prepareNginx({ upstreams = ['127.0.0.1:9'], port = 80, webRoot, transform = (text) => text } = {}) {
  const prefix = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  const shipped = readFileSync(SHIPPED_CONFIG, 'utf8');
  const servers = [...shipped.matchAll(/^\s*server api-\d+:8080[^;]*;\n/gm)];
  if (servers.length === 0) throw new Error('portal.conf: no "server api-N:8080" line in the upstream');
  let text = shipped.replace(/^\s*server api-\d+:8080([^;]*);\n/gm, '');
  const options = servers[0][0].match(/server api-\d+:8080([^;]*);/)[1];
  text = text.replace(/(upstream portal_api \{\n)/, `$1${upstreams.map((u) => `    server ${u}${options};\n`).join('')}`);
  text = text.replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`);
  if (webRoot) text = text.replace(/^(\s*)root \/srv\/web;/m, `$1root ${webRoot};`);
  text = transform(text);
  writeFileSync(path.join(prefix, 'portal.conf'), text);
  // The main file stands in for the image's /etc/nginx/nginx.conf, which
  // includes conf.d/*.conf inside http {}.
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    nginxMainConfig(prefix, [
      `  include ${MIME_TYPES};`,
      '  default_type application/octet-stream;',
      `  access_log ${path.join(prefix, 'logs', 'access.log')};`,
      `  include ${path.join(prefix, 'portal.conf')};`,
    ]),
  );
  return { prefix, config: path.join(prefix, 'nginx.conf'), port, cleanup: () => rmSync(prefix, { recursive: true, force: true }) };
}

/**
 * An nginx main file that keeps everything inside `prefix` (pid, logs, temporary
 * files) and runs in the foreground, with `httpLines` inside its http {} block.
 */
export function nginxMainConfig(prefix, httpLines, { connections = 256 } = {}) {
  return [
    'worker_processes 1;',
    'daemon off;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'logs', 'error.log')} warn;`,
    `events { worker_connections ${connections}; }`,
    'http {',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(prefix, `${t}_temp`)};`),
    ...httpLines,
    '}',
    '',
  ].join('\n');
}

/** `nginx -t` on a prepared config: { ok, output }. */
export function testNginx(prepared) {
  const result = spawnSync(nginxBinary(), ['-t', '-p', prepared.prefix, '-e', path.join(prepared.prefix, 'logs', 'error.log'), '-c', prepared.config], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** Starts nginx on a prepared config; resolves once it answers on its port. */
export async function startNginx(prepared) {
  const child = spawn(nginxBinary(), ['-p', prepared.prefix, '-e', path.join(prepared.prefix, 'logs', 'error.log'), '-c', prepared.config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      await fetch(`http://127.0.0.1:${prepared.port}/remotes.json`);
      break;
    } catch {
      if (attempt > 100) throw new Error(`nginx did not answer on ${prepared.port}: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url: `http://127.0.0.1:${prepared.port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
