/**
 * Issue 17, item 2: reviewer notes are internal to the staff of the
 * application's university: never in an applicant's response, the CSV export
 * or an e-mail; gone when the applicant erases their account.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import * as contract from 'shared-api/contract';
import { applicationNotes, auditLog, mailOutbox } from '../src/infrastructure/database/schema';
import { settleMail } from '../src/infrastructure/mail/outbox';
import { createProgram, submitOk } from './fixtures/applications';
import { call, createUser, createWorld, DEFAULT_PASSWORD, type World } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

const { ReviewerNote } = contract;

describe('reviewer notes', () => {
  let t: TestApp;
  let w: World;
  let appId: number;
  const marker = `note-marker-${randomBytes(6).toString('hex')}`;

  const post = (token: string, json: unknown, id = appId) => call(t, 'POST', `/api/applications/${id}/notes`, { token, json });
  const list = (token: string, id = appId) => call(t, 'GET', `/api/applications/${id}/notes`, { token });

  before(async () => {
    t = await startTestApp();
    w = await createWorld(t);
    const program = await createProgram(t, w.uniA.id, 'BSc Nursing');
    appId = await submitOk(t, w.userA.token, [program.id]);
  });
  after(() => t.close());

  it('an ADMIN of the university adds a note and reads it back with author name and time', async () => {
    const res = await post(w.adminA.token, { text: `  First look: ${marker}\nresults need checking  ` });
    assert.equal(res.statusCode, 201, res.body);
    const note = ReviewerNote.parse(res.json());
    assert.equal(note.text, `First look: ${marker}\nresults need checking`);
    assert.equal(note.author?.id, w.adminA.id);
    assert.ok(note.author?.name.length);
    assert.ok(Math.abs(Date.parse(note.at) - Date.now()) < 60_000);
    const second = await post(w.superuser.token, { text: 'Superuser agrees' });
    assert.equal(second.statusCode, 201);
    const read = await list(w.adminA.token);
    assert.equal(read.statusCode, 200);
    assert.deepEqual(
      read.json().map((n: { text: string; author: { id: number } }) => [n.text, n.author.id]),
      [
        [note.text, w.adminA.id],
        ['Superuser agrees', w.superuser.id],
      ],
    );
    assert.equal((await list(w.superuser.token)).json().length, 2);
    const [audited] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'application.note'));
    assert.ok(audited, 'the note is audited');
    assert.ok(!JSON.stringify(audited).includes(marker), 'the audit entry does not carry the text');
    // The staff timeline says who wrote a note and when (issue 17 item 7), never what it says.
    const staffView = await call(t, 'GET', `/api/applications/${appId}`, { token: w.adminA.token });
    const noted = (staffView.json().history as Array<{ kind: string; note: string | null; actor: { id: number } | null }>).filter((h) => h.kind === 'NOTE');
    assert.deepEqual(
      noted.map((h) => [h.note, h.actor?.id]),
      [
        ['Internal note added', w.adminA.id],
        ['Internal note added', w.superuser.id],
      ],
    );
    assert.ok(!JSON.stringify(staffView.json().history).includes(marker));
  });

  it('refuses empty, too long and control-character text with a 400 naming text, and saves nothing', async () => {
    const before = (await list(w.adminA.token)).json().length;
    for (const json of [{ text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }, { text: 'bell\u0007' }, { text: 'nul\u0000' }, {}, { text: 'ok', extra: 1 }]) {
      const res = await post(w.adminA.token, json);
      assert.equal(res.statusCode, 400, `${JSON.stringify(json)}: ${res.body}`);
      if ('text' in json && !('extra' in json)) assert.match(res.json().message, /text/);
    }
    assert.equal((await post(w.adminA.token, { text: 'x'.repeat(2000) })).statusCode, 201, '2000 characters are fine');
    assert.equal((await list(w.adminA.token)).json().length, before + 1);
  });

  it('staff of another university get 404; applicants 403 (even the owner); strangers 401', async () => {
    assert.equal((await list(w.adminB.token)).statusCode, 404);
    assert.equal((await post(w.adminB.token, { text: 'not mine' })).statusCode, 404);
    assert.equal((await list(w.userA.token)).statusCode, 403);
    assert.equal((await post(w.userA.token, { text: 'me' })).statusCode, 403);
    assert.equal((await list(w.userB.token)).statusCode, 403);
    assert.equal((await call(t, 'GET', `/api/applications/${appId}/notes`)).statusCode, 401);
    assert.equal((await list(w.adminA.token, 999_999)).statusCode, 404);
    const unbound = await createUser(t, 'ADMIN', { universityId: null });
    assert.equal((await list(unbound.token)).statusCode, 404);
  });

  it("never appear in the applicant's responses, the CSV export or any e-mail", async () => {
    // A decision and a document request make the applicant's e-mails and history as full as they get.
    const detail = (await call(t, 'GET', `/api/applications/${appId}`, { token: w.adminA.token })).json();
    const doc = detail.files[1];
    assert.equal((await call(t, 'PUT', `/api/applications/${appId}/documents/${doc.id}`, { token: w.adminA.token, json: { status: 'REJECTED', reason: 'Blurred' } })).statusCode, 200);
    assert.equal((await call(t, 'PUT', `/api/applications/${appId}`, { token: w.adminA.token, json: { status: 'REJECTED', reviewNotes: 'Programme full' } })).statusCode, 200);
    await settleMail(t.ctx);

    const applicantReads = [`/api/applications/${appId}`, `/api/applications/user/${w.userA.id}`, `/api/files/application/${appId}`, '/api/users/me/export'];
    for (const url of applicantReads) {
      const res = await call(t, 'GET', url, { token: w.userA.token });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      assert.ok(!res.body.includes(marker), `${url} leaks a reviewer note`);
      assert.ok(!res.body.includes('Internal note added'), `${url} tells the applicant staff wrote notes`);
    }
    // Staff reads of the application itself do not carry notes either (they are asked for separately).
    for (const url of [`/api/applications/${appId}`, '/api/applications?page=1&size=50', '/api/applications/export.csv']) {
      const res = await call(t, 'GET', url, { token: w.adminA.token });
      assert.equal(res.statusCode, 200);
      assert.ok(!res.body.includes(marker), `${url} carries a reviewer note`);
    }
    const csv = await call(t, 'GET', '/api/applications/export.csv', { token: w.superuser.token });
    assert.ok(csv.body.includes('Chanda Mwansa'), 'the export holds the application');
    assert.ok(!csv.body.includes(marker));
    const mails = await t.ctx.db.select().from(mailOutbox);
    assert.ok(mails.length >= 2, 'the decision and the document request were e-mailed');
    for (const mail of mails) assert.ok(!`${mail.subject}\n${mail.text}`.includes(marker), `e-mail '${mail.subject}' leaks a reviewer note`);
  });

  it('erasing the applicant removes the notes on their applications and their name from other notes', async () => {
    const person = await createUser(t, 'USER', { firstName: 'Mwiche', lastName: 'Sichilongo' });
    const program = await createProgram(t, w.uniA.id);
    const theirs = await submitOk(t, person.token, [program.id], { fullName: 'Mwiche Sichilongo' });
    assert.equal((await post(w.adminA.token, { text: 'Mwiche Sichilongo phoned about the NRC' }, theirs)).statusCode, 201);
    assert.equal((await post(w.adminA.token, { text: 'Compare with Mwiche Sichilongo, same school' })).statusCode, 201);
    const res = await call(t, 'DELETE', '/api/users/me', { token: person.token, json: { password: DEFAULT_PASSWORD } });
    assert.equal(res.statusCode, 200, res.body);
    const rows = await t.ctx.db.select().from(applicationNotes);
    assert.ok(!rows.some((n) => n.applicationId === theirs));
    assert.ok(!rows.some((n) => /sichilongo/i.test(n.text)));
    assert.ok(rows.some((n) => n.text === 'Compare with [erased], same school'));
  });
});
