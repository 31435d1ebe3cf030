// The network bench (issue 19, items 4 and 5): how the portal behaves on the
// connection of an applicant in a rural district. Every page is loaded in
// headless Chromium under the slow profile (150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up, 4× CPU slowdown, empty cache), three times
// each for the federated build and for the single-bundle baseline of
// bench/baseline, side by side in one run; the median time until the page's
// content is visible (and, for server-rendered guest pages, until React has
// taken the page over, so a tap does something) is reported with the
// scripts' count and the bytes they took. A repeat visit with a warm cache
// reports the bytes downloaded to reopen the applicant dashboard, and an
// application with four phone photos the bytes it sends (network-uploads.mjs).
//   npm run bench -- network
import { ensureBuilds, launchBrowser, BASELINE_ROOT } from './page-weight.mjs';
import { login, result, round, startPortal } from './lib.mjs';
import { measureUploadBytes } from './network-uploads.mjs';
import { emulateSlowNetwork, SLOW_PROFILE } from './slow-profile.mjs';
import { startNginxFront } from './nginx-front.mjs';

/** The wizard's tus chunk (mfe-applicant/src/lib/resumable-upload.ts): a drop may cost at most one. */
const CHUNK_BYTES = 256 * 1024;

const RUNS = Number(process.env.NETWORK_BENCH_RUNS ?? 3);
/** Only the pages whose name contains this (NETWORK_BENCH_PAGES='applicant /dashboard'), e.g. while working on one. */
const ONLY_PAGES = process.env.NETWORK_BENCH_PAGES;
/**
 * How the pages reach the browser: 'h2' (the default) through nginx over TLS
 * and HTTP/2, as deployed (nginx-front.mjs); 'http/1.1' straight from the
 * portal's own server, as `npm start` serves a newcomer.
 */
const PROTOCOL = process.env.NETWORK_BENCH_PROTOCOL ?? 'h2';
if (!['h2', 'http/1.1'].includes(PROTOCOL)) throw new Error(`NETWORK_BENCH_PROTOCOL: 'h2' or 'http/1.1', not '${PROTOCOL}'`);

const DEMO = {
  applicant: ['applicant@demo.uniportal.zm', 'Demo-Student-Kabwe-26'],
  superuser: ['superuser@demo.uniportal.zm', 'Demo-Super-Lusaka-26'],
};

/**
 * A page and the condition, evaluated in the page, that says it is usable.
 * `hydrated` also waits for React to own the element (its props are attached),
 * which is when a server-rendered button starts to answer.
 */
const PAGES = [
  {
    name: 'guest /home (interactive)',
    path: '/home',
    usable: `() => { const a = [...document.querySelectorAll('a,button')].find((e) => /Start Your Journey|Get Started|Apply/.test(e.textContent)); return !!a && Object.keys(a).some((k) => k.startsWith('__reactProps')); }`,
    target: { seconds: 2.5 },
  },
  {
    name: 'guest /login (interactive)',
    path: '/login',
    usable: `() => { const b = [...document.querySelectorAll('button')].find((e) => e.textContent.trim() === 'Sign In'); return !!b && Object.keys(b).some((k) => k.startsWith('__reactProps')); }`,
    target: { seconds: 2.5 },
  },
  {
    name: 'applicant /dashboard',
    path: '/dashboard',
    login: 'applicant',
    usable: `() => (document.querySelector('main')?.textContent ?? '').includes('University of Zambia')`,
    target: { ratio: 0.5, seconds: 2.0 },
  },
  {
    name: 'applicant wizard /apply',
    path: '/apply/{university}',
    login: 'applicant',
    usable: `() => [...document.querySelectorAll('main button')].some((b) => b.textContent.trim() === 'Next') && !!document.querySelector('main input')`,
    target: { ratio: 0.5 },
  },
  {
    name: 'staff /dashboard with charts',
    path: '/dashboard',
    login: 'superuser',
    viewport: { width: 1366, height: 900 },
    // The chart's own drawing with its arcs: the legend's marks are small svgs of their own, drawn with no chart.
    usable: `() => !!document.querySelector('figure[aria-label="Programs by Faculty"] svg.MuiChartsSvgLayer-root path')`,
    target: { ratio: 0.5 },
  },
  // The demo data holds no application yet: the list is usable once its answer shows, rows or 'No applications found.'.
  {
    name: 'staff /applications list',
    path: '/applications',
    login: 'superuser',
    viewport: { width: 1366, height: 900 },
    usable: `() => !!document.querySelector('[aria-label^="View application of"]') || (document.querySelector('main')?.textContent ?? '').includes('No applications found.')`,
    target: { ratio: 0.5 },
  },
];

/**
 * Runs in the page before any of its scripts: notes when `usable` first holds,
 * and when the app has taken the page over (React owns a link or button of
 * it), which for a page the server rendered comes later.
 */
function watchUsable(source) {
  const usable = new Function(`return (${source})()`);
  const adopted = () => [...(document.getElementById('root')?.querySelectorAll('a,button') ?? [])].some((e) => Object.keys(e).some((k) => k.startsWith('__reactProps')));
  window.__usableAt = null;
  window.__adoptedAt = null;
  const check = () => {
    try {
      if (window.__usableAt === null && usable()) window.__usableAt = performance.now();
      if (window.__adoptedAt === null && adopted()) window.__adoptedAt = performance.now();
    } catch {
      /* the page is not there yet */
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  setInterval(check, 25);
}

async function throttle(context, tab) {
  const cdp = await context.newCDPSession(tab);
  await emulateSlowNetwork(cdp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PROFILE.cpuSlowdown });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  return { cdp, bytes: () => bytes };
}

/** The role a session token names (what the shell records in the page-role cookie at sign-in). */
const roleOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).role;

/**
 * One load of one page in a fresh context (empty cache): time until usable,
 * scripts and bytes. A signed-in page is opened as by a returning visitor:
 * the stored session and the page cookies the shell wrote at sign-in.
 */
async function loadOnce(browser, baseUrl, page, tokens, path) {
  // The front's certificate is a throwaway one (nginx-front.mjs).
  const context = await browser.newContext({ viewport: page.viewport ?? { width: 390, height: 844 }, serviceWorkers: 'block', ignoreHTTPSErrors: true });
  try {
    if (page.login) {
      await context.addInitScript((token) => localStorage.setItem('user', token), tokens[page.login]);
      // The page cookies the shell's session writer keeps: the role, and the session for the person's own pages (decision 013).
      await context.addCookies([
        { name: 'portal_page_role', value: roleOf(tokens[page.login]), url: baseUrl },
        { name: 'portal_page_session', value: tokens[page.login], url: baseUrl, sameSite: 'Strict' },
      ]);
    }
    await context.addInitScript(watchUsable, page.usable);
    const tab = await context.newPage();
    const meter = await throttle(context, tab);
    let scripts = 0;
    tab.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts += 1;
    });
    await tab.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
    await tab
      .waitForFunction(() => window.__usableAt !== null, null, { timeout: 120_000, polling: 100 })
      .catch((error) => {
        throw new Error(`${page.name} (${path}) never became usable: ${error.message.split('\n')[0]}`);
      });
    const usableMs = await tab.evaluate(() => window.__usableAt);
    // Scripts and bytes are those of the whole page: a page usable from its HTML still loads the app.
    await tab.waitForFunction(() => window.__adoptedAt !== null, null, { timeout: 120_000, polling: 100 });
    const adoptedMs = await tab.evaluate(() => window.__adoptedAt);
    await tab.waitForLoadState('networkidle');
    return { usableMs, adoptedMs, scripts, bytes: meter.bytes() };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Bytes downloaded to reopen the applicant dashboard once its first visit has
 * filled the cache, counted by an nginx in front (`front`, nginx-front.mjs,
 * over plain HTTP: a service worker registers only from a host it trusts):
 * the page's service worker fetches the page and the API's answers itself,
 * and the page's own counters see none of those bytes.
 */
async function repeatVisitBytes(browser, front, token) {
  const baseUrl = front.url;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    await context.addInitScript((t) => localStorage.setItem('user', t), token);
    const page = PAGES.find((p) => p.name === 'applicant /dashboard');
    await context.addInitScript(watchUsable, page.usable);
    const first = await context.newPage();
    await first.goto(`${baseUrl}/dashboard`);
    await first.waitForFunction(() => window.__usableAt !== null, null, { timeout: 120_000 });
    await first.waitForLoadState('networkidle');
    // The shell registers the worker once the page is idle.
    const controlled = await first.evaluate(() =>
      Promise.race([navigator.serviceWorker?.ready.then((registration) => !!registration.active), new Promise((resolve) => setTimeout(() => resolve(false), 30_000))]),
    );
    if (!controlled) throw new Error('repeat visit: the service worker did not take over the first visit');
    await first.close();
    const again = await context.newPage();
    await throttle(context, again);
    const before = front.bytesSent();
    await again.goto(`${baseUrl}/dashboard`);
    await again.waitForFunction(() => window.__usableAt !== null, null, { timeout: 120_000 });
    await again.waitForLoadState('networkidle');
    if (!(await again.evaluate(() => !!navigator.serviceWorker?.controller))) throw new Error('repeat visit: the service worker did not answer the second visit');
    return front.bytesSent() - before;
  } finally {
    await context.close();
  }
}

export async function measureNetwork() {
  ensureBuilds();
  const env = { DATABASE_URL: '', PORTAL_DEMO_DATA: 'true' };
  const federated = await startPortal(env);
  const baseline = await startPortal({ ...env, PORTAL_WEB_ROOT: BASELINE_ROOT });
  const fronts = PROTOCOL === 'h2' ? [await startNginxFront(federated.url), await startNginxFront(baseline.url)] : [];
  const pageUrl = { federated: fronts[0]?.url ?? federated.url, baseline: fronts[1]?.url ?? baseline.url };
  const counting = await startNginxFront(federated.url, { tls: false });
  fronts.push(counting);
  const browser = await launchBrowser();
  try {
    const tokens = { federated: {}, baseline: {} };
    for (const [who, [email, password]] of Object.entries(DEMO)) {
      tokens.federated[who] = await login(federated.url, email, password);
      tokens.baseline[who] = await login(baseline.url, email, password);
    }
    // The wizard of a university the demo applicant has not applied to (an open application shows a warning first).
    const universities = await (await fetch(`${federated.url}/api/universities`)).json();
    const { id: applicantId } = JSON.parse(Buffer.from(tokens.federated.applicant.split('.')[1], 'base64url').toString());
    const applied = await (await fetch(`${federated.url}/api/applications/user/${applicantId}`, { headers: { authorization: `Bearer ${tokens.federated.applicant}` } })).json();
    const appliedTo = new Set((Array.isArray(applied) ? applied : []).map((a) => a.universityId));
    const notAppliedTo = universities.find((u) => !appliedTo.has(u.id));
    const measured = [];
    for (const page of PAGES.filter((p) => !ONLY_PAGES || p.name.includes(ONLY_PAGES))) {
      const path = page.path.replace('{university}', String(notAppliedTo?.id ?? 1));
      const runs = { federated: [], baseline: [] };
      // Alternate the two builds so a busy moment of the machine falls on both.
      for (let i = 0; i < RUNS; i++) {
        runs.federated.push(await loadOnce(browser, pageUrl.federated, page, tokens.federated, path));
        runs.baseline.push(await loadOnce(browser, pageUrl.baseline, page, tokens.baseline, path));
      }
      const summary = (list) => ({
        ms: median(list.map((r) => r.usableMs)),
        adoptedMs: median(list.map((r) => r.adoptedMs)),
        scripts: median(list.map((r) => r.scripts)),
        bytes: median(list.map((r) => r.bytes)),
      });
      measured.push({ page, federated: summary(runs.federated), baseline: summary(runs.baseline) });
    }
    const repeatBytes = await repeatVisitBytes(browser, counting, tokens.federated.applicant);
    const uploads = await measureUploadBytes(browser, federated.url);
    return { measured, repeatBytes, uploads };
  } finally {
    await browser.close();
    for (const front of fronts) await front.stop();
    await federated.stop();
    await baseline.stop();
  }
}

export async function benchNetwork() {
  const { measured, repeatBytes, uploads } = await measureNetwork();
  const rows = [];
  for (const { page, federated, baseline } of measured) {
    const ratio = federated.ms / baseline.ms;
    const seconds = federated.ms / 1000;
    const targets = [];
    let ok = true;
    if (page.target.ratio !== undefined) {
      targets.push(`<= ×${page.target.ratio} baseline`);
      ok &&= ratio <= page.target.ratio;
    }
    if (page.target.seconds !== undefined) {
      targets.push(`<= ${page.target.seconds} s`);
      ok &&= seconds <= page.target.seconds;
    }
    rows.push(
      result(
        'network',
        `${page.name}: usable on slow 4G, ${PROTOCOL === 'h2' ? 'HTTP/2 through nginx' : 'HTTP/1.1 from the portal'} (federated / baseline)`,
        `${round(seconds, 2)} s (${federated.scripts} scripts, ${round(federated.bytes / 1024, 1)} KB) / ${round(baseline.ms / 1000, 2)} s (${baseline.scripts}, ${round(baseline.bytes / 1024, 1)} KB) = ×${round(ratio)}`,
        // When the app has taken the page over: later than usable for a page the server rendered.
        { target: targets.join(' and '), ok, unit: `app in charge at ${round(federated.adoptedMs / 1000, 2)} s / ${round(baseline.adoptedMs / 1000, 2)} s` },
      ),
    );
  }
  const mb = (bytes) => round(bytes / 1024 / 1024, 2);
  rows.push(
    // The application's own cost, the drop's re-sent bytes (the next row) taken out.
    result('network', `application with four 4 MB phone photos (${mb(uploads.chosenBytes)} MB chosen): bytes sent`, mb(uploads.total - uploads.resentAfterDrop), {
      unit: `MB (${mb(uploads.total)} MB with the drop below; ${uploads.chunks} tus chunks)`,
      target: '<= 2.5 MB',
      ok: uploads.total - uploads.resentAfterDrop <= 2.5 * 1024 * 1024,
    }),
    result('network', 'bytes re-sent after the connection drops at 50% of the third document', round(uploads.resentAfterDrop / 1024, 1), {
      unit: `KB (document of ${round(uploads.thirdLength / 1024, 1)} KB)`,
      target: `<= one chunk (${CHUNK_BYTES / 1024} KB)`,
      ok: uploads.resentAfterDrop <= CHUNK_BYTES,
    }),
  );
  rows.push(result('network', 'repeat visit of applicant /dashboard, cache warm: bytes downloaded', round(repeatBytes / 1024, 1), { unit: 'KB', target: '<= 15 KB', ok: repeatBytes <= 15 * 1024 }));
  return rows;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  console.table(await benchNetwork());
}
