import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, before, describe, it, mock } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { auditLog } from '../src/infrastructure/database/schema';
import { settleMail } from '../src/infrastructure/mail/outbox';
import { BACKOFFS, LIMITS, MemoryRateLimiter, SPRAYING_ADDRESS, RedisRateLimiter, type RateLimiter } from '../src/infrastructure/rate-limit';
import { createUser, DEFAULT_PASSWORD } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const REDIS_URL = 'redis://127.0.0.1:6379';
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const uniquePrefix = () => `portal-test:${randomBytes(6).toString('hex')}:`;
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

function login(t: TestApp, email: string, password: string, ip: string, cookie?: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip, headers: cookie ? { cookie } : {} });
}
function reset(t: TestApp, email: string, ip: string, cookie?: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/request-reset', payload: { email }, remoteAddress: ip, headers: cookie ? { cookie } : {} });
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

    /** Moves the clock forward (Date only: counters keep their real expiry). */
    function later(ms: number) {
      const now = Date.now() + ms;
      mock.timers.reset();
      mock.timers.enable({ apis: ['Date'], now });
    }
    afterEach(() => mock.timers.reset());

    it('slows guesses at one account from one address exponentially, and never locks its owner out', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.now() });
      const user = await createUser(t, 'USER');
      const attacker = randomIp();
      for (let i = 0; i < BACKOFFS.loginPair.free; i += 1) {
        assert.equal((await login(t, user.email, 'Wrong-Password-1', attacker)).statusCode, 401, `free attempt ${i + 1}`);
      }
      // The next attempt waits 1 s, then 2 s, then 4 s: each wait passed buys one more guess.
      for (const wait of [1, 2, 4]) {
        const blocked = await login(t, user.email, DEFAULT_PASSWORD, attacker);
        assert.equal(blocked.statusCode, 429, `wait ${wait}`);
        assert.deepEqual(blocked.json(), { message: TOO_MANY, error: 'Too Many Requests' });
        assert.equal(Number(blocked.headers['retry-after']), wait);
        // Meanwhile the owner, at another address, signs in at once.
        assert.equal((await login(t, user.email, DEFAULT_PASSWORD, randomIp())).statusCode, 200, `owner during wait ${wait}`);
        later(wait * 1000);
        assert.equal((await login(t, user.email, 'Wrong-Password-1', attacker)).statusCode, 401);
      }
      assert.equal(Number((await login(t, user.email, DEFAULT_PASSWORD, attacker)).headers['retry-after']), 8);
      // With the wait over, the right password gets in from that address too, and clears its record.
      later(8000);
      assert.equal((await login(t, user.email, DEFAULT_PASSWORD, attacker)).statusCode, 200);
      assert.equal((await login(t, user.email, 'Wrong-Password-1', attacker)).statusCode, 401);
      assert.equal((await login(t, user.email, DEFAULT_PASSWORD, attacker)).statusCode, 200);
      const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorEmail, user.email));
      assert.ok(audits.some((a) => a.outcome === 'rate_limited'));
    });

    it('lets the owner in from a device that signed in before, during an attack from many addresses', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.now() });
      const user = await createUser(t, 'USER');
      const first = await login(t, user.email, DEFAULT_PASSWORD, randomIp());
      assert.equal(first.statusCode, 200);
      const setCookie = String(first.headers['set-cookie']);
      assert.match(setCookie, /^portal_device=v1\.[^;]+; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict/);
      const device = setCookie.split(';')[0]!;
      // A botnet: every guess from another address, none over the per-address allowance.
      for (let i = 0; i < BACKOFFS.loginAccount.free + 5; i += 1) {
        const res = await login(t, user.email, 'Wrong-Password-1', randomIp());
        assert.ok([401, 429].includes(res.statusCode), `guess ${i + 1}: ${res.statusCode}`);
      }
      // Devices the account never signed in from now wait (the botnet's next guess among them)...
      const unknown = await login(t, user.email, DEFAULT_PASSWORD, randomIp());
      assert.equal(unknown.statusCode, 429);
      assert.ok(Number(unknown.headers['retry-after']) > 0);
      // ...while the owner's device gets in at once, from any address, and keeps getting in.
      for (let i = 0; i < 3; i += 1) {
        const owner = await login(t, user.email, DEFAULT_PASSWORD, randomIp(), device);
        assert.equal(owner.statusCode, 200, `owner's device, sign-in ${i + 1}: ${owner.body}`);
      }
      // A device cookie proves nothing for another account, nor when altered.
      const other = await createUser(t, 'USER');
      const otherDevice = String((await login(t, other.email, DEFAULT_PASSWORD, randomIp())).headers['set-cookie']).split(';')[0]!;
      assert.equal((await login(t, user.email, DEFAULT_PASSWORD, randomIp(), otherDevice)).statusCode, 429);
      // Altered for certain: a cookie that already ends in 'xx' gets 'yy' instead.
      const altered = `${device.slice(0, -2)}${device.endsWith('xx') ? 'yy' : 'xx'}`;
      assert.notEqual(altered, device);
      assert.equal((await login(t, user.email, DEFAULT_PASSWORD, randomIp(), altered)).statusCode, 429);
      // The device's own wrong guesses slow that device only.
      for (let i = 0; i < BACKOFFS.loginDevice.free; i += 1) {
        assert.equal((await login(t, user.email, 'Wrong-Password-1', randomIp(), device)).statusCode, 401);
      }
      assert.equal((await login(t, user.email, DEFAULT_PASSWORD, randomIp(), device)).statusCode, 429);
      later(1000);
      assert.equal((await login(t, user.email, DEFAULT_PASSWORD, randomIp(), device)).statusCode, 200);
    });

    it('a NAT address with many failures for other accounts does not keep a genuine user out', async () => {
      const nat = randomIp();
      for (let i = 0; i < SPRAYING_ADDRESS.failures + 5; i += 1) {
        const res = await login(t, `ghost-${i}-${randomBytes(3).toString('hex')}@example.test`, 'Wrong-Password-1', nat);
        assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
      }
      // A genuine user behind the same address, on a new device, signs in.
      const user = await createUser(t, 'USER');
      assert.equal((await login(t, user.email, DEFAULT_PASSWORD, nat)).statusCode, 200);
      // A sprayer there gets one free guess per account instead of five.
      const target = await createUser(t, 'USER');
      assert.equal((await login(t, target.email, 'Wrong-Password-1', nat)).statusCode, 401);
      assert.equal((await login(t, target.email, 'Wrong-Password-1', nat)).statusCode, 429);
      // ...and the target's owner, elsewhere, is not slowed at all.
      assert.equal((await login(t, target.email, DEFAULT_PASSWORD, randomIp())).statusCode, 200);
    });

    it("does not count a user's own successful sign-ins", async () => {
      const user = await createUser(t, 'USER');
      const ip = randomIp();
      for (let i = 0; i < BACKOFFS.loginAccount.free + 5; i += 1) {
        assert.equal((await login(t, user.email, DEFAULT_PASSWORD, ip)).statusCode, 200, `sign-in ${i + 1}`);
      }
    });

    const register = (email: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ip,
        payload: { firstName: 'Probe', lastName: 'Er', email, phone: '+260977000000', password: 'Kafue-River-2026' },
      });

    it('refuses repeated taken-email answers per address, never the genuine registrations from it', async () => {
      const taken = await createUser(t, 'USER');
      const shared = randomIp();
      for (let i = 0; i < LIMITS.registerTakenPerIp.max; i += 1) {
        assert.equal((await register(taken.email, shared)).statusCode, 409, `probe ${i + 1}`);
      }
      const blocked = await register(taken.email, shared);
      assert.equal(blocked.statusCode, 429);
      assert.equal(blocked.json().message, TOO_MANY);
      assert.ok(Number(blocked.headers['retry-after']) > 0);
      // A genuine applicant at the same address registers as ever.
      assert.equal((await register(`genuine-${randomBytes(3).toString('hex')}@example.test`, shared)).statusCode, 201);
    });

    it('limits new registrations per address', async () => {
      const school = randomIp();
      for (let i = 0; i < LIMITS.registerPerIp.max; i += 1) {
        assert.equal((await register(`new-${i}-${randomBytes(3).toString('hex')}@example.test`, school)).statusCode, 201, `new ${i + 1}`);
      }
      const blocked = await register(`one-more-${randomBytes(3).toString('hex')}@example.test`, school);
      assert.equal(blocked.statusCode, 429);
      assert.equal(blocked.json().message, TOO_MANY);
      assert.equal((await register(`elsewhere-${randomBytes(3).toString('hex')}@example.test`, randomIp())).statusCode, 201);
    });

    it('limits reset requests per email and address, per address and per inbox, and never keeps the owner from a link', async () => {
      const user = await createUser(t, 'USER');
      const device = String((await login(t, user.email, DEFAULT_PASSWORD, randomIp())).headers['set-cookie']).split(';')[0]!;
      const attacker = randomIp();
      for (let i = 0; i < LIMITS.resetPerEmailAndIp.max; i += 1) {
        assert.equal((await reset(t, user.email, attacker)).statusCode, 200, `request ${i + 1}`);
      }
      const blocked = await reset(t, user.email, attacker);
      assert.equal(blocked.statusCode, 429);
      assert.equal(blocked.json().message, TOO_MANY);
      // The inbox gets at most so many requests from anywhere (the refused one counted)...
      let sent = LIMITS.resetPerEmailAndIp.max + 1;
      while (sent < LIMITS.resetPerEmail.max) {
        assert.equal((await reset(t, user.email, randomIp())).statusCode, 200, `inbox request ${sent + 1}`);
        sent += 1;
      }
      assert.equal((await reset(t, user.email, randomIp())).statusCode, 429);
      // ...yet the owner's own device still gets a link.
      assert.equal((await reset(t, user.email, randomIp(), device)).statusCode, 200, "the owner's device");
      const ip = randomIp();
      for (let i = 0; i < LIMITS.resetPerIp.max; i += 1) {
        assert.equal((await reset(t, `nobody-${i}-${randomBytes(3).toString('hex')}@example.test`, ip)).statusCode, 200);
      }
      assert.equal((await reset(t, 'one-more@example.test', ip)).statusCode, 429);
      await settleMail(t.ctx);
    });
  });
}
