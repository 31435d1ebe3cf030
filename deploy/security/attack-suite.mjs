#!/usr/bin/env node
/**
 * The attack suite (issue 21): the attacks of the independent review, as a
 * repeatable script. It starts the built portal server (server/dist/server.mjs:
 * the API with its pages) on loopback, attacks it with a bounded number of requests (about two thousand
 * per configuration), prints a table — category, what was tried, what came
 * back, verdict — and exits non-zero when anything above Info is found.
 *
 *   npm run build -w portal-server  # once
 *   npm run attack -w deploy        # both configurations
 *   node deploy/security/attack-suite.mjs --config=embedded   # or --config=postgres
 *
 * Configurations: 'embedded' (PGlite, local files: the default install) and
 * 'postgres' (a throwaway database on 127.0.0.1:5432 as user postgres,
 * dropped after; Redis on 127.0.0.1:6379, the suite's own databases 11 and
 * 12, emptied first; S3 storage on an in-process s3rver). PG_ADMIN_URL and
 * ATTACK_REDIS_URL override the two addresses; ATTACK_SERVER_ENV (JSON) adds
 * server settings, e.g. '{"TRUST_PROXY":"1"}' to see the suite catch a
 * forgeable address.
 *
 * Only loopback addresses are ever contacted. Every loop is bounded.
 */
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePdf, makePng } from '../e2e/sample-files.mjs';

const require = createRequire(import.meta.url);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '..', '..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'server', 'dist', 'server.mjs');
const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.ATTACK_REDIS_URL ?? 'redis://127.0.0.1:6379/11';
/** Small timeouts so the slow-client attacks finish in seconds. */
const BODY_TIMEOUT_SECONDS = 2;
const HEADERS_TIMEOUT_SECONDS = 2;
const UPLOAD_MAX_FILE_BYTES = 300_000;
const DEMO = JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy', 'demo-logins.json'), 'utf8')).logins;
const MAX_REQUESTS = 4000;

/* ---------------------------------------------------------------- server */

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer(extraEnv) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-attack-'));
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_BUCKET', 'TRUST_PROXY', 'JWT_SECRET', 'LENCO_PUBLIC_KEY', 'LENCO_SECRET_KEY']) delete env[name];
  const webBuilt = existsSync(path.join(REPO_ROOT, 'shell', 'dist'));
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PORTAL_ROOT: REPO_ROOT,
    PORTAL_DATA_DIR: dataDir,
    PORTAL_DEMO_DATA: 'true',
    LENCO_SANDBOX: 'true',
    PORTAL_SERVE_WEB: webBuilt ? 'true' : 'false',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    // The suite itself sends thousands of requests from one address; the front-door limit is probed by its headers instead.
    RATE_LIMIT_PER_MINUTE: '100000',
    BODY_TIMEOUT_SECONDS: String(BODY_TIMEOUT_SECONDS),
    HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_SECONDS),
    IDLE_TIMEOUT_SECONDS: '5',
    UPLOAD_TIMEOUT_SECONDS: '10',
    UPLOAD_MAX_FILE_BYTES: String(UPLOAD_MAX_FILE_BYTES),
    SHUTDOWN_DEADLINE_MS: '3000',
    ...extraEnv,
    // Extra server settings to try (for example '{"TRUST_PROXY":"1"}', which must produce findings).
    ...JSON.parse(process.env.ATTACK_SERVER_ENV ?? '{}'),
  });
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = [];
  child.stdout.on('data', (c) => log.push(c.toString()));
  child.stderr.on('data', (c) => log.push(c.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API exited (${child.exitCode}) before it was ready:\n${log.join('').slice(-3000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The API was not ready in 90 s:\n${log.join('').slice(-3000)}`);
    }
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    port,
    dataDir,
    webBuilt,
    log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/* ------------------------------------------------------------ recording */

class Findings {
  constructor() {
    this.rows = new Map();
    this.bodies = [];
    this.requests = 0;
  }
  row(category) {
    if (!this.rows.has(category)) this.rows.set(category, { category, tried: 0, statuses: new Map(), findings: [] });
    return this.rows.get(category);
  }
  saw(category, status) {
    const r = this.row(category);
    r.tried += 1;
    r.statuses.set(status, (r.statuses.get(status) ?? 0) + 1);
  }
  find(category, severity, text) {
    const r = this.row(category);
    if (r.findings.length < 8) r.findings.push({ severity, text });
    else if (r.findings.length === 8) r.findings.push({ severity, text: '… more of the same' });
  }
}

const SEVERITY_RANK = { Info: 0, Low: 1, Medium: 2, High: 3 };

/* ------------------------------------------------------------ attacker */

function makeClient(base, rec) {
  /** One HTTP request; the body kept for the secrets grep. Never throws on a status. */
  async function call(category, method, url, { token, json, body, headers = {}, who = 'anyone', record = true } = {}) {
    rec.requests += 1;
    if (rec.requests > MAX_REQUESTS) throw new Error(`request budget of ${MAX_REQUESTS} exceeded`);
    const h = { ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    let payload = body;
    if (json !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(json);
    }
    let res;
    try {
      res = await fetch(base + url, { method, headers: h, body: payload, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
    } catch (error) {
      if (record) rec.saw(category, 'conn-error');
      return { status: 0, text: '', json: null, headers: new Headers(), error };
    }
    const text = await res.text();
    let parsed = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    if (record) rec.saw(category, res.status);
    rec.bodies.push({ who, method, url, status: res.status, text: text.slice(0, 200_000), type: res.headers.get('content-type') ?? '' });
    if (res.status >= 500) rec.find(category, 'Medium', `${method} ${url} as ${who} answered ${res.status}`);
    return { status: res.status, text, json: parsed, headers: res.headers };
  }
  return call;
}

function multipart(parts, boundary = `----attack${randomBytes(6).toString('hex')}`) {
  const chunks = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function documents() {
  return [
    { name: 'files', value: makePng(8, 8, [200, 30, 30]), filename: 'nrc-front.png', contentType: 'image/png' },
    { name: 'files', value: makePng(8, 8, [30, 200, 30]), filename: 'nrc-back.png', contentType: 'image/png' },
    { name: 'files', value: makePdf('Results'), filename: 'results.pdf', contentType: 'application/pdf' },
    { name: 'files', value: makePng(8, 8, [30, 30, 200]), filename: 'certificate.png', contentType: 'image/png' },
  ];
}

function applicationJson(programIds, nrc, extra = {}) {
  return {
    programIds,
    status: 'PENDING',
    fullName: 'Attack Owner',
    gender: 'Female',
    phoneNumber: '+260 971 234 567',
    email: 'owner@example.test',
    dateOfBirth: '2004-05-17',
    nationality: 'Zambian',
    province: 'Lusaka',
    nationalRegNumber: nrc,
    submissionDetails: 'Grade 12 certificate 2022',
    city: 'Lusaka',
    country: 'Zambia',
    highestQualification: 'Grade 12',
    institutionAttended: 'Kabulonga Girls Secondary School',
    programNotes: 'Interested in software',
    ...extra,
  };
}

/** A database or stack message in an answer, leaving out what the attacker sent (saved text comes back as data). */
function leaksInternals(text, sent) {
  let rest = text;
  for (const form of [sent, JSON.stringify(sent).slice(1, -1)]) rest = rest.split(form).join('');
  return /syntax error at or near|relation "\w+"|column "\w+"|drizzle|pglite|duplicate key value|\bat \S+\.m?[jt]s:\d+/i.test(rest);
}

function b64url(value) {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}
function signHs256(header, payload, key) {
  const data = `${b64url(header)}.${b64url(payload)}`;
  return `${data}.${createHmac('sha256', key).update(data).digest('base64url')}`;
}
function claimsOf(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

/** Opens a raw connection, sends `first`, then one byte a second; resolves with how long until the server closed it. */
function slowClient(port, first, { trickle = true, limitMs = 15_000 } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer;
    const done = (how) => {
      clearInterval(timer);
      socket.destroy();
      resolve({ ms: Date.now() - started, how, answer: answer.split('\r\n')[0] });
    };
    socket.on('connect', () => {
      socket.write(first);
      if (trickle) timer = setInterval(() => socket.write('a'), 1000);
    });
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => done('reset'));
    socket.on('close', () => done('closed'));
    setTimeout(() => done('still open'), limitMs);
  });
}

/* ------------------------------------------------------------ the attack */

async function attack(server, jwtSecret) {
  const rec = new Findings();
  const call = makeClient(server.url, rec);
  const tag = randomBytes(4).toString('hex');
  const PASSWORD = 'Attack-Suite-Pass-42';

  async function login(email, password, headers = {}) {
    const r = await call('setup', 'POST', '/api/auth/login', { json: { email, password }, headers, record: false, who: `login:${email}` });
    if (r.status !== 200) throw new Error(`sign-in of ${email} failed: ${r.status} ${r.text.slice(0, 200)}`);
    return { token: r.json.token, cookie: (r.headers.get('set-cookie') ?? '').split(';')[0] };
  }
  async function registerApplicant(name) {
    const email = `${name}.${tag}@attack.test`;
    const r = await call('setup', 'POST', '/api/auth/register', {
      json: { firstName: 'Attack', lastName: name, email, phone: '+260 977 000 111', password: PASSWORD, confirmPassword: PASSWORD },
      record: false,
    });
    if (r.status !== 201) throw new Error(`registration of ${email} failed: ${r.status} ${r.text.slice(0, 200)}`);
    const session = await login(email, PASSWORD);
    return { email, ...session, id: Number(claimsOf(session.token).sub) };
  }

  /* --- the six callers and the owner's data --- */
  const superuser = await login(DEMO.find((d) => d.role === 'SUPERUSER').email, DEMO.find((d) => d.role === 'SUPERUSER').password);
  const admins = DEMO.filter((d) => d.role === 'ADMIN');
  const adminA = await login(admins[0].email, admins[0].password);
  const adminB = await login(admins[1].email, admins[1].password);
  const uniA = claimsOf(adminA.token).universityId;
  const owner = await registerApplicant('owner');
  const other = await registerApplicant('other');
  const ownerNrc = `${String(100000 + Math.floor(Math.random() * 899999))}/${tag.slice(0, 2).replace(/\D/g, '1')}/1`;
  const progA = (await call('setup', 'GET', `/api/programs/university/${uniA}`, { record: false })).json;
  const programsA = Array.isArray(progA) ? progA : (progA?.content ?? progA?.items ?? []);
  if (programsA.length === 0) throw new Error('university A has no programmes (demo data missing?)');
  const programA = programsA[0];
  const coursesA = (await call('setup', 'GET', `/api/courses/program/${programA.id}`, { record: false })).json ?? [];
  const courseA = (Array.isArray(coursesA) ? coursesA : (coursesA.content ?? []))[0];

  const submitted = multipart([{ name: 'application', value: JSON.stringify(applicationJson([programA.id], ownerNrc, { fullName: `Owner ${tag}`, email: owner.email })) }, ...documents()]);
  const sub = await call('setup', 'POST', '/api/applications', { token: owner.token, body: submitted.body, headers: { 'content-type': submitted.contentType }, record: false, who: 'owner' });
  if (sub.status !== 201) throw new Error(`the owner's application was refused: ${sub.status} ${sub.text.slice(0, 300)}`);
  const appId = sub.json.id ?? sub.json.applicationId ?? sub.json.application?.id;
  const fullApp = (await call('setup', 'GET', `/api/applications/${appId}`, { token: owner.token, record: false, who: 'owner' })).json;
  const fileList = (await call('setup', 'GET', `/api/files/application/${appId}`, { token: owner.token, record: false, who: 'owner' })).json;
  const fileId = (Array.isArray(fileList) ? fileList : (fullApp?.files ?? []))[0]?.id ?? 1;
  const pay = await call('setup', 'POST', '/api/payments/initiate', { token: owner.token, json: { applicationId: appId, amount: 1, currency: 'USD' }, record: false, who: 'owner' });
  const reference = pay.json?.reference ?? 'REF-unknown';
  const callers = {
    guest: undefined,
    owner: owner.token,
    other: other.token,
    adminA: adminA.token,
    adminB: adminB.token,
    superuser: superuser.token,
  };
  /** Who may see or change the owner's things: everyone else getting a 2xx that carries them is a cross-tenant finding. */
  const entitled = new Set(['owner', 'adminA', 'superuser']);
  const secretsOfOwner = [ownerNrc, owner.email, `Owner ${tag}`];

  /* --- 1. every route as six callers --- */
  const docs = (await call('setup', 'GET', '/api/docs/json', { record: false })).json;
  const skip = new Set(['POST /api/auth/logout', 'POST /api/auth/logout-everywhere', 'DELETE /api/users/me', 'POST /api/applications', 'POST /api/payments/webhook', 'POST /sandbox/lenco/outcome']);
  const idFor = { id: null, universityId: uniA, programId: programA.id, userId: owner.id, applicationId: appId, fileId, reference };
  const routes = [];
  for (const [p, ops] of Object.entries(docs.paths)) {
    for (const method of Object.keys(ops)) {
      if (skip.has(`${method.toUpperCase()} ${p}`)) continue;
      // Which of the owner's / university A's things the {id} of this path is.
      const idOf = p.startsWith('/api/universities')
        ? uniA
        : p.startsWith('/api/programs')
          ? programA.id
          : p.startsWith('/api/courses')
            ? (courseA?.id ?? 1)
            : p.startsWith('/api/users')
              ? owner.id
              : appId;
      const url = p.replace(/\{(\w+)\}/g, (_, name) => String(name === 'id' ? idOf : idFor[name]));
      routes.push({
        method: method.toUpperCase(),
        path: p,
        url: url + (method === 'get' && ops[method].parameters?.some((x) => x.name === 'universityId' && x.in === 'query') ? `?universityId=${uniA}` : ''),
      });
    }
  }
  const writeBody = (route) => {
    if (route.path.startsWith('/api/universities')) return { name: `Renamed ${tag}` };
    if (route.path.startsWith('/api/programs')) return { name: `Prog ${tag}`, description: 'x', duration: 4, universityId: uniA };
    if (route.path.startsWith('/api/courses')) return { courseName: `Course ${tag}`, courseDescription: 'x', semesterToBeDone: 1, sermisterToBeDone: 1, yearToBeStudied: 1, programId: programA.id };
    if (route.path === '/api/users/{id}') return { enabled: false };
    if (route.path === '/api/users/{id}/university-block') return { blocked: true };
    if (route.path === '/api/applications/{id}') return { status: 'REJECTED', reviewNotes: 'x' };
    if (route.path === '/api/payments/initiate') return { applicationId: appId };
    if (route.path === '/api/subscribers') return { name: 'Waiter', email: `w.${tag}.${randomBytes(2).toString('hex')}@attack.test` };
    if (route.path === '/api/auth/register')
      return { firstName: 'A', lastName: 'B', email: `r.${randomBytes(3).toString('hex')}@attack.test`, phone: '+260 977 000 111', password: PASSWORD, role: 'SUPERUSER' };
    if (route.path === '/api/auth/login') return { email: `nobody.${tag}@attack.test`, password: 'wrong-password-1' };
    return {};
  };
  // Routes any caller may use (the public catalogue, sign-in, the waitlist, the spec's public pages).
  const open = (route) => route.method === 'GET' && !docs.paths[route.path][route.method.toLowerCase()].security;
  const selfOnly = new Set([
    'GET /api/users/me/export',
    'GET /api/payments/config',
    'POST /api/auth/register',
    'POST /api/auth/login',
    'POST /api/auth/request-reset',
    'POST /api/auth/reset-password',
    'POST /api/subscribers',
  ]);
  // The caller's own draft and notification centre: every caller has one, so a 2xx is
  // not a finding; the owner's own are checked below to be untouched by everyone else's calls.
  const callerScoped = new Set(['DELETE /api/drafts/mine', 'POST /api/notifications/read-all']);
  const ownerDraft = await call('authz: data intact after hostile writes', 'PUT', '/api/drafts/mine', { token: owner.token, json: { fullName: 'Draft Owner', updatedAt: null }, who: 'owner' });
  const unreadBefore = (await call('authz: data intact after hostile writes', 'GET', '/api/notifications/unread-count', { token: owner.token, who: 'owner' })).json;
  for (const route of routes) {
    for (const [who, token] of Object.entries(callers)) {
      const isWrite = route.method !== 'GET';
      // Writes by entitled callers would change the owner's data the later attacks need; their reads are enough.
      if (isWrite && entitled.has(who) && (callerScoped.has(`${route.method} ${route.path}`) || !selfOnly.has(`${route.method} ${route.path}`))) continue;
      const r = await call('authz: 51 routes × 6 callers', route.method, route.url, { token, json: isWrite ? writeBody(route) : undefined, who });
      if (r.status < 200 || r.status >= 300 || entitled.has(who)) continue;
      const key = `${route.method} ${route.path}`;
      if (route.path === '/api/auth/register' && who !== 'superuser' && r.status === 201) {
        // A self-registration must become USER whatever role it asked for (checked below by signing in).
        continue;
      }
      // An ADMIN's new programme or course goes to its own university whatever the body says; landing in A is the finding.
      const createdInA = r.json && (r.json.universityId === uniA || (route.path === '/api/courses' && r.json.programId === programA.id));
      const creation = route.method === 'POST' && (route.path === '/api/programs' || route.path === '/api/courses');
      if (creation && who === 'adminB' && !createdInA) continue;
      if (isWrite && !selfOnly.has(key) && !callerScoped.has(key))
        rec.find('authz: 51 routes × 6 callers', 'High', `${key} as ${who} answered ${r.status} (a write on university A's or the owner's data)`);
      if (!open(route) && !selfOnly.has(key) && who === 'guest') rec.find('authz: 51 routes × 6 callers', 'High', `${key} as a guest answered ${r.status}`);
      for (const secret of secretsOfOwner) {
        if (r.text.includes(secret))
          rec.find('authz: 51 routes × 6 callers', 'High', `${key} as ${who} returned the owner's ${secret === ownerNrc ? 'NRC' : secret === owner.email ? 'e-mail' : 'name'}`);
      }
    }
  }
  // The canary: entitled callers do see the owner's NRC, so the leak check above is not blind.
  if (!rec.bodies.some((b) => entitled.has(b.who) && b.who !== 'owner' && b.text.includes(ownerNrc))) {
    rec.find('authz: 51 routes × 6 callers', 'Low', "no entitled staff caller ever saw the owner's NRC: the leak check may be blind");
  }
  // The self-registration asking for SUPERUSER must have become a USER.
  {
    const email = `escalate.${tag}@attack.test`;
    await call('authz: role in self-registration', 'POST', '/api/auth/register', {
      json: { firstName: 'Esc', lastName: 'Alate', email, phone: '+260 977 000 111', password: PASSWORD, role: 'SUPERUSER', universityId: uniA },
    });
    const r = await call('authz: role in self-registration', 'POST', '/api/auth/login', { json: { email, password: PASSWORD } });
    if (r.status === 200 && claimsOf(r.json.token).role !== 'USER')
      rec.find('authz: role in self-registration', 'High', `a self-registration asking for SUPERUSER became ${claimsOf(r.json.token).role}`);
  }
  // University A and the owner are unchanged after every hostile write.
  {
    const u = await call('authz: data intact after hostile writes', 'GET', `/api/universities/${uniA}`, { who: 'guest' });
    if (u.json?.name === `Renamed ${tag}`) rec.find('authz: data intact after hostile writes', 'High', 'university A was renamed by a caller without the right');
    const a = await call('authz: data intact after hostile writes', 'GET', `/api/applications/${appId}`, { token: owner.token, who: 'owner' });
    if (a.json?.status && a.json.status !== 'PENDING') rec.find('authz: data intact after hostile writes', 'High', `the owner's application became ${a.json.status}`);
    const me = await call('authz: data intact after hostile writes', 'GET', '/api/users/me/export', { token: owner.token, who: 'owner' });
    if (me.status !== 200) rec.find('authz: data intact after hostile writes', 'High', `the owner lost access after hostile writes (${me.status})`);
    const draft = await call('authz: data intact after hostile writes', 'GET', '/api/drafts/mine', { token: owner.token, who: 'owner' });
    if (ownerDraft.status !== 200) rec.find('authz: data intact after hostile writes', 'Low', `the owner's draft could not be saved (${ownerDraft.status}), so Start Over was not checked`);
    else if (draft.json?.draft?.fullName !== 'Draft Owner') rec.find('authz: data intact after hostile writes', 'High', `the owner's draft was lost to another caller's Start Over (${draft.status})`);
    const unreadAfter = (await call('authz: data intact after hostile writes', 'GET', '/api/notifications/unread-count', { token: owner.token, who: 'owner' })).json;
    if (JSON.stringify(unreadAfter) !== JSON.stringify(unreadBefore))
      rec.find(
        'authz: data intact after hostile writes',
        'High',
        `another caller's read-all changed the owner's unread notifications (${JSON.stringify(unreadBefore)} → ${JSON.stringify(unreadAfter)})`,
      );
  }

  /* --- 2. forged tokens and logout reuse --- */
  {
    const cat = 'forged tokens, logout reuse';
    const claims = claimsOf(owner.token);
    const now = Math.floor(Date.now() / 1000);
    const forged = {
      'alg none': `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, role: 'SUPERUSER' })}.`,
      'wrong key': signHs256({ alg: 'HS256', typ: 'JWT' }, { ...claims, role: 'SUPERUSER' }, 'not-the-server-key-0123456789abcdef'),
      'tampered role (original signature)': `${owner.token.split('.')[0]}.${b64url({ ...claims, role: 'SUPERUSER' })}.${owner.token.split('.')[2]}`,
      'tampered sub (original signature)': `${owner.token.split('.')[0]}.${b64url({ ...claims, sub: String(other.id) })}.${owner.token.split('.')[2]}`,
      'expired (real key)': signHs256({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now - 7200, exp: now - 3600 }, jwtSecret),
      'unknown session (real key)': signHs256({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: 'ffffffffffffffffffffffffffffffff' }, jwtSecret),
      'HS256 key confusion (empty key)': signHs256({ alg: 'HS256', typ: 'JWT' }, claims, ''),
      garbage: 'abc.def.ghi',
    };
    const reused = await login(owner.email, PASSWORD, { cookie: owner.cookie });
    await call(cat, 'POST', '/api/auth/logout', { token: reused.token, who: 'owner' });
    forged['logged-out token'] = reused.token;
    for (const [name, token] of Object.entries(forged)) {
      for (const url of ['/api/users/me/export', '/api/users?page=1', `/api/applications/${appId}`]) {
        const r = await call(cat, 'GET', url, { token, who: `forged:${name}` });
        if (r.status >= 200 && r.status < 300) rec.find(cat, 'High', `${name} accepted on ${url} (${r.status})`);
      }
    }
  }

  /* --- 3. injection and control characters --- */
  {
    const cat = 'injection in query fields';
    const strings = [
      `' OR '1'='1`,
      `1; DROP TABLE users;--`,
      `1 UNION SELECT password_hash FROM users--`,
      `%' AND pg_sleep(3)--`,
      `{"$gt":""}`,
      `../../../etc/passwd`,
      '${jndi:ldap://x}',
      '{{7*7}}',
      'a'.repeat(5000),
      '-1',
      '1e309',
    ];
    const getRoutes = routes.filter((r) => r.method === 'GET');
    for (const route of getRoutes) {
      const params = (docs.paths[route.path].get.parameters ?? []).filter((p) => p.in === 'query');
      for (const param of params) {
        for (const s of strings) {
          const started = Date.now();
          const r = await call(cat, 'GET', `${route.url.split('?')[0]}?${param.name}=${encodeURIComponent(s)}`, { token: superuser.token, who: 'superuser' });
          if (Date.now() - started > 2500) rec.find(cat, 'Medium', `${route.path}?${param.name}=${s.slice(0, 30)} took ${Date.now() - started} ms (time-based injection?)`);
          if (leaksInternals(r.text, s)) rec.find(cat, 'Medium', `${route.path}?${param.name} leaked a database or stack message`);
        }
      }
      // A path parameter that is not a number.
      if (route.path.includes('{')) await call(cat, 'GET', route.path.replace(/\{\w+\}/g, encodeURIComponent(`1' OR '1'='1`)), { token: superuser.token, who: 'superuser' });
    }
    const catBody = 'injection in body text fields';
    const bodyStrings = strings.filter((x) => x.length < 300).slice(0, 8);
    for (const inj of bodyStrings) {
      const bodies = [
        ['POST', '/api/auth/register', { firstName: inj.slice(0, 90), lastName: 'Inj', email: `i.${randomBytes(3).toString('hex')}@attack.test`, phone: '+260 977 000 111', password: PASSWORD }],
        ['POST', '/api/subscribers', { name: inj, email: `j.${randomBytes(3).toString('hex')}@attack.test` }],
        ['POST', '/api/auth/login', { email: inj, password: inj }],
        ['POST', '/api/auth/request-reset', { email: inj }],
        ['POST', '/api/universities', { name: `U ${inj} ${randomBytes(2).toString('hex')}`, location: inj, about: inj }, superuser.token],
      ];
      for (const [method, url, json, token] of bodies) {
        const started = Date.now();
        const r = await call(catBody, method, url, { json, token, who: token ? 'superuser' : 'guest' });
        if (Date.now() - started > 2500 && url !== '/api/auth/login') rec.find(catBody, 'Medium', `${url} with ${inj.slice(0, 30)} took ${Date.now() - started} ms`);
        if (leaksInternals(r.text, inj)) rec.find(catBody, 'Medium', `${url} leaked a database or stack message`);
      }
    }
    const cat2 = 'control characters in text fields';
    const controls = ['\u0000', '\u001b[31m', '\u0007', '\u0008', '\u007f'];
    const textBodies = [
      ['POST', '/api/auth/register', (c) => ({ firstName: `A${c}`, lastName: 'B', email: `c.${randomBytes(3).toString('hex')}@attack.test`, phone: '+260 977 000 111', password: PASSWORD })],
      ['POST', '/api/subscribers', (c) => ({ name: `W${c}`, email: `s.${randomBytes(3).toString('hex')}@attack.test` })],
      ['POST', '/api/auth/request-reset', (c) => ({ email: `x${c}@attack.test` })],
      ['POST', '/api/auth/login', (c) => ({ email: `x${c}@attack.test`, password: 'x' })],
      ['POST', '/api/auth/reset-password', (c) => ({ token: `t${c}`, newPassword: PASSWORD })],
      ['POST', '/api/universities', (c) => ({ name: `U${c}` }), superuser.token],
      ['PUT', `/api/programs/${programA.id}`, (c) => ({ name: `P${c}`, description: 'd', duration: 4 }), superuser.token],
      ['PUT', `/api/applications/${appId}`, (c) => ({ status: 'REJECTED', reviewNotes: `n${c}` }), adminA.token],
    ];
    for (const [method, url, make, token] of textBodies) {
      for (const c of controls) {
        const r = await call(cat2, method, url, { json: make(c), token, who: token ? 'staff' : 'guest' });
        if (r.status !== 400 && !(url === '/api/auth/login' && r.status === 401))
          rec.find(cat2, 'Low', `${method} ${url} with U+${c.charCodeAt(0).toString(16).padStart(4, '0')} answered ${r.status}, not 400`);
      }
    }
    for (const c of controls) {
      const r = await call(cat2, 'GET', `/api/programs?search=${encodeURIComponent(`x${c}`)}`, { who: 'guest' });
      if (r.status !== 400) rec.find(cat2, 'Low', `search with a control character answered ${r.status}, not 400`);
    }
    const nul = multipart([{ name: 'application', value: JSON.stringify(applicationJson([programA.id], `999999/99/9\u0000`, { fullName: 'Nul\u0000Name' })) }, ...documents()]);
    const r = await call(cat2, 'POST', '/api/applications', { token: other.token, body: nul.body, headers: { 'content-type': nul.contentType }, who: 'other' });
    if (r.status !== 400) rec.find(cat2, 'Low', `an application with NUL answered ${r.status}, not 400`);
    const cat3 = 'strict numbers and dates';
    for (const q of ['page=true', 'page=0x10', 'page=%201', 'size=1e2', 'universityId=1.5', 'from=2024-13-01', 'from=0000-01-01', 'to=9999-12-31', 'from=2024-02-30']) {
      const r2 = await call(cat3, 'GET', `/api/applications?${q}`, { token: superuser.token, who: 'superuser' });
      if (r2.status !== 400) rec.find(cat3, 'Info', `/api/applications?${q} answered ${r2.status}, not 400`);
      await call(cat3, 'GET', `/api/applications/export.csv?${q}`, { token: superuser.token, who: 'superuser' });
    }
  }

  /**
   * Whether a page carries a stored payload where a browser would act on it: markup
   * verbatim anywhere (escaped text never holds '<'), a javascript: address only as
   * the value of an attribute a browser follows (as text, or inside the page's JSON
   * data element, it is inert words).
   */
  const carriesLive = (html, payload) => (payload.startsWith('javascript:') ? /\b(?:href|src|action|formaction|xlink:href)\s*=\s*["']?\s*javascript:/i.test(html) : html.includes(payload));

  /* --- 4. stored scripts --- */
  {
    const cat = 'stored scripts read back';
    const payloads = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', "javascript:alert('x')", '</textarea><script>x()</script>'];
    const saved = [];
    for (const p of payloads) {
      const uni = await call(cat, 'POST', '/api/universities', { token: superuser.token, json: { name: `Uni ${p} ${randomBytes(2).toString('hex')}`, about: p, location: p }, who: 'superuser' });
      if (uni.status === 201 || uni.status === 200) saved.push({ url: `/api/universities/${uni.json.id}`, p });
      const sub2 = await call(cat, 'POST', '/api/subscribers', { json: { name: p, email: `x.${randomBytes(3).toString('hex')}@attack.test` }, who: 'guest' });
      void sub2;
    }
    const noted = await call(cat, 'PUT', `/api/programs/${programA.id}`, {
      token: adminA.token,
      json: { name: programA.name, description: payloads[0], duration: programA.duration ?? 4, requirements: payloads[1] },
      who: 'adminA',
    });
    if (noted.status === 200) saved.push({ url: `/api/programs/${programA.id}`, p: payloads[0] });
    for (const s of saved) {
      const r = await call(cat, 'GET', s.url, { who: 'guest' });
      if (!/^application\/json/.test(r.headers.get('content-type') ?? '')) rec.find(cat, 'Medium', `${s.url} answered ${r.headers.get('content-type')}, not JSON`);
      if (r.headers.get('x-content-type-options') !== 'nosniff') rec.find(cat, 'Low', `${s.url} has no X-Content-Type-Options: nosniff`);
      if (!JSON.stringify(r.json ?? '').includes(JSON.stringify(s.p).slice(1, -1))) rec.find(cat, 'Info', `${s.url} did not return the text as saved (changed on the way in)`);
    }
    if (!server.webBuilt) rec.saw('stored scripts in guest HTML pages', 'skipped: shell/dist not built');
    if (server.webBuilt) {
      for (const s of saved.filter((x) => x.url.startsWith('/api/universities')).slice(0, 3)) {
        const page = await call('stored scripts in guest HTML pages', 'GET', s.url.replace('/api', ''), { headers: { accept: 'text/html' }, who: 'guest' });
        if (page.status === 200 && carriesLive(page.text, s.p)) rec.find(cat, 'High', `the guest page ${s.url.replace('/api', '')} carries ${s.p} unescaped`);
      }
      const home = await call('stored scripts in guest HTML pages', 'GET', '/universities', { headers: { accept: 'text/html' }, who: 'guest' });
      for (const p of payloads) if (carriesLive(home.text, p)) rec.find(cat, 'High', `the guest page /universities carries ${p} unescaped`);
    }
  }

  /* --- 5. hostile uploads --- */
  {
    const cat = 'hostile uploads';
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
    const docs4 = documents();
    const cases = {
      'HTML named .pdf': [docs4[0], docs4[1], { name: 'files', value: html, filename: 'results.pdf', contentType: 'application/pdf' }, docs4[3]],
      'SVG as image': [{ name: 'files', value: svg, filename: 'nrc.png', contentType: 'image/png' }, docs4[1], docs4[2], docs4[3]],
      'SVG declared image/svg+xml': [{ name: 'files', value: svg, filename: 'nrc.svg', contentType: 'image/svg+xml' }, docs4[1], docs4[2], docs4[3]],
      oversized: [
        { name: 'files', value: Buffer.concat([makePng(8, 8, [1, 2, 3]), Buffer.alloc(UPLOAD_MAX_FILE_BYTES + 10)]), filename: 'big.png', contentType: 'image/png' },
        docs4[1],
        docs4[2],
        docs4[3],
      ],
      'path in file name': [{ ...docs4[0], filename: '../../../../etc/passwd.png' }, docs4[1], docs4[2], docs4[3]],
    };
    let n = 0;
    for (const [name, files] of Object.entries(cases)) {
      n += 1;
      const m = multipart([{ name: 'application', value: JSON.stringify(applicationJson([programA.id], `77${n}${String(Date.now()).slice(-4)}/11/1`)) }, ...files]);
      const r = await call(cat, 'POST', '/api/applications', { token: other.token, body: m.body, headers: { 'content-type': m.contentType }, who: 'other' });
      if (name === 'path in file name') {
        if (r.status === 201) {
          const files2 = await call(cat, 'GET', `/api/files/application/${r.json.id ?? r.json.applicationId}`, { token: other.token, who: 'other' });
          if (files2.text.includes('../')) rec.find(cat, 'Low', 'a file name with ../ was stored as given');
        }
      } else if (r.status >= 200 && r.status < 300) rec.find(cat, 'High', `${name} was accepted (${r.status})`);
    }
    const noBoundary = await call(cat, 'POST', '/api/applications', { token: other.token, body: 'garbage', headers: { 'content-type': 'multipart/form-data' }, who: 'other' });
    if (noBoundary.status !== 400 && noBoundary.status !== 415) rec.find(cat, 'Low', `multipart without a boundary answered ${noBoundary.status}`);
    const garbage = await call(cat, 'POST', '/api/applications', { token: other.token, body: randomBytes(2000), headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, who: 'other' });
    if (garbage.status !== 400) rec.find(cat, 'Low', `a garbage multipart body answered ${garbage.status}`);
    // A stored file is served so a browser never runs it.
    const f = await call(cat, 'GET', `/api/files/${fileId}`, { token: owner.token, who: 'owner' });
    if (f.status === 200) {
      if (f.headers.get('x-content-type-options') !== 'nosniff') rec.find(cat, 'Low', 'a stored document is served without nosniff');
      if (/html|svg|xml/i.test(f.headers.get('content-type') ?? '')) rec.find(cat, 'High', `a stored document is served as ${f.headers.get('content-type')}`);
    }
  }

  /* --- 6. payment tampering --- */
  {
    const cat = 'payment tampering';
    if (pay.status !== 200 && pay.status !== 201) rec.find(cat, 'Info', `the owner could not start a payment (${pay.status}); tampering checks were limited`);
    if (pay.json && (pay.json.amount === 1 || pay.json.currency === 'USD')) rec.find(cat, 'High', `the amount or currency in the body was used (${pay.json.amount} ${pay.json.currency})`);
    rec.saw(cat, pay.status);
    const verify = await call(cat, 'GET', `/api/payments/verify/${reference}`, { token: other.token, who: 'other' });
    if (verify.status >= 200 && verify.status < 300) rec.find(cat, 'High', "another applicant verified the owner's payment reference");
    const verifyB = await call(cat, 'GET', `/api/payments/verify/${reference}`, { token: adminB.token, who: 'adminB' });
    if (verifyB.status >= 200 && verifyB.status < 300) rec.find(cat, 'High', "ADMIN of another university verified the owner's payment reference");
    const initOther = await call(cat, 'POST', '/api/payments/initiate', { token: other.token, json: { applicationId: appId }, who: 'other' });
    if (initOther.status >= 200 && initOther.status < 300) rec.find(cat, 'Medium', "another applicant started a payment for the owner's application");
    const body = JSON.stringify({ event: 'collection.successful', data: { reference, status: 'successful', amount: '1', currency: 'ZMW' } });
    for (const signature of [undefined, 'deadbeef', createHmac('sha512', 'wrong').update(body).digest('hex')]) {
      const hook = await call(cat, 'POST', '/api/payments/webhook', { body, headers: { 'content-type': 'application/json', ...(signature ? { 'x-lenco-signature': signature } : {}) }, who: 'guest' });
      if (hook.status >= 200 && hook.status < 300) rec.find(cat, 'High', `an unsigned or wrongly signed webhook was accepted (${hook.status})`);
    }
    const own = await call(cat, 'PUT', `/api/applications/${appId}`, { token: owner.token, json: { status: 'APPROVED', paymentStatus: 'successful' }, who: 'owner' });
    if (own.status >= 200 && own.status < 300) rec.find(cat, 'High', 'the applicant changed their own application status');
    const sandbox = await call(cat, 'POST', '/sandbox/lenco/outcome', { json: { key: 'pub-wrong', reference, outcome: 'successful' }, who: 'guest' });
    if (sandbox.status >= 200 && sandbox.status < 300) rec.find(cat, 'High', 'the sandbox took an outcome without its key');
    const after = await call(cat, 'GET', `/api/payments/verify/${reference}`, { token: owner.token, who: 'owner' });
    if (after.json && /success|paid/i.test(after.json.status ?? '')) rec.find(cat, 'High', 'the fee was marked paid without the provider');
  }

  /* --- 7. lockout against the owner --- */
  {
    const cat = 'lockout attempts (owner must get in)';
    const victim = await registerApplicant('victim');
    const known = await login(victim.email, PASSWORD); // the owner's phone: its device cookie
    for (let i = 0; i < 30; i += 1) await call(cat, 'POST', '/api/auth/login', { json: { email: victim.email, password: `Wrong-${i}-password` }, who: 'attacker' });
    const back = await call(cat, 'POST', '/api/auth/login', { json: { email: victim.email, password: PASSWORD }, headers: { cookie: known.cookie }, who: 'victim' });
    if (back.status !== 200) rec.find(cat, 'Medium', `after 30 failures the owner on a known device got ${back.status}`);
    const su = DEMO.find((d) => d.role === 'SUPERUSER');
    for (let i = 0; i < 12; i += 1) await call(cat, 'POST', '/api/auth/login', { json: { email: su.email, password: `Wrong-${i}-password` }, who: 'attacker' });
    const suBack = await call(cat, 'POST', '/api/auth/login', { json: { email: su.email, password: su.password }, headers: { cookie: superuser.cookie }, who: 'superuser' });
    if (suBack.status !== 200) rec.find(cat, 'Medium', `after 12 failures the SUPERUSER on a known device got ${suBack.status}`);
  }

  /* --- 8. spoofed X-Forwarded-For --- */
  {
    const cat = 'spoofed X-Forwarded-For';
    const target = await registerApplicant('xff');
    let limited = false;
    for (let i = 0; i < 20; i += 1) {
      const r = await call(cat, 'POST', '/api/auth/login', { json: { email: target.email, password: `Wrong-${i}-pass` }, headers: { 'x-forwarded-for': `203.0.113.${i + 10}` }, who: 'attacker' });
      if (r.status === 429) limited = true;
    }
    if (!limited) rec.find(cat, 'Medium', '20 failed sign-ins with rotating X-Forwarded-For were never slowed (429)');
    const audit = await call(cat, 'GET', `/api/audit?search=${encodeURIComponent(target.email)}&size=100`, { token: superuser.token, who: 'superuser' });
    if (/203\.0\.113\./.test(audit.text)) rec.find(cat, 'Medium', 'the audit log recorded an address the client wrote in X-Forwarded-For');
  }

  /* --- 9. slow clients --- */
  {
    const cat = 'slow clients (timeouts)';
    // The set timeout plus time for the server's timer sweep and the close to arrive.
    const limit = (Math.max(BODY_TIMEOUT_SECONDS, HEADERS_TIMEOUT_SECONDS) + 3) * 1000;
    const slowBody = slowClient(server.port, 'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{', { limitMs: limit + 5000 });
    const slowHeaders = slowClient(server.port, 'GET /api/universities HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', { limitMs: limit + 5000 });
    const silent = slowClient(server.port, 'GET /api/nothing-here HTTP/1.1\r\n', { trickle: false, limitMs: limit + 5000 });
    for (const [name, result] of [
      ['slowly sent body', await slowBody],
      ['slowly sent headers', await slowHeaders],
      ['half a request, then silence', await silent],
    ]) {
      rec.saw(cat, `${result.how === 'still open' ? 'open' : (result.answer.split(' ')[1] ?? 'cut')} after ${(result.ms / 1000).toFixed(1)} s`);
      if (result.how === 'still open' || result.ms > limit) rec.find(cat, 'Low', `${name}: connection held ${result.ms} ms (limit ${limit} ms)`);
    }
    rec.requests += 3;
  }

  /* --- 10. reset requests (for the secrets grep) and the junk-token audit bound --- */
  {
    const cat = 'reset and junk-token noise';
    await call(cat, 'POST', '/api/auth/request-reset', { json: { email: owner.email }, who: 'guest' });
    for (let i = 0; i < 20; i += 1) await call(cat, 'POST', '/api/auth/reset-password', { json: { token: randomBytes(24).toString('hex'), newPassword: PASSWORD }, who: 'guest' });
    for (let i = 0; i < 40; i += 1) await call(cat, 'GET', '/api/users/me/export', { token: `junk.${i}.token`, who: 'guest' });
    const audit = await call(cat, 'GET', '/api/audit?size=100', { token: superuser.token, who: 'superuser' });
    const rows = (audit.json?.content ?? audit.json?.items ?? []).filter((e) => /token|auth/i.test(`${e.action} ${e.outcome}`) && /junk|invalid|denied|refused/i.test(JSON.stringify(e)));
    if (rows.length > 20) rec.find(cat, 'Low', `40 junk-token requests wrote ${rows.length} audit rows`);
  }

  /* --- 11. erasure: another applicant deletes the account; staff answers keep no trace --- */
  {
    const cat = 'erasure (staff answers after DELETE /api/users/me)';
    const gone = await registerApplicant('erased');
    const goneNrc = `55${String(Date.now()).slice(-4)}/22/1`;
    const m = multipart([{ name: 'application', value: JSON.stringify(applicationJson([programA.id], goneNrc, { fullName: `Erased ${tag}`, email: gone.email })) }, ...documents()]);
    const sent = await call(cat, 'POST', '/api/applications', { token: gone.token, body: m.body, headers: { 'content-type': m.contentType }, who: 'erased' });
    const del = await call(cat, 'DELETE', '/api/users/me', { token: gone.token, json: { password: PASSWORD }, who: 'erased' });
    if (del.status !== 200 && del.status !== 204) rec.find(cat, 'Medium', `the applicant could not erase the account (${del.status})`);
    const traces = [gone.email, goneNrc, `Erased ${tag}`];
    for (const url of [
      `/api/users?search=${encodeURIComponent(gone.email)}`,
      '/api/users/students?size=100',
      '/api/applications?size=100',
      '/api/applications/export.csv',
      '/api/audit?size=100',
      sent.json ? `/api/applications/${sent.json.id ?? sent.json.applicationId}` : '/api/applications?size=1',
    ]) {
      for (const [who, token] of [
        ['superuser', superuser.token],
        ['adminA', adminA.token],
      ]) {
        const r = await call(cat, 'GET', url, { token, who });
        for (const t of traces) if (r.text.includes(t)) rec.find(cat, 'Medium', `${url} (${who}) still shows the erased applicant's ${t === goneNrc ? 'NRC' : t === gone.email ? 'e-mail' : 'name'}`);
      }
    }
    const back = await call(cat, 'POST', '/api/auth/login', { json: { email: gone.email, password: PASSWORD }, headers: { cookie: gone.cookie }, who: 'erased' });
    if (back.status === 200) rec.find(cat, 'High', 'the erased account can still sign in');
    const reuse = await call(cat, 'GET', '/api/users/me/export', { token: gone.token, who: 'erased' });
    if (reuse.status >= 200 && reuse.status < 300) rec.find(cat, 'High', "the erased account's token still works");
  }

  /* --- 12. secrets in responses and logs --- */
  {
    const cat = 'secrets in responses and logs';
    const log = server.log.join('');
    const ownTokens = new Map([
      [owner.token, 'owner'],
      [other.token, 'other'],
      [adminA.token, 'adminA'],
      [adminB.token, 'adminB'],
      [superuser.token, 'superuser'],
    ]);
    const emailOf = { owner: owner.email, other: other.email, adminA: admins[0].email, adminB: admins[1].email, superuser: DEMO.find((d) => d.role === 'SUPERUSER').email };
    rec.row(cat).tried = rec.bodies.length + 1;
    rec.row(cat).statuses.set(`${rec.bodies.length} bodies`, 1);
    rec.row(cat).statuses.set(`${Math.round(log.length / 1024)} KiB log`, 1);
    for (const b of rec.bodies) {
      if (/\$argon2(id|i|d)\$/.test(b.text)) rec.find(cat, 'High', `${b.method} ${b.url} (${b.who}) returned an argon2 hash`);
      if (/"passwordHash"|"password_hash"|"resetToken"|"reset_token"/.test(b.text)) rec.find(cat, 'High', `${b.method} ${b.url} (${b.who}) returned a password or reset field`);
      for (const [token, whose] of ownTokens) {
        if (b.text.includes(token) && b.who !== whose && b.who !== `login:${emailOf[whose]}`) rec.find(cat, 'High', `${b.method} ${b.url} (${b.who}) returned ${whose}'s token`);
      }
      if (!entitled.has(b.who) && b.status < 300 && b.text.includes(ownerNrc)) rec.find(cat, 'High', `${b.method} ${b.url} (${b.who}) returned the owner's NRC`);
      if (b.status >= 400 && /at .+\.(m?js|ts):\d+:\d+/.test(b.text)) rec.find(cat, 'Medium', `${b.method} ${b.url} returned a stack trace`);
    }
    if (/\$argon2(id|i|d)\$/.test(log)) rec.find(cat, 'Medium', 'the server log carries an argon2 hash');
    for (const [token, whose] of ownTokens) if (log.includes(token) || log.includes(token.split('.')[2])) rec.find(cat, 'Medium', `the server log carries ${whose}'s token`);
    if (/eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{20,}/.test(log)) rec.find(cat, 'Medium', 'the server log carries a JWT');
    if (log.includes(ownerNrc) || log.includes('999999/99/9')) rec.find(cat, 'Medium', 'the server log carries an NRC number');
    if (/reset-password\?token=|[?&]token=[\w-]{16,}/.test(log)) rec.find(cat, 'Medium', 'the server log carries a reset link');
    if (log.includes(PASSWORD)) rec.find(cat, 'High', 'the server log carries a password');
  }
  return rec;
}

/**
 * The front-door limit sends no rate headers, so its key is probed on a
 * server of its own with a small limit: requests that each claim another
 * address in X-Forwarded-For must still run out of one budget.
 */
async function frontDoorProbe(rec, extraEnv) {
  const cat = 'spoofed X-Forwarded-For';
  const perMinute = 30;
  // Its own Redis database: the main run's counts for 127.0.0.1 (same minute) would answer 429 at once.
  const redis = extraEnv.REDIS_URL ? { REDIS_URL: extraEnv.REDIS_URL.replace(/\/\d+$/, '') + '/12' } : {};
  const server = await startServer({ ...extraEnv, ...redis, RATE_LIMIT_PER_MINUTE: String(perMinute) });
  try {
    const call = makeClient(server.url, rec);
    let first429 = 0;
    for (let i = 1; i <= perMinute + 15; i += 1) {
      const r = await call(cat, 'GET', `/api/programs?page=${i}`, { headers: { 'x-forwarded-for': `198.51.100.${i}` }, who: 'guest' });
      if (r.status === 429 && !first429) first429 = i;
    }
    if (first429 === 1) rec.find(cat, 'Info', 'the front-door probe met 429 at once (counts left from a run less than a minute ago?): inconclusive');
    else if (first429 > perMinute + 1) rec.find(cat, 'Medium', `the front-door limit of ${perMinute}/min first answered 429 at request ${first429}`);
    if (!first429) rec.find(cat, 'Medium', `${perMinute + 15} requests, each with another X-Forwarded-For, never met the front-door limit of ${perMinute}/min`);
  } finally {
    await server.stop();
  }
}

/**
 * Empties the suite's own Redis databases (11 and 12 by default) of what an
 * earlier run left: per-address limits live for up to an hour there, and a
 * second run within it would meet them instead of the attacks. A few lines
 * of RESP, so the deploy package needs no Redis client.
 */
async function clearSuiteRedis(redisUrl) {
  const url = new URL(redisUrl);
  const resp = (...args) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
  const script = "local n = 0 for _, k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) n = n + 1 end return n";
  for (const db of [url.pathname.replace('/', '') || '0', '12']) {
    await new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port || 6379), url.hostname);
      socket.setTimeout(5000, () => socket.destroy(new Error('Redis did not answer in 5 s')));
      socket.on('error', reject);
      socket.on('close', resolve);
      socket.on('data', () => {});
      socket.write(resp('SELECT', db) + resp('EVAL', script, '0', 'portal:*') + resp('EVAL', script, '0', 'fastify-rate-limit-*') + resp('QUIT'));
    });
  }
}

/* ------------------------------------------------------------ configurations */

async function embedded() {
  const server = await startServer({});
  try {
    const secret = readFileSync(path.join(server.dataDir, 'jwt-secret'), 'utf8').trim();
    const rec = await attack(server, secret);
    await server.stop();
    await frontDoorProbe(rec, {});
    return rec;
  } finally {
    await server.stop();
  }
}

async function postgres() {
  const pg = require('pg');
  const S3rver = require('s3rver');
  const dbName = `attack_${randomBytes(4).toString('hex')}`;
  await clearSuiteRedis(REDIS_URL);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const s3Dir = mkdtempSync(path.join(tmpdir(), 'attack-s3-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
  const s3Address = await s3.run();
  const secret = randomBytes(36).toString('base64url');
  const dbUrl = new URL(PG_ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  let server;
  let env;
  try {
    env = {
      DATABASE_URL: dbUrl.toString(),
      JWT_SECRET: secret,
      REDIS_URL,
      S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
      S3_BUCKET: `attack-${randomBytes(3).toString('hex')}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    server = await startServer(env);
    const rec = await attack(server, secret);
    await server.stop();
    await frontDoorProbe(rec, env);
    return rec;
  } finally {
    if (server) await server.stop();
    await s3.close();
    rmSync(s3Dir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

function printTable(name, rec) {
  const rows = [...rec.rows.values()].filter((r) => r.category !== 'setup');
  const lines = [`\n## ${name} (${rec.requests} requests)\n`, '| category | tried | got | verdict |', '| --- | --- | --- | --- |'];
  let worst = 'OK';
  for (const r of rows) {
    const got = [...r.statuses.entries()]
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    const verdict = r.findings.length === 0 ? 'OK' : r.findings.map((f) => `**${f.severity}**: ${f.text}`).join('<br>');
    for (const f of r.findings) if (worst === 'OK' || SEVERITY_RANK[f.severity] > SEVERITY_RANK[worst]) worst = f.severity;
    lines.push(`| ${r.category} | ${r.tried} | ${got} | ${verdict} |`);
  }
  console.log(lines.join('\n'));
  return worst;
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) {
    console.error('server/dist/server.mjs is missing: build it first (npm run build -w portal-server).');
    process.exit(2);
  }
  const wanted = (process.argv.find((a) => a.startsWith('--config=')) ?? '--config=both').split('=')[1];
  const configs = wanted === 'both' ? ['embedded', 'postgres'] : [wanted];
  const started = Date.now();
  let failed = false;
  for (const name of configs) {
    const t0 = Date.now();
    let rec;
    try {
      rec = name === 'embedded' ? await embedded() : name === 'postgres' ? await postgres() : null;
      if (!rec) throw new Error(`unknown configuration ${name} (embedded, postgres or both)`);
    } catch (error) {
      console.error(`\n## ${name}: the suite could not run: ${error.stack ?? error}`);
      failed = true;
      continue;
    }
    const worst = printTable(name === 'embedded' ? 'embedded default (PGlite, local files)' : 'PostgreSQL + Redis + S3 (s3rver)', rec);
    console.log(`\n${name}: worst finding ${worst}; ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    if (worst !== 'OK' && worst !== 'Info') failed = true;
  }
  console.log(`\nattack suite: ${failed ? 'FINDINGS above Info (or a configuration failed)' : 'nothing above Info'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(failed ? 1 : 0);
}

await main();
