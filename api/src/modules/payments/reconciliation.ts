/**
 * Reconciliation: every config.payments.reconcileIntervalSeconds, re-check
 * open payments older than a minute with the provider, in a bounded batch, so
 * a lost webhook or a closed tab still ends in the right state. One instance
 * runs it at a time: a Redis lock (SET NX PX) when Redis is configured, else a
 * PostgreSQL advisory lock; embedded PGlite is a single process and needs none.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { listPaymentsToReconcile } from './queries';
import { runPeriodically } from '../../infrastructure/jobs/periodic';
import { paymentsOf } from './service';

const REDIS_LOCK_KEY = 'portal:payments:reconcile';
const ADVISORY_LOCK_KEY = 724_311_006;
/** A payment is left to the browser and the webhook for its first minute. */
const MIN_AGE_MS = 60_000;
export const RECONCILE_BATCH = 25;
/** The Redis lock outlives the longest batch (25 checks with a 10 s timeout) and frees itself if its holder dies. */
const LOCK_TTL_MS = 5 * 60_000;

export interface ReconcileResult {
  /** false when another instance holds the lock. */
  ran: boolean;
  checked: number;
  failed: number;
}

export interface ReconcileOptions {
  now?: Date;
  /** Minimum age of a payment before it is re-checked (default one minute). */
  minAgeMs?: number;
  limit?: number;
}

interface RedisLike {
  set(key: string, value: string, px: 'PX', ttl: number, nx: 'NX'): Promise<string | null>;
  eval(script: string, keys: number, ...args: string[]): Promise<unknown>;
  quit(): Promise<unknown>;
}
const redisClients = new WeakMap<AppContext, Promise<RedisLike>>();

async function redisOf(ctx: AppContext): Promise<RedisLike> {
  let client = redisClients.get(ctx);
  if (!client) {
    client = import('ioredis').then(({ Redis }) => {
      const redis = new Redis(ctx.config.redisUrl!, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: true });
      redis.on('error', () => {});
      return redis as unknown as RedisLike;
    });
    redisClients.set(ctx, client);
  }
  return client;
}

const RELEASE_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** Runs `work` under the cluster-wide lock; undefined when another instance holds it. */
async function withLock<T>(ctx: AppContext, work: () => Promise<T>): Promise<T | undefined> {
  if (ctx.config.redisUrl) {
    const redis = await redisOf(ctx);
    const token = randomBytes(16).toString('hex');
    const got = await redis.set(REDIS_LOCK_KEY, token, 'PX', LOCK_TTL_MS, 'NX');
    if (got !== 'OK') return undefined;
    try {
      return await work();
    } finally {
      await redis.eval(RELEASE_SCRIPT, 1, REDIS_LOCK_KEY, token).catch(() => {});
    }
  }
  if (ctx.database.kind === 'postgres') {
    // A transaction-scoped lock: released at commit, or when the connection dies.
    return ctx.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCK_KEY}) as locked`)) as unknown as { rows: Array<{ locked: boolean }> };
      if (!result.rows[0]?.locked) return undefined;
      return work();
    });
  }
  return work();
}

/** One reconciliation pass (exported for tests). */
export async function reconcileOnce(ctx: AppContext, options: ReconcileOptions = {}): Promise<ReconcileResult> {
  const service = paymentsOf(ctx);
  const now = options.now ?? new Date();
  const intervalMs = ctx.config.payments.reconcileIntervalSeconds * 1000;
  const outcome = await withLock(ctx, async () => {
    const due = await listPaymentsToReconcile(ctx.db, {
      createdBefore: new Date(now.getTime() - (options.minAgeMs ?? MIN_AGE_MS)),
      checkedBefore: new Date(now.getTime() - Math.min(intervalMs, 60_000) / 2),
      limit: options.limit ?? RECONCILE_BATCH,
    });
    let failed = 0;
    for (const { reference } of due) {
      try {
        await service.verify(reference, { id: null, email: null, ip: null, source: 'reconcile' });
      } catch {
        failed += 1;
      }
    }
    return { ran: true, checked: due.length, failed };
  });
  return outcome ?? { ran: false, checked: 0, failed: 0 };
}

/** Starts the periodic job for this app and stops it when the app closes. */
export function startPaymentReconciliation(app: FastifyInstance, ctx: AppContext): void {
  runPeriodically(app, {
    everyMs: ctx.config.payments.reconcileIntervalSeconds * 1000,
    run: () => reconcileOnce(ctx),
    report: (result) => {
      if (result.checked > 0) app.log.info(result, 'payments reconciled');
    },
    failure: 'payment reconciliation failed',
    onClose: async () => {
      await paymentsOf(ctx).drain();
      const redis = redisClients.get(ctx);
      if (redis) await (await redis).quit().catch(() => {});
    },
  });
}
