/**
 * Issue 22 item 4: a payment receipt. After a successful payment the
 * applicant can download it (PDF) and is e-mailed it through the outbox;
 * staff in reach read the same; anyone else gets 404.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { mailOutbox, payments } from '../src/infrastructure/database/schema';
import { maskPhone } from '../src/modules/payments/receipt';
import { call, createWorld, type World } from './helpers/fixtures';
import { createApplication, initiate, sandboxOutcome, settle } from './helpers/payments-fixtures';
import { pdfText } from './helpers/pdf-text';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('payment receipts', () => {
  let t: TestApp;
  let w: World;
  let paidId: number;
  let reference: string;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    const app = await createApplication(t, w.userA, w.uniA.id);
    paidId = app.id;
    reference = (await initiate(t, w.userA, app.id)).json().reference;
    await sandboxOutcome(t, reference, 'success', { channel: 'mobile-money' });
    const verified = await call(t, 'GET', `/api/payments/verify/${reference}`, { token: w.userA.token });
    assert.equal(verified.json().status, 'successful');
    await settle(t);
    // A fixed moment: 12:05 UTC is 14:05 in Lusaka (UTC+2, no daylight saving).
    await t.ctx.db
      .update(payments)
      .set({ paidAt: new Date('2026-11-25T12:05:00Z') })
      .where(eq(payments.reference, reference));
  });
  after(() => t.close());

  const expectedFields = () => ['25 Nov 2026, 14:05 (Lusaka time)', 'ZMW 150.75', 'Mobile money, 097****000', reference, `#${paidId}, Mwila Banda`, 'University of Zambia'];

  it('gives the applicant the receipt: number, Lusaka time, amount, channel with the number masked, both references, application and university', async () => {
    const res = await call(t, 'GET', `/api/applications/${paidId}/receipt`, { token: w.userA.token });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'private, no-store');
    const receipt = res.json();
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    assert.deepEqual(receipt, {
      receiptNumber: `RCP-2026-${String(payment!.id).padStart(6, '0')}`,
      paidAt: '2026-11-25T12:05:00.000Z',
      paidAtText: '25 Nov 2026, 14:05 (Lusaka time)',
      amount: 150.75,
      currency: 'ZMW',
      channel: 'Mobile money',
      payer: '097****000',
      reference,
      providerReference: `LSB${reference.replace(/[^A-Za-z0-9]/g, '').slice(-12)}`,
      applicationId: paidId,
      applicantName: 'Mwila Banda',
      universityName: 'University of Zambia',
    });
  });

  it('downloads as a PDF that says the same, without the full mobile-money number', async () => {
    const res = await call(t, 'GET', `/api/applications/${paidId}/receipt.pdf`, { token: w.userA.token });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="receipt-RCP-2026-\d{6}\.pdf"$/);
    const pdf = res.rawPayload;
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const text = pdfText(pdf);
    const receipt = (await call(t, 'GET', `/api/applications/${paidId}/receipt`, { token: w.userA.token })).json();
    for (const field of [...expectedFields(), 'Payment receipt', receipt.receiptNumber, receipt.providerReference]) assert.ok(text.includes(field), `the PDF says ${field}:\n${text}`);
    assert.ok(!text.includes('0970000000'));
  });

  it('staff of the university and a SUPERUSER read it too; other staff, other applicants and guests do not', async () => {
    for (const who of [w.adminA, w.superuser]) {
      assert.equal((await call(t, 'GET', `/api/applications/${paidId}/receipt`, { token: who.token })).json().applicationId, paidId);
      assert.equal((await call(t, 'GET', `/api/applications/${paidId}/receipt.pdf`, { token: who.token })).statusCode, 200);
    }
    for (const who of [w.adminB, w.userB]) {
      for (const suffix of ['receipt', 'receipt.pdf']) {
        const res = await call(t, 'GET', `/api/applications/${paidId}/${suffix}`, { token: who.token });
        assert.equal(res.statusCode, 404);
        assert.deepEqual(res.json(), { message: 'Receipt not found', error: 'Not Found' });
      }
    }
    assert.equal((await call(t, 'GET', `/api/applications/${paidId}/receipt.pdf`)).statusCode, 401);
    assert.equal((await call(t, 'GET', '/api/applications/abc/receipt')).statusCode, 401);
    assert.equal((await call(t, 'GET', '/api/applications/abc/receipt', { token: w.userA.token })).statusCode, 400);
  });

  it('an unpaid application has no receipt', async () => {
    const unpaid = await createApplication(t, w.userA, w.uniA.id);
    const res = await call(t, 'GET', `/api/applications/${unpaid.id}/receipt.pdf`, { token: w.userA.token });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().message, 'Receipt not found');
  });

  it('e-mails the receipt once, through the outbox, with the number masked', async () => {
    const mails = (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, w.userA.email))).filter((m) => m.subject.startsWith('Payment receipt'));
    assert.equal(mails.length, 1, 'the browser, the webhook and a second verify record the payment once, and mail it once');
    const [mail] = mails;
    assert.match(mail!.subject, /^Payment receipt RCP-\d{4}-\d{6}$/);
    for (const field of ['ZMW 150.75', 'Mobile money, 097****000', reference, 'University of Zambia', 'Mwila Banda']) assert.ok(mail!.text.includes(field), field);
    assert.ok(!mail!.text.includes('0970000000'));
  });

  it('a card payment names the card by its last four digits', async () => {
    const app = await createApplication(t, w.userB, w.uniB.id, { fullName: 'Chola Mwale' });
    const ref = (await initiate(t, w.userB, app.id)).json().reference;
    await sandboxOutcome(t, ref, 'success', { channel: 'card' });
    await call(t, 'GET', `/api/payments/verify/${ref}`, { token: w.userB.token });
    await settle(t);
    const receipt = (await call(t, 'GET', `/api/applications/${app.id}/receipt`, { token: w.userB.token })).json();
    assert.equal(receipt.channel, 'Card');
    assert.equal(receipt.payer, 'Card ending 0001');
    assert.equal(receipt.universityName, 'Copperbelt University');
  });

  it('masks numbers of any shape', () => {
    assert.equal(maskPhone('+260 977 123 456'), '260******456');
    assert.equal(maskPhone('0970000000'), '097****000');
    assert.equal(maskPhone('12345'), '*****');
  });
});
