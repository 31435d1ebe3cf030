/**
 * Issue 18 item 4: the notification centre over HTTP. Each account reads and
 * marks only its own entries (someone else's id is 404); an applicant's
 * events (submitted, documents requested, decision) are entries whatever
 * they chose for SMS and e-mail, each once; staff are told of their queue
 * (assigned to them, a document uploaded again, an offer answered), the
 * assignee only; no entry carries a reviewer note or a document number; the
 * account's erasure deletes its entries.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { NotificationList, UnreadCount, type NotificationItem } from 'shared-api/contract';
import { formatDate, formatTime } from 'shared-api/format';
import { applications, notifications } from '../src/infrastructure/database/schema';
import { createProgram, multipartBody, submitOk } from './fixtures/applications';
import { samplePdf } from './fixtures/samples';
import { initiate, sandboxOutcome, settle } from './helpers/payments-fixtures';
import { call, createUser, createWorld, DEFAULT_PASSWORD, type TestUser, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

describe('notification centre', () => {
  let t: TestApp;
  let w: World;
  let jane: TestUser;
  let program: { id: number };
  let appId: number;

  const list = async (token: string, query = '') => {
    const res = await call(t, 'GET', `/api/notifications${query}`, { token });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    return NotificationList.parse(res.json());
  };
  const unread = async (token: string) => {
    const res = await call(t, 'GET', '/api/notifications/unread-count', { token });
    assert.equal(res.statusCode, 200, res.body);
    return UnreadCount.parse(res.json()).unreadCount;
  };
  const kinds = (items: NotificationItem[]) => items.map((n) => n.kind);

  before(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://portal.example.test' });
    w = await createWorld(t);
    jane = await createUser(t, 'ADMIN', { universityId: w.uniA.id, firstName: 'Jane', lastName: 'Banda' });
    program = await createProgram(t, w.uniA.id, 'BSc Nursing');
    // Every SMS and e-mail off: the centre still gets every event.
    const off = ['SUBMITTED', 'PAYMENT', 'DOCUMENTS', 'DECISION'].map((event) => ({ event, sms: false, email: false }));
    assert.equal((await call(t, 'PUT', '/api/users/me/notification-preferences', { token: w.userA.token, json: { events: off } })).statusCode, 200);
    appId = await submitOk(t, w.userA.token, [program.id]);
  });
  after(() => t.close());

  it('a submission is an entry of the applicant, with SMS and e-mail turned off, linking to the application', async () => {
    const page = await list(w.userA.token);
    assert.deepEqual(kinds(page.items), ['SUBMITTED']);
    const [entry] = page.items;
    assert.equal(entry!.title, 'Application submitted');
    assert.match(entry!.body, new RegExp(`#${appId}\\b`));
    assert.equal(entry!.link, `/applications/${appId}`);
    assert.equal(entry!.applicationId, appId);
    assert.equal(entry!.readAt, null);
    assert.equal(page.unreadCount, 1);
    assert.equal(await unread(w.userA.token), 1);
  });

  it('others see none of it: another applicant and staff have their own (empty) lists; guests get 401', async () => {
    assert.deepEqual((await list(w.userB.token)).items, []);
    assert.equal((await list(w.adminA.token)).unreadCount, 0);
    assert.equal((await call(t, 'GET', '/api/notifications')).statusCode, 401);
    assert.equal((await call(t, 'GET', '/api/notifications/unread-count')).statusCode, 401);
  });

  it("someone else's entry cannot be marked read (404, unchanged); a bad id is 400", async () => {
    const [entry] = (await list(w.userA.token)).items;
    const res = await call(t, 'POST', `/api/notifications/${entry!.id}/read`, { token: w.userB.token });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().message, 'Notification not found');
    assert.equal((await call(t, 'POST', `/api/notifications/${entry!.id}/read`, { token: w.adminA.token })).statusCode, 404);
    assert.equal((await call(t, 'POST', '/api/notifications/999999/read', { token: w.userA.token })).statusCode, 404);
    const bad = await call(t, 'POST', '/api/notifications/abc/read', { token: w.userA.token });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /id/);
    assert.equal(await unread(w.userA.token), 1);
  });

  it("a payment received is one entry, even when the provider's answer comes twice", async () => {
    const paidApp = await submitOk(t, w.userA.token, [program.id]);
    const paid = await initiate(t, w.userA, paidApp);
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal((await sandboxOutcome(t, paid.json().reference, 'success')).statusCode, 200);
    await settle(t);
    await call(t, 'GET', `/api/payments/verify/${paid.json().reference}`, { token: w.userA.token });
    const payments = (await list(w.userA.token, '?size=100')).items.filter((n) => n.kind === 'PAYMENT');
    assert.deepEqual(
      payments.map((n) => [n.title, n.link]),
      [['Payment received', `/applications/${paidApp}`]],
    );
    assert.match(payments[0]!.body, /ZMW 150\.75/);
  });

  it('assigning tells the new reviewer (not the one who assigned it to themselves)', async () => {
    const res = await call(t, 'PUT', `/api/applications/${appId}/assignee`, { token: w.adminA.token, json: { userId: jane.id } });
    assert.equal(res.statusCode, 200, res.body);
    const page = await list(jane.token);
    assert.deepEqual(kinds(page.items), ['ASSIGNED']);
    assert.equal(page.items[0]!.link, `/applications/${appId}`);
    assert.equal(page.items[0]!.title, 'Application assigned to you');

    // Self-assignment tells nobody.
    const self = await call(t, 'PUT', `/api/applications/${appId}/assignee`, { token: w.adminA.token, json: { userId: w.adminA.id } });
    assert.equal(self.statusCode, 200, self.body);
    assert.deepEqual((await list(w.adminA.token)).items, []);
    // Back to Jane (a reassignment tells her again), by the SUPERUSER.
    assert.equal((await call(t, 'PUT', `/api/applications/${appId}/assignee`, { token: w.superuser.token, json: { userId: jane.id } })).statusCode, 200);
    assert.equal((await list(jane.token)).unreadCount, 2);
  });

  it('bulk assign of several is one entry linking to the list', async () => {
    const more = [await submitOk(t, w.userA.token, [program.id]), await submitOk(t, w.userA.token, [program.id])];
    const res = await call(t, 'POST', '/api/applications/bulk', { token: w.adminA.token, json: { action: 'assign', ids: more, userId: jane.id } });
    assert.equal(res.statusCode, 200, res.body);
    const [latest] = (await list(jane.token)).items;
    assert.deepEqual([latest!.kind, latest!.link, latest!.applicationId, latest!.body], ['ASSIGNED', '/applications', null, '2 applications were assigned to you.']);
  });

  it('a document requested, then uploaded again: the applicant and the assignee are told; no reason, note or NRC number in either', async () => {
    const detail = await call(t, 'GET', `/api/applications/${appId}`, { token: w.adminA.token });
    const back = (detail.json().files as Array<{ id: number; documentType: string }>).find((f) => f.documentType === 'NRC_BACK')!;
    const note = await call(t, 'POST', `/api/applications/${appId}/notes`, { token: w.adminA.token, json: { text: 'Secret reviewer thought' } });
    assert.equal(note.statusCode, 201, note.body);
    const rejected = await call(t, 'PUT', `/api/applications/${appId}/documents/${back.id}`, { token: jane.token, json: { status: 'REJECTED', reason: 'Too blurred to read' } });
    assert.equal(rejected.statusCode, 200, rejected.body);
    const mine = await list(w.userA.token);
    assert.equal(mine.items[0]!.kind, 'DOCUMENTS');
    assert.match(mine.items[0]!.body, /NRC/);
    assert.equal(mine.items[0]!.link, `/applications/${appId}`);

    const { payload, headers } = multipartBody([{ name: 'file', value: samplePdf(), filename: 'nrc-back.pdf', contentType: 'application/pdf' }]);
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/applications/${appId}/documents/${back.id}`, payload, headers: { ...headers, authorization: `Bearer ${w.userA.token}` } });
    assert.equal(uploaded.statusCode, 200, uploaded.body);
    const janes = await list(jane.token);
    assert.equal(janes.items[0]!.kind, 'DOCUMENT_UPLOADED');
    assert.equal(janes.items[0]!.link, `/applications/${appId}`);
    assert.equal((await list(w.adminA.token)).items.length, 0, 'only the assignee is told');

    const [row] = await t.ctx.db.select({ nrc: applications.nationalRegNumber }).from(applications).where(eq(applications.id, appId));
    const everything = JSON.stringify(await t.ctx.db.select().from(notifications));
    for (const secret of ['Secret reviewer thought', 'Too blurred', row!.nrc]) assert.equal(everything.includes(secret), false, secret);
  });

  it('an unassigned application tells nobody when a document is uploaded again', async () => {
    const other = await submitOk(t, w.userA.token, [program.id]);
    const detail = await call(t, 'GET', `/api/applications/${other}`, { token: w.adminA.token });
    const front = (detail.json().files as Array<{ id: number; documentType: string }>).find((f) => f.documentType === 'NRC_FRONT')!;
    assert.equal((await call(t, 'PUT', `/api/applications/${other}/documents/${front.id}`, { token: w.adminA.token, json: { status: 'REJECTED', reason: 'Cut off' } })).statusCode, 200);
    const before = (await t.ctx.db.select().from(notifications)).filter((n) => n.kind === 'DOCUMENT_UPLOADED').length;
    const { payload, headers } = multipartBody([{ name: 'file', value: samplePdf(), filename: 'front.pdf', contentType: 'application/pdf' }]);
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/applications/${other}/documents/${front.id}`, payload, headers: { ...headers, authorization: `Bearer ${w.userA.token}` } });
    assert.equal(uploaded.statusCode, 200, uploaded.body);
    assert.equal((await t.ctx.db.select().from(notifications)).filter((n) => n.kind === 'DOCUMENT_UPLOADED').length, before);
  });

  it('an offer: the applicant is told of it; declining it tells the assignee', async () => {
    const res = await call(t, 'PUT', `/api/applications/${appId}`, { token: jane.token, json: { status: 'OFFERED', programId: program.id } });
    assert.equal(res.statusCode, 200, res.body);
    const [offerEntry] = (await list(w.userA.token)).items;
    assert.deepEqual([offerEntry!.kind, offerEntry!.title, offerEntry!.link], ['DECISION', 'You have an offer', `/applications/${appId}`]);
    assert.match(offerEntry!.body, /^University of Zambia offers you a place/);
    // The offer names its deadline (issue 18 item 3); notifications.test.ts checks the SMS.
    const replyBy = new Date((await call(t, 'GET', `/api/applications/${appId}/offer`, { token: w.userA.token })).json().offer.replyBy as string);
    const when = `${formatDate(replyBy)} ${formatTime(replyBy)}`;
    assert.ok(offerEntry!.body.includes(`reply by ${when} (Lusaka time)`), offerEntry!.body);

    const offer = await call(t, 'GET', `/api/applications/${appId}/offer`, { token: w.userA.token });
    const offerId = offer.json().offer.id as number;
    assert.equal((await call(t, 'POST', `/api/offers/${offerId}/decline`, { token: w.userA.token })).statusCode, 200);
    const [answered] = (await list(jane.token)).items;
    assert.deepEqual([answered!.kind, answered!.title, answered!.link], ['OFFER_ANSWERED', 'Offer declined', `/applications/${appId}`]);
  });

  it('pages newest first; marks one read, then all; the unread count follows', async () => {
    const all = await list(w.userA.token, '?page=1&size=100');
    assert.ok(all.total >= 4);
    const ids = all.items.map((n) => n.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    const first = await list(w.userA.token, '?page=1&size=2');
    const second = await list(w.userA.token, '?page=2&size=2');
    assert.deepEqual(
      [...first.items, ...second.items].map((n) => n.id),
      ids.slice(0, 4),
    );
    assert.deepEqual([first.page, first.size, first.total], [1, 2, all.total]);

    const before = all.unreadCount;
    const read = await call(t, 'POST', `/api/notifications/${ids[1]}/read`, { token: w.userA.token });
    assert.equal(read.statusCode, 200, read.body);
    assert.deepEqual(read.json(), { unreadCount: before - 1 });
    // Reading it again keeps the first time and the count.
    const readAt = (await list(w.userA.token, '?size=100')).items.find((n) => n.id === ids[1])!.readAt;
    assert.ok(readAt);
    assert.deepEqual((await call(t, 'POST', `/api/notifications/${ids[1]}/read`, { token: w.userA.token })).json(), { unreadCount: before - 1 });
    assert.equal((await list(w.userA.token, '?size=100')).items.find((n) => n.id === ids[1])!.readAt, readAt);

    const bad = await call(t, 'GET', '/api/notifications?size=1000', { token: w.userA.token });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /size/);

    // Jane's stay unread when the applicant reads all of theirs.
    const janeBefore = await unread(jane.token);
    const all2 = await call(t, 'POST', '/api/notifications/read-all', { token: w.userA.token });
    assert.deepEqual(all2.json(), { unreadCount: 0 });
    assert.equal(await unread(w.userA.token), 0);
    assert.equal(await unread(jane.token), janeBefore);
  });

  it("deleting the account deletes its entries; the staff's stay", async () => {
    const applicant = await createUser(t, 'USER');
    await submitOk(t, applicant.token, [program.id]);
    const [mine] = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, applicant.id));
    assert.ok(mine, 'the submission made an entry');
    const staffBefore = (await t.ctx.db.select().from(notifications).where(eq(notifications.userId, jane.id))).length;
    const res = await call(t, 'DELETE', '/api/users/me', { token: applicant.token, json: { password: DEFAULT_PASSWORD } });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, applicant.id)), []);
    assert.equal((await t.ctx.db.select().from(notifications).where(eq(notifications.userId, jane.id))).length, staffBefore);
  });
});
