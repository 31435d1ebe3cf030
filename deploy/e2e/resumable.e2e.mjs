/**
 * Resumable uploads in the browser (issue 19): on a phone with a slow uplink,
 * an applicant chooses four large photos once; each starts uploading through
 * tus as soon as it is chosen, the connection is cut twice mid-upload and the
 * page reloaded once, and the uploads continue from the server's offset
 * without choosing a file again. Every byte sent to /api/uploads, to the
 * server draft (/api/drafts, which links the finished uploads instead of
 * receiving the documents again) and with Submit is counted (under 2.5 MB
 * for all four), and Submit creates the application with its four files,
 * which staff can open.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import {
  collectPageErrors,
  countWizardBytes,
  demoLogins,
  fillEducation,
  fillPersonalStep,
  launchBrowser,
  phonePage,
  signIn,
  startPortal,
  storedDocuments,
  universityWithoutIntake,
} from './harness.mjs';
import { makePng } from './sample-files.mjs';

const SENT_CEILING = 2.5 * 1024 * 1024;
/** About 100 KB/s up: each 256 KB chunk takes seconds, so the cuts land mid-upload. */
const SLOW_UPLINK = { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: 100 * 1024 };

/**
 * A 2400 × 1500 photo-like PNG: a smooth picture with a band of noise, so
 * that once shrunk on the phone to 2000 px it still weighs about 350 KB.
 */
function photo(seed) {
  const base = makePng(2400, 1500, [seed * 40, 120, 200 - seed * 30]);
  // Rebuild the image data with the noisy band (rows 700–744) over the flat colour.
  const width = 2400;
  const rows = [];
  for (let y = 0; y < 1500; y++) {
    const row = Buffer.alloc(1 + width * 3);
    if (y >= 700 && y < 745) randomBytes(width * 3).copy(row, 1);
    else for (let x = 0; x < width * 3; x++) row[1 + x] = [seed * 40, 120, 200 - seed * 30][x % 3];
    rows.push(row);
  }
  const idatStart = base.indexOf(Buffer.from('IDAT')) - 4;
  const iend = base.indexOf(Buffer.from('IEND')) - 4;
  const data = deflateSync(Buffer.concat(rows));
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('IDAT', 4, 'ascii');
  data.copy(chunk, 8);
  // The CRC of the IDAT chunk: the one in sample-files.mjs is private, so recompute it here.
  let c = 0xffffffff;
  for (const byte of chunk.subarray(4, 8 + data.length)) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  chunk.writeUInt32BE((c ^ 0xffffffff) >>> 0, 8 + data.length);
  return Buffer.concat([base.subarray(0, idatStart), chunk, base.subarray(iend)]);
}

const FILES = [
  { label: 'NRC front or passport', name: 'nrc-front.png' },
  { label: 'NRC back', name: 'nrc-back.png' },
  { label: 'Academic results', name: 'results.png' },
  { label: 'Certificate', name: 'certificate.png' },
].map((file, index) => ({ ...file, buffer: photo(index + 1) }));

/** A new applicant account, registered through the API: its e-mail and password. */
async function registerApplicant(baseUrl, { firstName, lastName, password }) {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.org`;
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName, lastName, email, phone: '+260977123456', password, confirmPassword: password, consent: true }),
  });
  assert.ok(registered.ok, `registered: ${registered.status} ${await registered.text()}`);
  return { email, password };
}

describe('resumable uploads in the browser', () => {
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

  it('four large photos go through two cuts and a reload, chosen once, under 2.5 MB, and staff can open them', async () => {
    const { university, program } = await universityWithoutIntake(portal.url);

    const page = await phonePage(browser);
    const context = page.context();
    const errors = collectPageErrors(page);
    const { email, password } = await registerApplicant(portal.url, { firstName: 'Mutale', lastName: 'Banda', password: 'Kafue-River-2026!' });
    await signIn(page, portal.url, { email, password });

    const sent = await countWizardBytes(page);
    const cdp = await context.newCDPSession(page);
    const slow = async () => {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_UPLINK);
    };

    await page.goto(`${portal.url}/apply/${university.id}`);
    await fillPersonalStep(page, { fullName: 'Mutale Banda' });
    await page.getByLabel(/^First choice program/).selectOption(String(program.id));
    await fillEducation(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Step 3 of 4: Files' }).waitFor();

    // Chosen once each, on a slow uplink: each starts uploading at once.
    await slow();
    for (const file of FILES) {
      await page.getByLabel(`Choose ${file.label}`).setInputFiles({ name: file.name, mimeType: 'image/png', buffer: file.buffer });
      await page.getByText(file.name, { exact: false }).first().waitFor({ timeout: 20_000 });
    }
    const midUpload = () =>
      page
        .getByText(/^Uploading… ([1-9]|[1-9]\d)%$/)
        .first()
        .waitFor({ timeout: 60_000 });
    await midUpload();

    // First cut: the wizard waits for the network, then carries on by itself.
    await context.setOffline(true);
    await page.getByText('Waiting for the network…').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1000);
    await context.setOffline(false);
    await slow();
    await midUpload();

    // The page reloaded mid-upload: the files come back from the browser's store and continue from the server's offset.
    await page.reload();
    await page.getByRole('heading', { name: 'Step 3 of 4: Files' }).waitFor({ timeout: 30_000 });
    await slow();
    await midUpload();

    // Second cut.
    await context.setOffline(true);
    await page.getByText('Waiting for the network…').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1000);
    await context.setOffline(false);
    await slow();

    await page.waitForFunction(() => document.body.innerText.split('\n').filter((line) => line.trim() === 'Uploaded').length === 4, null, { timeout: 180_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // What the four shrunk photos weigh, from the wizard's own store.
    const shrunkTotal = (await storedDocuments(page)).bytes;

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Step 4 of 4: Review' }).waitFor();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('heading', { name: 'Application Submitted' }).waitFor({ timeout: 60_000 });

    const total = sent.total();
    console.log(
      `bytes sent: ${total} (/api/uploads ${sent.uploads} in ${sent.chunks} chunks, /api/drafts ${sent.drafts}, /api/applications ${sent.applications}; the four shrunk photos: ${shrunkTotal} bytes)`,
    );
    assert.ok(total < SENT_CEILING, `${total} bytes sent to /api/uploads, /api/drafts and /api/applications, at most ${SENT_CEILING}`);
    // The draft links the finished uploads: its requests carry fields and upload ids, never a photo (each weighs ~350 KB).
    assert.ok(sent.drafts < 64 * 1024, `${sent.drafts} bytes sent to /api/drafts: the documents went there again`);
    assert.ok(sent.uploads >= shrunkTotal * 0.99 || shrunkTotal === 0, 'every byte of the four photos went through /api/uploads');

    // Staff open the four files.
    const superuser = demoLogins(portal.dataDir).find((login) => login.role === 'SUPERUSER');
    const login = await fetch(`${portal.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: superuser.email, password: superuser.password }),
    });
    const staffToken = (await login.json()).token;
    const token = await page.evaluate(() => localStorage.getItem('user'));
    const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).id;
    const mine = await (await fetch(`${portal.url}/api/applications/user/${userId}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    const list = Array.isArray(mine) ? mine : (mine?.items ?? []);
    assert.ok(list.length >= 1, 'the application is listed for the applicant');
    const application = await (await fetch(`${portal.url}/api/applications/${list[0].id}`, { headers: { Authorization: `Bearer ${staffToken}` } })).json();
    assert.deepEqual(application.files.map((file) => file.fileName).sort(), FILES.map((file) => file.name).sort());
    for (const file of application.files) {
      const res = await fetch(`${portal.url}${file.url}`, { headers: { Authorization: `Bearer ${staffToken}` } });
      assert.equal(res.status, 200, `${file.fileName} opens for staff`);
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
      assert.deepEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [2000, 1250], `${file.fileName} arrives shrunk`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("an upload cut by the session ending continues from the server's offset after signing in again", async () => {
    const { university, program } = await universityWithoutIntake(portal.url);
    const page = await phonePage(browser);
    const context = page.context();
    const errors = collectPageErrors(page);
    const { email, password } = await registerApplicant(portal.url, { firstName: 'Chanda', lastName: 'Phiri', password: 'Luangwa-Valley-2026!' });
    await signIn(page, portal.url, { email, password });
    const chunks = [];
    let signedInAgain = false;
    const sent = await countWizardBytes(page, { onChunk: (chunk) => chunks.push({ ...chunk, signedInAgain }) });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');

    await page.goto(`${portal.url}/apply/${university.id}`);
    await fillPersonalStep(page, { fullName: 'Chanda Phiri' });
    await page.getByLabel(/^First choice program/).selectOption(String(program.id));
    await fillEducation(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { name: 'Step 3 of 4: Files' }).waitFor();

    const [file] = FILES;
    await cdp.send('Network.emulateNetworkConditions', SLOW_UPLINK);
    await page.getByLabel(`Choose ${file.label}`).setInputFiles({ name: file.name, mimeType: 'image/png', buffer: file.buffer });
    await page
      .getByText(/^Uploading… ([4-9]\d)%$/)
      .first()
      .waitFor({ timeout: 60_000 });
    const sentBeforeSignOut = sent.uploads;

    // The session ends mid-upload (as when the token expires); the applicant signs in again through the
    // login form, which clears local storage (spec §4), and goes back to the wizard.
    await page.evaluate(() => localStorage.removeItem('user'));
    await signIn(page, portal.url, { email, password });
    signedInAgain = true;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.goto(`${portal.url}/apply/${university.id}`);
    await page.getByRole('heading', { name: 'Step 3 of 4: Files' }).waitFor({ timeout: 30_000 });
    await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 60_000 });

    const shrunk = (await storedDocuments(page)).bytes;
    console.log(`uploaded ${sent.uploads} bytes for one ${shrunk}-byte photo (${sentBeforeSignOut} before the session ended); chunks: ${JSON.stringify(chunks)}`);
    const before = chunks.filter((chunk) => !chunk.signedInAgain);
    const afterwards = chunks.filter((chunk) => chunk.signedInAgain);
    assert.ok(before.length >= 1 && afterwards.length >= 1, 'chunks went both before the session ended and after signing in again');
    // Continued, not restarted: the same upload, from the offset the server had kept.
    assert.deepEqual([...new Set(afterwards.map((chunk) => chunk.upload))], [before[0].upload], 'after signing in again the chunks go to the same upload');
    assert.ok(afterwards[0].offset > 0, `after signing in again the upload starts at byte ${afterwards[0].offset}: it started again`);
    assert.ok(sent.uploads - shrunk < sentBeforeSignOut, `${sent.uploads} bytes sent to /api/uploads for a ${shrunk}-byte photo`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
