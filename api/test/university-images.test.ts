/**
 * A university's picture (issue 21, finding 15): shown to every visitor and
 * to staff, so it may not be a tracking pixel on an arbitrary host. The rule:
 * https only, and the host must be on UNIVERSITY_IMAGE_HOSTS (none by default).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, createUser, type TestUser } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('university image URLs', () => {
  describe('with no image hosts configured', () => {
    let t: TestApp;
    let su: TestUser;
    before(async () => {
      t = await startTestApp();
      su = await createUser(t, 'SUPERUSER');
    });
    after(async () => t.close());

    it('refuses any picture address, and http:// in any case, with a 400 naming the field', async () => {
      for (const imageUrl of ['https://tracker.example/pixel.gif', 'http://img.example/u.jpg', 'javascript:alert(1)', '//img.example/u.jpg']) {
        const res = await call(t, 'POST', '/api/universities', { token: su.token, json: { name: 'Pixel University', imageUrl } });
        assert.equal(res.statusCode, 400, `${imageUrl}: ${res.body}`);
        assert.match(res.json().message, /^imageUrl: /);
      }
      const none = await call(t, 'POST', '/api/universities', { token: su.token, json: { name: 'Plain University', imageUrl: '' } });
      assert.equal(none.statusCode, 201, none.body);
      assert.equal(none.json().imageUrl, null);
    });
  });

  describe('with UNIVERSITY_IMAGE_HOSTS', () => {
    let t: TestApp;
    let su: TestUser;
    before(async () => {
      t = await startTestApp({ UNIVERSITY_IMAGE_HOSTS: 'img.unza.example, CDN.Portal.example' });
      su = await createUser(t, 'SUPERUSER');
    });
    after(async () => t.close());

    it('takes https pictures on the listed hosts only', async () => {
      const ok = await call(t, 'POST', '/api/universities', { token: su.token, json: { name: 'UNZA', imageUrl: 'https://img.unza.example/campus.jpg' } });
      assert.equal(ok.statusCode, 201, ok.body);
      const cdn = await call(t, 'POST', '/api/universities', { token: su.token, json: { name: 'CBU', imageUrl: 'https://cdn.portal.example/cbu.webp' } });
      assert.equal(cdn.statusCode, 201, cdn.body);
      for (const imageUrl of ['https://img.unza.example.evil.test/x.gif', 'https://evil.test/img.unza.example/x.gif', 'http://img.unza.example/campus.jpg', 'https://user@evil.test/x.gif']) {
        const res = await call(t, 'POST', '/api/universities', { token: su.token, json: { name: 'Other', imageUrl } });
        assert.equal(res.statusCode, 400, `${imageUrl}: ${res.body}`);
        assert.match(res.json().message, /^imageUrl: /);
      }
      const moved = await call(t, 'PUT', `/api/universities/${ok.json().id}`, { token: su.token, json: { name: 'UNZA', imageUrl: 'https://tracker.example/p.gif' } });
      assert.equal(moved.statusCode, 400, moved.body);
      const kept = await call(t, 'PUT', `/api/universities/${ok.json().id}`, { token: su.token, json: { name: 'UNZA renamed', imageUrl: 'https://img.unza.example/campus.jpg' } });
      assert.equal(kept.statusCode, 200, kept.body);
      assert.equal(kept.json().imageUrl, 'https://img.unza.example/campus.jpg');
    });
  });
});
