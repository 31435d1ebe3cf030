/**
 * What routes and services need, built once per app. Tests build the same
 * context through buildApp, so they exercise exactly what production runs.
 */
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { TokenService } from './lib/tokens';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: TokenService;
}

export function createContext(config: Config, database: DatabaseHandle): AppContext {
  return { config, database, db: database.db, tokens: new TokenService(config.jwt) };
}
