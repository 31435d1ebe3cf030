// `npm start` is a local trial: development unless NODE_ENV says otherwise, and
// demo passwords are printed only outside production (issue 21 finding 7).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDemoLogins, loadDemoLogins } from '../scripts/demo-logins.mjs';
import { serverEnv, startBanner } from '../scripts/start.mjs';

describe('npm start', () => {
  it('runs the server in development unless NODE_ENV is set', () => {
    assert.equal(serverEnv({}).NODE_ENV, 'development');
    assert.equal(serverEnv({ NODE_ENV: '' }).NODE_ENV, 'development');
    assert.equal(serverEnv({ NODE_ENV: 'production', PORT: '9000' }).NODE_ENV, 'production');
    assert.equal(serverEnv({ PORT: '9000' }).PORT, '9000');
  });

  it('prints the URL and the demo logins in development, and no password in production', async () => {
    const list = await loadDemoLogins();
    const logins = formatDemoLogins(list);
    const dev = startBanner({ publicUrl: 'http://localhost:8080', production: false, logins });
    assert.match(dev, /UniPortal is running at http:\/\/localhost:8080/);
    for (const login of list) {
      assert.ok(dev.includes(login.email));
      assert.ok(dev.includes(login.password));
    }
    const prod = startBanner({ publicUrl: 'https://portal.example.zm', production: true, logins });
    assert.match(prod, /UniPortal is running at https:\/\/portal\.example\.zm/);
    for (const login of list) {
      assert.ok(!prod.includes(login.password), 'a demo password in the production banner');
      assert.ok(!prod.includes(login.email));
    }
  });
});
