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
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  readonly kind = 'memory' as const;
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly prefix = '') {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private sweep(now = Date.now()) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
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

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
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

/** The limits of sign-in and reset requests: per account (e-mail) and per address. */
export const LIMITS = {
  loginPerEmail: { max: 10, windowMs: 15 * 60_000 },
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  resetPerEmail: { max: 5, windowMs: 15 * 60_000 },
  resetPerIp: { max: 30, windowMs: 15 * 60_000 },
  /** Registrations refused for a taken e-mail (the one answer that tells an address has an account). */
  registerTakenPerIp: { max: 10, windowMs: 15 * 60_000 },
} as const;

export interface Limit {
  max: number;
  windowMs: number;
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
