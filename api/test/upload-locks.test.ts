/**
 * The lock that lets one API instance at a time write a resumable upload
 * (modules/uploads/shared-locker.ts), against the real Redis: two lockers
 * stand for two instances. multi-instance.test.ts proves it through two real
 * API processes behind one Redis and one S3 store.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { SharedLocker } from '../src/modules/uploads/shared-locker';
import { freePort } from './helpers/cluster';

const REDIS_URL = 'redis://127.0.0.1:6379';
const uploadId = () => `test-${randomBytes(6).toString('hex')}`;
const never = new AbortController().signal;

describe('one writer per upload across instances', () => {
  let redis: Redis;
  const lockers: SharedLocker[] = [];
  const locker = (options: Partial<ConstructorParameters<typeof SharedLocker>[0]> = {}) => {
    const made = new SharedLocker({ redisUrl: REDIS_URL, ...options });
    lockers.push(made);
    return made;
  };
  before(() => {
    redis = new Redis(REDIS_URL);
  });
  after(async () => {
    await Promise.all(lockers.map((l) => l.close()));
    await redis.quit();
  });

  it('asks the holder on another instance to let go, and takes the lock only once it has', async () => {
    const [a, b] = [locker(), locker()];
    const id = uploadId();
    const order: string[] = [];
    const onA = a.newLock(id);
    let letGo: () => void = () => {};
    const asked = new Promise<void>((resolve) => (letGo = resolve));
    await onA.lock(never, () => {
      order.push('A asked to let go');
      letGo();
    });
    const onB = b.newLock(id);
    const taking = onB.lock(never, () => {}).then(() => order.push('B holds it'));
    await asked;
    order.push('A lets go');
    await onA.unlock();
    await taking;
    assert.deepEqual(order, ['A asked to let go', 'A lets go', 'B holds it']);
    await onB.unlock();
    assert.equal(await redis.exists(`portal:tus-lock:${id}`), 0, 'nothing is left in Redis');
  });

  it('frees the lock of an instance that died holding it, after its time to live', async () => {
    const id = uploadId();
    // A holder that never answers and never unlocks, and stops renewing: a killed process.
    const dead = locker({ lockTtlMs: 300 });
    await dead.newLock(id).lock(never, () => {});
    await dead.close();
    const alive = locker({ lockTtlMs: 300, acquireTimeoutMs: 5_000 });
    const lock = alive.newLock(id);
    await lock.lock(never, () => {});
    await lock.unlock();
  });

  it('gives up after its wait, so the client retries later', async () => {
    const id = uploadId();
    const holder = locker();
    const held = holder.newLock(id);
    // A holder that does not let go when asked.
    await held.lock(never, () => {});
    const waiter = locker({ acquireTimeoutMs: 300 });
    await assert.rejects(
      waiter.newLock(id).lock(never, () => {}),
      (error: { status_code?: number }) => error.status_code === 500,
    );
    await held.unlock();
  });

  it('locks in this instance while Redis cannot be reached, and says so once', async () => {
    const reasons: string[] = [];
    const offline = locker({ redisUrl: `redis://127.0.0.1:${await freePort()}`, onRedisError: (error) => reasons.push(error.message) });
    const id = uploadId();
    const order: string[] = [];
    let letGo: () => void = () => {};
    const asked = new Promise<void>((resolve) => (letGo = resolve));
    const first = offline.newLock(id);
    await first.lock(never, () => letGo());
    // The in-process lock still allows one holder: the second asks the first and waits for it.
    const second = offline.newLock(id);
    const taking = second.lock(never, () => {}).then(() => order.push('second holds it'));
    await asked;
    order.push('first lets go');
    await first.unlock();
    await taking;
    assert.deepEqual(order, ['first lets go', 'second holds it']);
    await second.unlock();
    assert.equal(reasons.length, 1, `reported once: ${JSON.stringify(reasons)}`);
  });
});
