/**
 * Headers of API answers (the pages' CSP, frame options and HSTS are pinned
 * in web.test.ts): nosniff and a Referrer-Policy on every answer, JSON errors
 * included, never X-Powered-By; CORS only for the origins in CORS_ORIGINS.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, createWorld, type World } from '../helpers/fixtures';
import { startTestApp, type TestApp } from '../helpers/test-app';

const ALLOWED = 'https://apply.example.ac.zm';

describe('API security headers', () => {
  let t: TestApp;
  let w: World;
  before(async () => {
    t = await startTestApp({ CORS_ORIGINS: `${ALLOWED}, https://staff.example.ac.zm` });
    w = await createWorld(t);
  });
  after(async () => t.close());

  it('every kind of API answer carries nosniff and no-referrer, never X-Powered-By or server details', async () => {
    const answers = [
      await call(t, 'GET', '/api/health'),
      await call(t, 'GET', '/api/universities'),
      await call(t, 'GET', '/api/users', { token: w.superuser.token }),
      await call(t, 'GET', '/api/users'),
      await call(t, 'GET', '/api/users', { token: w.userA.token }),
      await call(t, 'GET', '/api/universities/999999'),
      await call(t, 'GET', '/api/no-such-route'),
      await call(t, 'POST', '/api/subscribers', { json: { name: 1 } }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{broken', headers: { 'content-type': 'application/json' } }),
    ];
    for (const res of answers) {
      const where = `${res.statusCode} ${res.body.slice(0, 60)}`;
      assert.equal(res.headers['x-content-type-options'], 'nosniff', where);
      assert.equal(res.headers['referrer-policy'], 'no-referrer', where);
      assert.equal(res.headers['x-powered-by'], undefined, where);
      assert.equal(res.headers.server, undefined, where);
      assert.match(String(res.headers['content-type']), /^application\/json/, where);
    }
  });

  it('gives Access-Control-Allow-Origin only to configured origins', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/universities', headers: { origin: ALLOWED } });
    assert.equal(ok.headers['access-control-allow-origin'], ALLOWED);
    assert.notEqual(ok.headers['access-control-allow-credentials'], 'true');
    assert.match(String(ok.headers.vary), /Origin/i);

    for (const origin of ['https://evil.example', 'null', `${ALLOWED}.evil.example`, 'https://example.ac.zm', ALLOWED.replace('https', 'http')]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/universities', headers: { origin } });
      assert.equal(res.headers['access-control-allow-origin'], undefined, origin);
      assert.equal(res.statusCode, 200, 'same-origin rules are the browser’s job: the answer itself is unchanged');
    }
  });

  it('answers a preflight only for configured origins, with the allowed methods and headers', async () => {
    const good = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/applications',
      headers: { origin: 'https://staff.example.ac.zm', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
    });
    assert.ok(good.statusCode === 204 || good.statusCode === 200, String(good.statusCode));
    assert.equal(good.headers['access-control-allow-origin'], 'https://staff.example.ac.zm');
    assert.match(String(good.headers['access-control-allow-methods']), /PUT/);
    assert.match(String(good.headers['access-control-allow-headers']), /Authorization/i);

    const bad = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/applications',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization' },
    });
    assert.equal(bad.headers['access-control-allow-origin'], undefined);
    assert.equal(bad.headers['access-control-allow-methods'], undefined);
  });

  it('without CORS_ORIGINS no origin gets CORS headers', async () => {
    const plain = await startTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/universities', headers: { origin: ALLOWED } });
      assert.equal(res.headers['access-control-allow-origin'], undefined);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
    } finally {
      await plain.close();
    }
  });
});
