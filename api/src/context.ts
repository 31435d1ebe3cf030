/**
 * What routes and services need, built once per app. Tests build the same
 * context through buildApp, so they exercise exactly what production runs.
 */
import type { Config } from './config';
import type { Database, DatabaseHandle } from './infrastructure/database/client';
import { TokenService } from './infrastructure/security/tokens';
import type { RateLimiter } from './infrastructure/rate-limit';

/** Where rules that depend on the time of day read it; tests move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: TokenService;
  /** Attempt counters shared by every instance (Redis) or this one (memory): sign-in, reset, registration, waitlist, audit. */
  limiter: RateLimiter;
  /** The time intake rules are judged at (real time unless buildApp was given another clock). */
  clock: Clock;
}

export function createContext(config: Config, database: DatabaseHandle, limiter: RateLimiter, clock: Clock = systemClock): AppContext {
  return { config, database, db: database.db, tokens: new TokenService(config.jwt), limiter, clock };
}
