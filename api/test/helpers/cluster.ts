/**
 * Several real API processes side by side for the multi-instance test: a fresh
 * PostgreSQL database on the real server, `node --import tsx src/server.ts`
 * children sharing one environment (only PORT differs), their JSON log lines,
 * and a Lenco-like provider on loopback that records every status call.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The multi-instance test always uses the real PostgreSQL server, whatever DATABASE_URL says. */
export const POSTGRES_SERVER_URL = process.env.MULTI_INSTANCE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ScratchDatabase {
  name: string;
  url: string;
  /** A pool on the scratch database for checks the API does not expose. */
  pool: pg.Pool;
  drop(): Promise<void>;
}

export async function createScratchDatabase(serverUrl = POSTGRES_SERVER_URL): Promise<ScratchDatabase> {
  const name = `portal_multi_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => {});
  return {
    name,
    url: url.toString(),
    pool,
    drop: async () => {
      await pool.end().catch(() => {});
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Variables that would leak the outer test run's settings into the children. */
const INHERITED_BLOCKLIST =
  /^(DATABASE_URL|REDIS_URL|S3_|LENCO_|PORTAL_|JWT_|PAYMENT_|SMTP_|MAIL_|SMS_|AFRICASTALKING_|FILES_DIR|PUBLIC_URL|PORT$|HOST$|NODE_OPTIONS|NODE_TEST_CONTEXT|NODE_ENV|LOG_LEVEL|TRUST_PROXY|UPLOAD_)/;

export interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  /** Parsed JSON log lines so far. */
  logs: Array<Record<string, unknown>>;
  /** Raw output (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** Spawns one API process; resolves at once (use waitReady). */
export function spawnInstance(name: string, port: number, env: Record<string, string>): Instance {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !INHERITED_BLOCKLIST.test(key)));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...inherited, RATE_LIMIT_PER_MINUTE: '1000000', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let raw = '';
  let pending = '';
  const logs: Array<Record<string, unknown>> = [];
  const take = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    raw = (raw + text).slice(-200_000);
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        /* not a log line */
      }
    }
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  // Should the test process end without its after hook (a crash, a forced exit), the child goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.removeListener('exit', killOnExit);
      resolve();
    }),
  );
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    logs,
    output: () => raw,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * How long a started server process may take to answer /api/ready. Generous:
 * creating and migrating an embedded database took over 60 s on a loaded
 * machine (API test files two at a time beside an end-to-end run), and how
 * soon a server starts is not what these tests test (bench/startup.mjs is).
 */
export const READY_TIMEOUT_MS = 180_000;

/** Resolves once GET /api/ready answers 200; fails early if the process exits. */
export async function waitReady(instance: Instance, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited early (${instance.child.exitCode}):\n${instance.output().slice(-3000)}`);
    try {
      const res = await fetch(`${instance.url}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${instance.name} not ready in ${timeoutMs} ms:\n${instance.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ProviderCall {
  reference: string;
  startedAt: number;
  endedAt: number;
}

export interface FakeLenco {
  url: string;
  secretKey: string;
  publicKey: string;
  calls: ProviderCall[];
  /** The most status requests that were ever being answered at the same moment. */
  maxInFlight(): number;
  stop(): Promise<void>;
}

/**
 * A Lenco-like collection-status API: every reference is "pending", answered
 * after `delayMs` so that a reconciliation round takes a while and rounds on
 * two instances would overlap if nothing kept them apart.
 */
export async function startFakeLenco(delayMs = 150): Promise<FakeLenco> {
  const secretKey = `sk-multi-${randomBytes(8).toString('hex')}`;
  const calls: ProviderCall[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer((req, res) => {
    const match = /^\/access\/v2\/collections\/status\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: false, message: 'Not found', data: null }));
      return;
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ status: false, message: 'Unauthorized' }));
      return;
    }
    const reference = decodeURIComponent(match[1]!);
    const startedAt = Date.now();
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      calls.push({ reference, startedAt, endedAt: Date.now() });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: true, message: '', data: { reference, status: 'pending', amount: '150.00', currency: 'ZMW', type: 'mobile-money' } }));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    publicKey: `pub-multi-${randomBytes(4).toString('hex')}`,
    calls,
    maxInFlight: () => maxInFlight,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type JsonObject = { [key: string]: unknown };

/** fetch with a timeout, a bearer token and JSON or raw bodies. */
export async function request(
  base: string,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer; json<T = JsonObject>(): T }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    body = new Uint8Array(options.body);
  }
  const res = await fetch(`${base}${url}`, { method, headers, body, signal: AbortSignal.timeout(20_000) });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    json: <T = JsonObject>() => JSON.parse(bytes.toString('utf8')) as T,
  };
}
