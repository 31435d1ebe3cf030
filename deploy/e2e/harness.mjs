/**
 * End-to-end harness: the real portal (node server/dist/server.mjs: API, shell
 * and remotes on one port, embedded PGlite in a temporary data folder, demo data on)
 * and headless Debian Chromium through playwright-core.
 *
 * It assumes the bundles are built (`npm test` builds them first; `npm start`
 * builds what is missing).
 *
 *   const portal = await startPortal({ env: { PORTAL_REMOTE_MFE_STAFF_URL: '...' } });
 *   const browser = await launchBrowser();
 *   const page = await desktopPage(browser);   // or phonePage(browser)
 *   await page.goto(portal.url + '/login');
 *   ...
 *   await browser.close(); await portal.stop();
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'server', 'dist', 'server.mjs');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1366, height: 900 };

/** The shell's message for a remote that cannot be loaded. */
export const REMOTE_UNAVAILABLE_MESSAGE = 'This part of the portal is temporarily unavailable. Please try again later.';

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Fails with a clear message when a bundle the journeys need is not built. */
export function assertBuilt() {
  const missing = [
    SERVER_ENTRY,
    path.join(REPO_ROOT, 'shell', 'dist', 'index.html'),
    ...['mfe-public', 'mfe-applicant', 'mfe-staff'].map((r) => path.join(REPO_ROOT, r, 'dist', 'remoteEntry.js')),
  ].filter((file) => !existsSync(file));
  if (missing.length) throw new Error(`Build first (npm test builds everything; or npm start). Missing:\n  ${missing.join('\n  ')}`);
}

async function waitForReady(url, child, logs, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The portal exited with code ${child.exitCode} before it was ready:\n${logs.join('')}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The portal was not ready within ${timeoutMs} ms (${lastError}):\n${logs.join('').slice(-4000)}`);
}

const SEEDED_PREFIX = 'portal-e2e-seeded-';
const HOUR_MS = 3_600_000;

/** The built server and the migrations it runs: a seeded folder is good for this build only. */
function buildKey() {
  const hash = createHash('sha256').update(readFileSync(SERVER_ENTRY));
  const migrations = path.join(REPO_ROOT, 'api', 'drizzle');
  for (const entry of readdirSync(migrations, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .sort((a, b) => path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)))) {
    hash.update(path.relative(migrations, path.join(entry.parentPath, entry.name))).update(readFileSync(path.join(entry.parentPath, entry.name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A data folder holding a migrated embedded database with the demo data, made
 * once per build and hour and copied for every portal: migrating and seeding
 * is most of a portal's start (over 60 s on a loaded machine), and it is the
 * same work each time. The hour in its name keeps the demo intakes' dates,
 * counted from when they were seeded, as near to now as a fresh seed's. Two
 * journeys starting together may both make it; the first rename wins.
 */
async function seededDataDir(timeoutMs) {
  const hour = Math.floor(Date.now() / HOUR_MS);
  const key = buildKey();
  const folder = path.join(tmpdir(), `${SEEDED_PREFIX}${key}-${hour}`);
  // Made aside and renamed when whole: there under its name means ready.
  if (existsSync(folder)) return folder;
  for (const name of readdirSync(tmpdir())) {
    const made = Number(name.startsWith(SEEDED_PREFIX) ? name.split('-').at(-1) : NaN);
    // Older than the previous hour: no journey can still be copying it.
    if (made < hour - 1) rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
  }
  const making = mkdtempSync(path.join(tmpdir(), 'portal-e2e-seeding-'));
  const portal = await launchPortal(making, {}, timeoutMs);
  await portal.stop({ keepData: true });
  try {
    renameSync(making, folder);
  } catch {
    // Another journey made it first: theirs is the same.
    rmSync(making, { recursive: true, force: true });
  }
  return folder;
}

/**
 * Starts the built portal on a free port with an embedded database of its own
 * holding the demo data and nothing else (a copy of the seeded folder;
 * FRESH_SEED=1 migrates and seeds each one instead).
 * Returns { url, port, dataDir, logs, stop() }.
 *
 * The time limit is generous: migrating and seeding took over 60 s on a loaded
 * machine (two journeys and a CPU hog on two cores: issue 20's ten runs), and
 * how soon the portal is ready is not what a journey tests.
 * @param {{ env?: Record<string, string>, timeoutMs?: number }} [options]
 */
export async function startPortal({ env = {}, timeoutMs = 180_000 } = {}) {
  assertBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  if (!process.env.FRESH_SEED) cpSync(await seededDataDir(timeoutMs), dataDir, { recursive: true });
  return launchPortal(dataDir, env, timeoutMs);
}

async function launchPortal(dataDir, env, timeoutMs) {
  const port = await freePort();
  const childEnv = { ...process.env };
  // The journeys always run on the embedded database, whatever the caller's shell has.
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PORTAL_DATA_DIR: dataDir,
    PORTAL_DEMO_DATA: 'true',
    // Production takes the offline payment sandbox only when enabled by name.
    LENCO_SANDBOX: 'true',
    PORTAL_SERVE_WEB: 'true',
    PORTAL_ROOT: REPO_ROOT,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...env,
  });
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs = [];
  const keep = (chunk) => {
    logs.push(chunk.toString());
    if (logs.length > 400) logs.splice(0, logs.length - 400);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));

  let stopped = false;
  async function stop({ keepData = false } = {}) {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  }

  try {
    await waitForReady(url, child, logs, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, logs, stop };
}

/** Headless Debian Chromium. */
export async function launchBrowser() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A phone-sized context (390×844, touch) and its first page. */
export async function phonePage(browser, options = {}) {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true, ...options });
  return context.newPage();
}

/** A desktop context (1366×900) and its first page. */
export async function desktopPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, ...options });
  return context.newPage();
}

/**
 * The demo logins: from the file the API writes when it seeds (data folder),
 * else from deploy/demo-logins.json (kept in step with api/src/modules/demo/data.ts).
 * @returns {{ role: string, email: string, password: string, university?: string }[]}
 */
export function demoLogins(dataDir) {
  const candidates = [dataDir && path.join(dataDir, 'demo-logins.json'), path.join(REPO_ROOT, 'deploy', 'demo-logins.json')].filter(Boolean);
  for (const file of candidates) {
    if (!existsSync(file)) continue;
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    const list = Array.isArray(parsed) ? parsed : parsed.logins;
    if (Array.isArray(list) && list.length) return list;
  }
  throw new Error('No demo logins found');
}

/**
 * Signs in through the real /login form and waits for /dashboard.
 *
 * It types once the app has taken the server-rendered form over, as every other
 * journey acts on adopted elements: what a visitor types and sends before that
 * is its own journey (server-rendered.e2e.mjs holds the scripts back to make
 * that moment certain instead of leaving it to the machine's speed). A sign-in
 * that does not reach /dashboard fails with what the page said, not a bare
 * timeout.
 */
export async function signIn(page, baseUrl, { email, password }) {
  await page.goto(`${baseUrl}/login`);
  const button = page.getByRole('button', { name: 'Sign In' });
  await whenInteractive(button);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  await button.click();
  const refusal = page.locator('form').getByRole('alert').first();
  const outcome = await Promise.race([
    page.waitForURL(`${baseUrl}/dashboard`, { timeout: 20_000 }).then(
      () => 'dashboard',
      (error) => error,
    ),
    // Only a refusal decides this race; if none shows, the address does.
    refusal.waitFor({ timeout: 20_000 }).then(
      () => 'refused',
      () => new Promise(() => {}),
    ),
  ]);
  if (outcome instanceof Error) {
    // Say where it stopped, so a failure in CI can be diagnosed from its log alone.
    const form = await textFor(page, 'form', 200);
    throw new Error(`Sign-in as ${email} did not reach /dashboard within 20 s: the page is at ${page.url()}; form: ${form}`, { cause: outcome });
  }
  if (outcome === 'refused') throw new Error(`Sign-in as ${email} was refused: ${(await refusal.textContent())?.trim()}`);
}

/**
 * Types `text` into the staff applications list's Search and waits for the
 * list searched with it. The search is debounced and the rows shown stay, out
 * of reach, while the searched list loads: a row of the unsearched list tapped
 * in that moment is lost (its press and release land on different elements),
 * as a person would see, so a journey acts on the searched list, as a person
 * does. Loaded CI runs of two journeys timed out here before they waited.
 */
export async function searchApplications(page, text) {
  const searched = page.waitForResponse((r) => r.url().includes('/api/applications?') && new URL(r.url()).searchParams.get('search') === text, { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await searched;
}

/** The first `selector`'s text on one line, cut to `length`, for a failure's message. */
async function textFor(page, selector, length) {
  const text = await page
    .locator(selector)
    .first()
    .innerText()
    .catch(() => `(no ${selector})`);
  return text.replace(/\s+/g, ' ').slice(0, length);
}

/**
 * Clicks `locator` and waits until the page is at `url`. On a timeout it says
 * where the page went since the click and what it shows, so a failure in a
 * loaded CI run can be diagnosed from its log alone.
 */
export async function clickThrough(page, locator, url, { timeout = 30_000 } = {}) {
  const visited = [];
  const said = [];
  const onNavigated = (frame) => frame === page.mainFrame() && visited.push(frame.url());
  const onConsole = (message) => ['error', 'warning'].includes(message.type()) && said.push(`${message.type()}: ${message.text().slice(0, 200)}`);
  const onPageError = (error) => said.push(`uncaught: ${error.message.slice(0, 200)}`);
  page.on('framenavigated', onNavigated);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  // What the document itself saw of the click: which element it reached, and whether anything
  // cancelled it. Only for the report: a page between documents is clicked all the same.
  await page
    .evaluate(() => {
      window.__clicksSeen = [];
      document.addEventListener('click', (event) => window.__clicksSeen.push({ on: `${event.target?.tagName} ${String(event.target?.textContent ?? '').slice(0, 40)}` }), true);
      document.addEventListener('click', (event) => window.__clicksSeen.push({ cancelled: event.defaultPrevented }));
    })
    .catch(() => undefined);
  try {
    await locator.click({ timeout: 20_000 });
    await page.waitForURL(url, { timeout });
  } catch (error) {
    const shown = await textFor(page, 'main', 300);
    const clicks = await page.evaluate(() => JSON.stringify({ clicksSeen: window.__clicksSeen ?? null, buttonStillThere: document.activeElement?.isConnected ?? null })).catch(() => '(unreadable)');
    throw new Error(
      `After the click the page did not reach ${url}: it is at ${page.url()}, by way of [${visited.join(', ')}]; it shows: ${shown}; the document saw: ${clicks}; the page said: [${said.join(' | ')}]`,
      { cause: error },
    );
  } finally {
    page.off('framenavigated', onNavigated);
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
}

/**
 * Waits until the app has taken over the element (a guest's page arrives
 * rendered by the server and is adopted by the browser a moment later): a
 * button that needs the app does nothing before that, as for a visitor.
 * The locator is asked again on every look: where the app draws an element
 * anew rather than adopting the server's (a chart resized to its box, say),
 * the new one is the one that answers, and a wait on the server's element,
 * now detached, would never end.
 */
export async function whenInteractive(locator, { timeout = 30_000 } = {}) {
  await locator.waitFor({ timeout });
  const deadline = Date.now() + timeout;
  for (;;) {
    const adopted = await locator.evaluate((element) => element.isConnected && Object.keys(element).some((key) => key.startsWith('__reactProps')), undefined, { timeout: 1000 }).catch(() => false);
    if (adopted) return;
    if (Date.now() > deadline) throw new Error(`the app did not take over ${locator} within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs in the page: keeps every text the portal's notification stack shows (see recordNotices). */
function keepNotices() {
  if (window.__noticesSeen) return;
  window.__noticesSeen = [];
  const note = () => {
    const text = document.querySelector('[aria-label="Notifications (Alt+T)"]')?.textContent ?? '';
    if (text && window.__noticesSeen.at(-1) !== text) window.__noticesSeen.push(text);
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * From now on, in this page and the documents it opens, keeps every text the
 * notification stack shows. A message closes by itself after 5 s: on a loaded
 * machine it can come and go between two looks of a wait for it to be visible,
 * so a test that expects one asks noticeShown, which reads what was kept.
 */
export async function recordNotices(page) {
  await page.addInitScript(keepNotices);
  await page.evaluate(keepNotices);
}

/** Waits until the notification stack has shown `text` since recordNotices. */
export async function noticeShown(page, text, timeout = 30_000) {
  await page.waitForFunction((expected) => (window.__noticesSeen ?? []).some((seen) => seen.includes(expected)), text, { timeout });
}

/** The errors a page logged (uncaught exceptions), for assertions. */
export function collectPageErrors(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Runs a journey and, when it fails, adds to the error what the page showed: its
 * address, whether the browser was online, its headings and its alert and status
 * regions. A timed-out wait alone says what never came, not what was there instead,
 * and a failure seen once in many runs cannot be run again to look.
 */
export async function explainingFailure(page, journey) {
  try {
    return await journey();
  } catch (error) {
    const shown = await page
      .evaluate(() => {
        const texts = (selector) => [...document.querySelectorAll(selector)].map((el) => el.textContent.trim().slice(0, 200)).filter(Boolean);
        return { online: navigator.onLine, headings: texts('h1, h2, h3, h4'), messages: texts('[role="alert"], [role="status"]') };
      })
      .catch((reason) => ({ unreadable: String(reason).slice(0, 200) }));
    error.message += `\n  the page showed (${page.url()}): ${JSON.stringify(shown)}`;
    throw error;
  }
}

/** A local SMTP listener keeping every message it receives ({to, subject, text}). */
export async function startSmtp() {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            received.push({ to: mail.to?.[0]?.address ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.server.address().port, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * Wizard step 2's Grade 12 results (issue 17 item 4): row 1 starts as English
 * Language; four more make the best five (3+2+2+4+5 = 16 points).
 */
export async function fillGrade12Results(page) {
  for (const [n, subject, grade] of [
    [1, null, '3'],
    [2, 'Mathematics', '2'],
    [3, 'Biology', '2'],
    [4, 'Chemistry', '4'],
    [5, 'Physics', '5'],
  ]) {
    if (subject) await page.getByLabel(`Subject ${n}`, { exact: true }).selectOption(subject);
    await page.getByLabel(`Grade ${n}`, { exact: true }).selectOption(grade);
  }
  await page.getByText('Best five: 16 points').waitFor();
}

/**
 * A university an applicant can apply to without choosing an intake, and its
 * first program, from the public API.
 */
export async function universityWithoutIntake(baseUrl) {
  const universities = await (await fetch(`${baseUrl}/api/universities`)).json();
  for (const university of universities) {
    const programs = await (await fetch(`${baseUrl}/api/programs/university/${university.id}`)).json();
    const intakes = await (await fetch(`${baseUrl}/api/intakes/university/${university.id}`)).json().catch(() => []);
    if (programs.length > 0 && (!Array.isArray(intakes) || intakes.length === 0)) return { university, program: programs[0] };
  }
  throw new Error('The demo data has no university with a program and no intake');
}

/**
 * The wizard's first step, taken over by the app. The server renders it for a returning
 * applicant (decision 013), and before the takeover only typing is kept: a script's choice in
 * a list is not the browser's own input, and the province becomes Zambia's list only once the
 * app runs. server-rendered.e2e proves what is kept before then.
 */
export async function wizardStepOneReady(page, { timeout = 20_000 } = {}) {
  await page.getByRole('heading', { name: 'Step 1 of 4: Personal' }).waitFor({ timeout });
  await whenInteractive(page.getByRole('button', { name: 'Next', exact: true }), { timeout });
}

/** Wizard step 1 (Personal) filled as an applicant would, then Next to step 2. */
export async function fillPersonalStep(page, { fullName, gender = 'Female', phone = '+260 977 123 456', dateOfBirth = '2005-03-14', province = 'Central', city = 'Kabwe', timeout = 20_000 }) {
  await wizardStepOneReady(page, { timeout });
  await page.getByLabel(/^Full name/).fill(fullName);
  await page.getByLabel(/^Gender/).selectOption(gender);
  await page.getByLabel(/^Phone number/).fill(phone);
  await page.getByLabel(/^Date of birth/).fill(dateOfBirth);
  await page.getByLabel(/^Country/).selectOption('Zambia');
  await page.getByLabel(/^Province/).selectOption(province);
  await page.getByLabel(/^City/).fill(city);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { name: 'Step 2 of 4: Program' }).waitFor();
}

/** Wizard step 2's education fields and Grade 12 results; the program choices are each journey's own. */
export async function fillEducation(page, { nrc = '123456/78/1', schoolProvince = 'Central', institution = 'Kabwe Secondary School' } = {}) {
  await page.getByLabel(/^Nationality/).fill('Zambian');
  await page.getByLabel(/^National registration number/).fill(nrc);
  await page.getByLabel(/^Province of school last attended/).fill(schoolProvince);
  await page.getByLabel(/^Highest qualification/).selectOption('Grade 12');
  await page.getByLabel(/^Institution attended/).fill(institution);
  await fillGrade12Results(page);
}

/**
 * Counts every request body the page sends to the wizard's three destinations,
 * retries and re-sent chunks included: tus chunks (PATCH /api/uploads/…, also
 * by upload address), the server draft (its fields; the documents must not go
 * there again) and the submission. `onChunk` sees each chunk before it goes.
 */
export async function countWizardBytes(page, { onChunk = () => {} } = {}) {
  const counts = { uploads: 0, chunks: 0, drafts: 0, applications: 0, byUpload: new Map() };
  counts.total = () => counts.uploads + counts.drafts + counts.applications;
  await page.route('**/api/uploads/**', async (route) => {
    const request = route.request();
    if (request.method() === 'PATCH') {
      const bytes = request.postDataBuffer()?.length ?? 0;
      const upload = new URL(request.url()).pathname;
      counts.uploads += bytes;
      counts.chunks += 1;
      counts.byUpload.set(upload, (counts.byUpload.get(upload) ?? 0) + bytes);
      onChunk({ upload, offset: Number(await request.headerValue('upload-offset')), bytes });
    }
    await route.continue();
  });
  await page.route('**/api/drafts/**', async (route) => {
    counts.drafts += route.request().postDataBuffer()?.length ?? 0;
    await route.continue();
  });
  await page.route('**/api/applications', async (route) => {
    counts.applications += route.request().postDataBuffer()?.length ?? 0;
    await route.continue();
  });
  return counts;
}

/** The documents the wizard keeps in the browser's own store (IndexedDB) for a reload: how many, and their bytes. */
export function storedDocuments(page) {
  return page.evaluate(async () => {
    const request = indexedDB.open('mfe-applicant');
    const db = await new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    let count = 0;
    let bytes = 0;
    try {
      for (const name of db.objectStoreNames) {
        const all = await new Promise((resolve) => {
          const get = db.transaction(name).objectStore(name).getAll();
          get.onsuccess = () => resolve(get.result);
          get.onerror = () => resolve([]);
        });
        for (const value of all) {
          const blob = value instanceof Blob ? value : value?.file instanceof Blob ? value.file : null;
          if (blob) {
            count += 1;
            bytes += blob.size;
          }
        }
      }
    } finally {
      // An open connection would hold up the app's own upgrades of the store.
      db.close();
    }
    return { count, bytes };
  });
}
