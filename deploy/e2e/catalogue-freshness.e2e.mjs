/**
 * Issue 22 defect 1 in headless Chromium: an ADMIN creates, edits and deletes
 * a program, and each change shows at once in the list, the detail and the
 * edit form, including after reloads. The list is read first, so a browser that
 * reused an earlier answer for an age would show the old list.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectPageErrors, demoLogins, desktopPage, launchBrowser, signIn, startPortal } from './harness.mjs';

const STAMP = Date.now().toString(36);
const NAME = `Environmental Science ${STAMP}`;
const RENAMED = `Environmental Engineering ${STAMP}`;

/** Closes a SweetAlert-like dialog after checking its text. */
async function expectDialog(page, text) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text, { exact: true }).waitFor({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
}

describe('staff see their own catalogue changes at once', () => {
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

  it('an ADMIN creates, edits and deletes a program; the list, detail and edit form show each change immediately', async () => {
    const admin = demoLogins(portal.dataDir).find((l) => l.role === 'ADMIN');
    assert.ok(admin, 'the demo data has an ADMIN');
    const page = await desktopPage(browser);
    const errors = collectPageErrors(page);
    const cacheControls = [];
    page.on('response', (res) => {
      if (/\/api\/programs/.test(res.url()) && res.request().method() === 'GET') cacheControls.push(res.headers()['cache-control']);
    });
    await signIn(page, portal.url, admin);
    const table = page.getByRole('table', { name: 'Programs' });
    const openList = async () => {
      await page.goto(`${portal.url}/programs`);
      await page.getByRole('heading', { name: 'Programs' }).waitFor({ timeout: 20_000 });
      await table.waitFor({ timeout: 20_000 });
    };

    // The list is read (and could be kept by the browser) before anything changes.
    await openList();
    assert.equal(await table.getByRole('cell', { name: NAME, exact: true }).count(), 0);

    /* ---------- create ---------- */
    await page.getByRole('button', { name: 'Add Program' }).first().click();
    const form = page.getByRole('form', { name: 'Add New Program' });
    await form.getByLabel(/^Name/).fill(NAME);
    await form.getByLabel(/^Description/).fill('Air, water and soil.');
    await form.getByLabel(/^Duration/).fill('4');
    await form.getByRole('button', { name: 'Add Program' }).click();
    await expectDialog(page, 'Program Created Successfully');
    await page.waitForURL(`${portal.url}/programs`);
    await table.getByRole('cell', { name: NAME, exact: true }).waitFor({ timeout: 10_000 });
    await page.reload();
    await table.getByRole('cell', { name: NAME, exact: true }).waitFor({ timeout: 10_000 });

    /* ---------- detail, then edit from the list ---------- */
    await page.getByRole('button', { name: `View ${NAME}` }).click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor({ timeout: 10_000 });
    const detailUrl = page.url();
    await openList();
    await page.getByRole('button', { name: `Edit ${NAME}` }).click();
    const editForm = page.getByRole('form', { name: 'Edit Program Details' });
    await editForm.getByLabel(/^Name/).waitFor({ timeout: 10_000 });
    assert.equal(await editForm.getByLabel(/^Name/).inputValue(), NAME);
    await editForm.getByLabel(/^Name/).fill(RENAMED);
    await editForm.getByLabel(/^Description/).fill('Air, water, soil and their engineering.');
    await editForm.getByRole('button', { name: 'Update Program' }).click();
    await expectDialog(page, 'Program Updated Successfully');
    await page.waitForURL(`${portal.url}/programs`);
    await table.getByRole('cell', { name: RENAMED, exact: true }).waitFor({ timeout: 10_000 });
    assert.equal(await table.getByRole('cell', { name: NAME, exact: true }).count(), 0, 'the old name is gone from the list');
    await page.reload();
    await table.getByRole('cell', { name: RENAMED, exact: true }).waitFor({ timeout: 10_000 });

    // The detail read before the edit, and the edit form opened again, show the new data.
    await page.goto(detailUrl);
    await page.getByRole('heading', { name: RENAMED, level: 1 }).waitFor({ timeout: 10_000 });
    await page.getByText('Air, water, soil and their engineering.').waitFor();
    await openList();
    await page.getByRole('button', { name: `Edit ${RENAMED}` }).click();
    await editForm.getByLabel(/^Name/).waitFor({ timeout: 10_000 });
    assert.equal(await editForm.getByLabel(/^Name/).inputValue(), RENAMED);
    assert.equal(await editForm.getByLabel(/^Description/).inputValue(), 'Air, water, soil and their engineering.');

    /* ---------- delete ---------- */
    await openList();
    await page.getByRole('button', { name: `Delete ${RENAMED}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete it!' }).click();
    await expectDialog(page, 'The program has been deleted.');
    assert.equal(await table.getByRole('cell', { name: RENAMED, exact: true }).count(), 0);
    await page.reload();
    await table.waitFor({ timeout: 20_000 });
    assert.equal(await table.getByRole('cell', { name: RENAMED, exact: true }).count(), 0, 'gone after a reload');
    await page.goto(detailUrl);
    await page.getByText('Program not found').first().waitFor({ timeout: 10_000 });

    assert.ok(cacheControls.length > 0);
    for (const value of cacheControls) assert.doesNotMatch(String(value), /max-age/, 'no program read is reused for an age');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
