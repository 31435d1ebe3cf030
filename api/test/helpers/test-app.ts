/**
 * A real app on a real, empty database for each test file: in-memory PGlite by
 * default, or a fresh database on the PostgreSQL server named by DATABASE_URL
 * (dropped again at the end). Tests talk to it over HTTP with app.inject().
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type PortalApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type DatabaseHandle } from '../../src/infrastructure/database/client';
import type { Clock } from '../../src/context';
import { emptyDatabaseDump } from './pglite-template';

export interface TestApp extends PortalApp {
  config: Config;
  dataDir: string;
  databaseKind: 'pglite' | 'postgres';
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * Every test app of one run of the API tests writes its log lines, at debug
 * level, to one file, which test/zz-log-hygiene.test.ts, run after all the
 * others, searches for hashes, tokens, reset links, query parameters and
 * document numbers. test/run.mjs names it; a file run by hand writes to one
 * named by its test runner's process.
 */
export const RUN_LOG_FILE = process.env.PORTAL_TEST_RUN_LOG || path.join(tmpdir(), `portal-api-test-run-${process.ppid}.ndjson`);
const runLog = { write: (line: string) => appendFileSync(RUN_LOG_FILE, line) };

async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * `databaseUrl`: open this existing PostgreSQL database (left in place at the
 * end) instead of a fresh one, as a second instance of an app already on it.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    databaseUrl?: string;
    /** Capture the app's log lines (at LOG_LEVEL from env). */
    logStream?: { write(line: string): void };
    /** The app's clock (intake rules); real time when absent. */
    clock?: Clock;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const baseUrl = process.env.DATABASE_URL;
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      JWT_SECRET: TEST_JWT_SECRET,
      PORTAL_DATA_DIR: dataDir,
      LOG_LEVEL: 'debug',
      PORTAL_DEMO_DATA: 'false',
      // Every test request comes from one address; front-door-limit.test.ts sets its own.
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
  );
  let database: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  if (options.databaseUrl) {
    database = await openDatabase({ kind: 'postgres', url: options.databaseUrl });
  } else if (baseUrl) {
    const created = await createPostgresDatabase(baseUrl);
    drop = created.drop;
    database = await openDatabase({ kind: 'postgres', url: created.url });
  } else {
    database = await openDatabase({ kind: 'pglite-memory', from: await emptyDatabaseDump() });
  }
  const own = options.logStream;
  const logStream = own ? { write: (line: string) => (runLog.write(line), own.write(line)) } : runLog;
  const portal = await buildApp({ config, database, ...(options.clock ? { clock: options.clock } : {}), logStream });
  return {
    ...portal,
    config,
    dataDir,
    databaseKind: database.kind,
    close: async () => {
      await portal.close();
      if (drop) await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
