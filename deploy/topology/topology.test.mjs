// The production topology on this machine, reached through nginx only: Debian's
// nginx running the shipped deploy/nginx/portal.conf in front of two API
// instances (the portal server's built bundle, server/dist/server.mjs, as the
// image runs it: /api and guests' pages rendered from the deployed web root) on
// a PostgreSQL database created for the run, Redis and an S3-compatible store
// (s3rver), with the web root filled by deploy/tools/deploy-remote.mjs alone.
// An applicant registers, applies with four documents and pays in the sandbox;
// four documents go up in resumable (tus) chunks spread over the instances;
// a university's ADMIN decides (each SMS sent once by the two instances); a
// remote is deployed to a new version and rolled back, over HTTP and in
// Chromium with the applicant's page open and an ADMIN opening the application;
// one instance is killed with SIGKILL during a burst of submissions.
//
//   npm run test:topology     (after a build; .ci/run runs it after npm test)
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fillMultipartGaps } from '../../api/test/helpers/s3rver-multipart.mjs';
import { makePdf, makePng } from '../e2e/sample-files.mjs';
import { freePort, prepareNginx, startNginx, testNginx } from '../tools/nginx-local.mjs';
import { collectPageErrors, desktopPage, launchBrowser, phonePage, searchApplications, signIn } from '../e2e/harness.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const POSTGRES_URL = process.env.TOPOLOGY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// A Redis database of its own, emptied at the start: the per-address limits (30 new accounts an
// hour from one address) would otherwise carry over from the last run and refuse this one's.
const REDIS_URL = process.env.TOPOLOGY_REDIS_URL ?? 'redis://127.0.0.1:6379/9';

/** FLUSHDB on the run's own Redis database, in Redis's wire protocol (no client library needed here). */
function emptyRedisDatabase(url) {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port || 6379), hostname, () => socket.write(`SELECT ${pathname.slice(1) || '0'}\r\nFLUSHDB\r\n`));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
      if ((answer.match(/\r\n/g) ?? []).length < 2) return;
      socket.end();
      if (
        answer
          .split('\r\n')
          .slice(0, 2)
          .every((line) => line === '+OK')
      )
        resolve();
      else reject(new Error(`Redis answered ${answer.trim()}`));
    });
    socket.on('error', reject);
  });
}
const RUN = randomBytes(4).toString('hex');
const PASSWORD = 'Correct-Horse-42';
const logins = JSON.parse(readFileSync(path.join(ROOT, 'deploy', 'demo-logins.json'), 'utf8')).logins;
const admin = logins.find((l) => l.role === 'ADMIN' && l.university === 'University of Zambia');

function requireBuilt() {
  const needed = ['server/dist/server.mjs', 'shell/dist/index.html', ...['mfe-public', 'mfe-applicant', 'mfe-staff'].map((p) => `${p}/dist/remoteEntry.js`)];
  const missing = needed.filter((file) => !existsSync(path.join(ROOT, file)));
  if (missing.length) throw new Error(`Build first (npm run build): missing ${missing.join(', ')}`);
}

function deployRemote(...args) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'deploy', 'tools', 'deploy-remote.mjs'), ...args], { encoding: 'utf8' });
  assert.equal(result.status, 0, `deploy-remote ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

function startInstance(name, port, env) {
  const child = spawn(process.execPath, [path.join(ROOT, 'server', 'dist', 'server.mjs')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    name,
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async ready(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited: ${output}`);
        try {
          if ((await fetch(`${this.url}/api/ready`, { signal: AbortSignal.timeout(2000) })).ok) return;
        } catch {
          /* not listening yet */
        }
        if (Date.now() > deadline) throw new Error(`${name} not ready: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

describe('the production topology, through nginx only', { timeout: 170_000 }, () => {
  let web;
  let nginx;
  let prepared;
  let s3;
  let s3Dir;
  let dbName;
  let pool;
  const instances = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-topology-data-'));
  const webRoot = mkdtempSync(path.join(tmpdir(), 'portal-topology-web-'));

  const api = async (method, url, { token, json, form } = {}) => {
    const res = await fetch(`${web}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : form,
    });
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: res.status, body, headers: res.headers };
  };

  async function registerApplicant(label) {
    const email = `topology-${label}-${RUN}@example.test`;
    const registered = await api('POST', '/api/auth/register', {
      json: { firstName: 'Topology', lastName: `Applicant ${label}`, email, phone: '+260971234567', password: PASSWORD, confirmPassword: PASSWORD, consent: true },
    });
    assert.equal(registered.status, 201, JSON.stringify(registered.body));
    const signedIn = await api('POST', '/api/auth/login', { json: { email, password: PASSWORD } });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    return signedIn.body.token;
  }

  function applicationForm(programId, n) {
    const form = new FormData();
    form.append(
      'application',
      JSON.stringify({
        programIds: [programId],
        status: 'PENDING',
        fullName: `Topology Applicant ${n}`,
        gender: 'Female',
        phoneNumber: '+260 971 234 567',
        email: `topology-${n}-${RUN}@example.test`,
        dateOfBirth: '2004-05-17',
        nationality: 'Zambian',
        province: 'Lusaka',
        nationalRegNumber: `${100000 + n}/10/1`,
        submissionDetails: 'Grade 12 certificate 2022',
        city: 'Lusaka',
        country: 'Zambia',
        highestQualification: 'Grade 12',
        institutionAttended: 'Kabulonga Girls Secondary School',
        programNotes: 'Interested in software',
      }),
    );
    form.append('files', new Blob([makePng(64, 48, [20, 90, 200])], { type: 'image/png' }), 'nrc-front.png');
    form.append('files', new Blob([makePng(64, 48, [200, 30, 90])], { type: 'image/png' }), 'nrc-back.png');
    form.append('files', new Blob([makePdf(`Results ${n}`)], { type: 'application/pdf' }), 'results.pdf');
    form.append('files', new Blob([makePdf(`Certificate ${n}`)], { type: 'application/pdf' }), 'certificate.pdf');
    return form;
  }

  let programId;

  before(async () => {
    requireBuilt();
    // nginx's workers (not root) read it, as they read /srv/web.
    chmodSync(webRoot, 0o755);
    // The web root, by the deploy tool only.
    deployRemote('deploy', 'shell', '--web-root', webRoot);
    for (const pkg of ['mfe-public', 'mfe-applicant', 'mfe-staff']) deployRemote('deploy', pkg, '--web-root', webRoot);

    if (!process.env.TOPOLOGY_REDIS_URL) await emptyRedisDatabase(REDIS_URL);
    dbName = `portal_topology_${RUN}`;
    const adminClient = new pg.Client({ connectionString: POSTGRES_URL });
    await adminClient.connect();
    await adminClient.query(`create database ${dbName}`);
    await adminClient.end();
    const dbUrl = new URL(POSTGRES_URL);
    dbUrl.pathname = `/${dbName}`;
    pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });

    const S3rver = require('s3rver');
    s3Dir = mkdtempSync(path.join(tmpdir(), 'portal-topology-s3-'));
    // With the two multipart calls s3rver lacks and the tus S3 store needs (ListParts, abort).
    s3 = fillMultipartGaps(new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir }));
    const s3Address = await s3.run();

    const nginxPort = await freePort();
    web = `http://127.0.0.1:${nginxPort}`;
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PUBLIC_URL: web,
      // As deploy/compose.yaml ships it.
      TRUST_PROXY: '1',
      PORTAL_SERVE_WEB: 'false',
      PORTAL_RENDER_PAGES: 'true',
      PORTAL_WEB_LAYOUT: 'deployed',
      PORTAL_WEB_ROOT: webRoot,
      PORTAL_DATA_DIR: dataDir,
      // The demo universities and their ADMINs; payments in the offline sandbox (no Lenco keys).
      PORTAL_DEMO_DATA: 'true',
      // A trial deployment: no Lenco keys, so the sandbox must be asked for by name.
      LENCO_SANDBOX: 'true',
      // SMS in the offline sandbox, stored in the database both instances share.
      SMS_SANDBOX: 'true',
      S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
      S3_BUCKET: `portal-topology-${RUN}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SHUTDOWN_GRACE_MS: '0',
    };
    const ports = [await freePort(), await freePort()];
    for (const [i, port] of ports.entries()) instances.push(startInstance(`api-${i + 1}`, port, env));
    await Promise.all(instances.map((instance) => instance.ready()));

    prepared = prepareNginx({ upstreams: ports.map((port) => `127.0.0.1:${port}`), port: nginxPort, webRoot });
    nginx = await startNginx(prepared);

    const programs = await api('GET', '/api/programs');
    const universities = await api('GET', '/api/universities');
    const unza = universities.body.find((u) => u.name === admin.university);
    programId = programs.body.find((p) => p.universityId === unza.id).id;
  });

  after(async () => {
    await nginx?.stop();
    prepared?.cleanup();
    await Promise.allSettled(instances.map((instance) => instance.stop()));
    await pool?.end().catch(() => {});
    if (dbName) {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${dbName} with (force)`);
      await client.end();
    }
    await s3?.close();
    for (const dir of [dataDir, webRoot, s3Dir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes nginx -t on the exact shipped config', () => {
    const result = testNginx(prepared);
    assert.ok(result.ok, result.output);
  });

  it('serves the deployed shell, remotes and manifest', async () => {
    const manifest = await api('GET', '/remotes.json');
    assert.equal(manifest.status, 200, JSON.stringify(manifest.body));
    assert.equal(manifest.headers.get('cache-control'), 'no-store');
    for (const name of ['mfe_public', 'mfe_applicant', 'mfe_staff']) {
      // Each remote: its entry and the page manifest of that version.
      assert.match(manifest.body[name].entry, /^\/remotes\/mfe-[a-z]+\/[^/]+\/remoteEntry\.js$/);
      assert.ok(manifest.body[name].pages.pages.length > 0, `${name} declares its pages`);
      const entry = await fetch(`${web}${manifest.body[name].entry}`);
      assert.equal(entry.status, 200, manifest.body[name].entry);
      assert.equal(entry.headers.get('cache-control'), 'no-cache');
      await entry.arrayBuffer();
    }
    const home = await fetch(`${web}/home`);
    assert.equal(home.status, 200);
    assert.match(await home.text(), /<div id="root">/);
  });

  it("renders guests' pages on the API instances, and allows the page's inline script by the generated hash wherever the page comes from", async () => {
    const { scriptSrc } = JSON.parse(readFileSync(path.join(webRoot, 'page-csp.json'), 'utf8'));
    assert.equal(scriptSrc.length, 1);
    const scriptSrcOf = (response) =>
      response.headers
        .get('content-security-policy')
        .split(';')
        .find((d) => d.trim().startsWith('script-src'));
    // Rendered by an instance from the deployed shell and mfe-public.
    const home = await fetch(`${web}/home`);
    assert.match(await home.text(), /<div id="root">(<!--\$-->)*<div data-remote="mfe_public"/, 'the page arrives rendered, with the public remote inside');
    assert.ok(scriptSrcOf(home).includes(scriptSrc[0]), scriptSrcOf(home));
    // Not renderable (needs a session): the instances answer 404 and nginx sends its static page with its own policy.
    const dashboard = await fetch(`${web}/dashboard`);
    assert.equal(dashboard.status, 200);
    assert.match(await dashboard.text(), /<div id="?root"?><\/div>/);
    assert.ok(scriptSrcOf(dashboard).includes(scriptSrc[0]), scriptSrcOf(dashboard));
  });

  it('takes an application with four documents, its fee in the sandbox, and an ADMIN decision', async () => {
    const token = await registerApplicant('journey');
    const created = await api('POST', '/api/applications', { token, form: applicationForm(programId, 0) });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { id } = created.body;
    assert.equal(created.body.application.files.length, 4);
    for (const file of created.body.application.files) {
      const download = await fetch(`${web}${file.url}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(download.status, 200, file.url);
      await download.arrayBuffer();
    }

    const started = await api('POST', '/api/payments/initiate', { token, json: { applicationId: id } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const config = await api('GET', '/api/payments/config', { token });
    const paid = await api('POST', '/sandbox/lenco/outcome', {
      json: { key: config.body.publicKey, reference: started.body.reference, amount: started.body.amount, currency: started.body.currency, channel: 'mobile-money', outcome: 'success' },
    });
    assert.ok(paid.status < 300, JSON.stringify(paid.body));
    const verified = await api('GET', `/api/payments/verify/${started.body.reference}`, { token });
    assert.equal(verified.status, 200, JSON.stringify(verified.body));
    assert.equal(verified.body.status, 'successful', JSON.stringify(verified.body));

    const staff = await api('POST', '/api/auth/login', { json: { email: admin.email, password: admin.password } });
    assert.equal(staff.status, 200, JSON.stringify(staff.body));
    const decided = await api('PUT', `/api/applications/${id}`, { token: staff.body.token, json: { status: 'APPROVED', programId } });
    assert.equal(decided.status, 200, JSON.stringify(decided.body));
    const seen = await api('GET', `/api/applications/${id}`, { token });
    assert.equal(seen.body.status, 'APPROVED');

    // Both instances drain the one SMS outbox (issue 18): once this application's texts are sent
    // (the payment, raced by the provider's notification and the verify call, and the decision),
    // the sandbox holds each exactly once.
    const mine = (text) => new RegExp(`#${id}(?!\\d)`).test(text);
    const deadline = Date.now() + 60_000;
    let outbox = [];
    while (Date.now() < deadline) {
      outbox = (await pool.query(`select event, status, body from sms_outbox where body like $1`, [`%#${id}%`])).rows.filter((row) => mine(row.body));
      if (outbox.length === 2 && outbox.every((row) => row.status === 'sent')) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.deepEqual(outbox.map((row) => [row.event, row.status]).sort(), [
      ['DECISION', 'sent'],
      ['PAYMENT', 'sent'],
    ]);
    const sandbox = await fetch(`${instances[0].url}/sandbox/sms?format=json&to=${encodeURIComponent('+260971234567')}`);
    assert.equal(sandbox.status, 200);
    const texts = (await sandbox.json()).messages.map((m) => m.text).filter(mine);
    assert.equal(texts.length, 2, texts.join('\n'));
    assert.deepEqual(texts.sort(), outbox.map((row) => row.body).sort());
  });

  it('takes four documents in resumable chunks through nginx and the instances behind it, and an application that names them', async () => {
    const token = await registerApplicant('resumable');
    const documents = {
      NRC_FRONT: ['nrc-front.png', makePng(64, 48, [20, 90, 200])],
      NRC_BACK: ['nrc-back.png', makePng(64, 48, [200, 30, 90])],
      ACADEMIC_RESULTS: ['results.pdf', makePdf('Results resumable')],
      CERTIFICATE: ['certificate.pdf', makePdf('Certificate resumable')],
    };
    const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` };
    const b64 = (text) => Buffer.from(text).toString('base64');
    const uploadIds = {};
    for (const [documentType, [filename, bytes]] of Object.entries(documents)) {
      const created = await fetch(`${web}/api/uploads`, {
        method: 'POST',
        headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': `documentType ${b64(documentType)},filename ${b64(filename)}` },
      });
      assert.equal(created.status, 201, await created.text());
      const location = created.headers.get('location');
      // Small chunks, so each document's bytes go through several requests, which nginx spreads over the instances.
      const chunk = Math.ceil(bytes.length / 4);
      for (let offset = 0; offset < bytes.length; offset += chunk) {
        const sent = await fetch(`${web}${location}`, {
          method: 'PATCH',
          headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
          body: bytes.subarray(offset, offset + chunk),
        });
        assert.equal(sent.status, 204, await sent.text());
      }
      const offset = await fetch(`${web}${location}`, { method: 'HEAD', headers: tus });
      assert.equal(offset.headers.get('upload-offset'), String(bytes.length));
      uploadIds[documentType] = location.split('/').pop();
    }
    const fields = JSON.parse(applicationForm(programId, 11).get('application'));
    const created = await api('POST', '/api/applications', { token, json: { ...fields, documentUploads: uploadIds } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    for (const file of created.body.application.files) {
      const download = await fetch(`${web}${file.url}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(download.status, 200, file.url);
      assert.ok(Buffer.from(await download.arrayBuffer()).equals(documents[file.documentType][1]), file.documentType);
    }
    // Nothing of the uploads is left in the bucket beside the stored documents.
    const leftovers = readdirSync(s3Dir, { recursive: true }).filter((name) => Object.values(uploadIds).some((id) => String(name).includes(id)));
    assert.deepEqual(leftovers, []);
  });

  it('deploys a remote to a new version and rolls it back while a session keeps working', async () => {
    const token = await registerApplicant('rollout');
    const manifestNow = async () => (await api('GET', '/remotes.json')).body.mfe_public.entry;
    const first = await manifestNow();
    const deployed = JSON.parse(deployRemote('deploy', 'mfe-public', '--web-root', webRoot, '--version', `9.9.9-topology-${RUN}`));
    assert.equal(await manifestNow(), deployed.entry, 'the manifest names the new version');
    for (const entry of [deployed.entry, first]) {
      // The new version for new page loads; the old one for pages still open.
      const res = await fetch(`${web}${entry}`);
      assert.equal(res.status, 200, entry);
      await res.arrayBuffer();
    }
    const page = await fetch(`${web}/home`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="root">/);
    assert.equal((await api('GET', '/api/payments/config', { token })).status, 200, 'the session goes on');

    deployRemote('rollback', 'mfe-public', '--web-root', webRoot, '--to', first.split('/')[3]);
    assert.equal(await manifestNow(), first, 'rolled back');
    assert.equal((await fetch(`${web}/home`)).status, 200);
    assert.equal((await api('GET', '/api/payments/config', { token })).status, 200);
  });

  it('in Chromium through nginx: an applicant and an ADMIN work while the applicant remote is deployed and rolled back', async () => {
    const email = `topology-browser-${RUN}@example.test`;
    const registered = await api('POST', '/api/auth/register', {
      json: { firstName: 'Browser', lastName: 'Applicant', email, phone: '0971234567', password: PASSWORD, confirmPassword: PASSWORD, consent: true },
    });
    assert.equal(registered.status, 201, JSON.stringify(registered.body));
    const token = (await api('POST', '/api/auth/login', { json: { email, password: PASSWORD } })).body.token;
    const created = await api('POST', '/api/applications', { token, form: applicationForm(programId, 7) });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const applicationId = created.body.id;

    const browser = await launchBrowser();
    try {
      // The applicant on a phone: sign in, the list, the detail with its documents.
      const page = await phonePage(browser);
      const errors = collectPageErrors(page);
      const entries = [];
      page.on('request', (request) => {
        if (/\/mfe-applicant\/[^/]+\/remoteEntry[^/]*\.js/.test(request.url())) entries.push(new URL(request.url()).pathname);
      });
      await signIn(page, web, { email, password: PASSWORD });
      await page.goto(`${web}/applications`);
      const detailLink = page.getByRole('link', { name: /View details of application/ }).first();
      await detailLink.waitFor({ timeout: 30_000 });
      const firstEntry = entries.at(-1);
      assert.ok(firstEntry, 'the applicant remote was loaded through nginx');

      // A new version of the applicant remote while the page stays open: the open page goes on.
      const deployed = JSON.parse(deployRemote('deploy', 'mfe-applicant', '--web-root', webRoot, '--version', `9.9.9-browser-${RUN}`));
      await detailLink.click();
      await page.waitForURL(`${web}/applications/${applicationId}`);
      await page.getByText('results.pdf', { exact: false }).first().waitFor({ timeout: 30_000 });
      // The next page load takes the new version.
      await page.reload();
      await page.getByText('results.pdf', { exact: false }).first().waitFor({ timeout: 30_000 });
      assert.equal(entries.at(-1), deployed.entry, 'a reload loads the deployed version');

      // Rolled back: the next load takes the old version again, and the session is still on.
      deployRemote('rollback', 'mfe-applicant', '--web-root', webRoot, '--to', firstEntry.split('/')[3]);
      await page.reload();
      await page.getByText('results.pdf', { exact: false }).first().waitFor({ timeout: 30_000 });
      assert.equal(entries.at(-1), firstEntry, 'a reload after the rollback loads the old version');
      assert.deepEqual(errors, [], 'no page error on the applicant side');

      // The university's ADMIN on a desktop finds the application in the staff list and opens it.
      const staffPage = await desktopPage(browser);
      const staffErrors = collectPageErrors(staffPage);
      await signIn(staffPage, web, { email: admin.email, password: admin.password });
      await staffPage.goto(`${web}/applications`);
      await searchApplications(staffPage, 'Topology Applicant 7');
      await staffPage.getByRole('link', { name: 'View application of Topology Applicant 7' }).click({ timeout: 30_000 });
      await staffPage.waitForURL(`${web}/applications/${applicationId}`);
      await staffPage.getByRole('heading', { name: 'Topology Applicant 7' }).waitFor({ timeout: 30_000 });
      // The documents come from the S3 store through the instances and nginx.
      await staffPage.getByRole('button', { name: 'Open NRC front or passport' }).waitFor({ timeout: 30_000 });
      await staffPage.getByRole('link', { name: 'Open Certificate (PDF)' }).waitFor({ timeout: 30_000 });
      assert.deepEqual(staffErrors, [], 'no page error on the staff side');
    } finally {
      await browser.close();
    }
  });

  it('takes the address nginx saw, never one the client wrote in X-Forwarded-For (as the audit and the limits read it)', async () => {
    // Issue 21 finding 3: nginx replaces the header and the instances trust exactly that one hop.
    const email = `forged-${RUN}@example.test`;
    for (const forged of ['203.0.113.9', '198.51.100.7, 203.0.113.10']) {
      const res = await fetch(`${web}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
        body: JSON.stringify({ email, password: 'Not-the-password-1' }),
      });
      assert.ok(res.status === 400 || res.status === 401, `refused sign-in answered ${res.status}`);
      await res.arrayBuffer();
    }
    const { rows } = await pool.query(`select ip from audit_log where actor_email = $1 and action = 'auth.login'`, [email]);
    assert.deepEqual(
      rows.map((row) => row.ip),
      ['127.0.0.1', '127.0.0.1'],
    );
  });

  it('loses no acknowledged submission when an instance is killed during a burst', async (t) => {
    const applicants = [];
    for (let i = 0; i < 12; i++) applicants.push(await registerApplicant(`burst-${i}`));
    const acknowledged = [];
    let refused = 0;
    let killedAt = null;
    const submit = async (token, n) => {
      try {
        const res = await api('POST', '/api/applications', { token, form: applicationForm(programId, n) });
        if (res.status === 201) acknowledged.push({ id: res.body.id, token, after: killedAt !== null });
        else refused += 1;
      } catch {
        refused += 1;
      }
    };
    // Six at a time; the first instance dies once the burst is under way.
    const queue = applicants.map((token, i) => [token, i + 1]);
    const workers = Array.from({ length: 6 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if (killedAt === null && acknowledged.length >= 3) {
          killedAt = Date.now();
          instances[0].child.kill('SIGKILL');
        }
        await submit(...next);
      }
    });
    await Promise.all(workers);
    assert.ok(killedAt !== null, 'the instance was killed during the burst');
    t.diagnostic(`${acknowledged.length} acknowledged (${acknowledged.filter((a) => a.after).length} sent after the kill), ${refused} refused`);
    assert.equal(acknowledged.length + refused, applicants.length);
    assert.ok(
      acknowledged.some((a) => a.after),
      'submissions after the kill were served by the other instance',
    );

    // Every acknowledged submission is whole, in the database and the store, read through nginx.
    for (const { id, token } of acknowledged) {
      const read = await api('GET', `/api/applications/${id}`, { token });
      assert.equal(read.status, 200, `application ${id}`);
      assert.equal(read.body.files.length, 4, `application ${id} has its four documents`);
      for (const file of read.body.files) {
        const download = await fetch(`${web}${file.url}`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(download.status, 200, `${file.url} of application ${id}`);
        await download.arrayBuffer();
      }
    }
    // Nothing half-written: no application without exactly four documents.
    const torn = await pool.query('select a.id from applications a where (select count(*) from application_files f where f.application_id = a.id) <> 4');
    assert.deepEqual(torn.rows, []);
  });
});
