/**
 * Input that used to end in a 500 (issue 21, findings 5, 10 and 15), walked
 * over every route: control characters in every text field of every JSON
 * body, of the application form and of every query parameter; impossible and
 * out-of-range dates; loosely written numbers (`true`, `0x10`, ` 1`) in query
 * strings, paths and bodies; multipart bodies without a boundary or cut off;
 * the CSV export with a bad date. Each must get a 4xx with a plain message
 * naming the field, and nothing may change in the database or the files.
 *
 * The routes and their parameters are read from the OpenAPI document, so a
 * new route or parameter is walked without editing this file; a new JSON
 * write route must add a valid body below (the coverage check says so).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { applicationJson, multipartBody, postMultipart, sampleDocuments, type Part } from '../fixtures/applications';
import { insertIntake } from '../helpers/intakes';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createFullWorld, databaseState, folderState, JOBS_AN_HOUR_APART, type FullWorld } from '../helpers/world-full';
import { CONTROL_STRINGS } from './hostile-inputs';

interface OpenApiParameter {
  in: 'query' | 'path';
  name: string;
  schema?: { type?: string; anyOf?: Array<{ type?: string }>; enum?: unknown[] };
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string; enum?: unknown[]; anyOf?: Array<{ type?: string }> }> } }> };
}
type OpenApi = { paths: Record<string, Record<string, OpenApiOperation>> };

const BAD_DATES = ['2024-13-01', '0000-01-01', '9999-12-31', '2023-02-29', '2024-00-10', '2024-04-31'];
const LOOSE_NUMBERS = ['true', '0x10', '%201', '1%20', '1e1', '%2B1', '-1', '1.0'];
const QUERY_CONTROLS = ['a%00b', '%00', 'x%07', 'x%1B%5B31m', '%7F'];
/** Passwords are hashed, never stored or shown, so any character may be part of one. */
const NOT_TEXT = new Set(['password', 'newPassword', 'confirmPassword', 'currentPassword']);
/** Raw bodies checked by signature before anything is parsed (fuzzed in fuzz.test.ts). */
const RAW_BODY_ROUTES = new Set(['POST /api/payments/webhook']);

type Caller = 'guest' | 'superuser' | 'owner';
interface BodyRoute {
  url: (w: FullWorld) => string;
  valid: (w: FullWorld) => Record<string, unknown>;
  as: Caller;
}

/** A valid body for every JSON write route; each text field is then spoiled in turn. */
/** An upcoming intake of university A (made in `before`). */
let intakeA = 0;

const BODY_ROUTES: Record<string, BodyRoute> = {
  'POST /api/auth/register': {
    url: () => '/api/auth/register',
    valid: () => ({
      firstName: 'Mutale',
      lastName: 'Banda',
      email: 'mutale.banda@example.test',
      phone: '+260 971 000 111',
      password: 'Fresh-Passphrase-93',
      confirmPassword: 'Fresh-Passphrase-93',
      role: 'USER',
      consent: true,
    }),
    as: 'guest',
  },
  'POST /api/auth/login': { url: () => '/api/auth/login', valid: (w) => ({ email: w.userA.email, password: 'wrong-but-long-enough' }), as: 'guest' },
  'POST /api/auth/request-reset': { url: () => '/api/auth/request-reset', valid: (w) => ({ email: w.userA.email }), as: 'guest' },
  'POST /api/auth/reset-password': { url: () => '/api/auth/reset-password', valid: () => ({ token: 'not-a-real-token', newPassword: 'Fresh-Passphrase-93' }), as: 'guest' },
  'POST /api/auth/request-reset-code': { url: () => '/api/auth/request-reset-code', valid: () => ({ phone: '0955123456' }), as: 'guest' },
  'POST /api/auth/reset-password-code': {
    url: () => '/api/auth/reset-password-code',
    valid: () => ({ phone: '0955123456', code: '123456', newPassword: 'Fresh-Passphrase-93' }),
    as: 'guest',
  },
  'POST /api/sms/delivery-reports': { url: () => '/api/sms/delivery-reports', valid: () => ({ id: 'ATXid_1', status: 'Success', failureReason: 'None' }), as: 'guest' },
  'POST /api/subscribers': { url: () => '/api/subscribers', valid: () => ({ name: 'Waiting Person', email: 'waiting@example.test' }), as: 'guest' },
  'POST /api/contact': {
    url: () => '/api/contact',
    valid: () => ({ name: 'Mutale Banda', email: 'ask@example.test', subject: 'A question', message: 'When does the next intake open?' }),
    as: 'guest',
  },
  'POST /api/universities': {
    url: () => '/api/universities',
    valid: () => ({ name: 'New University', location: 'Ndola', website: 'https://new.example', contactInfo: '+260 1', about: 'About it', imageUrl: '' }),
    as: 'superuser',
  },
  'PUT /api/universities/{id}': {
    url: (w) => `/api/universities/${w.uniA.id}`,
    valid: () => ({ name: 'Renamed', location: 'Lusaka', website: 'https://unza.example', contactInfo: '+260 2', about: 'About', imageUrl: '' }),
    as: 'superuser',
  },
  'POST /api/programs': {
    url: () => '/api/programs',
    valid: (w) => ({ name: 'Statistics', description: 'About', duration: '4 years', requirements: 'Maths', careerOpportunities: 'Analyst', faculty: 'Science', universityId: w.uniA.id }),
    as: 'superuser',
  },
  'PUT /api/programs/{id}': {
    url: (w) => `/api/programs/${w.programA1.id}`,
    valid: () => ({ name: 'Edited', description: 'About', duration: 4, requirements: 'Maths', careerOpportunities: 'Analyst', faculty: 'Science' }),
    as: 'superuser',
  },
  'POST /api/universities/{id}/intakes': {
    url: (w) => `/api/universities/${w.uniA.id}/intakes`,
    valid: (w) => ({ name: 'Bad input intake', opensAt: '2091-01-01T00:00:00Z', closesAt: '2091-02-01T00:00:00Z', programs: [{ programId: w.programA1.id, capacity: 3 }], fees: [] }),
    as: 'superuser',
  },
  'PUT /api/intakes/{id}': {
    url: () => `/api/intakes/${intakeA}`,
    valid: (w) => ({ name: 'Bad input intake', opensAt: '2092-01-01T00:00:00Z', closesAt: '2092-02-01T00:00:00Z', programs: [{ programId: w.programA1.id, capacity: 3 }], fees: [] }),
    as: 'superuser',
  },
  'POST /api/universities/{id}/fee-waivers': {
    url: (w) => `/api/universities/${w.uniA.id}/fee-waivers`,
    valid: () => ({ maxUses: 1, expiresAt: '2090-01-01T00:00:00Z' }),
    as: 'superuser',
  },
  'POST /api/applications/{id}/fee-waiver': {
    url: (w) => `/api/applications/${w.applicationA}/fee-waiver`,
    valid: () => ({ code: 'ABCDEFGH' }),
    as: 'owner',
  },
  'PUT /api/applications/{id}/documents/{documentId}': {
    url: (w) => `/api/applications/${w.applicationA}/documents/${w.fileA.id}`,
    valid: () => ({ status: 'REJECTED', reason: 'NRC back is unreadable' }),
    as: 'superuser',
  },
  'POST /api/applications/{id}/notes': {
    url: (w) => `/api/applications/${w.applicationA}/notes`,
    valid: () => ({ text: 'Called the school' }),
    as: 'superuser',
  },
  'PUT /api/applications/{id}/assignee': { url: (w) => `/api/applications/${w.applicationA}/assignee`, valid: (w) => ({ userId: w.superuser.id }), as: 'superuser' },
  'POST /api/applications/bulk': {
    url: () => '/api/applications/bulk',
    valid: (w) => ({ action: 'decline', reason: 'Incomplete results', ids: [w.applicationA] }),
    as: 'superuser',
  },
  'POST /api/courses': {
    url: () => '/api/courses',
    valid: (w) => ({ courseName: 'Fuzzing', courseDescription: 'About', semesterToBeDone: 1, yearToBeStudied: 1, programId: w.programA1.id }),
    as: 'superuser',
  },
  'PUT /api/courses/{id}': {
    url: (w) => `/api/courses/${w.courseA1.id}`,
    valid: () => ({ courseName: 'Edited', courseDescription: 'About', sermisterToBeDone: 2, yearToBeStudied: 2 }),
    as: 'superuser',
  },
  'PUT /api/applications/{id}': { url: (w) => `/api/applications/${w.applicationA}`, valid: () => ({ status: 'Rejected', reviewNotes: 'Missing results' }), as: 'superuser' },
  'POST /api/payments/initiate': { url: () => '/api/payments/initiate', valid: (w) => ({ applicationId: w.applicationA, email: w.userA.email }), as: 'owner' },
  'POST /sandbox/lenco/outcome': {
    url: () => '/sandbox/lenco/outcome',
    valid: (w) => ({ key: 'pub-sandbox-offline', reference: w.paymentA.reference, amount: 150, currency: 'ZMW', channel: 'card', outcome: 'failure' }),
    as: 'guest',
  },
  'PUT /api/users/{id}': { url: (w) => `/api/users/${w.userB.id}`, valid: (w) => ({ enabled: true, email: w.userB.email, role: 'USER' }), as: 'superuser' },
  // Its body has no text field; listed so every JSON body route is accounted for.
  'PUT /api/users/{id}/university-block': { url: (w) => `/api/users/${w.userB.id}/university-block`, valid: () => ({ blocked: true }), as: 'superuser' },
  // Offers (issue 17): the answer's body, if any, is an empty object; listed so every JSON body route is accounted for.
  'POST /api/offers/{id}/accept': { url: () => '/api/offers/999999/accept', valid: () => ({}), as: 'owner' },
  'POST /api/offers/{id}/decline': { url: () => '/api/offers/999999/decline', valid: () => ({}), as: 'owner' },
  'DELETE /api/users/me': { url: () => '/api/users/me', valid: () => ({ password: 'Not-the-password-1' }), as: 'owner' },
  'PUT /api/users/me/notification-preferences': {
    url: () => '/api/users/me/notification-preferences',
    valid: () => ({ events: [{ event: 'PAYMENT', sms: true, email: true }] }),
    as: 'owner',
  },
  'PUT /api/users/me/password': { url: () => '/api/users/me/password', valid: () => ({ currentPassword: 'Not-the-password-1', newPassword: 'Another-Pass-5521' }), as: 'owner' },
  'POST /api/users/me/contact-change': { url: () => '/api/users/me/contact-change', valid: () => ({ kind: 'email', value: 'changed@example.test' }), as: 'owner' },
  'POST /api/users/me/contact-change/confirm': { url: () => '/api/users/me/contact-change/confirm', valid: () => ({ ticket: 'not-a-ticket', code: '123456' }), as: 'owner' },
  'PUT /api/drafts/mine': { url: () => '/api/drafts/mine', valid: (w) => ({ universityId: w.uniA.id, fullName: 'Typing Still', city: 'Lusaka', updatedAt: null }), as: 'owner' },
};

function isText(schema: { type?: string; enum?: unknown[]; anyOf?: Array<{ type?: string }> } | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'string') return true;
  return (schema.anyOf ?? []).some((s) => s.type === 'string');
}

function isNumeric(schema: OpenApiParameter['schema']): boolean {
  return schema?.type === 'number' || schema?.type === 'integer' || (schema?.anyOf ?? []).some((s) => s.type === 'number' || s.type === 'integer');
}

describe('bad input on every route: 4xx with a plain message, nothing changed', () => {
  let t: TestApp;
  let w: FullWorld;
  let spec: OpenApi;
  let beforeDb: Record<string, string>;
  let beforeFiles: ReturnType<typeof folderState>;
  const problems: string[] = [];

  before(async () => {
    t = await startTestApp(JOBS_AN_HOUR_APART);
    w = await createFullWorld(t);
    intakeA = await insertIntake(t, w.uniA.id, [w.programA1.id]);
    spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    beforeDb = await databaseState(t);
    beforeFiles = folderState(t.dataDir);
  });
  after(async () => t.close());

  const tokenOf = (as: Caller) => (as === 'guest' ? undefined : as === 'owner' ? w.userA.token : w.superuser.token);

  /** The answer must be a 4xx JSON `{ message }` naming `field` (when given), with no trace of a stack. */
  function expectRefused(res: { statusCode: number; body: string }, where: string, field?: string) {
    if (res.statusCode < 400 || res.statusCode >= 500) return void problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    // An answer to HEAD has no body (HTTP): its 4xx status is the refusal.
    if (where.startsWith('HEAD ')) return;
    let message: unknown;
    try {
      message = (JSON.parse(res.body) as { message?: unknown }).message;
    } catch {
      return void problems.push(`${where}: not JSON: ${res.body.slice(0, 80)}`);
    }
    if (typeof message !== 'string' || !message) return void problems.push(`${where}: no message`);
    if (/\bat \S+ \(|\.ts:\d+|node_modules|Failed query|params:/i.test(res.body)) problems.push(`${where}: internal detail in the answer`);
    if (field && !message.startsWith(`${field}:`) && !message.includes(field)) problems.push(`${where}: message does not name ${field}: ${message}`);
  }

  function pathFor(template: string): string {
    const ids: Record<string, string> = {
      id: String(w.applicationA),
      userId: String(w.userA.id),
      applicationId: String(w.applicationA),
      fileId: String(w.fileA.id),
      programId: String(w.programA1.id),
      universityId: String(w.uniA.id),
      reference: w.paymentA.reference,
    };
    return template.replace(/\{(\w+)\}/g, (_m, name: string) => ids[name] ?? '1');
  }

  it('every query parameter refuses control characters, impossible dates and loosely written numbers', async () => {
    let sent = 0;
    for (const [template, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of (operation.parameters ?? []).filter((p) => p.in === 'query')) {
          const values = [...QUERY_CONTROLS, ...(['from', 'to'].includes(parameter.name) ? BAD_DATES : []), ...(isNumeric(parameter.schema) ? LOOSE_NUMBERS : [])];
          for (const value of values) {
            const url = `${pathFor(template)}?${parameter.name}=${value}`;
            const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url, headers: { authorization: `Bearer ${w.superuser.token}` } });
            expectRefused(res, `${method.toUpperCase()} ${url}`, parameter.name);
            sent += 1;
          }
        }
      }
    }
    assert.ok(sent >= 100, `only ${sent} requests: the document lists too few query parameters`);
    assert.deepEqual(problems.splice(0), []);
  });

  it('every path parameter refuses control characters and loosely written numbers', async () => {
    let sent = 0;
    for (const [template, operations] of Object.entries(spec.paths)) {
      if (!template.startsWith('/api/') || !template.includes('{')) continue;
      for (const method of Object.keys(operations)) {
        for (const value of ['%00', '1%00', '0x10', 'true', '%201', '1%20', '1e1', '%2B1', '-1']) {
          const url = template.replace(/\{(\w+)\}/g, value);
          const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url, headers: { authorization: `Bearer ${w.superuser.token}` } });
          expectRefused(res, `${method.toUpperCase()} ${url}`);
          sent += 1;
        }
      }
    }
    assert.ok(sent >= 100, `only ${sent} requests`);
    assert.deepEqual(problems.splice(0), []);
  });

  it('every text field of every JSON body refuses control characters, naming the field', async () => {
    const covered: string[] = [];
    for (const [template, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const key = `${method.toUpperCase()} ${template}`;
        if (!schema?.properties || RAW_BODY_ROUTES.has(key)) continue;
        const route = BODY_ROUTES[key];
        if (!route) {
          problems.push(`${key}: takes a JSON body but has no valid body in BODY_ROUTES`);
          continue;
        }
        covered.push(key);
        const valid = route.valid(w);
        for (const [field, fieldSchema] of Object.entries(schema.properties)) {
          if (NOT_TEXT.has(field) || !isText(fieldSchema)) continue;
          for (const bad of CONTROL_STRINGS) {
            const res = await t.app.inject({
              method: method.toUpperCase() as 'POST',
              url: route.url(w),
              headers: { ...(route.as === 'guest' ? {} : { authorization: `Bearer ${tokenOf(route.as)}` }), 'content-type': 'application/json' },
              payload: JSON.stringify({ ...valid, [field]: bad }),
            });
            expectRefused(res, `${key} ${field}=${JSON.stringify(bad)}`, field);
          }
        }
      }
    }
    assert.ok(covered.length >= 12, `only ${covered.length} body routes`);
    assert.deepEqual(problems.splice(0), []);
  });

  it('numbers in JSON bodies are whole numbers, not true, 0x10 or " 1"', async () => {
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/api/courses', { courseName: 'X', courseDescription: 'Y', semesterToBeDone: true, yearToBeStudied: 1, programId: w.programA1.id }, 'semesterToBeDone'],
      ['POST', '/api/courses', { courseName: 'X', courseDescription: 'Y', semesterToBeDone: 1, yearToBeStudied: '0x2', programId: w.programA1.id }, 'yearToBeStudied'],
      ['POST', '/api/courses', { courseName: 'X', courseDescription: 'Y', semesterToBeDone: 1, yearToBeStudied: 1, programId: ` ${w.programA1.id}` }, 'programId'],
      ['POST', '/api/programs', { name: 'X', description: 'Y', duration: 3, universityId: true }, 'universityId'],
      ['PUT', `/api/applications/${w.applicationA}`, { status: 'Approved', programId: `0x${w.programA1.id.toString(16)}` }, 'programId'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await t.app.inject({ method: method as 'POST', url, headers: { authorization: `Bearer ${w.superuser.token}` }, payload: body });
      assert.equal(res.statusCode, 400, `${url} ${field}: ${res.body}`);
      assert.match(res.json().message, new RegExp(`^${field}: `));
    }
  });

  it('every text field of the application form refuses control characters, naming the field', async () => {
    const valid = applicationJson([w.programA1.id], { email: w.userA.email });
    for (const [field, value] of Object.entries(valid)) {
      if (typeof value !== 'string') continue;
      for (const bad of CONTROL_STRINGS) {
        const res = await postMultipart(t, w.userA.token, [{ name: 'application', value: JSON.stringify({ ...valid, [field]: bad }) }, ...sampleDocuments()]);
        expectRefused(res, `application ${field}=${JSON.stringify(bad)}`, field);
      }
    }
    for (const dateOfBirth of BAD_DATES) {
      const res = await postMultipart(t, w.userA.token, [{ name: 'application', value: JSON.stringify({ ...valid, dateOfBirth }) }, ...sampleDocuments()]);
      expectRefused(res, `application dateOfBirth=${dateOfBirth}`, 'dateOfBirth');
    }
    assert.deepEqual(problems.splice(0), []);
  });

  it('a multipart body without a boundary, with garbage, or cut off gets 400', async () => {
    const whole = multipartBody([{ name: 'application', value: JSON.stringify(applicationJson([w.programA1.id], { email: w.userA.email })) }, ...sampleDocuments()]);
    const boundary = /boundary=(.*)$/.exec(whole.headers['content-type']!)![1]!;
    const cases: Array<[string, string, string | Buffer]> = [
      ['no boundary', 'multipart/form-data', whole.payload],
      ['empty boundary', 'multipart/form-data; boundary=', whole.payload],
      ['a boundary longer than the parser allows', `multipart/form-data; boundary=${'b'.repeat(300)}`, whole.payload],
      ['garbage body', 'multipart/form-data; boundary=abc', 'garbage\r\n\r\n--abc\r\nxx'],
      ['plain text', 'multipart/form-data; boundary=abc', 'hello'],
      ['cut off in the middle of a file', whole.headers['content-type']!, whole.payload.subarray(0, Math.floor(whole.payload.length * 0.6))],
      ['cut off before the closing boundary', whole.headers['content-type']!, whole.payload.subarray(0, whole.payload.length - boundary.length - 6)],
      ['a part without headers', 'multipart/form-data; boundary=abc', '--abc\r\n\r\n\r\n--abc--\r\n'],
    ];
    for (const [label, contentType, payload] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/applications', headers: { authorization: `Bearer ${w.userA.token}`, 'content-type': contentType }, payload });
      assert.ok(res.statusCode >= 400 && res.statusCode < 500, `${label}: ${res.statusCode} ${res.body}`);
      expectRefused(res, label);
    }
    const parts: Part[] = [{ name: 'application', value: JSON.stringify(applicationJson([w.programA1.id])) }];
    const noFiles = await postMultipart(t, w.userA.token, parts);
    expectRefused(noFiles, 'no files');
    assert.deepEqual(problems.splice(0), []);
  });

  it('the CSV export with a bad date answers 400 as JSON before sending any CSV', async () => {
    for (const query of ['from=2024-13-01', 'from=0000-01-01', 'to=9999-12-31', 'to=2023-02-29', 'search=%00', 'page=0x10']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/applications/export.csv?${query}`, headers: { authorization: `Bearer ${w.superuser.token}` } });
      assert.equal(res.statusCode, 400, `${query}: ${res.statusCode}`);
      assert.match(String(res.headers['content-type']), /application\/json/);
      assert.equal(typeof res.json().message, 'string');
    }
    const ok = await t.app.inject({ method: 'GET', url: '/api/applications/export.csv?from=2020-01-01&to=2100-12-31', headers: { authorization: `Bearer ${w.superuser.token}` } });
    assert.equal(ok.statusCode, 200);
    assert.match(ok.body, /Owner|Chanda/);
  });

  it('changed nothing in the database or the files', async () => {
    const afterDb = await databaseState(t);
    // Refused webhooks and sign-in attempts are audited on purpose; nothing else may change.
    for (const state of [afterDb, beforeDb]) delete state.audit_log;
    assert.deepEqual(afterDb, beforeDb);
    assert.deepEqual(folderState(t.dataDir), beforeFiles);
  });
});
