// nginx sends the shell's index.html itself when no API instance renders a
// page for a path; its Content-Security-Policy must allow that page's one
// inline script (the page platform's pre-start script) by the hash the
// shell's build generates, and nothing else inline. This fails when the two
// drift apart; `node deploy/tools/nginx-csp.mjs --write` brings nginx's copy
// in line.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { generatedScriptSource, NGINX_CONF, scriptSrcDirectives, withScriptSource } from '../tools/nginx-csp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('the nginx Content-Security-Policy', () => {
  const conf = readFileSync(NGINX_CONF, 'utf8');
  const source = generatedScriptSource();

  it("allows the page's inline script by the hash the build generates, and no other inline script", () => {
    assert.match(source, /^'sha256-[A-Za-z0-9+/]{43}='$/);
    const directives = scriptSrcDirectives(conf);
    assert.ok(directives.length > 0);
    for (const scriptSrc of directives) {
      assert.ok(scriptSrc.includes(source), `script-src allows the inline script (${source}; node deploy/tools/nginx-csp.mjs --write): ${scriptSrc}`);
      assert.equal(scriptSrc.match(/'sha256-/g).length, 1, 'one inline script');
      assert.ok(!scriptSrc.includes("'unsafe-inline'"), 'and no other inline script');
    }
  });

  it('is brought in line by the tool, which changes nothing but the hash', () => {
    const stale = withScriptSource(conf, "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='");
    assert.notEqual(stale, conf);
    assert.equal(withScriptSource(stale, source), conf);
  });

  it("inlines only the page platform's script and style in the shell's page template", () => {
    const template = readFileSync(path.join(root, 'shell', 'public', 'index.html'), 'utf8');
    const inline = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1].trim());
    assert.deepEqual(inline, ['<%= htmlWebpackPlugin.options.pageDocument.script %>']);
    assert.deepEqual(
      [...template.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1].trim()),
      ['<%= htmlWebpackPlugin.options.pageDocument.style %>'],
    );
  });

  it('keeps the server bundles from browsers', () => {
    assert.match(conf, /location ~ \^\/\(server\|remotes\/\[\^\/\]\+\/\[\^\/\]\+\/server\)\/ \{\s*return 404;/);
  });
});
