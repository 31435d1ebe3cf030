/**
 * Offers and decision letters (issue 17 items 5, 6 and 7): staff make an
 * offer instead of a plain acceptance (unconditional or conditional, with a
 * reply deadline), the open offer holds a place of the intake, the applicant
 * accepts (APPROVED, and their other open offers in the same intake are
 * declined) or declines it, an unanswered one lapses by the clock (once, also
 * with two instances on PostgreSQL), waitlisted applicants come next, and
 * every letter is a PDF whose code anyone can verify. Runs on PGlite, or on
 * PostgreSQL with DATABASE_URL; the two-instance part always on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import {
  ApplicationOffer,
  CONDITIONS_REQUIRED_MESSAGE,
  IntakeCapacity,
  LETTER_CODE_UNKNOWN,
  LetterVerification,
  OFFER_ANSWERED_MESSAGE,
  OFFER_LAPSED_MESSAGE,
  OFFER_NOT_FOUND,
  noPlacesLeftMessage,
} from 'shared-api/contract';
import { applicationHistory, applications, mailOutbox, offers } from '../src/infrastructure/database/schema';
import { lapseDueOffers } from '../src/modules/offers';
import { createProgram, submitOk } from './fixtures/applications';
import { createScratchDatabase, type ScratchDatabase } from './helpers/cluster';
import { applicationRow, call, createUniversity, createUser, createWorld, type TestUser, type World } from './helpers/fixtures';
import { createIntake, DAY, insertIntake, intakeBody, movableClock } from './helpers/intakes';
import { pdfText } from './helpers/pdf-text';
import { startTestApp, type TestApp } from './helpers/test-app';

const START = '2027-01-10T08:00:00.000Z';

async function statusOf(t: TestApp, id: number) {
  const [row] = await t.ctx.db.select({ status: applications.status }).from(applications).where(eq(applications.id, id));
  return row!.status;
}

async function historyNotes(t: TestApp, id: number) {
  const rows = await t.ctx.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, id)).orderBy(applicationHistory.id);
  return rows.map((r) => ({ kind: r.kind, from: r.fromValue, to: r.toValue, note: r.note, actorId: r.actorId }));
}

async function lastMailTo(t: TestApp, email: string) {
  const rows = await t.ctx.db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`)
    .orderBy(mailOutbox.id);
  return rows.at(-1);
}

describe('offers: made, held, answered, lapsed, waitlisted; letters', () => {
  const clock = movableClock(START);
  let t: TestApp;
  let w: World;
  let cs: { id: number };
  let law: { id: number };
  let mining: { id: number };
  let intakeId: number;
  const applicants: TestUser[] = [];
  const apps: number[] = [];
  let offerId: number;

  const decide = (token: string, id: number, json: Record<string, unknown>) => call(t, 'PUT', `/api/applications/${id}`, { token, json });
  const offerOf = async (token: string, id: number) => {
    const res = await call(t, 'GET', `/api/applications/${id}/offer`, { token });
    assert.equal(res.statusCode, 200, res.body);
    return ApplicationOffer.parse(res.json());
  };
  const capacity = async () => {
    const res = await call(t, 'GET', `/api/intakes/${intakeId}/capacity`, { token: w.adminA.token });
    assert.equal(res.statusCode, 200, res.body);
    return IntakeCapacity.parse(res.json()).programs.find((p) => p.programId === cs.id)!;
  };

  before(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://portal.example.test' }, { clock });
    w = await createWorld(t);
    cs = await createProgram(t, w.uniA.id, 'Computer Science');
    law = await createProgram(t, w.uniA.id, 'Law');
    mining = await createProgram(t, w.uniB.id, 'Mining Engineering');
    intakeId = await createIntake(t, w.superuser.token, w.uniA.id, intakeBody([{ programId: cs.id, capacity: 1 }, { programId: law.id }]));
    for (let i = 0; i < 4; i += 1) {
      const applicant = await createUser(t, 'USER', { firstName: ['Chanda', 'Mwila', 'Bupe', 'Lweendo'][i] });
      applicants.push(applicant);
      apps.push(await submitOk(t, applicant.token, [cs.id, law.id], { intakeId, fullName: `Applicant ${i}` }));
    }
  });
  after(() => t.close());

  it('refuses bad terms with a 400 naming the field, and changes nothing', async () => {
    const before = await historyNotes(t, apps[0]!);
    const cases: [Record<string, unknown>, RegExp | string][] = [
      [{ status: 'OFFERED', programId: cs.id, offerType: 'CONDITIONAL' }, CONDITIONS_REQUIRED_MESSAGE],
      [{ status: 'OFFERED', programId: cs.id, replyBy: '2027-01-09T08:00:00.000Z' }, /^replyBy: /],
      [{ status: 'OFFERED', programId: cs.id, offerType: 'UNCONDITIONAL', conditions: 'Grade B in Maths' }, /^conditions: /],
      [{ status: 'REJECTED', reviewNotes: 'No', offerType: 'CONDITIONAL', conditions: 'x' }, /^offerType: /],
      [{ status: 'OFFERED', programId: cs.id, offerType: 'MAYBE' }, /offerType/],
      [{ status: 'OFFERED', programId: cs.id, replyBy: 'next week' }, /replyBy/],
      [{ status: 'OFFERED' }, /^programId: /],
    ];
    for (const [json, message] of cases) {
      const res = await decide(w.adminA.token, apps[0]!, json);
      assert.equal(res.statusCode, 400, `${JSON.stringify(json)}: ${res.body}`);
      if (typeof message === 'string') assert.equal(res.json().message, message);
      else assert.match(res.json().message, message);
    }
    assert.equal(await statusOf(t, apps[0]!), 'PENDING');
    assert.deepEqual(await historyNotes(t, apps[0]!), before);
  });

  it('staff of another university get 404 and change nothing', async () => {
    const res = await decide(w.adminB.token, apps[0]!, { status: 'OFFERED', programId: cs.id });
    assert.equal(res.statusCode, 404);
    assert.equal(await statusOf(t, apps[0]!), 'PENDING');
  });

  it('an ADMIN makes a conditional offer: 14 days to reply by default, in the history, the e-mail and a letter', async () => {
    const res = await decide(w.adminA.token, apps[0]!, { status: 'OFFERED', programId: cs.id, offerType: 'CONDITIONAL', conditions: 'A credit in Mathematics at Grade 12' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'OFFERED');
    const { offer, letters } = await offerOf(applicants[0]!.token, apps[0]!);
    assert.ok(offer);
    offerId = offer.id;
    assert.equal(offer.state, 'OPEN');
    assert.equal(offer.type, 'CONDITIONAL');
    assert.equal(offer.conditions, 'A credit in Mathematics at Grade 12');
    assert.equal(offer.programName, 'Computer Science');
    assert.equal(offer.replyBy, new Date(new Date(START).getTime() + 14 * DAY).toISOString());
    assert.equal(letters.length, 1);
    assert.equal(letters[0]!.kind, 'OFFER');
    assert.match(letters[0]!.code, /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    // Staff in reach read it too; another applicant and another university do not.
    assert.equal((await offerOf(w.adminA.token, apps[0]!)).offer?.id, offerId);
    assert.equal((await call(t, 'GET', `/api/applications/${apps[0]}/offer`, { token: applicants[1]!.token })).statusCode, 404);
    assert.equal((await call(t, 'GET', `/api/applications/${apps[0]}/offer`, { token: w.adminB.token })).statusCode, 404);

    const history = await historyNotes(t, apps[0]!);
    const made = history.at(-1)!;
    assert.deepEqual([made.kind, made.from, made.to, made.actorId], ['STATUS', 'PENDING', 'OFFERED', w.adminA.id]);
    assert.equal(made.note, 'Conditional offer made for Computer Science; reply by 24 Jan 2027, 10:00 (Lusaka time).\nConditions: A credit in Mathematics at Grade 12');

    const mail = await lastMailTo(t, applicants[0]!.email);
    assert.equal(mail?.subject, 'You have an offer of a place');
    assert.ok(mail!.text.includes('University of Zambia offers you a place in Computer Science.'), mail!.text);
    assert.ok(mail!.text.includes('Conditions: A credit in Mathematics at Grade 12'));
    assert.ok(mail!.text.includes('by 24 Jan 2027, 10:00 (Lusaka time)'));
    assert.ok(mail!.text.includes(`Your decision letter (PDF): https://portal.example.test/applications/${apps[0]}`));
    assert.ok(mail!.text.includes(`Letter verification code: ${letters[0]!.code}`));
  });

  it('an open offer holds the place: the next offer or acceptance into the full program is refused (409), the capacity view counts it', async () => {
    for (const status of ['OFFERED', 'APPROVED']) {
      const res = await decide(w.adminA.token, apps[1]!, { status, programId: cs.id });
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(res.json().message, noPlacesLeftMessage('Computer Science'));
    }
    assert.equal(await statusOf(t, apps[1]!), 'PENDING');
    const row = await capacity();
    assert.deepEqual([row.capacity, row.accepted, row.offered], [1, 0, 1]);
  });

  it('waitlisting is a decision like accept and decline (no place taken)', async () => {
    const res = await decide(w.adminA.token, apps[1]!, { status: 'WAITLISTED', programId: cs.id });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'WAITLISTED');
    assert.equal((await lastMailTo(t, applicants[1]!.email))?.subject, 'Your application is on the waitlist');
    const row = await capacity();
    assert.deepEqual([row.waitlisted, row.offered, row.nextOnWaitlist], [1, 1, null]);
  });

  it('another applicant cannot answer the offer (404); the applicant declines it; answering again is 409', async () => {
    const other = await call(t, 'POST', `/api/offers/${offerId}/accept`, { token: applicants[1]!.token });
    assert.equal(other.statusCode, 404);
    assert.equal(other.json().message, OFFER_NOT_FOUND);
    assert.equal((await call(t, 'POST', `/api/offers/${offerId}/accept`, { token: w.adminA.token })).statusCode, 403);
    assert.equal((await call(t, 'POST', '/api/offers/999999/accept', { token: applicants[0]!.token })).statusCode, 404);

    const res = await call(t, 'POST', `/api/offers/${offerId}/decline`, { token: applicants[0]!.token });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(ApplicationOffer.parse(res.json()).offer?.state, 'DECLINED');
    assert.equal(await statusOf(t, apps[0]!), 'OFFER_DECLINED');
    const last = (await historyNotes(t, apps[0]!)).at(-1)!;
    assert.deepEqual([last.from, last.to, last.note, last.actorId], ['OFFERED', 'OFFER_DECLINED', 'Offer declined by the applicant: Computer Science.', applicants[0]!.id]);

    for (const answer of ['accept', 'decline']) {
      const again = await call(t, 'POST', `/api/offers/${offerId}/${answer}`, { token: applicants[0]!.token });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().message, OFFER_ANSWERED_MESSAGE);
    }
  });

  it("a declined offer frees the place: staff see 'Offer to next on waitlist' with the first waitlisted applicant", async () => {
    const row = await capacity();
    assert.deepEqual([row.offered, row.waitlisted], [0, 1]);
    assert.deepEqual(row.nextOnWaitlist, { applicationId: apps[1], fullName: 'Applicant 1' });
  });

  it('an unanswered offer lapses by the clock, once; answering after the deadline is 409', async () => {
    const res = await decide(w.adminA.token, apps[1]!, { status: 'OFFERED', programId: cs.id, replyBy: '2027-01-12T15:00:00.000Z' });
    assert.equal(res.statusCode, 200, res.body);
    const { offer } = await offerOf(applicants[1]!.token, apps[1]!);
    assert.equal((await capacity()).nextOnWaitlist, null, 'the place is taken again');

    clock.set('2027-01-12T14:59:00.000Z');
    assert.equal(await lapseDueOffers(t.ctx), 0, 'not before the deadline');
    clock.set('2027-01-12T15:00:00.000Z');
    const late = await call(t, 'POST', `/api/offers/${offer!.id}/accept`, { token: applicants[1]!.token });
    assert.equal(late.statusCode, 409);
    assert.equal(late.json().message, OFFER_LAPSED_MESSAGE);
    assert.equal(await lapseDueOffers(t.ctx), 1);
    assert.equal(await lapseDueOffers(t.ctx), 0);
    clock.advance(DAY);
    assert.equal(await lapseDueOffers(t.ctx), 0, 'once per offer');
    assert.equal(await statusOf(t, apps[1]!), 'OFFER_LAPSED');
    const lapsed = (await historyNotes(t, apps[1]!)).filter((h) => h.to === 'OFFER_LAPSED');
    assert.equal(lapsed.length, 1);
    assert.deepEqual([lapsed[0]!.note, lapsed[0]!.actorId], ['Offer lapsed: no reply by 12 Jan 2027, 17:00 (Lusaka time).', null]);
    assert.equal((await lastMailTo(t, applicants[1]!.email))?.subject, 'Your offer from University of Zambia has lapsed');
    const again = await call(t, 'POST', `/api/offers/${offer!.id}/decline`, { token: applicants[1]!.token });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, OFFER_LAPSED_MESSAGE);
  });

  it('accepting an offer approves the application and declines the applicant’s other open offers in the same intake', async () => {
    // The same applicant also applied to another university whose intake overlaps this one.
    const mineIntake = await insertIntake(t, w.uniB.id, [mining.id], { name: 'January intake', opensAt: new Date('2027-01-05T00:00:00Z'), closesAt: new Date('2027-02-15T00:00:00Z') });
    const laterIntake = await insertIntake(t, w.uniB.id, [mining.id], { name: 'September intake', opensAt: new Date('2027-08-01T00:00:00Z'), closesAt: new Date('2027-09-01T00:00:00Z') });
    const applicant = applicants[2]!;
    const elsewhere = await submitOk(t, applicant.token, [mining.id], { intakeId: mineIntake });
    const [later] = await t.ctx.db
      .insert(applications)
      .values(applicationRow(applicant.id, w.uniB.id, { intakeId: laterIntake }))
      .returning({ id: applications.id });
    await t.ctx.db.execute(sql`insert into application_choices (application_id, program_id, priority) values (${later!.id}, ${mining.id}, 1)`);
    for (const id of [elsewhere, later!.id]) assert.equal((await decide(w.adminB.token, id, { status: 'OFFERED', programId: mining.id })).statusCode, 200);
    assert.equal((await decide(w.adminA.token, apps[2]!, { status: 'OFFERED', programId: cs.id })).statusCode, 200);
    const { offer } = await offerOf(applicant.token, apps[2]!);

    const res = await call(t, 'POST', `/api/offers/${offer!.id}/accept`, { token: applicant.token });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(ApplicationOffer.parse(res.json()).offer?.state, 'ACCEPTED');
    const approved = await call(t, 'GET', `/api/applications/${apps[2]}`, { token: applicant.token });
    assert.equal(approved.json().status, 'APPROVED', 'the spec’s end state, so "Application Approved" shows');
    assert.equal(await statusOf(t, elsewhere), 'OFFER_DECLINED');
    assert.equal((await offerOf(applicant.token, elsewhere)).offer?.state, 'DECLINED');
    const auto = (await historyNotes(t, elsewhere)).at(-1)!;
    assert.equal(auto.note, 'Offer declined automatically: the applicant accepted an offer for Computer Science at University of Zambia in the same intake.');
    assert.equal(await statusOf(t, later!.id), 'OFFERED', 'an offer in a later intake stays open');
    const row = await capacity();
    assert.deepEqual([row.accepted, row.offered], [1, 0]);
  });

  it('the spec’s accept path still approves at once (with an offer letter); a decline has a decline letter', async () => {
    const ok = await decide(w.adminA.token, apps[3]!, { status: 'Approved', programId: law.id, reviewNotes: 'Welcome' });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().status, 'APPROVED');
    assert.deepEqual(
      (await offerOf(applicants[3]!.token, apps[3]!)).letters.map((l) => l.kind),
      ['OFFER'],
    );
    const declinedApplicant = await createUser(t, 'USER', { firstName: 'Natasha' });
    const declined = await submitOk(t, declinedApplicant.token, [law.id], { intakeId, fullName: 'Natasha Phiri' });
    const res = await decide(w.adminA.token, declined, { status: 'REJECTED', reviewNotes: 'Results not yet verified by ECZ' });
    assert.equal(res.statusCode, 200);
    const { offer, letters } = await offerOf(declinedApplicant.token, declined);
    assert.equal(offer, null);
    assert.equal(letters[0]!.kind, 'DECLINE');
    const mail = await lastMailTo(t, declinedApplicant.email);
    assert.ok(mail!.text.includes(`Letter verification code: ${letters[0]!.code}`), mail!.text);

    const pdf = await call(t, 'GET', letters[0]!.url, { token: declinedApplicant.token });
    assert.equal(pdf.statusCode, 200);
    const text = pdfText(pdf.rawPayload);
    assert.ok(text.includes('Decision on your application'), text);
    assert.ok(text.includes('Results not yet verified by ECZ'));
  });

  it('the offer letter is a PDF for its applicant and staff in reach (download in the history); its code verifies publicly', async () => {
    const { letters } = await offerOf(applicants[0]!.token, apps[0]!);
    const letter = letters[0]!;
    for (const token of [applicants[1]!.token, w.adminB.token]) assert.equal((await call(t, 'GET', letter.url, { token })).statusCode, 404);
    assert.equal((await call(t, 'GET', letter.url)).statusCode, 401);

    const res = await call(t, 'GET', letter.url, { token: applicants[0]!.token });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="offer-letter-\d+\.pdf"$/);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'University of Zambia',
      'Offer of admission',
      'Applicant 0',
      'Computer Science',
      'Conditional',
      'A credit in Mathematics at Grade 12',
      '24 Jan 2027, 10:00 (Lusaka time)',
      letter.code,
    ]) {
      assert.ok(text.includes(expected), `${expected} in\n${text}`);
    }
    const downloaded = (await historyNotes(t, apps[0]!)).at(-1)!;
    assert.deepEqual([downloaded.kind, downloaded.note, downloaded.actorId], ['LETTER', 'Offer letter downloaded by the applicant.', applicants[0]!.id]);
    assert.equal((await call(t, 'GET', letter.url, { token: w.adminA.token })).statusCode, 200);
    assert.equal((await historyNotes(t, apps[0]!)).at(-1)!.note, 'Offer letter downloaded by staff.');

    for (const code of [letter.code, letter.code.replace(/-/g, '').toLowerCase()]) {
      const verified = await call(t, 'GET', `/api/letters/verify/${code}`);
      assert.equal(verified.statusCode, 200, verified.body);
      const body = LetterVerification.parse(verified.json());
      assert.deepEqual(Object.keys(verified.json()).sort(), ['issuedAt', 'kind', 'name', 'program', 'valid']);
      assert.deepEqual([body.name, body.program, body.kind], ['Applicant 0', 'Computer Science', 'OFFER']);
    }
    const unknown = await call(t, 'GET', '/api/letters/verify/ABCDEFGHJKMNPQRSTVWX');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, LETTER_CODE_UNKNOWN);
    assert.equal((await call(t, 'GET', '/api/letters/verify/not-a-code!')).statusCode, 400);
  });

  it('erasing the applicant deletes their letters (the code no longer verifies) and declines their open offer', async () => {
    const applicant = await createUser(t, 'USER');
    const id = await submitOk(t, applicant.token, [law.id], { intakeId });
    assert.equal((await decide(w.adminA.token, id, { status: 'OFFERED', programId: law.id, conditions: 'Bring your original certificates' })).statusCode, 200);
    const { letters } = await offerOf(applicant.token, id);
    const res = await call(t, 'DELETE', '/api/users/me', { token: applicant.token, json: { password: applicant.password } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await call(t, 'GET', `/api/letters/verify/${letters[0]!.code}`)).statusCode, 404);
    const left = await t.ctx.db
      .select()
      .from(offers)
      .where(and(eq(offers.applicationId, id), eq(offers.state, 'OPEN')));
    assert.equal(left.length, 0);
  });
});

/**
 * Always on the real PostgreSQL server, whatever DATABASE_URL says: two app
 * instances on one database run the lapse job at the same moment; each offer
 * lapses once, with one history entry and one e-mail.
 */
describe('two app instances lapsing offers at once lapse each exactly once (PostgreSQL)', { timeout: 120_000 }, () => {
  const clock = movableClock(START);
  let database: ScratchDatabase;
  let A: TestApp;
  let B: TestApp;
  const OFFERS = 30;
  const ids: number[] = [];

  before(async () => {
    database = await createScratchDatabase();
    A = await startTestApp({}, { databaseUrl: database.url, clock });
    B = await startTestApp({}, { databaseUrl: database.url, clock });
    const uni = await createUniversity(A, 'Mulungushi University', { location: 'Kabwe' });
    const program = await createProgram(A, uni.id, 'BEd Mathematics');
    const admin = await createUser(A, 'ADMIN', { universityId: uni.id });
    const intake = await insertIntake(A, uni.id, [program.id], { opensAt: new Date('2027-01-01T00:00:00Z'), closesAt: new Date('2027-02-01T00:00:00Z') });
    for (let i = 0; i < OFFERS; i += 1) {
      const user = await createUser(A, 'USER');
      const id = await submitOk(i % 2 ? A : B, user.token, [program.id], { intakeId: intake });
      const res = await call(i % 2 ? B : A, 'PUT', `/api/applications/${id}`, { token: admin.token, json: { status: 'OFFERED', programId: program.id, replyBy: '2027-01-20T10:00:00.000Z' } });
      assert.equal(res.statusCode, 200, res.body);
      ids.push(id);
    }
  });
  after(async () => {
    await A?.close();
    await B?.close();
    await database?.drop();
  });

  it(`${OFFERS} offers past their deadline: lapsed once between both instances`, async () => {
    clock.set('2027-01-20T10:00:01.000Z');
    let total = 0;
    for (let round = 0; round < 3; round += 1) {
      const counts = await Promise.all([lapseDueOffers(A.ctx), lapseDueOffers(B.ctx), lapseDueOffers(A.ctx), lapseDueOffers(B.ctx)]);
      total += counts.reduce((a, b) => a + b, 0);
    }
    assert.equal(total, OFFERS);
    const entries = await A.ctx.db
      .select({ id: applicationHistory.applicationId, n: sql<number>`count(*)::int` })
      .from(applicationHistory)
      .where(eq(applicationHistory.toValue, 'OFFER_LAPSED'))
      .groupBy(applicationHistory.applicationId);
    assert.equal(entries.length, OFFERS);
    assert.ok(entries.every((e) => Number(e.n) === 1));
    const mails = await A.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like '%has lapsed'`);
    assert.equal(Number(mails[0]!.n), OFFERS);
    const statuses = await A.ctx.db.select({ status: applications.status }).from(applications);
    assert.ok(statuses.every((s) => s.status === 'OFFER_LAPSED'));
  });
});
