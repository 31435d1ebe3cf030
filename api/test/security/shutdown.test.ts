/**
 * SIGTERM during requests, against the real server process (src/server.ts on
 * a free port with its own data folder): uploads in flight when the signal
 * arrives finish with 201 and are in the database afterwards; during the
 * grace period (SHUTDOWN_GRACE_MS) /api/ready answers 503; after it new
 * connections are refused; the process exits 0.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/infrastructure/database/client';
import { applicationJson, multipartBody, sampleDocuments } from '../fixtures/applications';
import { READY_TIMEOUT_MS } from '../helpers/cluster';
import { TEST_JWT_SECRET } from '../helpers/test-app';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SU_EMAIL = 'root@shutdown.test';
const SU_PASSWORD = 'Shutdown-Drill-4471';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One raw HTTP/1.1 exchange on its own socket; the caller decides when each piece is written. */
function rawExchange(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', () => undefined);
  });
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  return {
    connected,
    write: (data: string | Buffer) => new Promise<void>((resolve) => socket.write(data, () => resolve())),
    end: () => socket.end(),
    response: ended,
    /** Resolves with the text once a full status line has arrived. */
    statusLine: async () => {
      for (let i = 0; i < 200; i += 1) {
        const text = Buffer.concat(chunks).toString('latin1');
        if (/^HTTP\/1\.1 \d{3}/.test(text)) return text;
        await new Promise((r) => setTimeout(r, 25));
      }
      return Buffer.concat(chunks).toString('latin1');
    },
  };
}

describe('SIGTERM while requests are in flight (real process)', () => {
  let child: ChildProcess;
  let port: number;
  let dataDir: string;
  let stderr = '';
  const exited = { code: null as number | null, promise: null as Promise<number | null> | null };

  before(async () => {
    port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-sigterm-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: {
        // The embedded database (no DATABASE_URL): this test must not touch the shared PostgreSQL server.
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')),
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PORTAL_DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_MS: '1500',
        PORTAL_DEMO_DATA: 'false',
        PORTAL_SUPERUSER_EMAIL: SU_EMAIL,
        PORTAL_SUPERUSER_PASSWORD: SU_PASSWORD,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    exited.promise = new Promise((resolve) => child.on('exit', (code) => resolve((exited.code = code))));
    for (const deadline = Date.now() + READY_TIMEOUT_MS; Date.now() < deadline && child.exitCode === null;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start: ${stderr}`);
  });

  after(() => {
    if (exited.code === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function api(method: string, url: string, body?: unknown, token?: string) {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  it('finishes in-flight uploads, answers 503 to a readiness probe while draining, and exits 0', async () => {
    const su = await api('POST', '/api/auth/login', { email: SU_EMAIL, password: SU_PASSWORD });
    assert.equal(su.status, 200, JSON.stringify(su.json));
    const uni = await api('POST', '/api/universities', { name: 'Drill University' }, su.json.token as string);
    assert.equal(uni.status, 201);
    const program = await api('POST', '/api/programs', { name: 'Drill', description: 'D', duration: 3, universityId: uni.json.id }, su.json.token as string);
    assert.equal(program.status, 201, JSON.stringify(program.json));
    const reg = await api('POST', '/api/auth/register', { firstName: 'Slow', lastName: 'Uploader', email: 'slow@shutdown.test', phone: '+260971000003', password: 'Unusual-Pass-9183', consent: true });
    assert.equal(reg.status, 201, JSON.stringify(reg.json));
    const login = await api('POST', '/api/auth/login', { email: 'slow@shutdown.test', password: 'Unusual-Pass-9183' });
    const token = login.json.token as string;

    // Three uploads: headers and half of each body sent, the rest held back.
    const uploads = [];
    for (let i = 0; i < 3; i += 1) {
      const { payload, headers } = multipartBody([
        { name: 'application', value: JSON.stringify(applicationJson([program.json.id as number], { fullName: `Slow Uploader ${i}` })) },
        ...sampleDocuments(),
      ]);
      const ex = rawExchange(port);
      await ex.connected;
      const head = `POST /api/applications HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`;
      const half = Math.floor(payload.length / 2);
      await ex.write(head);
      await ex.write(payload.subarray(0, half));
      uploads.push({ ex, rest: payload.subarray(half) });
    }
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(exited.code, null, 'the process waits for its in-flight requests');
    // During the grace period the server still listens and says it is not ready.
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`, { headers: { connection: 'close' } });
    assert.equal(ready.status, 503);
    assert.equal(typeof ((await ready.json()) as { message?: unknown }).message, 'string');

    // After it, new connections are no longer accepted, while the uploads are still open.
    await new Promise((r) => setTimeout(r, 1600));
    await assert.rejects(fetch(`http://127.0.0.1:${port}/api/health`));
    assert.equal(exited.code, null, 'still waiting for the uploads');

    for (const { ex, rest } of uploads) await ex.write(rest);
    const answers = await Promise.all(uploads.map(({ ex }) => ex.response));
    for (const text of answers) assert.match(text, /^HTTP\/1\.1 201/, text.slice(0, 300));
    const ids = answers.map((text) => (JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { id: number }).id);

    const code = await exited.promise;
    assert.equal(code, 0, `exit code (stderr: ${stderr.slice(0, 500)})`);

    // The accepted submissions are in the database the server left behind.
    const config = loadConfig({ NODE_ENV: 'test' }, { JWT_SECRET: TEST_JWT_SECRET, PORTAL_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const db = await openDatabase(config.database);
    try {
      const { sql } = await import('drizzle-orm');
      const result = (await db.db.execute(sql`select a.id, count(f.id)::int as files from applications a left join application_files f on f.application_id = a.id group by a.id`)) as unknown as {
        rows: Array<{ id: number; files: number }>;
      };
      for (const id of ids) {
        const row = result.rows.find((r) => Number(r.id) === id);
        assert.ok(row, `application ${id} is in the database`);
        assert.equal(Number(row.files), 4, `application ${id} has its four files`);
      }
    } finally {
      await db.close();
    }
  });
});
