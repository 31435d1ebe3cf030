/**
 * Guests' pages rendered on the server and adopted by the browser: the page
 * shows its content from the HTML alone, the app takes over the very same
 * elements without an error or a second request for the data it came with,
 * what a visitor types or sends before that is kept, a form is never sent by
 * the browser itself, and a visitor with a session never sees a guest's page.
 * A returning applicant's /dashboard is rendered for the role (the page-role
 * cookie) and adopted the same way; nobody else sees it.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { demoLogins, desktopPage, launchBrowser, phonePage, REPO_ROOT, signIn, startPortal, whenInteractive, wizardStepOneReady } from './harness.mjs';

// By path: the page platform's build of the pre-start script.
const { beforeStartScript } = createRequire(import.meta.url)('../../page-platform/build/before-start.cjs');

/** Holds the page's scripts until `release()`, so a test can act on the server's HTML first. */
async function holdScripts(page) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return () => release();
}

/** Console errors and uncaught exceptions of a page. */
function problems(page) {
  const seen = [];
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && seen.push(`console: ${message.text()}`));
  return seen;
}

/**
 * Opens `url` and checks that its HTML named, as preloads, every script the
 * page asked for before `usable` answered a tap (so none waited for another to
 * run), and that each one it named ran (no bytes spent on code left unused).
 */
async function assertHeadNamesTheScripts(page, url, usable) {
  const html = await (await page.request.get(url)).text();
  const named = new Set([...html.matchAll(/<link rel="?preload"? as="?script"? href="?([^">\s]+)"?>/g)].map((m) => m[1]));
  // Every script element the page adds (the loaders remove theirs once run).
  await page.addInitScript(() => {
    window.__scriptsAdded = [];
    new MutationObserver((changes) => {
      for (const change of changes) for (const node of change.addedNodes) if (node instanceof HTMLScriptElement && node.src) window.__scriptsAdded.push(new URL(node.src).pathname);
    }).observe(document, { subtree: true, childList: true });
  });
  const asked = [];
  const listAsked = [];
  const onRequest = (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script') asked.push(pathname);
    if (pathname === '/remotes.json') listAsked.push(pathname);
  };
  page.on('request', onRequest);
  await page.goto(url);
  await whenInteractive(usable);
  const askedBeforeUsable = [...asked];
  // The page carries the remote list it was rendered with: no round trip for it after the shell's scripts.
  assert.deepEqual(listAsked, [], `${url} started its remote without asking for /remotes.json`);
  // Every named script has arrived long before the app runs the last of them (the bell of a
  // signed-in frame, say): the network goes quiet while a loaded machine is still evaluating,
  // so wait for the scripts themselves, not for a quiet network.
  await page.waitForFunction((names) => names.every((name) => window.__scriptsAdded.includes(name)), [...named], { timeout: 30_000, polling: 100 }).catch(() => undefined);
  page.off('request', onRequest);
  const ran = await page.evaluate(() => window.__scriptsAdded);
  assert.deepEqual(
    askedBeforeUsable.filter((script) => !named.has(script)),
    [],
    'every script asked for before the page was usable was named in its head',
  );
  assert.deepEqual(
    [...named].filter((script) => !ran.includes(script)),
    [],
    'every script named in its head ran',
  );
}

/** A new tab of a context signed in as `login` (so the tab opens as a returning visitor's). */
async function signedInTab(firstPage, baseUrl, login) {
  await signIn(firstPage, baseUrl, login);
  const page = await firstPage.context().newPage();
  await firstPage.close();
  return page;
}

describe('pages rendered on the server', () => {
  let portal;
  let browser;
  let logins;
  before(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    logins = demoLogins(portal.dataDir);
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });

  for (const { path, heading } of [
    { path: '/home', heading: 'Find the right university and apply with confidence' },
    { path: '/universities', heading: 'Explore Universities' },
    { path: '/login', heading: 'Sign In' },
    { path: '/register', heading: 'Create Account' },
    { path: '/about', heading: 'About UniPortal' },
  ]) {
    it(`${path}: arrives rendered, and the app adopts those very elements without an error`, async () => {
      // React separates adjacent text with empty comments.
      const html = (await (await fetch(`${portal.url}${path}`)).text()).replaceAll('<!-- -->', '');
      assert.ok(html.includes(`>${heading}</h`), `the HTML holds the page's heading "${heading}"`);
      const page = await phonePage(browser);
      const seen = problems(page);
      const release = await holdScripts(page);
      await page.goto(`${portal.url}${path}`, { waitUntil: 'domcontentloaded' });
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      assert.ok(await h1.isVisible(), 'the heading shows before any script runs');
      await h1.evaluate((element) => {
        element.dataset.fromServer = 'yes';
      });
      release();
      await whenInteractive(h1);
      assert.equal(await h1.getAttribute('data-from-server'), 'yes', 'the app kept the element the server rendered');
      await page.waitForLoadState('networkidle');
      assert.deepEqual(seen, []);
      await page.context().close();
    });

    // Issue 19: otherwise the remote's entry, its module, the page's code and the
    // shared packages it takes from the shell come one round trip after another.
    it(`${path}: names in its head every script it runs to become usable, and none that it does not run`, async () => {
      const page = await phonePage(browser);
      await assertHeadNamesTheScripts(page, `${portal.url}${path}`, page.getByRole('heading', { level: 1, name: heading }));
      await page.context().close();
    });
  }

  it("carries the page platform's pre-start script as built, allowed by the hash its build generated, rendered or not", async () => {
    const { scriptSrc } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shell', 'dist', 'page-csp.json'), 'utf8'));
    for (const page of ['/login', '/home', '/dashboard']) {
      const res = await fetch(`${portal.url}${page}`);
      const inline = [...(await res.text()).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      assert.deepEqual(inline, [beforeStartScript().script], page);
      const source = `'sha256-${createHash('sha256').update(inline[0]).digest('base64')}'`;
      assert.deepEqual(scriptSrc, [source]);
      const policy = res.headers.get('content-security-policy');
      assert.ok(
        policy
          .split(';')
          .find((d) => d.trim().startsWith('script-src'))
          .includes(source),
        `${page}: ${policy}`,
      );
    }
  });

  it("starts downloading the shell's scripts while the server's page paints, and runs them only once it has painted", async () => {
    const page = await phonePage(browser);
    try {
      const html = await (await fetch(`${portal.url}/login`)).text();
      const scripts = JSON.parse(html.match(/<script type="application\/json" id="portal-scripts">([^<]*)<\/script>/)[1]);
      assert.ok(scripts.length > 0);
      for (const src of scripts) assert.ok(html.includes(`<link rel="preload" as="script" href="${src}">`), `${src} is preloaded`);
      await page.goto(`${portal.url}/login`);
      await whenInteractive(page.getByRole('button', { name: 'Sign In' }));
      const timing = await page.evaluate((sources) => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        const fetched = sources.map((src) => performance.getEntriesByName(new URL(src, location.href).href)[0]?.startTime);
        const added = sources.map((src) => !!document.querySelector(`script[src="${src}"]`));
        return { paint, fetched, added };
      }, scripts);
      assert.ok(timing.paint > 0, 'the page painted');
      for (const [i, start] of timing.fetched.entries()) assert.ok(start < timing.paint, `${scripts[i]} was asked for at ${start} ms, before the paint at ${timing.paint} ms`);
      assert.deepEqual(
        timing.added,
        scripts.map(() => true),
        'every script ran, from its own element',
      );
    } finally {
      await page.context().close();
    }
  });

  it('/universities: shows the list it was rendered with and does not ask the API for it again', async () => {
    const universities = await (await fetch(`${portal.url}/api/universities`)).json();
    const page = await phonePage(browser);
    const listCalls = [];
    page.on('request', (request) => new URL(request.url()).pathname === '/api/universities' && listCalls.push(request.url()));
    await page.goto(`${portal.url}/universities`);
    await whenInteractive(page.getByRole('heading', { level: 1, name: 'Explore Universities' }));
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByRole('list', { name: 'Universities' }).getByRole('article').count(), universities.length);
    assert.deepEqual(listCalls, []);
    await page.context().close();
  });

  it('keeps what a visitor typed and sent before the app took over, and never puts it in the address', async () => {
    const applicant = logins.find((l) => l.role === 'USER');
    const page = await phonePage(browser);
    const addresses = [];
    page.on('request', (request) => addresses.push(request.url()));
    const release = await holdScripts(page);
    await page.goto(`${portal.url}/login`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email').fill(applicant.email);
    await page.getByLabel('Password').first().fill(applicant.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    assert.equal(new URL(page.url()).pathname, '/login', 'the browser did not send the form itself');
    release();
    await page.waitForURL(`${portal.url}/dashboard`, { timeout: 20_000 });
    assert.ok(
      addresses.every((address) => !address.includes(encodeURIComponent(applicant.password)) && !address.includes('password=')),
      'no address carries the password',
    );
    await page.context().close();
  });

  it('/dashboard of a returning applicant: arrives rendered for the role, shows the list before any script, and the app adopts it without asking again', async () => {
    const applicant = logins.find((l) => l.role === 'USER');
    const first = await phonePage(browser);
    await signIn(first, portal.url, applicant);
    const context = first.context();
    assert.ok(
      (await context.cookies()).some((c) => c.name === 'portal_page_role' && c.value === 'USER' && !c.value.includes('.')),
      'signing in left the role, and only the role, in a cookie',
    );
    await first.close();

    const page = await context.newPage();
    const seen = problems(page);
    const listCalls = [];
    page.on('request', (request) => new URL(request.url()).pathname === '/api/universities' && listCalls.push(request.url()));
    const release = await holdScripts(page);
    await page.goto(`${portal.url}/dashboard`, { waitUntil: 'domcontentloaded' });
    const heading = page.getByRole('heading', { level: 1, name: 'Universities' });
    assert.ok(await heading.isVisible(), 'the page shows before any script runs');
    assert.ok(await page.getByRole('heading', { level: 2, name: 'University of Zambia' }).isVisible(), 'with the university list');
    assert.ok(await page.getByRole('button', { name: 'Menu' }).isVisible(), "in the applicant's frame, as a phone shows it");
    await heading.evaluate((element) => {
      element.dataset.fromServer = 'yes';
    });
    release();
    await whenInteractive(page.getByRole('button', { name: 'Menu' }));
    assert.equal(await heading.getAttribute('data-from-server'), 'yes', 'the app kept the element the server rendered');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(listCalls, [], 'the list came with the page');
    assert.deepEqual(seen, []);

    // A search typed before the app took the page over is kept, and the list is searched with it.
    const typedEarly = await context.newPage();
    const typedProblems = problems(typedEarly);
    const releaseTyped = await holdScripts(typedEarly);
    await typedEarly.goto(`${portal.url}/dashboard`, { waitUntil: 'domcontentloaded' });
    const names = await typedEarly.getByRole('heading', { level: 2 }).allTextContents();
    const wanted = names.at(-1);
    assert.ok(names.length > 1 && wanted, 'the rendered list has several universities');
    await typedEarly.getByRole('searchbox', { name: 'Search universities by name' }).fill(wanted);
    releaseTyped();
    await whenInteractive(typedEarly.getByRole('button', { name: 'Menu' }));
    await typedEarly.waitForFunction((name) => [...document.querySelectorAll('main h2')].every((h) => h.textContent === name), wanted, { timeout: 20_000 });
    assert.equal(await typedEarly.getByRole('searchbox', { name: 'Search universities by name' }).inputValue(), wanted, 'the typed search stays in its field');
    assert.deepEqual(typedProblems, []);
    await typedEarly.close();

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${portal.url}/login`);
    assert.ok(!(await context.cookies()).some((c) => c.name === 'portal_page_role' || c.name === 'portal_page_session'), 'signing out forgot the role and the session');
    await context.close();
  });

  it("/dashboard of a returning applicant: names in its head every script it runs to become usable, the applicant's frame included", async () => {
    const page = await signedInTab(
      await phonePage(browser),
      portal.url,
      logins.find((l) => l.role === 'USER'),
    );
    await assertHeadNamesTheScripts(page, `${portal.url}/dashboard`, page.getByRole('button', { name: 'Menu' }));
    await page.context().close();
  });

  it('/applications of a returning staff member: arrives rendered for that person, shows the queue before any script, and the app adopts it without asking again (decision 013)', async () => {
    const admin = logins.find((l) => l.role === 'ADMIN');
    // No service worker: it would serve the shell's scripts from its cache, past the hold below.
    const first = await phonePage(browser, { serviceWorkers: 'block' });
    await signIn(first, portal.url, admin);
    const context = first.context();
    assert.ok(
      (await context.cookies()).some((c) => c.name === 'portal_page_session' && c.sameSite === 'Strict' && c.value.split('.').length === 3),
      'signing in left the session for page requests in a strict cookie',
    );
    await first.close();

    const page = await context.newPage();
    const seen = problems(page);
    const listCalls = [];
    page.on('request', (request) => new URL(request.url()).pathname === '/api/applications' && listCalls.push(request.url()));
    const release = await holdScripts(page);
    await page.goto(`${portal.url}/applications`, { waitUntil: 'domcontentloaded' });
    const heading = page.getByRole('heading', { level: 1, name: 'Applications' });
    assert.ok(await heading.isVisible(), 'the queue shows before any script runs');
    assert.ok(
      await page
        .getByText(/^No applications found\.$|^1–/)
        .first()
        .isVisible(),
      'with its first page',
    );
    // A phone: the menu button shows and the sidebar does not, by CSS alone.
    assert.ok(await page.getByRole('button', { name: 'Open menu' }).isVisible(), 'in the staff frame, as a phone shows it');
    assert.equal(await page.getByTestId('sidebar').isVisible(), false);
    await heading.evaluate((element) => {
      element.dataset.fromServer = 'yes';
    });
    release();
    await whenInteractive(page.getByRole('button', { name: 'Open menu' }));
    assert.equal(await heading.getAttribute('data-from-server'), 'yes', 'the app kept the element the server rendered');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(listCalls, [], 'the first page came with the page');
    assert.deepEqual(seen, []);
    assert.equal(await page.getByTestId('sidebar').count(), 0, 'once adopted, a phone keeps the menu button alone');

    // A search typed before the app took the page over is kept, and the list is asked with it.
    const typedEarly = await context.newPage();
    const releaseTyped = await holdScripts(typedEarly);
    await typedEarly.goto(`${portal.url}/applications`, { waitUntil: 'domcontentloaded' });
    await typedEarly.getByLabel('Search').fill('Banda');
    const searched = typedEarly.waitForRequest((request) => request.url().includes('/api/applications?') && request.url().includes('search=Banda'), { timeout: 30_000 });
    releaseTyped();
    await searched;
    assert.equal(await typedEarly.getByLabel('Search').inputValue(), 'Banda', 'the typed search stays in its field');
    await typedEarly.close();

    // Another staff member's stored session on this browser never sees it: the app renders theirs.
    const superuser = logins.find((l) => l.role === 'SUPERUSER');
    const { token } = await (
      await fetch(`${portal.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: superuser.email, password: superuser.password }) })
    ).json();
    // A browser whose page cookies are the admin's (left behind, or made up) but whose stored session is the superuser's.
    const adminToken = (await context.cookies()).find((c) => c.name === 'portal_page_session').value;
    const idOf = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url')).id;
    const other = await (await phonePage(browser, { serviceWorkers: 'block' })).context().newPage();
    await other.context().addCookies([
      { name: 'portal_page_role', value: 'ADMIN', url: portal.url },
      { name: 'portal_page_session', value: adminToken, url: portal.url, sameSite: 'Strict' },
    ]);
    await other.addInitScript((stored) => localStorage.setItem('user', stored), token);
    const releaseOther = await holdScripts(other);
    await other.goto(`${portal.url}/applications`, { waitUntil: 'domcontentloaded' });
    assert.equal(await other.locator('html').getAttribute('data-rendered-for-person'), String(idOf(adminToken)), "the page was rendered for the admin's cookie");
    assert.equal(await other.locator('#root').evaluate((root) => getComputedStyle(root).visibility), 'hidden', "the admin's page stays hidden from the superuser's session");
    releaseOther();
    await other.getByRole('combobox', { name: 'University' }).waitFor({ timeout: 20_000 });
    assert.equal(await other.locator('#root').evaluate((root) => getComputedStyle(root).visibility), 'visible');
    await other.context().close();

    // Signing out forgets the session cookie with the token.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${portal.url}/login`);
    assert.ok(!(await context.cookies()).some((c) => c.name === 'portal_page_session'), 'signing out forgot the session cookie');
    await context.close();
  });

  it('/dashboard of a returning staff member: arrives rendered for that person with its figures and drawn charts, and the app adopts them without asking again (decision 013)', async () => {
    // No service worker: it would serve the shell's scripts from its cache, past the hold below.
    const page = await signedInTab(
      await phonePage(browser, { serviceWorkers: 'block' }),
      portal.url,
      logins.find((l) => l.role === 'ADMIN'),
    );
    const context = page.context();
    const seen = problems(page);
    const statsCalls = [];
    page.on('request', (request) => new URL(request.url()).pathname === '/api/dashboard/stats' && statsCalls.push(request.url()));
    const release = await holdScripts(page);
    await page.goto(`${portal.url}/dashboard`, { waitUntil: 'domcontentloaded' });
    const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    assert.ok(await heading.isVisible(), 'the dashboard shows before any script runs');
    assert.ok(await page.getByRole('list', { name: 'Summary' }).getByText('Programs').isVisible(), 'with its figures');
    // The chart itself, not its legend alone: the drawing surface has its arcs.
    const arcs = page.locator('figure[aria-label="Programs by Faculty"] svg.MuiChartsSvgLayer-root path');
    assert.ok((await arcs.count()) > 0, 'the pie chart is drawn in the HTML');
    await heading.evaluate((element) => {
      element.dataset.fromServer = 'yes';
    });
    release();
    await whenInteractive(page.getByRole('button', { name: 'Open menu' }));
    await page.waitForLoadState('networkidle');
    assert.equal(await heading.getAttribute('data-from-server'), 'yes', 'the app kept the element the server rendered');
    assert.deepEqual(statsCalls, [], 'the figures came with the page');
    assert.deepEqual(seen, []);
    // Once adopted, each chart fits the phone's figure it is in, still drawn.
    await page.waitForFunction(() => {
      const figure = document.querySelector('figure[aria-label="Programs by Faculty"]');
      const surface = figure?.querySelector('svg.MuiChartsSvgLayer-root');
      return !!surface && surface.querySelectorAll('path').length > 0 && surface.getBoundingClientRect().width <= figure.clientWidth;
    });
    await context.close();
  });

  it("/dashboard of a SUPERUSER: a university chosen before the app took the page over is kept, and the dashboard shows that university's figures", async () => {
    const page = await signedInTab(
      await desktopPage(browser, { serviceWorkers: 'block' }),
      portal.url,
      logins.find((l) => l.role === 'SUPERUSER'),
    );
    const context = page.context();
    const seen = problems(page);
    const statsAsked = [];
    page.on('request', (request) => new URL(request.url()).pathname === '/api/dashboard/stats' && statsAsked.push(new URL(request.url()).searchParams.get('universityId')));
    const release = await holdScripts(page);
    await page.goto(`${portal.url}/dashboard`, { waitUntil: 'domcontentloaded' });
    assert.ok(await page.locator('html').getAttribute('data-rendered-for-person'), 'the dashboard was rendered for the SUPERUSER');
    const selector = page.getByRole('combobox', { name: 'University' });
    const [, chosen] = await selector.locator('option').allTextContents();
    // As a person chooses: the keyboard's choice is the browser's own input (a script's is not recorded).
    await selector.focus();
    await page.keyboard.press('ArrowDown');
    assert.equal(await selector.locator('option:checked').textContent(), chosen);
    await page.locator('html').evaluate((html) => {
      html.dataset.beforeTakeover = 'yes';
    });
    release();
    // Taken over, the choice is saved and the page reloads scoped to it, as a choice made afterwards does.
    const giveUpAt = Date.now() + 30_000;
    for (let reloaded = false; !reloaded; await new Promise((resolve) => setTimeout(resolve, 100))) {
      assert.ok(Date.now() < giveUpAt, 'the page reloaded for the chosen university');
      reloaded = await page
        .locator('html')
        .getAttribute('data-before-takeover', { timeout: 1000 })
        .then((mark) => mark === null)
        .catch(() => false);
    }
    await page.getByRole('list', { name: 'Summary' }).waitFor({ timeout: 30_000 });
    assert.equal(await page.getByRole('combobox', { name: 'University' }).locator('option:checked').textContent(), chosen);
    const id = await page.evaluate(() => localStorage.getItem('selectedUniversity'));
    assert.ok(id, 'the choice was saved');
    assert.equal(statsAsked.at(-1), id, "the dashboard asked for that university's figures");
    assert.deepEqual(seen, []);
    await context.close();
  });

  // Pages that show a person's own data name the scripts they will run (from the page manifests'
  // `code`) and carry the remote list, whether the server renders them for the person or not.
  it("the staff list and dashboard and an applicant's wizard: their head names every script they run to become usable", async () => {
    const staffPage = await signedInTab(
      await desktopPage(browser),
      portal.url,
      logins.find((l) => l.role === 'ADMIN'),
    );
    const staffList = staffPage.getByRole('heading', { name: 'Applications', exact: true });
    await assertHeadNamesTheScripts(staffPage, `${portal.url}/applications`, staffList);
    // The dashboard names its charts' code too (its manifest's second code), and runs it.
    const dashboard = await staffPage.context().newPage();
    await assertHeadNamesTheScripts(dashboard, `${portal.url}/dashboard`, dashboard.locator('figure[aria-label="Programs by Faculty"] svg').first());
    await staffPage.context().close();

    const { id: universityId } = (await (await fetch(`${portal.url}/api/universities`)).json()).at(-1);
    const wizard = await signedInTab(
      await phonePage(browser),
      portal.url,
      logins.find((l) => l.role === 'USER'),
    );
    await assertHeadNamesTheScripts(wizard, `${portal.url}/apply/${universityId}`, wizard.getByRole('button', { name: 'Next' }));
    await wizard.context().close();
  });

  it("never shows a page rendered for the applicant's role to a guest, and renders none for a staff role without its session", async () => {
    const page = await phonePage(browser);
    // A cookie left behind (or made up) names a role the browser holds no session of.
    await page.context().addCookies([{ name: 'portal_page_role', value: 'USER', url: portal.url }]);
    const release = await holdScripts(page);
    await page.goto(`${portal.url}/dashboard`, { waitUntil: 'domcontentloaded' });
    assert.equal(await page.locator('html').getAttribute('data-rendered-for'), 'USER');
    assert.equal(await page.locator('#root').evaluate((root) => getComputedStyle(root).visibility), 'hidden', "the role's page stays hidden from a guest");
    release();
    await page.waitForURL(`${portal.url}/login`, { timeout: 20_000 });
    await page.context().close();

    for (const role of ['ADMIN', 'SUPERUSER']) {
      const html = await (await fetch(`${portal.url}/dashboard`, { headers: { cookie: `portal_page_role=${role}` } })).text();
      assert.ok(!/<html[^>]*data-rendered-for/.test(html) && !html.includes('University of Zambia'), `${role}: with no session to render it for, the staff dashboard is the browser's to render`);
    }
  });

  it("never shows a guest's page to a visitor with a session", async () => {
    const applicant = logins.find((l) => l.role === 'USER');
    const { token } = await (
      await fetch(`${portal.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: applicant.email, password: applicant.password }) })
    ).json();
    const page = await phonePage(browser);
    await page.addInitScript((stored) => localStorage.setItem('user', stored), token);
    const release = await holdScripts(page);
    await page.goto(`${portal.url}/home`, { waitUntil: 'domcontentloaded' });
    assert.equal(await page.locator('#root').evaluate((root) => getComputedStyle(root).visibility), 'hidden', "the guest's page stays hidden");
    release();
    await page.waitForURL(`${portal.url}/dashboard`, { timeout: 20_000 });
    assert.equal(await page.locator('#root').evaluate((root) => getComputedStyle(root).visibility), 'visible');
    await page.context().close();
  });

  it("/apply of a returning applicant with no draft: arrives rendered for that person, keeps what they typed before the app took over and saves it; a device holding a draft gets the app's page from it (decision 013)", async () => {
    const page = await signedInTab(
      await phonePage(browser, { serviceWorkers: 'block' }),
      portal.url,
      logins.find((l) => l.role === 'USER'),
    );
    const context = page.context();
    const applicant = logins.find((l) => l.role === 'USER');
    const { token } = await (
      await fetch(`${portal.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: applicant.email, password: applicant.password }) })
    ).json();
    const draftOnServer = () => fetch(`${portal.url}/api/drafts/mine`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await draftOnServer()).status, 404, 'the applicant starts with no draft on the server');
    const seen = problems(page);
    const asked = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && !pathname.startsWith('/api/notifications')) asked.push(pathname);
    });
    const { id: universityId, name } = (await (await fetch(`${portal.url}/api/universities`)).json()).at(-2);
    const release = await holdScripts(page);
    await page.goto(`${portal.url}/apply/${universityId}`, { waitUntil: 'domcontentloaded' });
    const html = page.locator('html');
    assert.ok(await html.getAttribute('data-rendered-for-person'), 'the wizard was rendered for the applicant');
    assert.equal(await page.locator('#root').evaluate((root) => getComputedStyle(root).visibility), 'visible');
    assert.ok(await page.getByRole('heading', { level: 1, name: `Apply to ${name}` }).isVisible(), 'the wizard shows before any script');
    assert.ok(await page.getByRole('heading', { name: 'Step 1 of 4: Personal' }).isVisible());
    assert.ok(await page.getByRole('button', { name: 'Next' }).isVisible());
    // Filled from the applicant's account, as the app fills a new draft.
    assert.equal(await page.getByLabel(/^Email/).inputValue(), applicant.email);
    await page.getByLabel(/^City/).fill('Kabwe');
    // Zambia chosen as a person chooses (the keyboard's input is the browser's own), and a province
    // typed into the text field shown before Zambia's list can take over.
    await page.getByLabel(/^Country/).focus();
    await page.keyboard.type('Zambia');
    assert.equal(await page.getByLabel(/^Country/).inputValue(), 'Zambia');
    await page.getByLabel(/^Province/).fill('Kabwe District');
    await page.getByRole('heading', { name: 'Step 1 of 4: Personal' }).evaluate((element) => {
      element.dataset.fromServer = 'yes';
    });
    // Every value the City field shows from now on: taken over, it must never be empty, not even
    // for a frame (the hand-over once came after a render that drew the app's empty value).
    await page.evaluate(() => {
      const shown = (window.__cityShown = []);
      const until = Date.now() + 10_000;
      const look = () => {
        const city = document.getElementById('field-city');
        if (city && shown.at(-1) !== city.value) shown.push(city.value);
        if (Date.now() < until) setTimeout(look, 1);
      };
      look();
    });
    release();
    await whenInteractive(page.getByRole('button', { name: 'Next' }));
    assert.equal(await page.getByRole('heading', { name: 'Step 1 of 4: Personal' }).getAttribute('data-from-server'), 'yes', 'the app kept the form the server rendered');
    assert.equal(await page.getByLabel(/^City/).inputValue(), 'Kabwe', 'what was typed before the takeover stays');
    assert.equal(await page.getByLabel(/^Country/).inputValue(), 'Zambia', 'so does the country chosen');
    // Now Zambia's list: the typed province is none of its entries, so it is asked again, as after choosing Zambia.
    assert.equal(await page.locator('select#field-province').inputValue(), '');
    // What was typed is the applicant's draft: on this device and, at the wizard's pace, on the server.
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('applicationDraft') ?? '{}').city === 'Kabwe', null, { timeout: 10_000 });
    assert.deepEqual(await page.evaluate(() => window.__cityShown), ['Kabwe'], 'the typed city never vanished while the app took over');
    let saved = null;
    for (const giveUpAt = Date.now() + 20_000; Date.now() < giveUpAt && saved?.draft?.city !== 'Kabwe'; await new Promise((resolve) => setTimeout(resolve, 250))) {
      const answer = await draftOnServer();
      saved = answer.ok ? await answer.json() : null;
    }
    assert.equal(saved?.draft?.city, 'Kabwe', 'the typed city reached the server draft');
    assert.deepEqual(
      asked.filter((path) => !path.startsWith('/api/drafts/mine')),
      [],
      'the university, programs, intakes and applications came with the page',
    );
    assert.deepEqual(seen, []);

    // This device now holds a draft, which the server cannot see: the rendered page is hidden and the app shows the draft.
    const again = await context.newPage();
    const releaseAgain = await holdScripts(again);
    await again.goto(`${portal.url}/apply/${universityId}`, { waitUntil: 'domcontentloaded' });
    assert.equal(await again.locator('#root').evaluate((root) => getComputedStyle(root).visibility), 'hidden', "the server's page is not this device's draft");
    releaseAgain();
    await again.getByRole('heading', { name: 'Step 1 of 4: Personal' }).waitFor({ timeout: 30_000 });
    assert.equal(await again.getByLabel(/^City/).inputValue(), 'Kabwe');
    assert.equal(await again.locator('#root').evaluate((root) => getComputedStyle(root).visibility), 'visible');
    // The demo applicant's other tests start with no draft.
    await fetch(`${portal.url}/api/drafts/mine`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    await context.close();
  });
  it('a draft deleted with Start Over in one tab is not brought back by the wizard open in another; the applicant may keep that copy', async () => {
    const applicant = logins.find((l) => l.role === 'USER');
    const wizard = await signedInTab(await phonePage(browser, { serviceWorkers: 'block' }), portal.url, applicant);
    const { token } = await (
      await fetch(`${portal.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: applicant.email, password: applicant.password }) })
    ).json();
    const serverCity = async () => {
      const answer = await fetch(`${portal.url}/api/drafts/mine`, { headers: { authorization: `Bearer ${token}` } });
      return answer.ok ? (await answer.json()).draft.city : null;
    };
    const serverCityBecomes = async (city) => {
      for (const giveUpAt = Date.now() + 20_000; Date.now() < giveUpAt; await new Promise((resolve) => setTimeout(resolve, 250))) {
        if ((await serverCity()) === city) return;
      }
      assert.equal(await serverCity(), city, 'the server draft');
    };
    const seen = problems(wizard);
    const { id: universityId } = (await (await fetch(`${portal.url}/api/universities`)).json()).at(-2);
    await wizard.goto(`${portal.url}/apply/${universityId}`);
    await wizardStepOneReady(wizard);
    await wizard.getByLabel(/^City/).fill('Mansa');
    await serverCityBecomes('Mansa');

    // Another tab: My Applications offers the draft; Start Over deletes it, here and on the server.
    const other = await wizard.context().newPage();
    await other.goto(`${portal.url}/applications`);
    await other.getByRole('heading', { name: 'Continue Application' }).waitFor({ timeout: 30_000 });
    await whenInteractive(other.getByRole('button', { name: 'Start Over' }));
    await other.getByRole('button', { name: 'Start Over' }).click();
    await other.getByRole('button', { name: 'Yes, start over' }).click();
    await other.getByText('Your saved application draft has been deleted.').waitFor({ timeout: 20_000 });
    assert.equal(await serverCity(), null);

    // The wizard left open: typing on does not bring the draft back; it says what happened and asks.
    await wizard.getByLabel(/^City/).fill('Mansa Central');
    await wizard.getByText(/This draft was deleted \(Start Over\) or sent as an application on another device or tab/).waitFor({ timeout: 20_000 });
    assert.equal(await serverCity(), null, 'nothing was saved over the Start Over');
    assert.equal(await wizard.getByLabel(/^City/).inputValue(), 'Mansa Central', 'what is typed here stays on the page');
    await wizard.getByRole('button', { name: 'Keep this copy' }).click();
    await serverCityBecomes('Mansa Central');
    // The refused save is the browser's one line about a 409, nothing else.
    assert.deepEqual(
      seen.filter((line) => !line.includes('status of 409')),
      [],
    );
    // The demo applicant's other tests start with no draft.
    await fetch(`${portal.url}/api/drafts/mine`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    await wizard.context().close();
  });
});
