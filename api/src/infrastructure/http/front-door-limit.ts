/**
 * The front door: a per-address request limit on the whole API (every /api
 * route), generous for people (RATE_LIMIT_PER_MINUTE, 600 by default) and
 * meant to stop one address from flooding the instances. Counted in Redis when
 * REDIS_URL is set, so every instance shares one count per address; in memory
 * otherwise. A Redis outage lets requests through (the per-route sign-in limits
 * of infrastructure/rate-limit.ts keep their own in-memory fallback). The address is
 * request.ip, so behind a proxy it is only as true as TRUST_PROXY.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { tooManyRequests } from '../../errors';

/** Probes of load balancers and orchestrators are never refused. */
const EXEMPT = new Set(['/api/health', '/api/ready']);

export async function registerFrontDoorLimit(app: FastifyInstance, options: { perMinute: number; redisUrl: string | null }): Promise<void> {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        // A command waits neither for a connection nor long for an answer: the
        // request goes through instead (skipOnError).
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: 500,
        connectTimeout: 2_000,
        retryStrategy: (times) => Math.min(times * 200, 5_000),
      })
    : null;
  let warned = false;
  redis?.on('error', (error: Error) => {
    if (warned) return;
    warned = true;
    app.log.warn({ err: error }, 'front-door rate limit: Redis unavailable, requests are not counted until it answers');
  });
  redis?.on('ready', () => {
    warned = false;
  });
  // Count from the first request: wait a moment for the connection, but never
  // keep the server from starting while Redis is down.
  if (redis && redis.status !== 'ready') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'portal:front:' } : {}),
    skipOnError: true,
    allowList: (request) => !request.url.startsWith('/api/') || EXEMPT.has(request.url.split('?')[0]!),
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: () => tooManyRequests('Too many requests from your network. Please wait a minute and try again.'),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
}
