/**
 * The portal opens offline (issue 19 item 3), in headless Chromium against the
 * real portal serving a web root laid out by deploy/tools/deploy-remote.mjs
 * (the shell and each remote in its own version folder, as nginx serves them).
 *
 * An applicant with one submitted application signs in, opens My
 * Applications and fills the wizard of another university up to Review; the
 * service worker keeps the shell, the applicant remote's version and the
 * answers. With the browser offline (context.setOffline) the page is reloaded:
 * the banner says 'Offline — showing saved data', the application and the
 * draft show, the draft is edited, and Submit waits; back online it is sent,
 * with the edit. After Logout nothing of theirs is kept: offline, even their
 * old token shows none of it. Finally a new version of mfe-applicant deployed
 * with the tool is used on the next visit with the worker installed, and so
 * is a rollback.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertBuilt, collectPageErrors, desktopPage, explainingFailure, fillEducation, fillPersonalStep, launchBrowser, REPO_ROOT, signIn, startPortal } from './harness.mjs';
import { makePdf, makePng } from './sample-files.mjs';

const DEPLOY_TOOL = path.join(REPO_ROOT, 'deploy', 'tools', 'deploy-remote.mjs');
const FIRST = '1.0.0-first';
const SECOND = '1.0.1-second';
const WAIT_MS = 30_000;
const BANNER = 'Offline — showing saved data';
const FILES = [
  { label: 'NRC front or passport', name: 'nrc-front.png', mimeType: 'image/png', buffer: makePng(64, 40, [200, 30, 30]) },
  { label: 'NRC back', name: 'nrc-back.png', mimeType: 'image/png', buffer: makePng(64, 40, [30, 30, 200]) },
  { label: 'Academic results', name: 'results.pdf', mimeType: 'application/pdf', buffer: makePdf('Grade 12 results') },
  { label: 'Certificate', name: 'certificate.pdf', mimeType: 'application/pdf', buffer: makePdf('School certificate') },
];

function deployTool(...args) {
  return execFileSync(process.execPath, [DEPLOY_TOOL, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
}

describe('the portal opens offline', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'portal-offline-'));
  const webRoot = path.join(work, 'web');
  let portal;
  let browser;
  let page;
  let applicant;
  let token;
  let firstApplication;
  let wizardUniversity;

  async function api(urlPath, { method = 'GET', json, body, auth = token } = {}) {
    const headers = { ...(auth ? { Authorization: `Bearer ${auth}` } : {}), ...(json ? { 'Content-Type': 'application/json' } : {}) };
    const res = await fetch(`${portal.url}${urlPath}`, { method, headers, body: json ? JSON.stringify(json) : body });
    const text = await res.text();
    assert.ok(res.ok, `${method} ${urlPath} answered ${res.status}: ${text.slice(0, 300)}`);
    return text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  }

  /** The URLs of the remote entries the page asked for while `run` ran. */
  async function entriesRequested(run) {
    const urls = [];
    const onRequest = (request) => {
      if (request.url().endsWith('/remoteEntry.js')) urls.push(new URL(request.url()).pathname);
    };
    page.on('request', onRequest);
    try {
      await run();
    } finally {
      page.off('request', onRequest);
    }
    return urls;
  }

  /** Waits until the worker controls the page and keeps the applicant remote's wizard files. */
  async function waitForOfflineCopy() {
    await page.waitForFunction(
      async () => {
        if (!navigator.serviceWorker.controller) return false;
        const cache = await caches.open('portal-assets');
        return (await cache.keys()).some((request) => /\/remotes\/mfe-applicant\/[^/]+\/wizard-upload\.[0-9a-f]{8}\.js$/.test(request.url));
      },
      null,
      { timeout: 60_000, polling: 250 },
    );
  }

  before(async () => {
    assertBuilt();
    deployTool('deploy', 'shell', '--web-root', webRoot);
    deployTool('deploy', 'mfe-public', '--web-root', webRoot, '--version', FIRST);
    deployTool('deploy', 'mfe-applicant', '--web-root', webRoot, '--version', FIRST);
    deployTool('deploy', 'mfe-staff', '--web-root', webRoot, '--version', FIRST);
    portal = await startPortal({ env: { PORTAL_WEB_LAYOUT: 'deployed', PORTAL_WEB_ROOT: webRoot } });
    browser = await launchBrowser();

    // A fresh applicant with one submitted application (through the API: the wizard has its own journey).
    applicant = { email: `offline.${Date.now()}@example.org`, password: 'Mongu-Plains-2026!' };
    await api('/api/auth/register', {
      method: 'POST',
      json: { firstName: 'Mutale', lastName: 'Phiri', email: applicant.email, phone: '0977654321', password: applicant.password, role: 'USER', consent: true },
    });
    token = (await api('/api/auth/login', { method: 'POST', json: applicant })).token;
    const universities = await api('/api/universities');
    const withPrograms = [];
    for (const university of universities) {
      const programs = await api(`/api/programs/university/${university.id}`);
      if (programs.length > 0) withPrograms.push({ university, programs });
    }
    assert.ok(withPrograms.length >= 2, 'the demo data has two universities with programs');
    const [first, second] = withPrograms;
    wizardUniversity = second;
    const open = (await api(`/api/universities/${first.university.id}/intakes`)).find((i) => i.state === 'OPEN' && i.programs.some((p) => p.programId === first.programs[0].id));
    const form = new FormData();
    form.append(
      'application',
      JSON.stringify({
        programIds: [first.programs[0].id],
        ...(open ? { intakeId: open.id } : {}),
        status: 'PENDING',
        fullName: 'Mutale Phiri',
        phoneNumber: '0977654321',
        email: applicant.email,
        dateOfBirth: '2005-02-14',
        nationality: 'Zambian',
        province: 'Western',
        nationalRegNumber: '445566/77/1',
        city: 'Mongu',
        country: 'Zambia',
        highestQualification: 'Grade 12',
        institutionAttended: 'Mongu Secondary',
      }),
    );
    FILES.forEach((file) => form.append('files', new Blob([file.buffer], { type: file.mimeType }), file.name));
    firstApplication = { id: (await api('/api/applications', { method: 'POST', body: form })).id, university: first.university };
    assert.ok(firstApplication.id);
  });

  after(async () => {
    await browser?.close();
    await portal?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('a returning applicant sees their applications and draft offline, edits it, and Submit goes when the network returns, though the browser was closed meanwhile', async () => {
    page = await desktopPage(browser);
    const errors = collectPageErrors(page);
    // A failure says what the page showed, and leaves the browser online for the tests after it.
    await explainingFailure(page, async () => {
      await signIn(page, portal.url, applicant);
      await page.goto(`${portal.url}/applications`);
      const applicationCard = page.getByText(firstApplication.university.name).first();
      await applicationCard.waitFor({ timeout: WAIT_MS });

      // The wizard of another university, filled up to Review (kept on the phone as it is typed).
      const { university, programs } = wizardUniversity;
      await page.goto(`${portal.url}/apply/${university.id}`);
      await fillPersonalStep(page, { fullName: 'Mutale Phiri', phone: '+260 977 654 321', dateOfBirth: '2005-02-14', province: 'Western', city: 'Mongu', timeout: WAIT_MS });
      const intake = page.getByLabel(/^Intake/);
      if ((await intake.count()) > 0 && (await intake.isEditable())) {
        const options = await intake.locator('option:not([disabled])').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
        if (options.length) await intake.selectOption(options[0]);
      }
      const firstChoice = page.getByLabel(/^First choice program/);
      const offered = await firstChoice.locator('option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
      assert.ok(offered.length > 0, `${university.name} offers a program in the wizard`);
      await firstChoice.selectOption(offered[0]);
      await fillEducation(page, { nrc: '445566/77/1', schoolProvince: 'Western', institution: 'Mongu Secondary' });
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('heading', { name: 'Step 3 of 4: Files' }).waitFor();
      for (const file of FILES) {
        await page.getByLabel(`Choose ${file.label}`).setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: file.buffer });
        await page.getByText(file.name, { exact: false }).first().waitFor();
      }
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('heading', { name: 'Step 4 of 4: Review' }).waitFor();
      await page.getByText('4 of 4 files uploaded').waitFor();
      await waitForOfflineCopy();
      assert.ok(programs.length > 0);
      // The worker keeps the answers it sees: the applicant comes back to the pages once it runs.
      // Their first page arrives rendered for the role with the university list inside it: the app
      // asks nothing, and the worker keeps what the page came with, in place of an older copy (here
      // one saved before the wizard's university was listed).
      const savedListKey = `${portal.url}/api/universities?offline-user=${JSON.parse(Buffer.from(token.split('.')[1], 'base64url')).id}`;
      const olderList = (await api('/api/universities')).filter((listed) => listed.id !== university.id);
      assert.ok(!JSON.stringify(olderList).includes(JSON.stringify(university.name)), 'the older copy does not list the university');
      await page.evaluate(async ({ key, list }) => (await caches.open('portal-data')).put(key, Response.json(list)), { key: savedListKey, list: olderList });
      await page.goto(`${portal.url}/dashboard`);
      await page.getByRole('main').getByText(university.name).first().waitFor({ timeout: WAIT_MS });
      // The list shows before the app starts (it came in the page); the app hands it to the worker
      // as it starts. Moving on before that would lose it (a CI run did), so wait for the copy.
      await page.waitForFunction(
        async ({ key, name }) => {
          const saved = await (await caches.open('portal-data')).match(key, { ignoreVary: true });
          return Boolean(saved) && (await saved.text()).includes(JSON.stringify(name));
        },
        { key: savedListKey, name: university.name },
        { timeout: WAIT_MS, polling: 250 },
      );
      await page.goto(`${portal.url}/applications`);
      await page.getByText(firstApplication.university.name).first().waitFor({ timeout: WAIT_MS });
      await page.goto(`${portal.url}/apply/${university.id}`);
      await page.getByRole('heading', { name: 'Step 4 of 4: Review' }).waitFor({ timeout: WAIT_MS });
      await page.getByText('4 of 4 files uploaded').waitFor();

      // The network goes while she reads her answers: the banner comes without moving what is
      // under her finger.
      const submit = page.getByRole('button', { name: 'Submit Application' });
      const submitBefore = await submit.boundingBox();
      await page.context().setOffline(true);
      await page.getByRole('status').filter({ hasText: BANNER }).waitFor({ timeout: WAIT_MS });
      assert.deepEqual(await submit.boundingBox(), submitBefore, 'the banner moved the Submit button');

      // No network at all.
      await page.context().setOffline(true);
      await page.goto(`${portal.url}/applications`);
      await page.getByRole('status').filter({ hasText: BANNER }).waitFor({ timeout: WAIT_MS });
      await page.getByText(firstApplication.university.name).first().waitFor({ timeout: WAIT_MS });
      // One application is a page shorter than the window: the banner is still at the window's
      // bottom, not halfway down right after the card.
      const bannerBox = await page.getByRole('status').filter({ hasText: BANNER }).boundingBox();
      assert.ok(
        Math.abs(bannerBox.y + bannerBox.height - page.viewportSize().height) <= 1,
        `the banner ends at ${bannerBox.y + bannerBox.height}px, not at the window's bottom (${page.viewportSize().height}px)`,
      );
      // The applicant's first page, the university list: online it came rendered for the role
      // with the list inside the page, so the app never asked the API for it.
      await page.goto(`${portal.url}/dashboard`);
      await page.getByRole('status').filter({ hasText: BANNER }).waitFor({ timeout: WAIT_MS });
      await page.getByRole('main').getByText(university.name).first().waitFor({ timeout: WAIT_MS });

      await page.goto(`${portal.url}/apply/${university.id}`);
      await page.getByRole('heading', { name: 'Step 4 of 4: Review' }).waitFor({ timeout: WAIT_MS });
      await page.getByRole('status').filter({ hasText: BANNER }).waitFor();
      for (const file of FILES) await page.getByText(file.name, { exact: false }).first().waitFor({ timeout: 10_000 });
      // The draft is edited offline: back to step 1, the city changed.
      for (let step = 3; step >= 1; step--) {
        await page.getByRole('button', { name: 'Back', exact: true }).click();
        await page.getByRole('heading', { name: new RegExp(`^Step ${step} of 4`) }).waitFor();
      }
      assert.equal(await page.getByLabel(/^City/).inputValue(), 'Mongu');
      await page.getByLabel(/^City/).fill('Senanga');
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('heading', { name: 'Step 4 of 4: Review' }).waitFor();

      // Submit waits for the network, and says so.
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByRole('button', { name: 'Will send when back online' }).waitFor();
      await page.getByText(/^You are offline\. Your application is kept on this device/).waitFor();
      assert.equal((await api('/api/applications/user/' + JSON.parse(Buffer.from(token.split('.')[1], 'base64url')).id)).length, 1, 'nothing was sent offline');

      // The portal is left while it waits (the page unloaded, as when the phone's browser is
      // closed); the network comes back while nothing of it runs.
      await page.goto('about:blank');
      await page.context().setOffline(false);
      await page.goto(`${portal.url}/applications`);
      await page.getByText('You pressed Submit while offline: the application is sent when you resume it with a connection.').waitFor({ timeout: WAIT_MS });
      await page.getByRole('button', { name: 'Resume Application' }).click();
      // Sent without pressing Submit again.
      await page.getByRole('heading', { name: 'Application Submitted' }).waitFor({ timeout: WAIT_MS });
      const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url')).id;
      const mine = await api(`/api/applications/user/${userId}`);
      assert.equal(mine.length, 2);
      const sent = mine.find((a) => a.id !== firstApplication.id);
      assert.equal(sent.city, 'Senanga', 'the edit made offline was sent');
    }).finally(() => page.context().setOffline(false));
    assert.deepEqual(errors, []);
  });

  it('a new version of mfe-applicant is used on the next visit with the worker installed; so is a rollback', async () => {
    assert.ok(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 'the worker controls the page');
    deployTool('deploy', 'mfe-applicant', '--web-root', webRoot, '--from', path.join(REPO_ROOT, 'mfe-applicant', 'dist'), '--version', SECOND);
    const afterDeploy = await entriesRequested(async () => {
      await page.goto(`${portal.url}/applications`);
      await page.getByText(firstApplication.university.name).first().waitFor({ timeout: WAIT_MS });
    });
    assert.deepEqual(afterDeploy, [`/remotes/mfe-applicant/${SECOND}/remoteEntry.js`]);

    deployTool('rollback', 'mfe-applicant', '--web-root', webRoot, '--to', FIRST);
    const afterRollback = await entriesRequested(async () => {
      await page.reload();
      await page.getByText(firstApplication.university.name).first().waitFor({ timeout: WAIT_MS });
    });
    assert.deepEqual(afterRollback, [`/remotes/mfe-applicant/${FIRST}/remoteEntry.js`]);
  });

  it('after Logout, offline, nothing of the applicant is kept, even for their old token', async () => {
    const oldToken = await page.evaluate(() => localStorage.getItem('user'));
    assert.ok(oldToken);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${portal.url}/login`, { timeout: WAIT_MS });
    assert.equal(await page.evaluate(async () => ((await caches.has('portal-data')) ? (await (await caches.open('portal-data')).keys()).length : 0)), 0);

    await page.context().setOffline(true);
    // Someone with the phone puts the old session back: the worker has nothing of theirs to show.
    await page.evaluate((value) => localStorage.setItem('user', value), oldToken);
    await page.goto(`${portal.url}/applications`);
    await page.getByRole('status').filter({ hasText: BANNER }).waitFor({ timeout: WAIT_MS });
    await page.getByText('Failed to fetch user applications: network error').waitFor({ timeout: WAIT_MS });
    assert.equal(await page.getByText(firstApplication.university.name).count(), 0, "the applicant's applications are not shown");
    await page.context().setOffline(false);
    await page.context().close();
  });
});
