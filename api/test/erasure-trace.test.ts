/**
 * After an applicant deletes their account, no table and no stored file holds
 * their name, e-mail, phone or NRC number (issue 21 finding 6). The search is
 * generic: every table of the database (whatever later migrations add), every
 * column of every row read as text, and every file in the file store; only the
 * payment facts the law requires (amount, date, reference) stay.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/infrastructure/database/sql';
import { applications, auditLog, mailOutbox, offers, payments } from '../src/infrastructure/database/schema';
import { settleMail } from '../src/infrastructure/mail/outbox';
import { processSmsOutbox } from '../src/infrastructure/sms/outbox';
import { applicationJson, createProgram, insertPayment, multipartBody, postMultipart, sampleDocuments } from './fixtures/applications';
import { samplePdf } from './fixtures/samples';
import { call, createWorld, type World } from './helpers/fixtures';
import { startS3Server, type LocalS3 } from './helpers/s3-server';
import { startTestApp, type TestApp } from './helpers/test-app';

const PERSON = {
  firstName: 'Thandizo',
  lastName: 'Kalungulungu',
  email: 'Thandizo.Kalungulungu@example.test',
  phone: '+260977246813',
  /** The applications' own contact details differ from the account's. */
  applicationEmail: 'tkalu.applies@example.test',
  applicationPhone: '+260966135790',
  nrc: '918273/64/1',
  password: 'Mwela-Rocks-Kasama-9',
};

/** What must not be found anywhere, each as lower-case text (phone numbers also without the country code). */
const TRACES = [
  PERSON.firstName,
  PERSON.lastName,
  PERSON.email,
  PERSON.applicationEmail,
  PERSON.phone,
  PERSON.phone.slice(4),
  PERSON.applicationPhone,
  PERSON.applicationPhone.slice(4),
  PERSON.nrc,
  PERSON.nrc.replace(/\//g, ''),
].map((v) => v.toLowerCase());

function tracesIn(text: string): string[] {
  const lower = text.toLowerCase();
  return TRACES.filter((trace) => lower.includes(trace));
}

/** Every base table outside the system schemas, each row cast whole to text. */
async function databaseTraces(t: TestApp): Promise<string[]> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await t.ctx.db.execute(
      sql.raw(`select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`),
    ),
  );
  assert.ok(tables.some((table) => table.name === 'users') && tables.length >= 15, `the scan sees every table (${tables.length})`);
  const found: string[] = [];
  for (const table of tables) {
    const quoted = `"${table.schema.replace(/"/g, '""')}"."${table.name.replace(/"/g, '""')}"`;
    const rows = rowsOf<{ row: string }>(await t.ctx.db.execute(sql.raw(`select t::text as row from ${quoted} t`)));
    for (const { row } of rows) for (const trace of tracesIn(row)) found.push(`${table.schema}.${table.name}: ${trace} in ${row.slice(0, 300)}`);
  }
  return found;
}

function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The file store under test: the local folder, or an S3-compatible bucket (s3rver keeps its objects in a folder). */
interface Store {
  start(): Promise<{ env: Record<string, string>; folder: (t: TestApp) => string; stop(): Promise<void> }>;
}
const LOCAL: Store = { start: async () => ({ env: {}, folder: (t) => t.dataDir, stop: async () => undefined }) };
const S3: Store = {
  start: async () => {
    const s3: LocalS3 = await startS3Server();
    return {
      env: {
        S3_ENDPOINT: s3.settings.endpoint,
        S3_BUCKET: `portal-erasure-${Date.now()}`,
        S3_REGION: s3.settings.region,
        S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      },
      folder: () => s3.directory,
      stop: () => s3.stop(),
    };
  },
};

for (const [storeName, store] of [
  ['local folder', LOCAL],
  ['S3-compatible bucket', S3],
] as const) {
  describe(`erasure leaves no trace of the applicant (files in a ${storeName})`, () => {
    let t: TestApp;
    let stopStore: () => Promise<void>;
    let folder: () => string;
    let w: World;
    let token: string;
    let userId: number;
    let decidedId: number;
    let paidId: number;
    let reference: string;
    const letterCodes: string[] = [];

    before(async () => {
      const started = await store.start();
      stopStore = started.stop;
      t = await startTestApp(started.env);
      folder = () => started.folder(t);
      w = await createWorld(t);
      const program = await createProgram(t, w.uniA.id, 'BSc Mining Engineering');
      const other = await createProgram(t, w.uniB.id, 'BA Economics');

      // The account, its sign-ins (and a failed one), the waitlist and a reset e-mail, all over HTTP.
      const registered = await call(t, 'POST', '/api/auth/register', {
        json: { firstName: PERSON.firstName, lastName: PERSON.lastName, email: PERSON.email, phone: PERSON.phone, password: PERSON.password, consent: true },
      });
      assert.equal(registered.statusCode, 201);
      assert.equal((await call(t, 'POST', '/api/auth/login', { json: { email: PERSON.email, password: 'Not-My-Password-1' } })).statusCode, 401);
      const login = await call(t, 'POST', '/api/auth/login', { json: { email: PERSON.email, password: PERSON.password } });
      assert.equal(login.statusCode, 200);
      token = login.json().token;
      userId = login.json().user?.id ?? JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).id;
      assert.ok([200, 201].includes((await call(t, 'POST', '/api/subscribers', { json: { name: `${PERSON.firstName} ${PERSON.lastName}`, email: PERSON.email } })).statusCode));
      assert.equal((await call(t, 'POST', '/api/auth/request-reset', { json: { email: PERSON.email } })).statusCode, 200);

      // Three applications through the real route, documents in the file store (one names the NRC inside).
      const documents = sampleDocuments();
      documents[2] = { ...documents[2]!, value: Buffer.concat([samplePdf(), Buffer.from(`\n% NRC ${PERSON.nrc} ${PERSON.firstName} ${PERSON.lastName}\n`)]) };
      const details = {
        fullName: `${PERSON.firstName} ${PERSON.lastName}`,
        email: PERSON.applicationEmail,
        phoneNumber: PERSON.applicationPhone,
        nationalRegNumber: PERSON.nrc,
        submissionDetails: `Results of ${PERSON.firstName} ${PERSON.lastName}`,
        programNotes: `Call me on ${PERSON.applicationPhone}`,
      };
      const ids: number[] = [];
      for (const programId of [program.id, program.id, other.id]) {
        const res = await postMultipart(t, token, [{ name: 'application', value: JSON.stringify(applicationJson([programId], details)) }, ...documents]);
        assert.equal(res.statusCode, 201, res.body);
        ids.push(res.json().id);
      }
      [decidedId, paidId] = ids as [number, number];

      // An unfinished draft with a document naming the person (issue 16).
      const draft = await call(t, 'PUT', '/api/drafts/mine', {
        token,
        json: { fullName: details.fullName, email: PERSON.applicationEmail, phone: PERSON.applicationPhone, nationalRegNumber: PERSON.nrc, updatedAt: null },
      });
      assert.equal(draft.statusCode, 200, draft.body);
      const draftDocument = multipartBody([{ name: 'file', value: documents[2]!.value, filename: `${PERSON.lastName}-results.pdf`, contentType: 'application/pdf' }]);
      const stored = await t.app.inject({
        method: 'PUT',
        url: '/api/drafts/mine/files/ACADEMIC_RESULTS',
        payload: draftDocument.payload,
        headers: { ...draftDocument.headers, authorization: `Bearer ${token}` },
      });
      assert.equal(stored.statusCode, 200, stored.body);

      // Staff decide one, writing the person into the notes; the decision e-mail goes to the outbox.
      const decided = await call(t, 'PUT', `/api/applications/${decidedId}`, {
        token: w.adminA.token,
        json: { status: 'REJECTED', reviewNotes: `${PERSON.firstName} ${PERSON.lastName}: NRC ${PERSON.nrc} is unreadable; phoned ${PERSON.applicationPhone}` },
      });
      assert.equal(decided.statusCode, 200, decided.body);
      // A reviewer note (issue 17) naming them, on their application.
      const note = await call(t, 'POST', `/api/applications/${paidId}/notes`, {
        token: w.adminA.token,
        json: { text: `${PERSON.firstName} ${PERSON.lastName} sent NRC ${PERSON.nrc} by e-mail from ${PERSON.email}` },
      });
      assert.equal(note.statusCode, 201, note.body);

      // An offer (issue 17) whose conditions name them, and the decline letter downloaded (both in the history).
      const offered = await call(t, 'PUT', `/api/applications/${paidId}`, {
        token: w.adminA.token,
        json: { status: 'OFFERED', programId: program.id, offerType: 'CONDITIONAL', conditions: `${PERSON.firstName} ${PERSON.lastName} must show NRC ${PERSON.nrc}` },
      });
      assert.equal(offered.statusCode, 200, offered.body);
      for (const id of [decidedId, paidId]) {
        const { letters } = (await call(t, 'GET', `/api/applications/${id}/offer`, { token })).json() as { letters: { url: string; code: string }[] };
        assert.equal(letters.length, 1);
        letterCodes.push(letters[0]!.code);
        assert.equal((await call(t, 'GET', letters[0]!.url, { token })).statusCode, 200);
        assert.equal((await call(t, 'GET', `/api/letters/verify/${letters[0]!.code}`)).json().name, `${PERSON.firstName} ${PERSON.lastName}`);
      }

      // A paid application, with the provider's payload naming the payer.
      const payment = await insertPayment(t, paidId, userId, 'successful');
      reference = payment.reference;
      await t.ctx.db
        .update(payments)
        .set({ paidAt: new Date(), channel: 'mobile-money', providerPayload: { mobileMoneyDetails: { phone: PERSON.applicationPhone, accountName: `${PERSON.firstName} ${PERSON.lastName}` } } })
        .where(eq(payments.id, payment.id));
      await t.ctx.db.update(applications).set({ paid: true }).where(eq(applications.id, paidId));

      // Records kept for others that mention the person: an e-mail to staff, an audit entry.
      await t.ctx.db
        .insert(mailOutbox)
        .values({ to: 'registry@example.test', subject: `Query from ${PERSON.email}`, text: `${PERSON.firstName} ${PERSON.lastName} (NRC ${PERSON.nrc}) asked about fees.`, status: 'logged' });
      await t.ctx.db
        .insert(auditLog)
        .values({ actorId: w.adminA.id, action: 'application.view', target: `application:${decidedId}`, outcome: 'success', detail: `looked up ${PERSON.applicationEmail}` });
      await settleMail(t.ctx);

      // SMS (issue 18): channel choices, a reset code by SMS, and the decision's text, sent through the offline sandbox.
      assert.equal((await call(t, 'PUT', '/api/users/me/notification-preferences', { token, json: { events: [{ event: 'DOCUMENTS', sms: true, email: true }] } })).statusCode, 200);
      assert.equal((await call(t, 'POST', '/api/auth/request-reset-code', { json: { phone: PERSON.phone } })).statusCode, 200);
      await settleMail(t.ctx);
      await processSmsOutbox(t.ctx, 100);

      // The setup did leave copies everywhere the erasure must reach.
      const before = await databaseTraces(t);
      for (const table of [
        'users',
        'applications',
        'application_history',
        'application_notes',
        'application_drafts',
        'application_draft_files',
        'mail_outbox',
        'subscribers',
        'audit_log',
        'payments',
        'sms_outbox',
        'sms_sandbox_messages',
      ]) {
        assert.ok(
          before.some((hit) => hit.startsWith(`public.${table}:`)),
          `the setup left the person in ${table}`,
        );
      }
      assert.ok(
        filesUnder(folder()).some((file) => tracesIn(readFileSync(file, 'latin1')).length > 0),
        'a stored document names the person',
      );
    });
    after(async () => {
      await t?.close();
      await stopStore?.();
    });

    it('deletes the account over HTTP', async () => {
      const res = await call(t, 'DELETE', '/api/users/me', { token, json: { password: PERSON.password } });
      assert.equal(res.statusCode, 200);
      await settleMail(t.ctx);
    });

    it('no table holds the name, e-mail, phone or NRC number', async () => {
      assert.deepEqual(await databaseTraces(t), []);
    });

    it('their decision letters no longer verify, and no offer of theirs stays open (issue 17)', async () => {
      assert.equal(letterCodes.length, 2);
      for (const code of letterCodes) assert.equal((await call(t, 'GET', `/api/letters/verify/${code}`)).statusCode, 404);
      const open = await t.ctx.db.select().from(offers).where(eq(offers.applicationId, paidId));
      assert.deepEqual(
        open.map((o) => [o.state, o.conditions]),
        [['DECLINED', null]],
      );
    });

    it('no stored file holds them', () => {
      const files = filesUnder(folder());
      const hits = files.filter((file) => tracesIn(readFileSync(file, 'latin1')).length > 0).map((file) => path.relative(folder(), file));
      assert.deepEqual(hits, []);
    });

    it('staff see neither them in the list, the detail or the CSV export, and the payment keeps amount, date and reference', async () => {
      const csv = await call(t, 'GET', '/api/applications/export.csv', { token: w.superuser.token });
      assert.equal(csv.statusCode, 200);
      assert.deepEqual(tracesIn(csv.body), []);
      const list = await call(t, 'GET', '/api/applications?page=1&size=100', { token: w.superuser.token });
      assert.equal(list.statusCode, 200);
      assert.deepEqual(tracesIn(list.body), []);
      const detail = await call(t, 'GET', `/api/applications/${decidedId}`, { token: w.adminA.token });
      assert.deepEqual(tracesIn(detail.body), []);
      const users = await call(t, 'GET', '/api/users?search=Kalung&page=1&size=20', { token: w.superuser.token });
      assert.equal(users.json().total, 0);

      const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.reference, reference));
      assert.equal(payment!.amount, '150.75');
      assert.equal(payment!.status, 'successful');
      assert.ok(payment!.paidAt instanceof Date);
      assert.equal(payment!.providerPayload, null);
      const [kept] = await t.ctx.db.select({ status: applications.status }).from(applications).where(eq(applications.id, decidedId));
      assert.equal(kept!.status, 'REJECTED', 'the decision stays, without the person');
      const staffMail = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'registry@example.test'));
      assert.equal(staffMail.length, 1, "mail to others is kept, without the person's details");
      assert.match(staffMail[0]!.text, /\[erased\] \(NRC \[erased\]\) asked about fees\./);
      const [count] = await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.action, 'user.delete_self'));
      assert.equal(count!.n, 1, 'the deletion itself is recorded');
    });
  });
}
