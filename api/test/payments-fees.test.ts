/**
 * Issue 16 item 4: the fee an application owes follows from the applicant's
 * nationality (Zambian, SADC, international) and its intake's fee table; the
 * server computes it at initiation (never the browser), stores it on the
 * payment, and verification checks amount and currency against what it
 * stored. Legacy applications (no intake) and intakes without a table still
 * pay the spec's ZMW 150.75. A currency the provider does not take is
 * refused before anything is charged or stored.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { applicantCategoryOf, feeFor } from 'shared-api/contract';
import { intakes, payments } from '../src/infrastructure/database/schema';
import { currencyNotTaken } from '../src/modules/payments/service';
import { call, createUser, createWorld, type TestUser, type World } from './helpers/fixtures';
import { insertIntake } from './helpers/intakes';
import { applicationRow, createApplication, historyOf, paymentRow, sandboxOutcome, settle } from './helpers/payments-fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const UNZA_FEES = [
  { category: 'ZAMBIAN', amount: 150, currency: 'ZMW' },
  { category: 'SADC', amount: 60, currency: 'USD' },
  { category: 'INTERNATIONAL', amount: 60, currency: 'USD' },
];

/** Initiation as a browser that claims its own amount and currency (ignored). */
function initiateClaiming(t: TestApp, user: TestUser, applicationId: number) {
  return call(t, 'POST', '/api/payments/initiate', { token: user.token, json: { applicationId, email: user.email, amount: 1, currency: 'ZMW' } });
}

async function verify(t: TestApp, user: TestUser, reference: string) {
  const res = await call(t, 'GET', `/api/payments/verify/${reference}`, { token: user.token });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

describe('fees by applicant category', () => {
  let t: TestApp;
  let w: World;
  let intakeId: number;
  let plainIntakeId: number;
  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    const program = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: { name: 'BSc Nursing', description: 'Care', duration: 4 } });
    intakeId = await insertIntake(t, w.uniA.id, [program.json().id]);
    await t.ctx.db.update(intakes).set({ fees: UNZA_FEES }).where(eq(intakes.id, intakeId));
    plainIntakeId = await insertIntake(t, w.uniA.id, [program.json().id]);
  });
  after(() => t.close());

  it('names the category from the nationality: Zambia, a SADC member state, anything else', () => {
    for (const n of ['Zambian', 'zambia', ' ZAMBIA ']) assert.equal(applicantCategoryOf(n), 'ZAMBIAN', n);
    for (const n of ['Zimbabwe', 'Zimbabwean', 'South African', 'Malawi', 'Tanzanian', 'Eswatini', 'DR Congo', 'Mosotho']) assert.equal(applicantCategoryOf(n), 'SADC', n);
    for (const n of ['Kenya', 'Kenyan', 'Nigerian', 'British', '']) assert.equal(applicantCategoryOf(n), 'INTERNATIONAL', n);
    assert.deepEqual(feeFor([], 'Kenyan'), { amount: 150.75, currency: 'ZMW', category: 'INTERNATIONAL' });
  });

  it('asks a Zambian and a Kenyan applicant in one intake different fees, whatever the browser claims, and shows it on the application', async () => {
    const zambian = await createApplication(t, w.userA, w.uniA.id, { intakeId, nationality: 'Zambian' });
    const kenyan = await createApplication(t, w.userB, w.uniA.id, { intakeId, nationality: 'Kenyan' });

    const z = await initiateClaiming(t, w.userA, zambian.id);
    assert.equal(z.statusCode, 200, z.body);
    assert.equal(z.json().amount, 150);
    assert.equal(z.json().currency, 'ZMW');
    const k = await initiateClaiming(t, w.userB, kenyan.id);
    assert.equal(k.statusCode, 200, k.body);
    assert.equal(k.json().amount, 60);
    assert.equal(k.json().currency, 'USD');

    const storedZ = await paymentRow(t, z.json().reference);
    assert.equal(Number(storedZ.amount), 150);
    assert.equal(storedZ.currency, 'ZMW');
    const storedK = await paymentRow(t, k.json().reference);
    assert.equal(Number(storedK.amount), 60);
    assert.equal(storedK.currency, 'USD');

    const readZ = await call(t, 'GET', `/api/applications/${zambian.id}`, { token: w.userA.token });
    assert.deepEqual(readZ.json().fee, { amount: 150, currency: 'ZMW', category: 'ZAMBIAN' });
    const readK = await call(t, 'GET', `/api/applications/${kenyan.id}`, { token: w.userB.token });
    assert.deepEqual(readK.json().fee, { amount: 60, currency: 'USD', category: 'INTERNATIONAL' });
    const listK = await call(t, 'GET', `/api/applications/user/${w.userB.id}`, { token: w.userB.token });
    assert.equal(listK.statusCode, 200);
    const mine = (listK.json() as { id: number; fee: unknown }[]).find((a) => a.id === kenyan.id);
    assert.deepEqual(mine?.fee, { amount: 60, currency: 'USD', category: 'INTERNATIONAL' });

    // The sandbox collects each in its own currency and verification accepts both.
    assert.equal((await sandboxOutcome(t, z.json().reference, 'success', { amount: 150, currency: 'ZMW' })).statusCode, 200);
    assert.equal((await sandboxOutcome(t, k.json().reference, 'success', { amount: 60, currency: 'USD' })).statusCode, 200);
    assert.equal((await verify(t, w.userA, z.json().reference)).status, 'successful');
    const verifiedK = await verify(t, w.userB, k.json().reference);
    assert.equal(verifiedK.status, 'successful');
    assert.equal(verifiedK.amount, 60);
    assert.equal(verifiedK.currency, 'USD');
    await settle(t);
    assert.equal((await applicationRow(t, kenyan.id)).paid, true);
    assert.equal((await applicationRow(t, kenyan.id)).status, 'PENDING_REVIEW');
    const notes = (await historyOf(t, kenyan.id, 'PAYMENT')).map((h) => h.note);
    assert.ok(notes.includes(`Payment completed (USD 60.00, ${k.json().reference})`), notes.join(' | '));

    // The receipt shows the currency paid.
    const receipt = await call(t, 'GET', `/api/applications/${kenyan.id}/receipt`, { token: w.userB.token });
    assert.equal(receipt.statusCode, 200);
    assert.equal(receipt.json().amount, 60);
    assert.equal(receipt.json().currency, 'USD');
  });

  it('a SADC applicant pays the SADC fee', async () => {
    const user = await createUser(t, 'USER');
    const app = await createApplication(t, user, w.uniA.id, { intakeId, nationality: 'Zimbabwean' });
    const res = await initiateClaiming(t, user, app.id);
    assert.deepEqual([res.json().amount, res.json().currency], [60, 'USD']);
  });

  for (const [what, tamper] of [
    ['amount', { amount: 59, currency: 'USD' }],
    ['currency', { amount: 60, currency: 'ZMW' }],
    ['amount as the Zambian fee in kwacha', { amount: 150, currency: 'ZMW' }],
  ] as const) {
    it(`a collection with a tampered ${what} fails verification and marks nothing paid`, async () => {
      const user = await createUser(t, 'USER');
      const app = await createApplication(t, user, w.uniA.id, { intakeId, nationality: 'Kenyan' });
      const { reference } = (await initiateClaiming(t, user, app.id)).json();
      assert.equal((await sandboxOutcome(t, reference, 'success', tamper)).statusCode, 200);
      const verified = await verify(t, user, reference);
      assert.equal(verified.status, 'failed');
      assert.equal(verified.failureReason, 'The amount or currency paid did not match the fee.');
      await settle(t);
      assert.equal((await applicationRow(t, app.id)).paid, false);
      const notes = (await historyOf(t, app.id, 'PAYMENT')).map((h) => h.note ?? '');
      assert.ok(
        notes.some((n) => n.startsWith('Payment not accepted') && n.endsWith('did not match USD 60.00')),
        notes.join(' | '),
      );
    });
  }

  it('legacy applications (no intake) and intakes without a fee table still pay ZMW 150.75', async () => {
    for (const extra of [{ nationality: 'Kenyan' }, { nationality: 'Kenyan', intakeId: plainIntakeId }]) {
      const user = await createUser(t, 'USER');
      const app = await createApplication(t, user, w.uniA.id, extra);
      const read = await call(t, 'GET', `/api/applications/${app.id}`, { token: user.token });
      assert.deepEqual(read.json().fee, { amount: 150.75, currency: 'ZMW', category: 'INTERNATIONAL' });
      const res = await initiateClaiming(t, user, app.id);
      assert.deepEqual([res.json().amount, res.json().currency], [150.75, 'ZMW']);
      await sandboxOutcome(t, res.json().reference, 'success', { amount: 150.75, currency: 'ZMW' });
      assert.equal((await verify(t, user, res.json().reference)).status, 'successful');
    }
    await settle(t);
  });

  it('an open reference opened for another fee is replaced when the fee changed', async () => {
    const user = await createUser(t, 'USER');
    const app = await createApplication(t, user, w.uniA.id, { intakeId, nationality: 'Kenyan' });
    const first = (await initiateClaiming(t, user, app.id)).json();
    // The checkout was closed before paying; then the university changed its fee table.
    await t.ctx.db
      .update(intakes)
      .set({ fees: [...UNZA_FEES.slice(0, 2), { category: 'INTERNATIONAL', amount: 75, currency: 'USD' }] })
      .where(eq(intakes.id, intakeId));
    try {
      const second = (await initiateClaiming(t, user, app.id)).json();
      assert.notEqual(second.reference, first.reference);
      assert.deepEqual([second.amount, second.currency], [75, 'USD']);
      assert.equal((await paymentRow(t, first.reference)).status, 'expired');
    } finally {
      await t.ctx.db.update(intakes).set({ fees: UNZA_FEES }).where(eq(intakes.id, intakeId));
    }
  });
});

describe('a currency the payment provider does not take', () => {
  let t: TestApp;
  let w: World;
  before(async () => {
    t = await startTestApp({ LENCO_CURRENCIES: 'ZMW' });
    w = await createWorld(t);
  });
  after(() => t.close());

  it('is refused at initiation with a clear message; nothing is charged or stored', async () => {
    const program = await call(t, 'POST', '/api/programs', { token: w.adminA.token, json: { name: 'BSc Nursing', description: 'Care', duration: 4 } });
    const intakeId = await insertIntake(t, w.uniA.id, [program.json().id]);
    await t.ctx.db.update(intakes).set({ fees: UNZA_FEES }).where(eq(intakes.id, intakeId));
    const kenyan = await createApplication(t, w.userB, w.uniA.id, { intakeId, nationality: 'Kenyan' });
    const historyBefore = (await historyOf(t, kenyan.id)).length;
    const res = await initiateClaiming(t, w.userB, kenyan.id);
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json(), { message: currencyNotTaken({ amount: 60, currency: 'USD' }), error: 'Unprocessable Entity' });
    assert.match(res.json().message, /USD 60\.00.*cannot take payments in USD.*Nothing was charged/);
    assert.equal((await t.ctx.db.select().from(payments).where(eq(payments.applicationId, kenyan.id))).length, 0);
    assert.equal((await historyOf(t, kenyan.id)).length, historyBefore);

    // The sandbox, configured like that provider, refuses to collect USD too.
    const zambian = await createApplication(t, w.userA, w.uniA.id, { intakeId, nationality: 'Zambian' });
    const ok = await initiateClaiming(t, w.userA, zambian.id);
    assert.equal(ok.statusCode, 200);
    assert.equal((await sandboxOutcome(t, ok.json().reference, 'success', { amount: 150, currency: 'USD' })).statusCode, 400);
  });
});
