/**
 * Slow clients against the real server process (issue 21, finding 9): a body
 * sent slowly to an ordinary route, or to a route that does not exist, loses
 * its connection at the body deadline; headers sent slowly lose theirs at the
 * headers timeout; an application upload may take far longer than an
 * ordinary body; and on SIGTERM a client that never finishes cannot keep the
 * process alive past SHUTDOWN_DEADLINE_MS.
 *
 * Socket timeouts live in Node's HTTP server, not in code a test can give a
 * fake clock, so the process runs with deadlines of one or two seconds and
 * the test waits for them; the production values and their arithmetic are
 * checked separately without waiting.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net, { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadConfig, uploadSecondsAt3g, WEAK_3G_BYTES_PER_SECOND } from '../../src/config';
import { applicationJson, multipartBody, sampleDocuments } from '../fixtures/applications';
import { READY_TIMEOUT_MS } from '../helpers/cluster';
import { TEST_JWT_SECRET } from '../helpers/test-app';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SU_EMAIL = 'root@slow.test';
const SU_PASSWORD = 'Slow-Client-Drill-5521';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A raw socket: what arrived, and when the server closed it. */
function rawClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    connected,
    closed,
    write: (data: string | Buffer) => (socket.destroyed ? false : socket.write(data)),
    text: () => Buffer.concat(chunks).toString('latin1'),
    destroy: () => socket.destroy(),
  };
}

interface Server {
  child: ChildProcess;
  port: number;
  exit: Promise<{ code: number | null; at: number }>;
  stderr: () => string;
  stop: () => void;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-slow-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      // The embedded database: this test must not touch the shared PostgreSQL server.
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PORTAL_DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      PORTAL_DEMO_DATA: 'false',
      PORTAL_SUPERUSER_EMAIL: SU_EMAIL,
      PORTAL_SUPERUSER_PASSWORD: SU_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  let exited = false;
  const exit = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => {
      exited = true;
      resolve({ code, at: Date.now() });
    }),
  );
  const stop = () => {
    if (!exited) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + READY_TIMEOUT_MS; Date.now() < deadline && !exited;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200) return { child, port, exit, stderr: () => stderr, stop };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  stop();
  throw new Error(`server did not start: ${stderr}`);
}

async function api(port: number, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('timeouts for slow clients: the production values', () => {
  it('let four 5 MB documents through a weak 3G uplink, and bound every other body to seconds', () => {
    const config = loadConfig({ NODE_ENV: 'production', LENCO_SANDBOX: 'true' }, { JWT_SECRET: TEST_JWT_SECRET, DATABASE_URL: 'postgres://x@127.0.0.1/x' });
    const fourDocuments = 4 * 5 * 1024 * 1024 + 64 * 1024;
    const secondsAt3g = fourDocuments / WEAK_3G_BYTES_PER_SECOND;
    assert.ok(secondsAt3g > 800 && secondsAt3g < 900, `four documents take ${secondsAt3g} s at 25 kB/s`);
    assert.ok(config.timeouts.uploadMs >= secondsAt3g * 1000, 'the upload deadline covers them');
    assert.equal(config.timeouts.uploadMs, uploadSecondsAt3g(config.uploads.maxRequestBytes) * 1000);
    assert.ok(config.timeouts.uploadMs <= 20 * 60 * 1000, 'but stays under 20 minutes');
    assert.ok(config.timeouts.bodyMs <= 60_000 && config.timeouts.idleMs <= 120_000 && config.timeouts.headersMs <= 30_000);
    assert.ok(config.shutdownGraceMs + config.shutdownDeadlineMs < 30_000, 'inside the 30 s Kubernetes termination grace');
  });
});

describe('slow clients against the real process', () => {
  let server: Server;
  let applicantToken = '';
  before(async () => {
    server = await startServer({
      BODY_TIMEOUT_SECONDS: '1',
      HEADERS_TIMEOUT_SECONDS: '2',
      IDLE_TIMEOUT_SECONDS: '2',
      UPLOAD_TIMEOUT_SECONDS: '20',
      SHUTDOWN_GRACE_MS: '0',
      SHUTDOWN_DEADLINE_MS: '1500',
    });
  });
  after(() => server.stop());

  /** Sends `head`, then one byte of body every 200 ms until the server closes the socket; resolves with how long it held. */
  async function trickle(head: string): Promise<{ heldMs: number; text: string }> {
    const client = rawClient(server.port);
    await client.connected;
    const start = Date.now();
    client.write(head);
    let open = true;
    void client.closed.then(() => (open = false));
    for (let i = 0; i < 60 && open; i += 1) {
      client.write('x');
      await sleep(200);
    }
    const closedAt = await Promise.race([client.closed, sleep(1000).then(() => 0)]);
    client.destroy();
    return { heldMs: closedAt ? closedAt - start : Infinity, text: client.text() };
  }

  it('closes a slowly sent body to an ordinary route at the body deadline', async () => {
    const { heldMs } = await trickle('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"');
    assert.ok(heldMs < 5000, `held ${heldMs} ms`);
  });

  it('closes a slowly sent body to a route that does not exist', async () => {
    const { heldMs } = await trickle('POST /api/nowhere HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n');
    assert.ok(heldMs < 5000, `held ${heldMs} ms`);
  });

  it('closes a connection whose headers never end', async () => {
    const client = rawClient(server.port);
    await client.connected;
    const start = Date.now();
    client.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    // A header line every half second keeps the socket busy, so only the headers timeout (2 s here) can end it.
    const timer = setInterval(() => client.write(`X-Slow-${Date.now()}: 1\r\n`), 500);
    const closedAt = await Promise.race([client.closed, sleep(10_000).then(() => 0)]);
    clearInterval(timer);
    client.destroy();
    assert.ok(closedAt > 0 && closedAt - start < 5000, `held ${closedAt ? closedAt - start : 'over 10000'} ms`);
  });

  it('gives an application upload longer than an ordinary body', async () => {
    const su = await api(server.port, 'POST', '/api/auth/login', { email: SU_EMAIL, password: SU_PASSWORD });
    const uni = await api(server.port, 'POST', '/api/universities', { name: 'Slow University' }, su.json.token as string);
    const program = await api(server.port, 'POST', '/api/programs', { name: 'Patience', description: 'P', duration: 3, universityId: uni.json.id }, su.json.token as string);
    assert.equal(program.status, 201, JSON.stringify(program.json));
    await api(server.port, 'POST', '/api/auth/register', { firstName: 'Slow', lastName: 'Phone', email: 'phone@slow.test', phone: '+260971000004', password: 'Unusual-Pass-9184', consent: true });
    const login = await api(server.port, 'POST', '/api/auth/login', { email: 'phone@slow.test', password: 'Unusual-Pass-9184' });
    applicantToken = String(login.json.token);
    const { payload, headers } = multipartBody([{ name: 'application', value: JSON.stringify(applicationJson([program.json.id as number])) }, ...sampleDocuments()]);
    const client = rawClient(server.port);
    await client.connected;
    client.write(
      `POST /api/applications HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${String(login.json.token)}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
    );
    // About three seconds for the body: three times the body deadline, within the idle and upload limits.
    const pieces = 12;
    const size = Math.ceil(payload.length / pieces);
    for (let i = 0; i < pieces; i += 1) {
      client.write(payload.subarray(i * size, (i + 1) * size));
      await sleep(250);
    }
    await Promise.race([client.closed, sleep(10_000)]);
    assert.match(client.text(), /^HTTP\/1\.1 201/, client.text().slice(0, 300));
  });

  it('on SIGTERM, exits within the shutdown deadline although a client never finishes its upload', async () => {
    const client = rawClient(server.port);
    await client.connected;
    assert.ok(applicantToken, 'signed in by the previous test');
    client.write(`POST /api/applications HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${applicantToken}\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: 20000000\r\n\r\n--zz\r\n`);
    const keepAlive = setInterval(() => client.write('y'), 300);
    await sleep(300);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await Promise.race([server.exit, sleep(15_000).then(() => ({ code: null, at: Infinity }))]);
    clearInterval(keepAlive);
    client.destroy();
    assert.ok(at - signalled < 1500 + 4000, `exited ${at - signalled} ms after SIGTERM (deadline 1500 ms); stderr: ${server.stderr().slice(0, 300)}`);
    assert.ok(at - signalled >= 1000, 'it waited for the in-flight request first');
    assert.equal(code, 0, server.stderr().slice(0, 300));
  });
});
