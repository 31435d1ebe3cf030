import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('health and readiness', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('reports the process alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ok' });
  });

  it('reports the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().database, t.databaseKind);
  });

  it('turns not ready while shutting down', async () => {
    t.lifecycle.shuttingDown = true;
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    t.lifecycle.shuttingDown = false;
    assert.equal(res.statusCode, 503);
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    assert.equal(res.statusCode, 404);
    assert.match(res.json().message, /not found/);
  });
});
