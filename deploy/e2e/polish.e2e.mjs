/**
 * Issue 22 on a 360 px phone, in headless Chromium against the real portal:
 * addresses that name nothing say so with a way back (guest and applicant),
 * /coming-soon fits 360 and 1280 px and counts in correct English, the Files
 * step refuses an HTML page named .pdf when it is chosen (naming the
 * document) and tells a phone to choose a file rather than drag one, and the
 * review step and the Submitted screen state the fee.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectPageErrors, desktopPage, launchBrowser, phonePage, signIn, startPortal, fillGrade12Results, wizardStepOneReady } from './harness.mjs';
import { makePdf, makePng } from './sample-files.mjs';

const PHONE = { width: 360, height: 740 };

async function assertNoSidewaysScroll(page, where) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(scroll <= client, `${where}: the page is ${scroll}px wide in a ${client}px window`);
}

describe('issue 22: not-found pages, coming-soon, files and wording at 360 px', () => {
  let portal;
  let browser;
  before(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('guests: a university that does not exist is not found, with a way back; /coming-soon fits and counts right', async () => {
    const page = await phonePage(browser, { viewport: PHONE });
    const errors = collectPageErrors(page);
    for (const address of ['/guest/programs/abc', '/guest/programs/99999']) {
      await page.goto(`${portal.url}${address}`);
      await page.getByRole('heading', { name: 'University Not Found' }).waitFor({ timeout: 20_000 });
      assert.equal(await page.getByText(/Invalid input|universityId/).count(), 0, `${address} shows no validation message`);
      await assertNoSidewaysScroll(page, address);
    }
    await page.getByRole('link', { name: 'See all universities' }).click();
    await page.waitForURL(`${portal.url}/universities`);

    // One person on the waitlist: 'Join 1 other person', never 'Join 1 others'.
    const joined = await fetch(`${portal.url}/api/subscribers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Mutale Banda', email: `mutale.${Date.now()}@example.org` }),
    });
    assert.ok(joined.ok, `joining the waitlist answered ${joined.status}`);
    const { count } = await (await fetch(`${portal.url}/api/subscribers/count`)).json();
    for (const [context, label] of [
      [page, '360 px'],
      [await desktopPage(browser, { viewport: { width: 1280, height: 800 } }), '1280 px'],
    ]) {
      await context.goto(`${portal.url}/coming-soon`);
      await context.getByTestId('waitlist-count').waitFor({ timeout: 20_000 });
      await assertNoSidewaysScroll(context, `/coming-soon at ${label}`);
      const line = (await context.getByText(/already on the waitlist/).textContent())?.replace(/\s+/g, ' ').trim();
      assert.equal(line, count === 1 ? 'Join 1 other person already on the waitlist.' : `Join ${count.toLocaleString('en-US')} others already on the waitlist.`);
      assert.doesNotMatch(line, /\b1 others\b/);
    }
    assert.deepEqual(errors, []);
  });

  it('applicants: missing pages say so; the Files step refuses HTML named .pdf at once; the fee is stated', async () => {
    const api = async (path) => {
      const res = await fetch(`${portal.url}${path}`);
      assert.ok(res.ok, `${path} answered ${res.status}`);
      return res.json();
    };
    const universities = await api('/api/universities');
    let university;
    let programs = [];
    for (const candidate of universities) {
      // The standard fee (ZMW 150.75) is stated below: a university whose open intake sets its own fees (UNZA's) is fees.e2e.mjs's.
      const ownFees = (await api(`/api/universities/${candidate.id}/intakes`)).some((i) => i.state === 'OPEN' && i.fees.length > 0);
      if (ownFees) continue;
      programs = await api(`/api/programs/university/${candidate.id}`);
      if (programs.length > 0) {
        university = candidate;
        break;
      }
    }
    assert.ok(university, 'the demo data has a university with a program');

    const email = `polish.${Date.now()}@example.org`;
    const password = 'Luangwa-Valley-2026!';
    const registered = await fetch(`${portal.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Natasha', lastName: 'Phiri', email, phone: '0977 123 456', password, role: 'USER', consent: true }),
    });
    assert.equal(registered.status, 201, await registered.text());

    const page = await phonePage(browser, { viewport: PHONE });
    const errors = collectPageErrors(page);
    await signIn(page, portal.url, { email, password });

    for (const [address, heading, link] of [
      ['/apply/99999', 'University Not Found', 'Browse universities'],
      ['/apply/abc', 'University Not Found', 'Browse universities'],
      ['/universities/99999', 'University Not Found', 'Browse universities'],
      ['/courses/99999', 'Program Not Found', 'Browse universities'],
      ['/applications/99999', 'Application not found', 'My Applications'],
    ]) {
      await page.goto(`${portal.url}${address}`);
      await page.getByRole('heading', { name: heading }).waitFor({ timeout: 20_000 });
      assert.equal(await page.getByRole('link', { name: link }).count(), 1, `${address} offers '${link}'`);
      assert.equal(await page.getByRole('link', { name: 'Apply', exact: true }).count(), 0, `${address} offers no Apply`);
      assert.equal(await page.getByRole('heading', { name: /^Apply/ }).count(), 0, `${address} shows no wizard`);
      await assertNoSidewaysScroll(page, address);
    }

    // The wizard on a phone.
    await page.goto(`${portal.url}/apply/${university.id}`);
    await wizardStepOneReady(page);
    await page.getByLabel(/^Full name/).fill('Natasha Phiri');
    await page.getByLabel(/^Gender/).selectOption('Female');
    await page.getByLabel(/^Date of birth/).fill('2006-02-11');
    await page.getByLabel(/^Country/).selectOption('Zambia');
    const provinces = await page
      .getByLabel(/^Province/)
      .locator('option')
      .allTextContents();
    assert.equal(provinces.length, 11, "Zambia's ten provinces and the prompt");
    await page.getByLabel(/^Province/).selectOption('Copperbelt');
    await page.getByLabel(/^City/).fill('Ndola');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await page.getByRole('heading', { name: 'Step 2 of 4: Program' }).waitFor();
    await page.getByLabel(/^First choice program/).selectOption(String(programs[0].id));
    await page.getByLabel(/^Nationality/).fill('Zambian');
    await page.getByLabel(/^National registration number/).fill('234567/11/1');
    await page.getByLabel(/^Province of school last attended/).fill('Copperbelt');
    await page.getByLabel(/^Highest qualification/).selectOption('Grade 12');
    await page.getByLabel(/^Institution attended/).fill('Ndola Girls Technical');
    await fillGrade12Results(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await page.getByRole('heading', { name: 'Step 3 of 4: Files' }).waitFor();
    // A phone cannot drag files: it is told to choose one.
    assert.equal(await page.evaluate(() => matchMedia('(pointer: fine)').matches), false, 'the phone window has a coarse pointer');
    await page.getByText('Choose a file from your phone or computer.').first().waitFor({ timeout: 20_000 });
    assert.equal(await page.getByText('Drag and drop a file here, or choose one.').count(), 4);
    assert.equal(await page.getByText('Drag and drop a file here, or choose one.').first().isVisible(), false);
    // An HTML page named .pdf is refused as soon as it is chosen, naming the document.
    await page.getByLabel('Choose Academic results').setInputFiles({ name: 'results.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html><title>x</title><p>results</p>') });
    await page.getByText(/^The Academic results file is not a JPEG, PNG or WebP image or a PDF/).waitFor({ timeout: 10_000 });
    assert.equal(await page.getByText('results.pdf ·', { exact: false }).count(), 0);
    await assertNoSidewaysScroll(page, 'wizard step 3');
    for (const [label, file] of [
      ['NRC front or passport', { name: 'front.png', mimeType: 'image/png', buffer: makePng(32, 20, [10, 120, 40]) }],
      ['NRC back', { name: 'back.png', mimeType: 'image/png', buffer: makePng(32, 20, [120, 10, 40]) }],
      ['Academic results', { name: 'grades.pdf', mimeType: 'application/pdf', buffer: makePdf('Grade 12 results') }],
      ['Certificate', { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: makePdf('School certificate') }],
    ]) {
      await page.getByLabel(`Choose ${label}`).setInputFiles(file);
      await page.getByText(`${file.name} ·`, { exact: false }).first().waitFor({ timeout: 10_000 });
    }
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // The review step and the Submitted screen state the fee and what paying it starts.
    await page.getByRole('heading', { name: 'Step 4 of 4: Review' }).waitFor();
    await page.getByText(/^The application fee is ZMW 150\.75\. .*review of your application starts once it is paid\.$/).waitFor();
    await assertNoSidewaysScroll(page, 'wizard step 4');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { name: 'Application Submitted' }).waitFor({ timeout: 60_000 });
    await page.getByText('Next, pay the application fee of ZMW 150.75 from My Applications: review of your application starts once it is paid.').waitFor();

    // Starting a second application to the same university is warned about first.
    await page.goto(`${portal.url}/apply/${university.id}`);
    await page.getByRole('heading', { name: /^You already applied to / }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'View my application' }).waitFor();
    await assertNoSidewaysScroll(page, 'second application warning');
    assert.deepEqual(errors, []);
  });
});
