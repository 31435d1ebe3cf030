/**
 * Queues (issue 17 item 3) in headless Chromium, against the real portal with
 * the demo data: an ADMIN selects twenty new applications on the list,
 * assigns them all to a colleague in one action, then declines five of them
 * in bulk with one reason; each action asks first with the count, and the
 * list shows both at once. The server's state is checked after each step.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectPageErrors, demoLogins, desktopPage, launchBrowser, searchApplications, signIn, startPortal } from './harness.mjs';
import { makePng } from './sample-files.mjs';

const COUNT = 20;
const DECLINED = 5;
const REASON = 'The program is full for this intake.';

describe('queues: bulk assignment and bulk decline', () => {
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

  async function api(path, { token, method = 'GET', json, body } = {}) {
    const headers = { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(json ? { 'Content-Type': 'application/json' } : {}) };
    const res = await fetch(`${portal.url}${path}`, { method, headers, body: json ? JSON.stringify(json) : body });
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, raw: text };
  }
  async function ok(path, options) {
    const res = await api(path, options);
    assert.ok(res.status >= 200 && res.status < 300, `${options?.method ?? 'GET'} ${path} answered ${res.status}: ${res.raw.slice(0, 300)}`);
    return res.body;
  }

  it('an ADMIN assigns several applications to a colleague in one action and declines some in bulk', async () => {
    const admin = demoLogins(portal.dataDir).find((l) => l.role === 'ADMIN' && l.university);
    assert.ok(admin, 'the demo data has an ADMIN of a university');
    const { token: adminToken } = await ok('/api/auth/login', { method: 'POST', json: { email: admin.email, password: admin.password } });
    const university = (await ok('/api/universities')).find((u) => u.name === admin.university);
    const programs = await ok(`/api/programs/university/${university.id}`);
    const stamp = Date.now();
    const password = 'Chipata-Rocks-2026!';

    // A colleague: the ADMIN adds an admin to its own university.
    await ok('/api/auth/register', {
      method: 'POST',
      token: adminToken,
      json: { firstName: 'Jane', lastName: `Banda${stamp}`, email: `jane.${stamp}@example.org`, phone: '+260 977 100 200', password, confirmPassword: password, role: 'ADMIN' },
    });
    const colleague = `Jane Banda${stamp}`;

    // New applications, one per new applicant, named so the list's search finds exactly them.
    const intakes = await api(`/api/universities/${university.id}/intakes`);
    const openIntake = Array.isArray(intakes.body) ? intakes.body.find((i) => i.state === 'OPEN' && i.programs.some((p) => p.programId === programs[0].id)) : undefined;
    const ids = [];
    for (let k = 0; k < COUNT; k += 1) {
      const email = `queue.${stamp}.${k}@example.org`;
      await ok('/api/auth/register', { method: 'POST', json: { firstName: 'Queue', lastName: `Tester${k}`, email, phone: '+260 977 333 222', password, role: 'USER', consent: true } });
      const { token } = await ok('/api/auth/login', { method: 'POST', json: { email, password } });
      const form = new FormData();
      form.append(
        'application',
        JSON.stringify({
          programIds: [programs[0].id],
          ...(openIntake ? { intakeId: openIntake.id } : {}),
          status: 'PENDING',
          fullName: `Queue${stamp} Tester${k}`,
          phoneNumber: '+260 977 333 222',
          email,
          dateOfBirth: '2005-03-04',
          nationality: 'Zambian',
          province: 'Eastern',
          nationalRegNumber: '246810/12/1',
          city: 'Chipata',
          country: 'Zambia',
          highestQualification: 'Grade 12',
          institutionAttended: 'Chipata Day Secondary',
        }),
      );
      for (let i = 0; i < 4; i += 1) form.append('files', new Blob([makePng(24, 16, [40 * i, 90, 120])], { type: 'image/png' }), `document-${i}.png`);
      ids.push((await ok('/api/applications', { method: 'POST', token, body: form })).id);
    }

    const page = await desktopPage(browser);
    const errors = collectPageErrors(page);
    await signIn(page, portal.url, admin);
    await page.goto(`${portal.url}/applications`);
    // The selection made below is of the searched list (the unsearched one's is cleared when it goes).
    await searchApplications(page, `Queue${stamp}`);
    const table = page.getByRole('table', { name: 'Applications' });
    await table.getByText(`Queue${stamp} Tester${COUNT - 1}`).waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('table[aria-label="Applications"] tbody tr').length === n, COUNT);

    // Assign all of them to the colleague in one action.
    await table.getByRole('checkbox', { name: 'Select all on this page' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText(`${COUNT} applications selected`).waitFor();
    await bar.getByRole('button', { name: 'Assign to…' }).click();
    const assign = page.getByRole('dialog', { name: `Assign ${COUNT} applications` });
    await assign.getByRole('combobox', { name: 'Assign to' }).selectOption({ label: colleague });
    await assign.getByRole('button', { name: 'Assign' }).click();
    const confirmAssign = page.getByRole('dialog', { name: `Assign ${COUNT} applications to ${colleague}?` });
    await confirmAssign.getByRole('button', { name: 'Yes' }).click();
    await page.getByText(`${COUNT} applications assigned to ${colleague}`).waitFor();
    await page.waitForFunction(({ n, name }) => [...document.querySelectorAll('table[aria-label="Applications"] tbody tr')].filter((tr) => tr.textContent.includes(name)).length === n, {
      n: COUNT,
      name: colleague,
    });

    // Decline some of them in bulk, with one reason.
    for (let k = 0; k < DECLINED; k += 1) await table.getByRole('checkbox', { name: `Select application of Queue${stamp} Tester${k}`, exact: true }).check();
    await bar.getByText(`${DECLINED} applications selected`).waitFor();
    await bar.getByRole('button', { name: 'Decline…' }).click();
    const decline = page.getByRole('dialog', { name: `Decline ${DECLINED} applications` });
    await decline.getByRole('textbox', { name: /Reason for declining/ }).fill(REASON);
    await decline.getByRole('button', { name: 'Decline' }).click();
    await page
      .getByRole('dialog', { name: `Decline ${DECLINED} applications?` })
      .getByRole('button', { name: 'Yes' })
      .click();
    await page.getByText(`${DECLINED} applications declined`).waitFor();
    // The list shows both: every row still assigned to the colleague, the declined ones Rejected.
    await page.waitForFunction(
      ({ n, name, total }) => {
        const rows = [...document.querySelectorAll('table[aria-label="Applications"] tbody tr')];
        return rows.length === total && rows.filter((tr) => tr.textContent.includes('Rejected') && tr.textContent.includes(name)).length === n;
      },
      { n: DECLINED, name: colleague, total: COUNT },
    );

    for (const [k, id] of ids.entries()) {
      const server = await ok(`/api/applications/${id}`, { token: adminToken });
      assert.equal(server.assignee?.name, colleague);
      assert.equal(server.status, k < DECLINED ? 'REJECTED' : 'PENDING');
      assert.ok(server.history.some((h) => h.kind === 'ASSIGNMENT' && h.note === `Assigned to ${colleague}`));
      if (k < DECLINED) assert.equal(server.reviewNotes, REASON);
    }
    assert.deepEqual(errors, []);
  });
});
