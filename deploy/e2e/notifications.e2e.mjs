/**
 * Notifications (issue 18, 'Done when') in headless Chromium, against the real
 * portal with the demo data, the offline SMS sandbox and a local SMTP listener
 * standing for the mail server. An applicant registers with 0977123456 (kept
 * as +260977123456) and, on Settings, turns SMS on for submissions and
 * document requests (payments and decisions are on by default). Their first
 * application is submitted, paid in the Lenco sandbox (the checkout's outcome,
 * then verified while the sandbox's webhook races it), gets a document request
 * and an offer: each is one SMS on the sandbox page, one e-mail and one entry
 * of the notification centre (bell, menu, 'See all', marked read). With the
 * payment SMS turned off on Settings, a second paid application gets its
 * receipt e-mail and centre entry but no payment SMS, while its submission and
 * decision SMS still arrive. Finally the password is reset by an SMS code read
 * from the sandbox page, and the new password signs in.
 *
 * The steps that are not under test (submitting, paying, staff decisions) go
 * through the HTTP API; the wizard, the checkout and the staff pages have their
 * own journeys. Nothing is slept for: the SMS outbox is drained by a job every
 * few seconds, so each wait polls for its effect with a deadline.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectPageErrors, demoLogins, launchBrowser, noticeShown, phonePage, recordNotices, signIn, startPortal, startSmtp, whenInteractive } from './harness.mjs';
import { makePng } from './sample-files.mjs';

const TYPED_PHONE = '0977123456';
const PHONE = '+260977123456';
const WAIT_MS = 30_000;
const REASON = 'NRC back is unreadable — please upload a clearer photo';

/** Polls `probe` until it answers something truthy, or fails with `what` after the deadline. */
async function until(what, probe, timeoutMs = WAIT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** '#12' and not '#123': an application's number inside a text. */
const numbered = (id) => new RegExp(`#${id}(?!\\d)`);

describe('notifications by SMS, e-mail and the notification centre', () => {
  let portal;
  let browser;
  let smtp;
  before(async () => {
    smtp = await startSmtp();
    // Production with the SMS sandbox asked for by name, as a trial deployment without a provider key.
    portal = await startPortal({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMS_SANDBOX: 'true' } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
    await smtp?.close();
  });

  async function api(path, { token, method = 'GET', json, body } = {}) {
    const headers = { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(json ? { 'Content-Type': 'application/json' } : {}) };
    const res = await fetch(`${portal.url}${path}`, { method, headers, body: json ? JSON.stringify(json) : body });
    const text = await res.text();
    assert.ok(res.ok, `${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  }

  /** The texts the SMS sandbox holds for the applicant's number (its JSON view of the developer page). */
  async function smsTexts() {
    const { messages } = await api(`/sandbox/sms?to=${encodeURIComponent(PHONE)}&format=json`);
    return messages.map((m) => m.text);
  }
  const waitForSms = (what, pattern) => until(`the SMS '${what}'`, async () => (await smsTexts()).find((t) => pattern.test(t)));
  const mailsTo = (email, subject) => smtp.received.filter((m) => m.to === email && (subject instanceof RegExp ? subject.test(m.subject) : m.subject === subject));
  const waitForMail = (email, subject) => until(`the e-mail '${subject}'`, () => mailsTo(email, subject)[0]);

  /** One submitted application with four documents, through the API (the wizard has its own journey). */
  async function submit(token, email, programId, intakeId) {
    const form = new FormData();
    form.append(
      'application',
      JSON.stringify({
        programIds: [programId],
        ...(intakeId ? { intakeId } : {}),
        status: 'PENDING',
        fullName: 'Chilufya Bwalya',
        phoneNumber: TYPED_PHONE,
        email,
        dateOfBirth: '2005-02-14',
        nationality: 'Zambian',
        province: 'Northern',
        nationalRegNumber: '112233/44/1',
        city: 'Kasama',
        country: 'Zambia',
        highestQualification: 'Grade 12',
        institutionAttended: 'Kasama Boys Secondary',
      }),
    );
    ['nrc-front', 'nrc-back', 'results', 'certificate'].forEach((name, i) => form.append('files', new Blob([makePng(40, 30, [50 * i, 110, 70])], { type: 'image/png' }), `${name}.png`));
    const created = await api('/api/applications', { method: 'POST', token, body: form });
    return created.id;
  }

  /** Pays the fee in the Lenco sandbox: the checkout's outcome (its webhook follows in the background), then the verification. */
  async function pay(token, applicationId) {
    const started = await api('/api/payments/initiate', { method: 'POST', token, json: { applicationId } });
    const config = await api('/api/payments/config', { token });
    await api('/sandbox/lenco/outcome', {
      method: 'POST',
      json: { key: config.publicKey, reference: started.reference, amount: started.amount, currency: started.currency, channel: 'mobile-money', outcome: 'success' },
    });
    const verified = await api(`/api/payments/verify/${started.reference}`, { token });
    assert.equal(verified.status, 'successful', JSON.stringify(verified));
    return (await api(`/api/applications/${applicationId}/receipt`, { token })).receiptNumber;
  }

  /** Opens the developer SMS sandbox page for the applicant's number and counts the texts matching each pattern. */
  async function countOnSandboxPage(page, patterns) {
    await page.goto(`${portal.url}/sandbox/sms?to=${encodeURIComponent(PHONE)}`);
    await page.getByRole('heading', { name: 'SMS sandbox' }).waitFor({ timeout: WAIT_MS });
    // Each text is a paragraph of its own list item, after the line saying to whom and when.
    const texts = page.getByRole('listitem').getByRole('paragraph');
    const counts = {};
    for (const [name, pattern] of Object.entries(patterns)) counts[name] = await texts.filter({ hasText: pattern }).count();
    return counts;
  }

  /** Sets SMS switches on Settings and saves them, as the applicant does. */
  async function setSms(page, switches) {
    await page.goto(`${portal.url}/settings`);
    await page.getByRole('table', { name: 'Notification channels per event' }).waitFor({ timeout: WAIT_MS });
    await page.getByText('Text messages (SMS) go to').getByText('0977 123 456').waitFor();
    for (const [label, on] of Object.entries(switches)) {
      const toggle = page.getByLabel(`SMS: ${label}`);
      if (on) await toggle.check();
      else await toggle.uncheck();
    }
    await recordNotices(page);
    await page.getByRole('button', { name: 'Save notification settings' }).click();
    await noticeShown(page, 'Your notification settings have been saved.', WAIT_MS);
    await page.getByText(/^You agreed to receive text messages on /).waitFor();
  }

  it('tells each step once by SMS, e-mail and the centre; the payment SMS stops when turned off; a password is reset by SMS code', async () => {
    const logins = demoLogins(portal.dataDir);
    const admin = logins.find((l) => l.role === 'ADMIN' && l.university);
    const superuser = logins.find((l) => l.role === 'SUPERUSER');
    const { token: adminToken } = await api('/api/auth/login', { method: 'POST', json: { email: admin.email, password: admin.password } });
    const { token: superToken } = await api('/api/auth/login', { method: 'POST', json: { email: superuser.email, password: superuser.password } });
    const universities = await api('/api/universities');
    const home = universities.find((u) => u.name === admin.university);
    const programs = await api(`/api/programs/university/${home.id}`);

    // Registered with the number as typed on a phone; kept in E.164.
    const email = `kasama.${Date.now()}@example.org`;
    const password = 'Kasama-Rocks-2026!';
    await api('/api/auth/register', { method: 'POST', json: { firstName: 'Chilufya', lastName: 'Bwalya', email, phone: TYPED_PHONE, password, role: 'USER', consent: true } });
    const { token } = await api('/api/auth/login', { method: 'POST', json: { email, password } });
    const preferences = await api('/api/users/me/notification-preferences', { token });
    assert.equal(preferences.phone, PHONE);
    assert.equal(preferences.smsAvailable, true);
    assert.equal(preferences.smsConsentAt, null, 'no SMS consent before the applicant saves their choice');

    // On Settings (a phone), SMS on for submissions and document requests too.
    const page = await phonePage(browser);
    const errors = collectPageErrors(page);
    await signIn(page, portal.url, { email, password });
    await page.goto(`${portal.url}/settings`);
    await page.getByRole('table', { name: 'Notification channels per event' }).waitFor({ timeout: WAIT_MS });
    for (const label of ['Payment received or failed', 'Decision on an application']) assert.equal(await page.getByLabel(`SMS: ${label}`).isChecked(), true, `SMS on by default: ${label}`);
    for (const label of ['Application submitted', 'A document needs a new file']) assert.equal(await page.getByLabel(`SMS: ${label}`).isChecked(), false, `SMS off by default: ${label}`);
    await setSms(page, { 'Application submitted': true, 'A document needs a new file': true });
    const saved = await api('/api/users/me/notification-preferences', { token });
    assert.ok(saved.smsConsentAt, 'the consent is recorded with its time');
    assert.deepEqual(
      saved.events.filter((e) => e.sms).map((e) => e.event),
      ['SUBMITTED', 'PAYMENT', 'DOCUMENTS', 'DECISION', 'OFFER_LAPSING', 'INTAKE_CLOSING', 'ACCOUNT_ARCHIVED'],
    );

    // 1. Submitted into the ADMIN's university, in an open intake with a place left (as offers.e2e.mjs), and paid.
    const intakes = await api(`/api/universities/${home.id}/intakes`, { token });
    let intakeId;
    let program = programs[0];
    for (const intake of intakes.filter((i) => i.state === 'OPEN')) {
      const places = await api(`/api/intakes/${intake.id}/capacity`, { token: adminToken });
      const free = places.programs.find((p) => p.capacity === null || p.accepted + (p.offered ?? 0) < p.capacity);
      if (free) {
        intakeId = intake.id;
        program = programs.find((p) => p.id === free.programId);
        break;
      }
    }
    const first = await submit(token, email, program.id, intakeId);
    const firstReceipt = await pay(token, first);

    // 2. The ADMIN asks for a better scan of the NRC back, then makes an offer.
    const nrcBack = (await api(`/api/applications/${first}`, { token: adminToken })).files.find((f) => f.documentType === 'NRC_BACK');
    await api(`/api/applications/${first}/documents/${nrcBack.id}`, { method: 'PUT', token: adminToken, json: { status: 'REJECTED', reason: REASON } });
    const offered = await api(`/api/applications/${first}`, { method: 'PUT', token: adminToken, json: { status: 'OFFERED', programId: program.id, offerType: 'UNCONDITIONAL' } });
    assert.equal(offered.status, 'OFFERED');

    const sms = {
      submitted: new RegExp(`^UniPortal: your application was submitted\\. Reference #${first}\\. `),
      paid: new RegExp(`^UniPortal: payment of .+ received for application #${first}\\. `),
      documents: new RegExp(`^UniPortal: application #${first} needs a new file for NRC back\\. `),
      offer: new RegExp(`offers you a place \\(application #${first}\\)`),
    };
    await waitForSms('offer', sms.offer);
    for (const [what, pattern] of Object.entries(sms)) await waitForSms(what, pattern);
    const texts = await smsTexts();
    for (const text of texts) {
      assert.ok(text.length <= 160, `one SMS segment: ${text}`);
      assert.ok(!text.includes(REASON), 'the reviewer’s reason stays off the SMS');
    }
    const mails = {
      submitted: `Application #${first} submitted to ${home.name}`,
      paid: `Payment receipt ${firstReceipt}`,
      documents: 'Please upload a new file for your application',
      offer: 'You have an offer of a place',
    };
    for (const subject of Object.values(mails)) await waitForMail(email, subject);

    // The notification centre: the bell's count, its menu, 'See all', opening one marks it read.
    await page.goto(`${portal.url}/dashboard`);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await page.getByRole('button', { name: 'Notifications, 4 unread' }).waitFor({ timeout: WAIT_MS });
    await bell.click();
    const menu = page.getByRole('menu');
    await menu.getByText('You have an offer').waitFor({ timeout: WAIT_MS });
    for (const title of ['Application submitted', 'Payment received', 'A document needs a new file', 'You have an offer']) {
      assert.equal(
        await menu
          .getByRole('menuitem')
          .filter({ hasText: `Unread: ${title}` })
          .count(),
        1,
        `the menu shows '${title}' once, unread`,
      );
    }
    await menu.getByRole('menuitem', { name: 'See all' }).click();
    await page.waitForURL(`${portal.url}/notifications`, { timeout: WAIT_MS });
    const list = page.getByRole('list', { name: 'Notifications' });
    await list.waitFor({ timeout: WAIT_MS });
    await page.getByText('4 unread.').waitFor();
    const entries = list.getByRole('button');
    assert.equal(await entries.count(), 4, 'four entries: submitted, paid, document request, offer');
    for (const title of ['Application submitted', 'Payment received', 'A document needs a new file', 'You have an offer']) {
      assert.equal(
        await entries
          .filter({ hasText: title })
          .filter({ hasText: numbered(first) })
          .count(),
        1,
        `one entry '${title}' for #${first}`,
      );
    }
    assert.equal(await list.getByText(REASON).count(), 0, 'no reviewer reason in the centre');
    await entries.filter({ hasText: 'You have an offer' }).click();
    await page.waitForURL(`${portal.url}/applications/${first}`, { timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).waitFor({ timeout: WAIT_MS });
    const unread = await api('/api/notifications', { token });
    assert.equal(unread.unreadCount, 3);
    assert.deepEqual(
      unread.items.filter((n) => n.readAt).map((n) => n.title),
      ['You have an offer'],
    );

    // The SMS sandbox page shows each text once; the outbox holds each e-mail once.
    const smsPage = await phonePage(browser);
    assert.deepEqual(await countOnSandboxPage(smsPage, sms), { submitted: 1, paid: 1, documents: 1, offer: 1 });
    for (const subject of Object.values(mails)) assert.equal(mailsTo(email, subject).length, 1, `one e-mail '${subject}'`);

    // 3. Payment SMS off on Settings; a second application elsewhere, paid, then declined by the SUPERUSER.
    await setSms(page, { 'Payment received or failed': false });
    const turnedOff = await api('/api/users/me/notification-preferences', { token });
    assert.deepEqual(
      turnedOff.events.filter((e) => e.event === 'PAYMENT' || e.event === 'DECISION' || e.event === 'SUBMITTED').map((e) => [e.event, e.sms, e.email]),
      [
        ['SUBMITTED', true, true],
        ['PAYMENT', false, true],
        ['DECISION', true, true],
      ],
    );
    let second;
    for (const university of universities.filter((u) => u.id !== home.id)) {
      const offers = await api(`/api/programs/university/${university.id}`);
      if (offers.length === 0) continue;
      const open = (await api(`/api/universities/${university.id}/intakes`, { token })).find((i) => i.state === 'OPEN' && i.programs.some((p) => p.programId === offers[0].id));
      second = { id: await submit(token, email, offers[0].id, open?.id), university };
      break;
    }
    assert.ok(second, 'a second university takes applications');
    const secondReceipt = await pay(token, second.id);
    await api(`/api/applications/${second.id}`, { method: 'PUT', token: superToken, json: { status: 'REJECTED', reviewNotes: 'The program is full for this intake' } });

    const later = {
      submitted: new RegExp(`^UniPortal: your application was submitted\\. Reference #${second.id}\\. `),
      paid: new RegExp(`^UniPortal: payment of .+ received for application #${second.id}\\. `),
      decision: new RegExp(`has declined application #${second.id}\\. `),
    };
    // The decision's text was queued after the payment (the outbox sends in order): once it is here, a payment text would be too.
    await waitForSms('decision on the second application', later.decision);
    await waitForSms('second submission', later.submitted);
    assert.equal((await smsTexts()).filter((t) => later.paid.test(t)).length, 0, 'no payment SMS once turned off');
    const laterMails = {
      submitted: `Application #${second.id} submitted to ${second.university.name}`,
      paid: `Payment receipt ${secondReceipt}`,
      decision: 'Your application has been declined',
    };
    for (const subject of Object.values(laterMails)) await waitForMail(email, subject);

    // The centre has the second payment all the same.
    await page.goto(`${portal.url}/notifications`);
    await page.getByText('6 unread.').waitFor({ timeout: WAIT_MS });
    assert.equal(await entries.count(), 7);
    for (const title of ['Application submitted', 'Payment received', 'Decision on your application']) {
      assert.equal(
        await entries
          .filter({ hasText: title })
          .filter({ hasText: numbered(second.id) })
          .count(),
        1,
        `one entry '${title}' for #${second.id}`,
      );
    }
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByText('Nothing unread.').waitFor({ timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: WAIT_MS });
    assert.equal((await api('/api/notifications/unread-count', { token })).unreadCount, 0);

    // 4. Forgot password: the code by SMS, read from the sandbox page, sets a new password.
    const guest = await phonePage(browser);
    const guestErrors = collectPageErrors(guest);
    await guest.goto(`${portal.url}/forgot-password`);
    const usePhone = guest.getByRole('button', { name: 'Use my phone instead' });
    await whenInteractive(usePhone);
    await usePhone.click();
    await guest.getByLabel('Phone Number').fill('0977 123 456');
    await guest.getByRole('button', { name: 'Send Code by SMS' }).click();
    await guest.getByText('If an account exists for this phone number, a reset code has been sent by SMS.').waitFor({ timeout: WAIT_MS });
    const codeText = await waitForSms('reset code', /^UniPortal: your password reset code is \d{6}\./);
    await smsPage.goto(`${portal.url}/sandbox/sms?to=${encodeURIComponent(PHONE)}`);
    const codeItem = smsPage.getByRole('listitem').filter({ hasText: 'your password reset code is' });
    assert.equal(await codeItem.count(), 1, 'one reset code on the sandbox page');
    const code = /code is (\d{6})\./.exec(await codeItem.innerText())?.[1];
    assert.equal(code, /code is (\d{6})\./.exec(codeText)[1]);
    const newPassword = 'Chambeshi-River-2027!';
    await guest.getByLabel('6-digit code').fill(code);
    await guest.getByLabel(/^New Password/).fill(newPassword);
    await guest.getByLabel('Confirm New Password').fill(newPassword);
    await guest.getByRole('button', { name: 'Reset Password' }).click();
    await guest.getByRole('status').filter({ hasText: 'Password reset successfully.' }).waitFor({ timeout: WAIT_MS });
    await guest.getByRole('link', { name: 'Go to Login' }).waitFor();
    const refused = await fetch(`${portal.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
    assert.ok(refused.status === 400 || refused.status === 401, `the old password no longer signs in (${refused.status})`);
    await signIn(guest, portal.url, { email, password: newPassword });

    // Exactly once, at the end: every text on the sandbox page, every e-mail in the outbox, every entry in the centre.
    assert.deepEqual(await countOnSandboxPage(smsPage, { ...sms, ...Object.fromEntries(Object.entries(later).map(([k, v]) => [`second ${k}`, v])) }), {
      submitted: 1,
      paid: 1,
      documents: 1,
      offer: 1,
      'second submitted': 1,
      'second paid': 0,
      'second decision': 1,
    });
    for (const subject of [...Object.values(mails), ...Object.values(laterMails)]) assert.equal(mailsTo(email, subject).length, 1, `one e-mail '${subject}'`);
    assert.equal(mailsTo(email, /^Payment receipt /).length, 2, 'one receipt per payment');
    const centre = await api('/api/notifications', { token: (await api('/api/auth/login', { method: 'POST', json: { email, password: newPassword } })).token });
    assert.equal(centre.total, 7);
    assert.deepEqual(centre.items.map((n) => n.title).sort(), [
      'A document needs a new file',
      'Application submitted',
      'Application submitted',
      'Decision on your application',
      'Payment received',
      'Payment received',
      'You have an offer',
    ]);
    assert.deepEqual(errors, []);
    assert.deepEqual(guestErrors, []);
    await smsPage.context().close();
    await guest.context().close();
    await page.context().close();
  });
});
