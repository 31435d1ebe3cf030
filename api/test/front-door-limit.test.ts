/**
 * The per-address limit on the whole API: generous, shared by every instance
 * through Redis, answering 429 in the API's error shape, and never refusing
 * the health probes.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/test-app';

const REDIS_URL = 'redis://127.0.0.1:6379';
const LIMIT = 5;
// A fresh address per run: counts in Redis from other runs never mix with ours.
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;
const get = (t: TestApp, url: string, ip: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });

function assertRefused(res: Awaited<ReturnType<typeof get>>) {
  assert.equal(res.statusCode, 429);
  assert.deepEqual(res.json(), { message: 'Too many requests from your network. Please wait a minute and try again.', error: 'Too Many Requests' });
  const retryAfter = Number(res.headers['retry-after']);
  assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After in seconds: ${res.headers['retry-after']}`);
}

describe('front-door limit: in memory', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  after(() => t.close());

  it('answers 429 after the limit, for that address only', async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMIT; i++) assert.equal((await get(t, '/api/universities', ip)).statusCode, 200, `request ${i + 1}`);
    assertRefused(await get(t, '/api/programs', ip));
    assert.equal((await get(t, '/api/universities', randomIp())).statusCode, 200, 'another address is served');
  });

  it('never refuses the health and readiness probes', async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMIT; i++) await get(t, '/api/universities', ip);
    assertRefused(await get(t, '/api/universities', ip));
    assert.equal((await get(t, '/api/health', ip)).statusCode, 200);
    assert.equal((await get(t, '/api/ready', ip)).statusCode, 200);
  });

  it('is generous by default: 600 requests a minute', () => {
    assert.equal(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://x@127.0.0.1/x', JWT_SECRET: TEST_JWT_SECRET }).rateLimitPerMinute, 600);
  });
});

describe('front-door limit: in Redis', () => {
  let one: TestApp;
  let two: TestApp;
  before(async () => {
    one = await startTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL });
    two = await startTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL });
  });
  after(async () => {
    await one.close();
    await two.close();
  });

  it('counts an address once across every instance', async () => {
    const ip = randomIp();
    // The first command waits for the connection; later ones are counted in Redis.
    for (let i = 0; i < LIMIT; i++) assert.equal((await get(i % 2 ? one : two, '/api/universities', ip)).statusCode, 200, `request ${i + 1}`);
    assertRefused(await get(one, '/api/universities', ip));
    assertRefused(await get(two, '/api/universities', ip));
  });

  it('lets requests through while Redis does not answer', async () => {
    const t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const ip = randomIp();
      for (let i = 0; i < 4; i++) assert.equal((await get(t, '/api/universities', ip)).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});
