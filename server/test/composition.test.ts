/**
 * The composition root (src/main.ts): the API knows nothing of pages, and the
 * portal's server adds them beside /api on one port; a bad web variable stops
 * it with a message naming the variable, as a bad API variable does.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startPortal } from './helpers/portal';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function webRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-composition-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  return root;
}

describe('the composition root', () => {
  it('leaves the API alone to serve /api and nothing else', async () => {
    const root = webRoot();
    const api = await startPortal({ PORTAL_WEB_ROOT: root }, { web: false });
    try {
      assert.equal((await api.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
      for (const url of ['/', '/login', '/remotes.json', '/index.html']) {
        const res = await api.app.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 404, url);
        assert.match(res.json().message, /not found/, url);
      }
    } finally {
      await api.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('serves the pages beside /api on the same port', async () => {
    const root = webRoot();
    const portal = await startPortal({ PORTAL_WEB_ROOT: root });
    try {
      assert.equal((await portal.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
      const page = await portal.app.inject({ method: 'GET', url: '/login' });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<div id="root">/);
    } finally {
      await portal.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('stops with a message naming a bad web variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH, PORTAL_WEB_LAYOUT: 'sideways', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /PORTAL_WEB_LAYOUT/);
    assert.doesNotMatch(result.stderr, /at .*\.ts:\d+/, 'no stack trace');
  });
});
