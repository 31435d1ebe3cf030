import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { applications, mailOutbox } from '../src/infrastructure/database/schema';
import * as contract from 'shared-api/contract';
import { MAX_OFFSET, PLAIN_LIST_LIMIT } from '../src/modules/applications/listing';
import { createProgram, insertPayment, submitOk } from './fixtures/applications';
import { call, createUser, createWorld, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const { Application } = contract;
type App = ReturnType<typeof Application.parse>;

describe('reading and deciding applications', () => {
  let t: TestApp;
  let w: World;
  let cs: { id: number };
  let law: { id: number };
  let mining: { id: number };
  /** userA at uniA (three: to decide, to search, to export), userB at uniB, userA at uniB. */
  let a1: number;
  let a2: number;
  let a3: number;
  let a4: number;
  let a5: number;

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    cs = await createProgram(t, w.uniA.id, 'Computer Science', 4);
    law = await createProgram(t, w.uniA.id, 'Law', 4);
    mining = await createProgram(t, w.uniB.id, 'Mining Engineering', 5);
    a1 = await submitOk(t, w.userA.token, [cs.id, law.id], { fullName: 'Chanda Mwansa', email: 'chanda@example.test', phoneNumber: '+260 971 000 111' });
    a2 = await submitOk(t, w.userB.token, [mining.id], { fullName: 'Bwalya Phiri', email: 'bwalya@example.test', phoneNumber: '+260 966 222 333' });
    a3 = await submitOk(t, w.userA.token, [mining.id], { fullName: 'Chanda Mwansa', email: 'chanda@example.test' });
    a4 = await submitOk(t, w.userB.token, [law.id], { fullName: '50%_off Mutale', email: 'mutale@example.test', phoneNumber: '+260 955 444 555' });
    a5 = await submitOk(t, w.userA.token, [cs.id], { fullName: '=HYPERLINK("http://evil.test")', email: 'formula@example.test', phoneNumber: '0977 123 456' });
    // Spread the creation days for the date filter.
    await t.ctx.db
      .update(applications)
      .set({ createdAt: new Date('2026-01-10T10:00:00Z') })
      .where(eq(applications.id, a1));
    await t.ctx.db
      .update(applications)
      .set({ createdAt: new Date('2026-02-10T10:00:00Z') })
      .where(eq(applications.id, a4));
    await t.ctx.db
      .update(applications)
      .set({ createdAt: new Date('2026-03-10T10:00:00Z') })
      .where(eq(applications.id, a5));
  });
  after(() => t.close());

  const ids = (list: { id: number }[]) => list.map((a) => a.id);

  describe('GET /api/applications', () => {
    it('gives an ADMIN the plain array of its own university only, newest first', async () => {
      const res = await call(t, 'GET', '/api/applications', { token: w.adminA.token });
      assert.equal(res.statusCode, 200);
      const list = res.json() as App[];
      assert.ok(Array.isArray(list));
      for (const item of list) Application.parse(item);
      assert.deepEqual(ids(list), [a5, a4, a1]);
      const b = await call(t, 'GET', '/api/applications', { token: w.adminB.token });
      assert.deepEqual(ids(b.json()), [a3, a2]);
    });

    it("ignores an ADMIN's universityId query (reach comes from its account)", async () => {
      const res = await call(t, 'GET', `/api/applications?universityId=${w.uniB.id}`, { token: w.adminA.token });
      assert.deepEqual(ids(res.json()), [a5, a4, a1]);
    });

    it('gives a SUPERUSER everything, or one university by query', async () => {
      const all = await call(t, 'GET', '/api/applications', { token: w.superuser.token });
      assert.deepEqual(
        ids(all.json()).sort((x, y) => x - y),
        [a1, a2, a3, a4, a5],
      );
      const one = await call(t, 'GET', `/api/applications?universityId=${w.uniB.id}`, { token: w.superuser.token });
      assert.deepEqual(ids(one.json()), [a3, a2]);
    });

    it('pages when asked: {items, total, page, size}', async () => {
      const res = await call(t, 'GET', '/api/applications?page=1&size=2', { token: w.superuser.token });
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['items', 'page', 'size', 'total']);
      assert.equal(body.total, 5);
      assert.equal(body.page, 1);
      assert.equal(body.size, 2);
      assert.equal(body.items.length, 2);
      const page3 = (await call(t, 'GET', '/api/applications?page=3&size=2', { token: w.superuser.token })).json();
      assert.equal(page3.items.length, 1);
      const defaults = (await call(t, 'GET', '/api/applications?sort=newest', { token: w.adminA.token })).json();
      assert.equal(defaults.size, 20);
      assert.equal(defaults.total, 3);
    });

    it('searches full name, email and phone, case-insensitively and literally', async () => {
      const q = async (search: string) => ids((await call(t, 'GET', `/api/applications?search=${encodeURIComponent(search)}`, { token: w.superuser.token })).json().items).sort((x, y) => x - y);
      assert.deepEqual(await q('CHANDA'), [a1, a3]);
      assert.deepEqual(await q('bwalya@EXAMPLE'), [a2]);
      assert.deepEqual(await q('966 222'), [a2]);
      assert.deepEqual(await q('966222333'), [a2]);
      assert.deepEqual(await q('(966)-222'), [a2]);
      assert.deepEqual(await q('50%_'), [a4]);
      assert.deepEqual(await q('%'), [a4]);
      assert.deepEqual(await q('nobody-matches'), []);
    });

    it('filters by status, date range and sorts by name or age', async () => {
      await t.ctx.db.update(applications).set({ status: 'PENDING_REVIEW' }).where(eq(applications.id, a4));
      const review = (await call(t, 'GET', '/api/applications?status=pending_review', { token: w.superuser.token })).json();
      assert.deepEqual(ids(review.items), [a4]);
      assert.equal(review.total, 1, 'a status-only total (answered by the counters) follows the change at once');
      const pendingOfA = (await call(t, 'GET', '/api/applications?status=pending&size=50', { token: w.adminA.token })).json();
      assert.equal(pendingOfA.total, pendingOfA.items.length);
      await t.ctx.db.update(applications).set({ status: 'PENDING' }).where(eq(applications.id, a4));
      const feb = (await call(t, 'GET', '/api/applications?from=2026-02-01&to=2026-03-10', { token: w.superuser.token })).json();
      assert.deepEqual(ids(feb.items), [a5, a4]);
      // A range that ends before it starts: refused in plain words, for the list and the export.
      for (const path of ['/api/applications', '/api/applications/export.csv']) {
        const backwards = await call(t, 'GET', `${path}?from=2026-03-10&to=2026-02-01`, { token: w.superuser.token });
        assert.equal(backwards.statusCode, 400);
        assert.equal(backwards.json().message, 'The start date is after the end date.');
      }
      const oneDay = (await call(t, 'GET', '/api/applications?from=2026-02-10&to=2026-02-10', { token: w.superuser.token })).json();
      assert.deepEqual(ids(oneDay.items), [a4]);
      const byName = (await call(t, 'GET', `/api/applications?sort=name&universityId=${w.uniA.id}`, { token: w.superuser.token })).json();
      assert.deepEqual(
        byName.items.map((a: App) => a.fullName),
        ['50%_off Mutale', '=HYPERLINK("http://evil.test")', 'Chanda Mwansa'],
      );
      const oldest = (await call(t, 'GET', '/api/applications?sort=oldest', { token: w.adminA.token })).json();
      assert.deepEqual(ids(oldest.items), [a1, a4, a5]);
    });

    it('shows the latest payment and filters by payment status', async () => {
      await insertPayment(t, a1, w.userA.id, 'failed', new Date('2026-01-11T00:00:00Z'));
      await insertPayment(t, a1, w.userA.id, 'successful', new Date('2026-01-12T00:00:00Z'));
      await insertPayment(t, a2, w.userB.id, 'pending');
      await insertPayment(t, a3, w.userA.id, 'failed');
      const detail = (await call(t, 'GET', `/api/applications/${a1}`, { token: w.userA.token })).json() as App;
      assert.equal(detail.payment?.status, 'successful');
      assert.equal(detail.payment?.amount, 150.75);
      assert.equal(detail.payment?.currency, 'ZMW');
      assert.equal(detail.paid, true);
      const by = async (status: string) => ids((await call(t, 'GET', `/api/applications?paymentStatus=${status}`, { token: w.superuser.token })).json().items).sort((x, y) => x - y);
      assert.deepEqual(await by('successful'), [a1]);
      assert.deepEqual(await by('pending'), [a2]);
      assert.deepEqual(await by('failed'), [a3]);
      assert.deepEqual(await by('none'), [a4, a5]);
    });

    it('refuses unknown or invalid query parameters and pages beyond the bound', async () => {
      const unknown = await call(t, 'GET', '/api/applications?role=ADMIN', { token: w.superuser.token });
      assert.equal(unknown.statusCode, 400);
      const badStatus = await call(t, 'GET', '/api/applications?status=MAYBE', { token: w.superuser.token });
      assert.equal(badStatus.statusCode, 400);
      assert.match(badStatus.json().message, /^status: /);
      const tooBig = await call(t, 'GET', '/api/applications?size=1000', { token: w.superuser.token });
      assert.equal(tooBig.statusCode, 400);
      const far = await call(t, 'GET', `/api/applications?size=100&page=${MAX_OFFSET / 100 + 2}`, { token: w.superuser.token });
      assert.equal(far.statusCode, 400);
      assert.match(far.json().message, /^page: /);
      assert.ok(PLAIN_LIST_LIMIT >= 100);
    });
  });

  describe('GET /api/applications/{id} and /user/{userId}', () => {
    it('lets the applicant and staff in reach read one application, and 404s everyone else', async () => {
      for (const token of [w.userA.token, w.adminA.token, w.superuser.token]) {
        const res = await call(t, 'GET', `/api/applications/${a1}`, { token });
        assert.equal(res.statusCode, 200);
        const app = Application.parse(res.json());
        assert.equal(app.nationalRegNumber, '123456/10/1');
      }
      for (const token of [w.userB.token, w.adminB.token]) {
        const res = await call(t, 'GET', `/api/applications/${a1}`, { token });
        assert.equal(res.statusCode, 404);
        assert.deepEqual(res.json(), { message: 'Application not found', error: 'Not Found' });
      }
      const missing = await call(t, 'GET', '/api/applications/999999', { token: w.superuser.token });
      assert.equal(missing.statusCode, 404);
      const bad = await call(t, 'GET', '/api/applications/abc', { token: w.superuser.token });
      assert.equal(bad.statusCode, 400);
    });

    it("lists a user's applications for the user itself and staff (only within reach)", async () => {
      const own = await call(t, 'GET', `/api/applications/user/${w.userA.id}`, { token: w.userA.token });
      assert.equal(own.statusCode, 200);
      // Newest first: a3 (today), a5 (March), a1 (January).
      assert.deepEqual(ids(own.json()), [a3, a5, a1]);
      const other = await call(t, 'GET', `/api/applications/user/${w.userA.id}`, { token: w.userB.token });
      assert.equal(other.statusCode, 403);
      const adminA = await call(t, 'GET', `/api/applications/user/${w.userA.id}`, { token: w.adminA.token });
      assert.deepEqual(
        ids(adminA.json()).sort((x, y) => x - y),
        [a1, a5],
      );
      const adminB = await call(t, 'GET', `/api/applications/user/${w.userA.id}`, { token: w.adminB.token });
      assert.deepEqual(ids(adminB.json()), [a3]);
      const su = await call(t, 'GET', `/api/applications/user/${w.userA.id}`, { token: w.superuser.token });
      assert.deepEqual(
        ids(su.json()).sort((x, y) => x - y),
        [a1, a3, a5],
      );
      const nobody = await call(t, 'GET', '/api/applications/user/999999', { token: w.superuser.token });
      assert.deepEqual(nobody.json(), []);
    });
  });

  describe('PUT /api/applications/{id}', () => {
    let target: number;
    before(async () => {
      target = await submitOk(t, w.userA.token, [cs.id, law.id], { fullName: 'Decision Candidate' });
    });

    it('requires a reason to decline', async () => {
      for (const reviewNotes of [undefined, '', '   ']) {
        const res = await call(t, 'PUT', `/api/applications/${target}`, { token: w.adminA.token, json: { status: 'Rejected', ...(reviewNotes === undefined ? {} : { reviewNotes }) } });
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().message, 'A reason is required to decline an application.');
      }
    });

    it('requires one of the choices to approve', async () => {
      const none = await call(t, 'PUT', `/api/applications/${target}`, { token: w.adminA.token, json: { status: 'Approved', reviewNotes: 'ok' } });
      assert.equal(none.statusCode, 400);
      assert.match(none.json().message, /^programId: /);
      const wrong = await call(t, 'PUT', `/api/applications/${target}`, { token: w.adminA.token, json: { status: 'Approved', reviewNotes: 'ok', programId: mining.id } });
      assert.equal(wrong.statusCode, 400);
      assert.equal(wrong.json().message, "programId: must be one of the application's program choices");
    });

    it('refuses statuses other than a decision, unknown fields, and staff out of reach', async () => {
      const pending = await call(t, 'PUT', `/api/applications/${target}`, { token: w.adminA.token, json: { status: 'PENDING', reviewNotes: 'x' } });
      assert.equal(pending.statusCode, 400);
      assert.match(pending.json().message, /^status: /);
      const extra = await call(t, 'PUT', `/api/applications/${target}`, { token: w.adminA.token, json: { status: 'Rejected', reviewNotes: 'x', paid: true } });
      assert.equal(extra.statusCode, 400);
      assert.match(extra.json().message, /^Unknown field/);
      const outside = await call(t, 'PUT', `/api/applications/${target}`, { token: w.adminB.token, json: { status: 'Rejected', reviewNotes: 'x' } });
      assert.equal(outside.statusCode, 404);
      const applicant = await call(t, 'PUT', `/api/applications/${target}`, { token: w.userA.token, json: { status: 'Approved', programId: cs.id } });
      assert.equal(applicant.statusCode, 403);
      const row = await t.ctx.db.select().from(applications).where(eq(applications.id, target));
      assert.equal(row[0]!.status, 'PENDING');
    });

    it('approves (any case), records history with the actor, mails the applicant, then answers 409', async () => {
      const res = await call(t, 'PUT', `/api/applications/${target}`, { token: w.adminA.token, json: { status: 'approved', reviewNotes: 'Strong results', programId: law.id } });
      assert.equal(res.statusCode, 200, res.body);
      const app = Application.parse(res.json());
      assert.equal(app.status, 'APPROVED');
      assert.equal(app.programId, law.id);
      assert.equal(app.program?.name, 'Law');
      assert.equal(app.reviewNotes, 'Strong results');
      const last = app.history[app.history.length - 1]!;
      assert.equal(app.history.length, 2);
      assert.deepEqual([last.kind, last.from, last.to, last.note], ['STATUS', 'PENDING', 'APPROVED', 'Strong results']);
      assert.equal(last.actor?.id, w.adminA.id);
      assert.equal(last.actor?.role, 'ADMIN');
      assert.ok(last.actor?.name);

      const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, w.userA.email));
      const notice = mails.find((m) => m.subject === 'Your application has been approved');
      assert.ok(notice, 'the applicant is mailed');
      assert.match(notice.text, /approved for Law/);

      const again = await call(t, 'PUT', `/api/applications/${target}`, { token: w.superuser.token, json: { status: 'Rejected', reviewNotes: 'changed my mind' } });
      assert.equal(again.statusCode, 409);
      assert.match(again.json().message, /already been decided/);
    });

    it('declines with the reason as review notes, also from PENDING_REVIEW', async () => {
      const id = await submitOk(t, w.userB.token, [cs.id]);
      await t.ctx.db.update(applications).set({ status: 'PENDING_REVIEW' }).where(eq(applications.id, id));
      const res = await call(t, 'PUT', `/api/applications/${id}`, { token: w.superuser.token, json: { status: 'Rejected', reviewNotes: '  Incomplete documents ' } });
      assert.equal(res.statusCode, 200, res.body);
      const app = Application.parse(res.json());
      assert.equal(app.status, 'REJECTED');
      assert.equal(app.reviewNotes, 'Incomplete documents');
      const last = app.history[app.history.length - 1]!;
      assert.deepEqual([last.from, last.to, last.note, last.actor?.role], ['PENDING_REVIEW', 'REJECTED', 'Incomplete documents', 'SUPERUSER']);
      const [row] = await t.ctx.db.select().from(applications).where(eq(applications.id, id));
      assert.equal(row!.approvedProgramId, null);
    });

    it('lets only one of two simultaneous decisions win', async () => {
      const id = await submitOk(t, w.userB.token, [cs.id]);
      const [x, y] = await Promise.all([
        call(t, 'PUT', `/api/applications/${id}`, { token: w.adminA.token, json: { status: 'Approved', programId: cs.id } }),
        call(t, 'PUT', `/api/applications/${id}`, { token: w.superuser.token, json: { status: 'Rejected', reviewNotes: 'no' } }),
      ]);
      assert.deepEqual([x.statusCode, y.statusCode].sort(), [200, 409]);
      const history = (await call(t, 'GET', `/api/applications/${id}`, { token: w.superuser.token })).json().history;
      assert.equal(history.length, 2);
    });

    it('refuses a decision on an application that is already APPROVED or REJECTED with 409', async () => {
      const id = await submitOk(t, w.userB.token, [cs.id]);
      await t.ctx.db.update(applications).set({ status: 'REJECTED' }).where(eq(applications.id, id));
      const res = await call(t, 'PUT', `/api/applications/${id}`, { token: w.adminA.token, json: { status: 'Approved', programId: cs.id } });
      assert.equal(res.statusCode, 409);
    });
  });

  describe('GET /api/applications/export.csv', () => {
    it('streams the staff list as CSV with a header row, neutralising formulas', async () => {
      const res = await call(t, 'GET', '/api/applications/export.csv', { token: w.adminA.token });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/csv; charset=utf-8/);
      assert.match(String(res.headers['content-disposition']), /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/);
      assert.equal(res.headers['cache-control'], 'private, no-store');
      const lines = res.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
      assert.match(lines[0]!, /^"id","status","fullName","email","phoneNumber"/);
      const [count] = await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(applications)
        .where(eq(applications.universityId, w.uniA.id));
      assert.equal(lines.length - 1, Number(count!.n));
      const formula = lines.find((l) => l.includes('formula@example.test'))!;
      assert.ok(formula.includes(`"'=HYPERLINK(""http://evil.test"")"`), formula);
      assert.ok(!lines.some((l) => l.includes('bwalya@example.test')), 'another university stays out');
      // Stored as +260971000111; exported as a Zambian writes it, with no apostrophe.
      assert.ok(
        lines.some((l) => l.includes(`"0971 000 111"`)),
        'the national form',
      );
      assert.ok(!lines.some((l) => l.includes('+260971000111') || l.includes("'0971")), 'neither E.164 nor an apostrophe');
    });

    it('applies the list filters', async () => {
      const res = await call(t, 'GET', '/api/applications/export.csv?search=bwalya', { token: w.superuser.token });
      const lines = res.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
      assert.equal(lines.length, 2);
      assert.ok(lines[1]!.includes('bwalya@example.test'));
    });

    it('is for staff only', async () => {
      assert.equal((await call(t, 'GET', '/api/applications/export.csv', { token: w.userA.token })).statusCode, 403);
      assert.equal((await call(t, 'GET', '/api/applications/export.csv')).statusCode, 401);
    });
  });

  describe('an ADMIN without a university', () => {
    it('sees no applications and can decide none', async () => {
      const loose = await createUser(t, 'ADMIN');
      const list = await call(t, 'GET', '/api/applications', { token: loose.token });
      assert.deepEqual(list.json(), []);
      const one = await call(t, 'GET', `/api/applications/${a1}`, { token: loose.token });
      assert.equal(one.statusCode, 404);
    });
  });
});
