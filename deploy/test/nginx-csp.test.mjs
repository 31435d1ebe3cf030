// nginx sends the shell's index.html itself when the API renders no page for a
// path; its Content-Security-Policy must allow that page's one inline script by
// hash, and nothing else inline. This fails when the two drift apart.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('the nginx Content-Security-Policy', () => {
  const template = readFileSync(path.join(root, 'shell', 'public', 'index.html'), 'utf8');
  const conf = readFileSync(path.join(root, 'deploy', 'nginx', 'portal.conf'), 'utf8');
  const inline = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

  it("allows the shell page's inline script by its hash", () => {
    assert.equal(inline.length, 1, 'the shell page has one inline script');
    const hash = createHash('sha256').update(inline[0]).digest('base64');
    const policies = [...conf.matchAll(/Content-Security-Policy "([^"]+)"/g)].map((m) => m[1]);
    assert.ok(policies.length > 0);
    for (const policy of policies) {
      const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src'));
      assert.ok(scriptSrc.includes(`'sha256-${hash}'`), `script-src allows the inline script (sha256-${hash}): ${scriptSrc}`);
      assert.ok(!scriptSrc.includes("'unsafe-inline'"), 'and no other inline script');
    }
  });

  it('keeps the server bundles from browsers', () => {
    assert.match(conf, /location ~ \^\/\(server\|remotes\/\[\^\/\]\+\/\[\^\/\]\+\/server\)\/ \{\s*return 404;/);
  });
});
