// The page platform (page-platform/) holds one definition of each thing a
// server-rendered page and its app agree on: the render contract, the session
// peek (storage key, role, expiry), the hand-over and the page's names. This
// fails when another package defines one of them again, or reads the session
// token by other means than the peek.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const SKIP = new Set(['node_modules', 'dist', 'coverage']);

/** Every non-test source file of a package's src/, with its text. */
function sources(pkg) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP.has(entry.name)) walk(file);
      } else if (/\.(ts|tsx|mjs|cjs|js|html)$/.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name)) {
        found.push({ file: path.relative(root, file), text: readFileSync(file, 'utf8') });
      }
    }
  };
  for (const dir of ['src', 'public']) {
    try {
      walk(path.join(root, pkg, dir));
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
  }
  return found;
}

const outside = workspaces.filter((pkg) => pkg !== 'page-platform').flatMap(sources);
const inside = sources('page-platform');

/** The files (outside the page platform) whose text matches. */
const filesMatching = (pattern) => outside.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

describe('the page platform', () => {
  it('is the only place a session token is decoded', () => {
    assert.deepEqual(filesMatching(/\batob\(|jwt-decode|jwtDecode|split\(\s*['"]\.['"]\s*\)\[1\]/), []);
    assert.match(readFileSync(path.join(root, 'shared-auth', 'src', 'session.ts'), 'utf8'), /from 'page-platform\/session-peek'/);
    assert.match(readFileSync(path.join(root, 'shell', 'src', 'features', 'remotes', 'warm-up.ts'), 'utf8'), /from 'page-platform\/session-peek'/);
    assert.match(readFileSync(path.join(root, 'page-platform', 'src', 'before-start.ts'), 'utf8'), /from '\.\/session-peek'/);
  });

  it("spells the session token's storage key once", () => {
    const spelled = /(getItem|setItem|removeItem)\(\s*['"]user['"]|\b(KEY|token)\s*[:=]\s*['"]user['"]/;
    assert.deepEqual(filesMatching(spelled), []);
    assert.deepEqual(
      inside.filter(({ text }) => /=\s*['"]user['"]/.test(text)).map(({ file }) => file),
      ['page-platform/src/session-peek.ts'],
    );
  });

  it('defines the render contract and the names of the page once', () => {
    for (const definition of [
      /\bSERVER_RENDER_CONTRACT\s*=/,
      /\binterface Server(Remote|Shell)Bundle\b/,
      /['"]portal-preloaded-responses['"]/,
      /['"]__portalBeforeStart['"]/,
      /['"]portal-scripts['"]/,
      /['"]data-session['"]/,
      /\bcreateContext<PreloadedResponses/,
    ]) {
      assert.deepEqual(filesMatching(definition), [], `${definition} is defined outside page-platform`);
      assert.equal(inside.filter(({ text }) => definition.test(text)).length, 1, `${definition} is defined once in page-platform`);
    }
  });
});
