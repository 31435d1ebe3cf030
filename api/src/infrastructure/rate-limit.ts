/**
 * Fixed-window attempt counters behind one small interface: in Redis when
 * REDIS_URL is set (shared by every instance), in memory otherwise. A Redis
 * outage does not open the gates nor block sign-ins: the limiter falls back
 * to its in-memory counters until Redis answers again.
 */
import { Redis } from 'ioredis';
import { AppError, tooManyRequests } from '../errors';

export interface HitResult {
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  /** Counts one attempt against `key` in a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<HitResult>;
  /** Takes back one attempt (for example a sign-in that succeeded). */
  undo(key: string): Promise<void>;
  /** Failures recorded against `key` (see backoff below); zero when none or forgotten. */
  failures(key: string): Promise<FailureRecord>;
  /** Records one failure at `at` (ms); the record is forgotten `ttlMs` after its last failure. */
  recordFailure(key: string, at: number, ttlMs: number): Promise<FailureRecord>;
  clearFailures(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface FailureRecord {
  count: number;
  /** When the last failure happened (ms since the epoch), 0 when none. */
  lastAt: number;
}

export class MemoryRateLimiter implements RateLimiter {
  readonly kind = 'memory' as const;
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly failed = new Map<string, FailureRecord & { forgetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly prefix = '') {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private sweep(now = Date.now()) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    for (const [key, record] of this.failed) if (record.forgetAt <= now) this.failed.delete(key);
  }

  async hit(key: string, windowMs: number): Promise<HitResult> {
    const now = Date.now();
    const full = this.prefix + key;
    let window = this.windows.get(full);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(full, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async undo(key: string): Promise<void> {
    const window = this.windows.get(this.prefix + key);
    if (window && window.count > 0) window.count -= 1;
  }

  async failures(key: string): Promise<FailureRecord> {
    const record = this.failed.get(this.prefix + key);
    if (!record || record.forgetAt <= Date.now()) return { count: 0, lastAt: 0 };
    return { count: record.count, lastAt: record.lastAt };
  }

  async recordFailure(key: string, at: number, ttlMs: number): Promise<FailureRecord> {
    const { count } = await this.failures(key);
    const record = { count: count + 1, lastAt: at, forgetAt: Date.now() + ttlMs };
    this.failed.set(this.prefix + key, record);
    return { count: record.count, lastAt: record.lastAt };
  }

  async clearFailures(key: string): Promise<void> {
    this.failed.delete(this.prefix + key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
    this.failed.clear();
  }
}

// INCR, and start the window's expiry on its first hit; atomic in Redis.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;
// One hash per key: the failure count and the time of the last one; forgotten ttl after it.
const FAIL_SCRIPT = `
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'last', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return count
`;
const UNDO_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

export class RedisRateLimiter implements RateLimiter {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly fallback: MemoryRateLimiter;
  private warned = false;
  private everReady = false;

  constructor(
    url: string,
    private readonly prefix = 'portal:rl:',
    private readonly onError: (error: Error) => void = () => {},
  ) {
    this.redis = new Redis(url, {
      lazyConnect: false,
      // Commands queue only during the first connection (see usable()); a slow
      // Redis answers within the command timeout or the fallback answers.
      enableOfflineQueue: true,
      maxRetriesPerRequest: 1,
      commandTimeout: 1_000,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 200, 5_000),
    });
    this.redis.on('error', (error: Error) => this.report(error));
    this.redis.on('ready', () => {
      this.everReady = true;
    });
    this.fallback = new MemoryRateLimiter(prefix);
  }

  private report(error: Error) {
    if (this.warned) return;
    this.warned = true;
    this.onError(error);
  }

  /** Resolves once connected (tests and start-up checks); rejects after the timeout. */
  async ready(timeoutMs = 2_000): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Redis did not become ready')), timeoutMs);
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /**
   * Redis is used when connected, and while the very first connection is being
   * made (the command waits in the queue); after a disconnect, or when the first
   * connection failed, the in-memory fallback answers at once.
   */
  private usable(): boolean {
    const status = this.redis.status;
    if (status === 'ready') return true;
    return !this.everReady && (status === 'wait' || status === 'connecting' || status === 'connect');
  }

  async hit(key: string, windowMs: number): Promise<HitResult> {
    if (!this.usable()) return this.fallback.hit(key, windowMs);
    try {
      const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [number, number];
      this.warned = false;
      return { count: Number(count), resetInMs: Number(ttl) };
    } catch (error) {
      this.report(error as Error);
      return this.fallback.hit(key, windowMs);
    }
  }

  async undo(key: string): Promise<void> {
    if (!this.usable()) return this.fallback.undo(key);
    try {
      await this.redis.eval(UNDO_SCRIPT, 1, this.prefix + key);
    } catch (error) {
      this.report(error as Error);
      await this.fallback.undo(key);
    }
  }

  async failures(key: string): Promise<FailureRecord> {
    if (!this.usable()) return this.fallback.failures(key);
    try {
      const [count, last] = await this.redis.hmget(this.prefix + key, 'count', 'last');
      this.warned = false;
      return { count: Number(count ?? 0), lastAt: Number(last ?? 0) };
    } catch (error) {
      this.report(error as Error);
      return this.fallback.failures(key);
    }
  }

  async recordFailure(key: string, at: number, ttlMs: number): Promise<FailureRecord> {
    if (!this.usable()) return this.fallback.recordFailure(key, at, ttlMs);
    try {
      const count = (await this.redis.eval(FAIL_SCRIPT, 1, this.prefix + key, String(at), String(ttlMs))) as number;
      return { count: Number(count), lastAt: at };
    } catch (error) {
      this.report(error as Error);
      return this.fallback.recordFailure(key, at, ttlMs);
    }
  }

  async clearFailures(key: string): Promise<void> {
    if (!this.usable()) return this.fallback.clearFailures(key);
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.report(error as Error);
      await this.fallback.clearFailures(key);
    }
  }

  async close(): Promise<void> {
    await this.fallback.close();
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

export function createRateLimiter(options: { redisUrl: string | null; prefix?: string; onError?: (error: Error) => void }): RateLimiter {
  if (options.redisUrl) return new RedisRateLimiter(options.redisUrl, options.prefix ?? 'portal:rl:', options.onError);
  return new MemoryRateLimiter(options.prefix ?? '');
}

/** Fixed-window limits of requests that cost the server or tell something: per account (e-mail) and per address. */
export const LIMITS = {
  resetPerEmailAndIp: { max: 5, windowMs: 15 * 60_000 },
  /** Reset mails to one inbox from devices it never signed in from (mail-bombing). */
  resetPerEmail: { max: 20, windowMs: 60 * 60_000 },
  resetPerIp: { max: 30, windowMs: 15 * 60_000 },
  /** Attempts to use a reset link, per address: a link is 256 random bits, so this only stops CPU burning. */
  resetPasswordPerIp: { max: 20, windowMs: 15 * 60_000 },
  /** Reset codes by SMS (issue 18): per number and address, per number from anywhere (a phone is not flooded), per address. */
  resetCodePerPhoneAndIp: { max: 5, windowMs: 15 * 60_000 },
  resetCodePerPhone: { max: 10, windowMs: 60 * 60_000 },
  /** Attempts to use a code, per address (each code also dies after 5 wrong tries). */
  resetCodeCheckPerIp: { max: 20, windowMs: 15 * 60_000 },
  /** New accounts per address (a class registering from one school NAT stays well under). */
  registerPerIp: { max: 30, windowMs: 60 * 60_000 },
  /** Registrations refused for a taken e-mail (the one answer that tells an address has an account); only those answers are refused beyond it. */
  registerTakenPerIp: { max: 10, windowMs: 15 * 60_000 },
  /** Contact messages: a person writes a few; a script filling the team's mailbox is stopped. */
  contactPerIp: { max: 5, windowMs: 60 * 60_000 },
  /** New waitlist entries per address, and repeats of an e-mail already on it (refused alone beyond their limit). */
  subscribePerIp: { max: 20, windowMs: 60 * 60_000 },
  subscribeRepeatPerIp: { max: 10, windowMs: 15 * 60_000 },
} as const;

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Exponential delays after failures (OWASP's alternative to lockouts): the
 * first `free` failures cost nothing, then each further attempt must wait
 * base, 2×base, 4×base... (at most maxMs) after the last failure. Nothing is
 * ever locked: the owner, who knows the password, needs one attempt after
 * the wait, and a success clears the record.
 */
export interface Backoff {
  free: number;
  baseMs: number;
  maxMs: number;
  /** How long a record is kept after its last failure. */
  forgetMs: number;
}

export const BACKOFFS = {
  /** One account from one address: the owner's typos, or a guesser at that address. */
  loginPair: { free: 5, baseMs: 1_000, maxMs: 15 * 60_000, forgetMs: 6 * 60 * 60_000 },
  /** One account from devices it never signed in from, whatever their address (a botnet's guesses). */
  loginAccount: { free: 20, baseMs: 1_000, maxMs: 15 * 60_000, forgetMs: 6 * 60 * 60_000 },
  /** A device the account signed in from before (its device cookie): a stolen cookie guesses no faster. */
  loginDevice: { free: 5, baseMs: 1_000, maxMs: 15 * 60_000, forgetMs: 6 * 60 * 60_000 },
  /** Password checks by a signed-in session (deleting the account). */
  reauth: { free: 5, baseMs: 1_000, maxMs: 15 * 60_000, forgetMs: 60 * 60_000 },
} as const satisfies Record<string, Backoff>;

/**
 * Failures from one address over all accounts (password spraying): beyond
 * this many, each account gets one free failure from that address instead
 * of five. A NAT's genuine users, who type their password right, still get in.
 */
export const SPRAYING_ADDRESS = { failures: 50, forgetMs: 60 * 60_000 } as const;

/** Milliseconds to wait after the last of `count` failures (0: no wait). */
export function backoffDelayMs(count: number, backoff: Pick<Backoff, 'free' | 'baseMs' | 'maxMs'>): number {
  if (count < backoff.free) return 0;
  return Math.min(backoff.baseMs * 2 ** Math.min(count - backoff.free, 30), backoff.maxMs);
}

/** Throws TooManyAttempts while `key` must still wait; the check itself counts nothing. */
export async function checkBackoff(limiter: RateLimiter, key: string, backoff: Pick<Backoff, 'free' | 'baseMs' | 'maxMs'>): Promise<void> {
  const { count, lastAt } = await limiter.failures(key);
  const waitUntil = lastAt + backoffDelayMs(count, backoff);
  const now = Date.now();
  if (count >= backoff.free && now < waitUntil) throw new TooManyAttempts(Math.max(1, Math.ceil((waitUntil - now) / 1000)));
}

/** A refused attempt: the 429 of errors.ts plus the seconds until the window ends (for Retry-After). */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const base = tooManyRequests();
    super(base.statusCode, base.message, base.error);
  }
}

/**
 * Counts one attempt against every key and throws TooManyAttempts when any
 * of them is over its limit.
 */
export async function enforceLimits(limiter: RateLimiter, checks: Array<{ key: string; limit: Limit }>): Promise<void> {
  const results = await Promise.all(checks.map((c) => limiter.hit(c.key, c.limit.windowMs)));
  const over = results.filter((r, i) => r.count > checks[i]!.limit.max);
  if (over.length === 0) return;
  throw new TooManyAttempts(Math.max(1, Math.ceil(Math.max(...over.map((r) => r.resetInMs)) / 1000)));
}
