import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { auditLog } from '../src/db/schema';
import { settleMail } from '../src/services/mail';
import { LIMITS, MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../src/services/rate-limit';
import { createUser, DEFAULT_PASSWORD } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const REDIS_URL = 'redis://127.0.0.1:6379';
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const uniquePrefix = () => `portal-test:${randomBytes(6).toString('hex')}:`;
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

function login(t: TestApp, email: string, password: string, ip: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
}
function reset(t: TestApp, email: string, ip: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/request-reset', payload: { email }, remoteAddress: ip });
}

async function behavesAsFixedWindow(limiter: RateLimiter) {
  assert.deepEqual((await limiter.hit('a', 10_000)).count, 1);
  assert.deepEqual((await limiter.hit('a', 10_000)).count, 2);
  assert.equal((await limiter.hit('b', 10_000)).count, 1, 'keys are independent');
  await limiter.undo('a');
  const third = await limiter.hit('a', 10_000);
  assert.equal(third.count, 2, 'undo takes one attempt back');
  assert.ok(third.resetInMs > 0 && third.resetInMs <= 10_000);
  await limiter.hit('short', 150);
  assert.equal((await limiter.hit('short', 150)).count, 2);
  await sleep(250);
  assert.equal((await limiter.hit('short', 150)).count, 1, 'a new window starts after the old one ends');
}

describe('rate limiter: in memory', () => {
  it('counts attempts in fixed windows', async () => {
    const limiter = new MemoryRateLimiter(uniquePrefix());
    try {
      await behavesAsFixedWindow(limiter);
    } finally {
      await limiter.close();
    }
  });
});

describe('rate limiter: Redis', () => {
  let redis: Redis;
  before(() => {
    redis = new Redis(REDIS_URL);
  });
  after(() => redis.quit());

  it('counts attempts in fixed windows, in Redis', async () => {
    const prefix = uniquePrefix();
    const limiter = new RedisRateLimiter(REDIS_URL, prefix);
    try {
      await limiter.ready();
      await behavesAsFixedWindow(limiter);
      assert.equal(await redis.get(`${prefix}a`), '2', 'the counter lives in Redis');
      const ttl = await redis.pttl(`${prefix}a`);
      assert.ok(ttl > 0 && ttl <= 10_000, 'the key expires with its window');
    } finally {
      await redis.del(`${prefix}a`, `${prefix}b`, `${prefix}short`);
      await limiter.close();
    }
  });

  it('shares the count between instances', async () => {
    const prefix = uniquePrefix();
    const one = new RedisRateLimiter(REDIS_URL, prefix);
    const two = new RedisRateLimiter(REDIS_URL, prefix);
    try {
      await Promise.all([one.ready(), two.ready()]);
      await one.hit('shared', 10_000);
      await two.hit('shared', 10_000);
      assert.equal((await one.hit('shared', 10_000)).count, 3);
    } finally {
      await redis.del(`${prefix}shared`);
      await one.close();
      await two.close();
    }
  });

  it('falls back to memory while Redis is unreachable', async () => {
    const errors: Error[] = [];
    const limiter = new RedisRateLimiter('redis://127.0.0.1:1', uniquePrefix(), (e) => errors.push(e));
    try {
      assert.equal((await limiter.hit('k', 10_000)).count, 1);
      assert.equal((await limiter.hit('k', 10_000)).count, 2);
      assert.ok(errors.length >= 1, 'the outage is reported');
    } finally {
      await limiter.close();
    }
  });
});

for (const backend of ['memory', 'redis'] as const) {
  describe(`sign-in and reset limits (${backend})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend === 'redis' ? { REDIS_URL } : {});
    });
    after(() => t.close());

    it('limits failed sign-ins per account, whatever the address', async () => {
      const user = await createUser(t, 'USER');
      for (let i = 0; i < LIMITS.loginPerEmail.max; i += 1) {
        const res = await login(t, user.email, 'Wrong-Password-1', randomIp());
        assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
      }
      const blocked = await login(t, user.email, DEFAULT_PASSWORD, randomIp());
      assert.equal(blocked.statusCode, 429);
      assert.deepEqual(blocked.json(), { message: TOO_MANY, error: 'Too Many Requests' });
      const retryAfter = Number(blocked.headers['retry-after']);
      assert.ok(retryAfter > 0 && retryAfter <= LIMITS.loginPerEmail.windowMs / 1000, `Retry-After ${retryAfter}`);
      // Another account is not affected.
      const other = await createUser(t, 'USER');
      assert.equal((await login(t, other.email, DEFAULT_PASSWORD, randomIp())).statusCode, 200);
      const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorEmail, user.email));
      assert.ok(audits.some((a) => a.outcome === 'rate_limited'));
    });

    it('limits sign-ins per address, for unknown emails too', async () => {
      const ip = randomIp();
      for (let i = 0; i < LIMITS.loginPerIp.max; i += 1) {
        const res = await login(t, `ghost-${i}-${randomBytes(3).toString('hex')}@example.test`, 'Wrong-Password-1', ip);
        assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
      }
      const blocked = await login(t, 'someone-else@example.test', 'Wrong-Password-1', ip);
      assert.equal(blocked.statusCode, 429);
      assert.equal(blocked.json().message, TOO_MANY);
      // Another address still gets through.
      const user = await createUser(t, 'USER');
      assert.equal((await login(t, user.email, DEFAULT_PASSWORD, randomIp())).statusCode, 200);
    });

    it("does not count a user's own successful sign-ins", async () => {
      const user = await createUser(t, 'USER');
      const ip = randomIp();
      for (let i = 0; i < LIMITS.loginPerEmail.max + 5; i += 1) {
        assert.equal((await login(t, user.email, DEFAULT_PASSWORD, ip)).statusCode, 200, `sign-in ${i + 1}`);
      }
    });

    it('limits taken-email answers on register per address, but not new registrations', async () => {
      const taken = await createUser(t, 'USER');
      const register = (email: string, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: ip,
          payload: { firstName: 'Probe', lastName: 'Er', email, phone: '+260977000000', password: 'Kafue-River-2026' },
        });
      const fresh = randomIp();
      for (let i = 0; i < LIMITS.registerTakenPerIp.max + 2; i += 1) {
        assert.equal((await register(`new-${i}-${randomBytes(3).toString('hex')}@example.test`, fresh)).statusCode, 201, `new ${i + 1}`);
      }
      const prober = randomIp();
      for (let i = 0; i < LIMITS.registerTakenPerIp.max; i += 1) {
        assert.equal((await register(taken.email, prober)).statusCode, 409, `probe ${i + 1}`);
      }
      const blocked = await register(`another-${randomBytes(3).toString('hex')}@example.test`, prober);
      assert.equal(blocked.statusCode, 429);
      assert.equal(blocked.json().message, TOO_MANY);
      assert.ok(Number(blocked.headers['retry-after']) > 0);
    });

    it('limits reset requests per email and per address with the same answer until then', async () => {
      const user = await createUser(t, 'USER');
      for (let i = 0; i < LIMITS.resetPerEmail.max; i += 1) {
        const res = await reset(t, user.email, randomIp());
        assert.equal(res.statusCode, 200, `request ${i + 1}`);
      }
      const blocked = await reset(t, user.email, randomIp());
      assert.equal(blocked.statusCode, 429);
      assert.equal(blocked.json().message, TOO_MANY);
      const ip = randomIp();
      for (let i = 0; i < LIMITS.resetPerIp.max; i += 1) {
        assert.equal((await reset(t, `nobody-${i}-${randomBytes(3).toString('hex')}@example.test`, ip)).statusCode, 200);
      }
      assert.equal((await reset(t, 'one-more@example.test', ip)).statusCode, 429);
      await settleMail(t.ctx);
    });
  });
}
