/**
 * One writer at a time for each resumable upload across every API instance.
 *
 * tus writes a PATCH's bytes under a lock on the upload, and a new request
 * for a locked upload asks the holder to let go (a phone that lost its
 * connection resumes while the server still holds the old request). The lock
 * @tus/server keeps by default lives in one process: behind nginx, which
 * sends each request to the least busy instance, a resumed PATCH on instance
 * B would write while A still writes the same upload (S3 parts out of order,
 * an offset counted twice). With REDIS_URL set this locker holds the lock in
 * Redis (SET NX PX with a token, renewed while held, so a killed instance's
 * lock frees itself) and asks the holder to let go over pub/sub; without
 * Redis there is one instance and tus's own in-process locker does.
 *
 * While Redis cannot be reached, each instance falls back to its in-process
 * lock, as the attempt counters do (infrastructure/rate-limit.ts): uploads
 * go on, one writer per instance, rather than all failing.
 */
import { randomBytes } from 'node:crypto';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { Redis } from 'ioredis';

const KEY_PREFIX = 'portal:tus-lock:';
const RELEASE_CHANNEL_PREFIX = 'portal:tus-release:';
/** Compare-and-delete: only the holder's token removes the lock. */
const RELEASE_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
/** Compare-and-extend, while the holder still writes. */
const RENEW_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

export interface SharedLockerOptions {
  redisUrl: string;
  /** How long a lock lives without being renewed: the longest a killed instance's lock holds an upload. */
  lockTtlMs?: number;
  /** How long a request waits for the lock before failing (tus answers 500; the client retries). */
  acquireTimeoutMs?: number;
  /** Redis could not be reached: this instance locks in process meanwhile. */
  onRedisError?: (error: Error) => void;
}

export class SharedLocker implements Locker {
  readonly lockTtlMs: number;
  readonly acquireTimeoutMs: number;
  readonly commands: Redis;
  private readonly subscriber: Redis;
  private subscribed: Promise<unknown> | null = null;
  /** The release request of each upload this instance holds the lock of. */
  readonly holders = new Map<string, RequestRelease>();
  /** This instance's own locks, while Redis cannot be reached. */
  readonly fallback = new MemoryLocker();

  constructor(private readonly options: SharedLockerOptions) {
    this.lockTtlMs = options.lockTtlMs ?? 15_000;
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    const connection = { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: true } as const;
    this.commands = new Redis(options.redisUrl, connection);
    this.subscriber = new Redis(options.redisUrl, connection);
    const quiet = () => {};
    this.commands.on('error', quiet);
    this.subscriber.on('error', quiet);
    this.subscriber.on('pmessage', (_pattern, channel: string) => {
      const release = this.holders.get(channel.slice(RELEASE_CHANNEL_PREFIX.length));
      if (release) void Promise.resolve(release()).catch(quiet);
    });
  }

  newLock(id: string): Lock {
    return new SharedLock(id, this);
  }

  /** Listens for release requests (once, before the first lock is taken). */
  listen(): Promise<unknown> {
    this.subscribed ??= this.subscriber.psubscribe(`${RELEASE_CHANNEL_PREFIX}*`).catch((error: Error) => {
      this.subscribed = null;
      throw error;
    });
    return this.subscribed;
  }

  private lastFailureReported = 0;

  /** Reported at most once a minute: every PATCH of every applicant would otherwise say it. */
  redisFailed(error: Error): void {
    if (Date.now() - this.lastFailureReported < 60_000) return;
    this.lastFailureReported = Date.now();
    this.options.onRedisError?.(error);
  }

  async close(): Promise<void> {
    await Promise.all([this.commands.quit().catch(() => {}), this.subscriber.quit().catch(() => {})]);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class SharedLock implements Lock {
  private readonly token = randomBytes(16).toString('hex');
  private renewal: ReturnType<typeof setInterval> | null = null;
  private local: Lock | null = null;
  private release: RequestRelease | null = null;

  constructor(
    private readonly id: string,
    private readonly locker: SharedLocker,
  ) {}

  private get key(): string {
    return KEY_PREFIX + this.id;
  }

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { commands } = this.locker;
    try {
      await this.locker.listen();
      const deadline = Date.now() + this.locker.acquireTimeoutMs;
      let askedAt = 0;
      for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
        if (stopSignal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
        if ((await commands.set(this.key, this.token, 'PX', this.locker.lockTtlMs, 'NX')) === 'OK') break;
        // Held elsewhere (or by an earlier request here): ask the holder to let go, again each second.
        if (Date.now() - askedAt >= 1000) {
          askedAt = Date.now();
          await commands.publish(RELEASE_CHANNEL_PREFIX + this.id, '');
        }
        if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await sleep(wait);
      }
    } catch (error) {
      if (error === ERRORS.ERR_LOCK_TIMEOUT) throw error;
      this.locker.redisFailed(error as Error);
      this.local = this.locker.fallback.newLock(this.id);
      return this.local.lock(stopSignal, requestRelease);
    }
    this.release = requestRelease;
    this.locker.holders.set(this.id, requestRelease);
    const renewEvery = Math.max(1000, Math.floor(this.locker.lockTtlMs / 3));
    this.renewal = setInterval(() => {
      commands.eval(RENEW_SCRIPT, 1, this.key, this.token, this.locker.lockTtlMs).catch(() => {});
    }, renewEvery);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    if (this.local) return this.local.unlock();
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    if (this.locker.holders.get(this.id) === this.release) this.locker.holders.delete(this.id);
    // Not reached: the lock expires by itself (lockTtlMs).
    await this.locker.commands.eval(RELEASE_SCRIPT, 1, this.key, this.token).catch(() => {});
  }
}
