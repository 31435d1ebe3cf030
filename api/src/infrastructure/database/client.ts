/**
 * Opens the database: embedded PGlite in the data folder when DATABASE_URL is
 * unset, PostgreSQL through a pg pool when it is set. Both give the same
 * drizzle API, so services never know which one runs.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { API_ROOT, type Config } from '../../config';
import { AppError } from '../../errors';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or an open transaction: query helpers accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'query' | 'transaction'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');
/** Any fixed number: instances starting together take turns migrating. */
const MIGRATION_LOCK_KEY = 724_311_001;

/**
 * An embedded database in memory (tests and tools). `from`: a data folder
 * dumped by dumpPgliteDataDir to start from, instead of creating one; the
 * migrations still run, so a dump older than them is brought up to date.
 */
export interface InMemoryPglite {
  kind: 'pglite-memory';
  from?: Blob;
}

export async function openDatabase(config: Config['database'] | InMemoryPglite): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') return openPostgres(config.url);
  if (config.kind === 'pglite') return openPglite(config.dataDir);
  return openPglite(undefined, config.from);
}

/**
 * A new, migrated, empty in-memory database as a data-folder dump (an
 * uncompressed tar): creating a database cluster is most of the seconds an
 * embedded database takes to open; starting from this dump takes about one.
 */
export async function dumpPgliteDataDir(): Promise<Blob> {
  const client = await migratedPglite(undefined);
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** An embedded database, created (or started from the dump `from`) and migrated. */
async function migratedPglite(dataDir: string | undefined, from?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the staff search's trigram indexes (migration 0002); an
  // embedded database that has them cannot open without it.
  const options = { extensions: { pg_trgm } };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite({ ...options, ...(from ? { loadDataDir: from } : {}) });
  await client.waitReady;
  await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  return client;
}

async function openPglite(dataDir: string | undefined, from?: Blob): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await migratedPglite(dataDir, from);
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

type PgPool = import('pg').Pool;
type PgPoolClient = import('pg').PoolClient;

/**
 * Runs a transaction on a client checked out here rather than by drizzle.
 * drizzle's pool transaction sends BEGIN before its try/finally, so a
 * connection that dies at that moment is never released: every such
 * failure leaks one pool slot until the pool is exhausted for good.
 * Here the client always goes back, and one whose transaction failed for
 * any reason but a rule of ours (thrown after a clean rollback) is
 * discarded instead of being reused in an unknown state.
 */
function transactionOnOwnClient(pool: PgPool, onClient: (client: PgPoolClient) => Database): Database['transaction'] {
  return async (run, config) => {
    const client = await pool.connect();
    let discard: Error | undefined;
    try {
      return await onClient(client).transaction(run, config);
    } catch (error) {
      if (!(error instanceof AppError)) discard = error instanceof Error ? error : new Error('transaction failed');
      throw error;
    } finally {
      client.release(discard);
    }
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // A dropped connection (for example PostgreSQL restarting) must not crash the
  // process. The pool listens on idle clients only; a client that is checked out
  // between two queries of a transaction would otherwise turn the termination into
  // an uncaught exception. Its next query fails instead, and the pool discards it.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema }) as unknown as Database;
  db.transaction = transactionOnOwnClient(pool, (client) => drizzle(client, { schema }) as unknown as Database);
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}
