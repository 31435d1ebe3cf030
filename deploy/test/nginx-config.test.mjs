// The shipped nginx config must start on the nginx it claims (a stock nginx:
// Debian's package here, the nginx image in compose and Kubernetes), as shipped
// and with its TLS lines turned on.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { connect } from 'node:http2';
import path from 'node:path';
import { describe, it } from 'node:test';
import { freePort, prepareNginx, SHIPPED_CONFIG, startNginx, testNginx } from '../tools/nginx-local.mjs';

describe('deploy/nginx/portal.conf', () => {
  const shipped = readFileSync(SHIPPED_CONFIG, 'utf8');
  const directives = shipped
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean)
    .join('\n');

  it('passes nginx -t with its upstream hosts replaced', () => {
    const prepared = prepareNginx({ upstreams: ['127.0.0.1:18080', '127.0.0.1:18081'] });
    try {
      const result = testNginx(prepared);
      assert.ok(result.ok, result.output);
      assert.match(result.output, /syntax is ok/);
    } finally {
      prepared.cleanup();
    }
  });

  it('passes nginx -t with its TLS lines uncommented and a certificate mounted, and answers in HTTP/2', async () => {
    const tlsPort = await freePort();
    const prepared = prepareNginx({
      port: await freePort(),
      transform: (text) =>
        text
          .replace(/^(\s*)# (listen 443 ssl http2;|ssl_certificate\s+\S+;|ssl_certificate_key\s+\S+;)$/gm, '$1$2')
          .replace(/^(\s*)listen 443 ssl http2;$/m, `$1listen 127.0.0.1:${tlsPort} ssl http2;`),
    });
    let nginx;
    try {
      const cert = path.join(prepared.prefix, 'tls.crt');
      const key = path.join(prepared.prefix, 'tls.key');
      const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=portal.test', '-keyout', key, '-out', cert], { encoding: 'utf8' });
      assert.equal(made.status, 0, made.stderr);
      const conf = path.join(prepared.prefix, 'portal.conf');
      const text = readFileSync(conf, 'utf8');
      assert.match(text, new RegExp(`^\\s*listen 127.0.0.1:${tlsPort} ssl http2;$`, 'm'), 'the TLS lines the comment names exist');
      spawnSync('sed', ['-i', `s#/etc/nginx/tls/tls.crt#${cert}#; s#/etc/nginx/tls/tls.key#${key}#`, conf]);
      const result = testNginx(prepared);
      assert.ok(result.ok, result.output);
      // A page's many scripts share one connection (bench/network.mjs measures what that is worth).
      nginx = await startNginx(prepared);
      const session = connect(`https://127.0.0.1:${tlsPort}`, { rejectUnauthorized: false });
      try {
        await once(session, 'connect');
        assert.equal(session.alpnProtocol, 'h2');
        const stream = session.request({ ':path': '/remotes.json' });
        const [headers] = await once(stream, 'response');
        stream.resume();
        assert.equal(headers['cache-control'], 'no-store', 'the same locations answer over HTTP/2');
      } finally {
        session.close();
      }
    } finally {
      await nginx?.stop();
      prepared.cleanup();
    }
  });

  it('needs no module the stock nginx image lacks', () => {
    assert.doesNotMatch(directives, /brotli|load_module|more_set_headers/);
    assert.match(directives, /gzip_static on;/);
  });

  it('replaces the client X-Forwarded-For with the address nginx saw', () => {
    const forwarded = [...directives.matchAll(/proxy_set_header X-Forwarded-For (\S+);/g)].map((m) => m[1]);
    assert.ok(forwarded.length >= 2, 'both proxied locations set it');
    for (const value of forwarded) assert.equal(value, '$remote_addr');
  });
});
