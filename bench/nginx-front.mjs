// An nginx in front of a portal the bench started, over TLS with HTTP/2, as a
// deployment serves it (deploy/nginx/portal.conf's TLS lines); or over plain
// HTTP, where a service worker must run (the browser registers none from a
// host whose certificate it was told to accept), to count bytes. On the slow
// profile every request waits a round trip: over HTTP/1.1 a browser opens six
// connections to a host and queues the rest, over HTTP/2 it sends them all on
// one. The federated pages fetch several times the baseline's scripts, so the
// protocol decides part of the comparison and the bench measures the one
// production uses. Debian's nginx (as the deploy tests use it) with a
// throwaway certificate; the browser is told to accept it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, nginxBinary, nginxMainConfig } from '../deploy/tools/nginx-local.mjs';

/** The protocol a request to `url` was answered in ('h2' when HTTP/2 was negotiated), for the bench's own check. */
function negotiatedProtocol(url) {
  return new Promise((resolve, reject) => {
    const session = connect(url, { rejectUnauthorized: false });
    session.once('error', reject);
    session.once('connect', () => {
      const protocol = session.alpnProtocol;
      session.close();
      resolve(protocol);
    });
  });
}

/**
 * Starts nginx on a free port, answering over TLS and HTTP/2 (`tls: false`:
 * plain HTTP/1.1) and passing every request to `upstreamUrl` (the portal's own
 * server, which sends its precompressed files and renders pages as behind the
 * shipped config).
 */
export async function startNginxFront(upstreamUrl, { tls = true } = {}) {
  const prefix = mkdtempSync(path.join(tmpdir(), 'portal-bench-tls-'));
  mkdirSync(path.join(prefix, 'logs'));
  const cert = path.join(prefix, 'tls.crt');
  const key = path.join(prefix, 'tls.key');
  const made = !tls
    ? { status: 0 }
    : spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  const port = await freePort();
  const upstream = new URL(upstreamUrl);
  const config = path.join(prefix, 'nginx.conf');
  writeFileSync(
    config,
    nginxMainConfig(
      prefix,
      [
        // Every response's bytes on the wire (headers and body as sent), for bytesSent().
        "  log_format bytes '$bytes_sent';",
        `  access_log ${path.join(prefix, 'logs', 'bytes.log')} bytes;`,
        `  upstream portal { server ${upstream.host}; keepalive 32; }`,
        '  server {',
        // The shipped config's TLS line (deploy/nginx/portal.conf).
        ...(tls ? [`    listen 127.0.0.1:${port} ssl http2;`, `    ssl_certificate ${cert};`, `    ssl_certificate_key ${key};`] : [`    listen 127.0.0.1:${port};`]),
        '    client_max_body_size 26m;',
        '    location / {',
        '      proxy_http_version 1.1;',
        '      proxy_set_header Connection "";',
        '      proxy_set_header Host $host;',
        '      proxy_set_header X-Forwarded-Proto $scheme;',
        '      proxy_request_buffering off;',
        '      proxy_pass http://portal;',
        '    }',
        '  }',
      ],
      { connections: 512 },
    ),
  );
  const child = spawn(nginxBinary(), ['-p', prefix, '-e', path.join(prefix, 'logs', 'error.log'), '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  let protocol;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      protocol = tls ? await negotiatedProtocol(url) : (await fetch(`${url}/api/health`)).ok && 'http/1.1';
      break;
    } catch {
      if (attempt > 100) throw new Error(`nginx did not answer on ${port}: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  if (tls && protocol !== 'h2') throw new Error(`nginx answered in ${protocol}, not HTTP/2`);
  const bytesLog = path.join(prefix, 'logs', 'bytes.log');
  return {
    url,
    /**
     * Bytes nginx has sent so far, headers included: what the phone downloaded
     * through it, whether the page or its service worker asked (the page's own
     * DevTools counters see nothing of what a service worker fetches).
     */
    bytesSent: () => {
      if (!existsSync(bytesLog)) return 0;
      return readFileSync(bytesLog, 'utf8')
        .split('\n')
        .reduce((sum, line) => sum + (Number(line) || 0), 0);
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
