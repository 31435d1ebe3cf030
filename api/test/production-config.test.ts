/**
 * Production never runs on demo accounts or the payment sandbox by accident
 * (issue 21 finding 7): both are off unless enabled by name, and a server that
 * would take fees without a real provider refuses to start.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config';
import { DEMO_LOGINS, DEMO_PASSWORDS } from '../src/modules/demo/data';
import { freePort, READY_TIMEOUT_MS, spawnInstance, waitReady, type Instance } from './helpers/cluster';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { JWT_SECRET: 'kT3vQ9pLm2Xw8RzC4bN7yH1dF6gJ0sA5eU', PORTAL_DATA_DIR: dataDir };
const keys = { LENCO_PUBLIC_KEY: 'pub-live-like', LENCO_SECRET_KEY: 'sk-live-like' };

function refusal(env: Record<string, string>): string {
  try {
    loadConfig({}, { ...base, ...env });
  } catch (error) {
    assert.ok(error instanceof ConfigError, 'a configuration error, not a crash');
    return error.message;
  }
  assert.fail('the configuration was accepted');
}

describe('configuration: the token signing secret', () => {
  it('refuses a placeholder or a repeated character, whatever the environment, saying how to make one', () => {
    for (const NODE_ENV of ['production', 'development']) {
      for (const JWT_SECRET of ['CHANGE_ME_TO_48_RANDOM_BYTES_BASE64URL_________________', 'x'.repeat(40)]) {
        const message = refusal({ NODE_ENV, JWT_SECRET, ...keys });
        assert.match(message, /JWT_SECRET: looks like a placeholder; generate one with: openssl rand -base64 48/);
        assert.ok(!message.includes(JWT_SECRET), 'the value itself is never echoed');
      }
    }
  });

  it('takes a random one', () => {
    assert.ok(loadConfig({}, { ...base, NODE_ENV: 'production', ...keys }).jwt.secret);
  });
});

describe('configuration: demo data and the payment sandbox', () => {
  it('development and test keep demo data on the embedded database and the sandbox without keys', () => {
    for (const NODE_ENV of ['development', 'test'] as const) {
      const config = loadConfig({}, { ...base, NODE_ENV });
      assert.equal(config.demoData, true, NODE_ENV);
      assert.equal(config.payments.sandbox, true, NODE_ENV);
    }
  });

  it('production refuses to start without a real payment provider, naming the variables and the way out', () => {
    const message = refusal({ NODE_ENV: 'production' });
    assert.match(message, /^Invalid configuration:/);
    assert.match(message, /LENCO_PUBLIC_KEY, LENCO_SECRET_KEY: are required in production/);
    assert.match(message, /LENCO_SANDBOX=true/);
    assert.match(refusal({ NODE_ENV: 'production', LENCO_SANDBOX: 'false' }), /required in production/);
  });

  it('production with Lenco keys has neither demo data nor the sandbox', () => {
    const config = loadConfig({}, { ...base, ...keys, NODE_ENV: 'production' });
    assert.equal(config.demoData, false);
    assert.equal(config.payments.sandbox, false);
    assert.equal(config.payments.apiBase, 'https://api.lenco.co');
  });

  it('production takes demo data and the sandbox only when enabled by name', () => {
    const config = loadConfig({}, { ...base, NODE_ENV: 'production', PORTAL_DEMO_DATA: 'true', LENCO_SANDBOX: 'true' });
    assert.equal(config.demoData, true);
    assert.equal(config.payments.sandbox, true);
    assert.equal(config.payments.widgetUrl, '/sandbox/lenco/js/v1/inline.js');
  });

  it('refuses half a key pair, the sandbox next to keys, and no provider at all in any environment', () => {
    assert.match(refusal({ LENCO_PUBLIC_KEY: 'pub-only' }), /LENCO_PUBLIC_KEY, LENCO_SECRET_KEY: set both or neither/);
    assert.match(refusal({ NODE_ENV: 'production', LENCO_SECRET_KEY: 'sk-only' }), /set both or neither/);
    assert.match(refusal({ ...keys, LENCO_SANDBOX: 'true' }), /LENCO_SANDBOX: cannot be true while Lenco keys are set/);
    assert.match(refusal({ LENCO_SANDBOX: 'false' }), /required when LENCO_SANDBOX is false/);
    assert.match(refusal({ LENCO_SANDBOX: 'maybe' }), /LENCO_SANDBOX/);
  });
});

describe('start-up in production', () => {
  const instances: Instance[] = [];
  after(async () => {
    for (const instance of instances) await instance.stop();
  });
  const env = (extra: Record<string, string>) => ({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PORTAL_DATA_DIR: mkdtempSync(path.join(dataDir, 'run-')),
    SHUTDOWN_GRACE_MS: '0',
    ...extra,
  });

  it('exits non-zero with a plain message when fees would be taken without a real provider', async () => {
    const instance = spawnInstance('no-provider', await freePort(), env({}));
    instances.push(instance);
    // Bounded: a server that starts anyway would otherwise keep this test waiting for ever.
    const code = await new Promise<number | null | 'still running'>((resolve) => {
      const timer = setTimeout(() => resolve('still running'), READY_TIMEOUT_MS);
      instance.child.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    assert.equal(code, 1);
    assert.match(instance.output(), /LENCO_PUBLIC_KEY, LENCO_SECRET_KEY: are required in production/);
    assert.doesNotMatch(instance.output(), /\n\s+at /, 'no stack trace');
  });

  it('on the embedded database loads no demo accounts and prints no demo password', async () => {
    const instance = spawnInstance('sandbox-only', await freePort(), env({ LENCO_SANDBOX: 'true' }));
    instances.push(instance);
    await waitReady(instance);
    const demo = DEMO_LOGINS.find((l) => l.role === 'SUPERUSER')!;
    const login = await fetch(`${instance.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo.email, password: demo.password }),
    });
    assert.equal(login.status, 401, 'the demo SUPERUSER does not exist');
    const universities = await (await fetch(`${instance.url}/api/universities`)).json();
    assert.deepEqual(universities, [], 'no demo universities either');
    assert.equal((await fetch(`${instance.url}/sandbox/lenco/js/v1/inline.js`)).status, 200, 'the sandbox was enabled by name');
    await instance.stop();
    for (const password of new Set(Object.values(DEMO_PASSWORDS))) assert.ok(!instance.output().includes(password), 'a demo password in the log');
  });
});
