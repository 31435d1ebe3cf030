/**
 * The authorization table: every /api route the app registers, with the
 * status each caller gets. Callers are seen from the objects of applicant A
 * (the "owner") at university A: guest, owner (USER A), otherUser (USER B,
 * who applied to university B), adminOwn (ADMIN of A), adminOther (ADMIN of
 * B), superuser. `prepare` builds the request for one caller; rows that
 * change or delete something create a fresh object for each caller, and rows
 * that end a session use a fresh twin of the caller.
 *
 * authorization.test.ts fails when a registered (method, url) has no row here.
 * HEAD routes are Fastify's automatic mirrors of GET routes and are checked
 * as such (a HEAD without its GET row fails too).
 */
import { randomBytes } from 'node:crypto';
import { insertPayment, multipartBody, sampleDocuments, applicationJson, createProgram } from '../fixtures/applications';
import { createApplication } from '../helpers/payments-fixtures';
import { createUniversity, createUser, DEFAULT_PASSWORD, type TestUser } from '../helpers/fixtures';
import { insertIntake } from '../helpers/intakes';
import { decisionLetters, feeWaivers, notifications, offers } from '../../src/infrastructure/database/schema';
import type { TestApp } from '../helpers/test-app';
import { applicationFiles } from '../../src/infrastructure/database/schema';
import { callerUser, createCourse, twinOf, type CallerName, type FullWorld } from '../helpers/world-full';

export interface Prepared {
  url: string;
  json?: unknown;
  multipart?: { payload: Buffer; headers: Record<string, string> };
  /** Overrides the caller's account (a fresh twin for calls that end a session). */
  as?: TestUser | null;
  headers?: Record<string, string>;
}

export type Expect = Record<CallerName, number>;

export interface Row {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route exactly as Fastify registered it. */
  route: string;
  expect: Expect;
  prepare: (t: TestApp, w: FullWorld, caller: CallerName) => Promise<Prepared> | Prepared;
}

const all = (status: number): Expect => ({ guest: status, owner: status, otherUser: status, adminOwn: status, adminOther: status, superuser: status });
const signedIn = (status = 200): Expect => ({ guest: 401, owner: status, otherUser: status, adminOwn: status, adminOther: status, superuser: status });
/** Staff-only routes that every staff member may call (results are scoped, not refused). */
const staff = (status = 200): Expect => ({ guest: 401, owner: 403, otherUser: 403, adminOwn: status, adminOther: status, superuser: status });
/** Staff routes on an object of university A: the ADMIN of B does not see it. */
const staffInReach = (status = 200): Expect => ({ guest: 401, owner: 403, otherUser: 403, adminOwn: status, adminOther: 404, superuser: status });
const superuserOnly = (status = 200): Expect => ({ guest: 401, owner: 403, otherUser: 403, adminOwn: 403, adminOther: 403, superuser: status });
/** Objects of applicant A: A and staff in reach read them; everyone else is told they do not exist. */
const ownerOrStaffInReach: Expect = { guest: 401, owner: 200, otherUser: 404, adminOwn: 200, adminOther: 404, superuser: 200 };

/** Routes of the applicant's own draft: every applicant has its own; staff are refused. */
const applicantsOnly = (status: number): Expect => ({ guest: 401, owner: status, otherUser: status, adminOwn: 403, adminOther: 403, superuser: 403 });

const unique = () => randomBytes(4).toString('hex');

const TUS = { 'tus-resumable': '1.0.0' };
const tusMetadata = () => `documentType ${Buffer.from('NRC_FRONT').toString('base64')},filename ${Buffer.from('nrc.png').toString('base64')}`;

/** An upload the owner started (tus, /api/uploads), addressed for one caller's request. */
async function ownersUpload(t: TestApp, w: FullWorld): Promise<string> {
  const owner = callerUser(w, 'owner')!;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...TUS, authorization: `Bearer ${owner.token}`, 'upload-length': '8', 'upload-metadata': tusMetadata() },
  });
  if (created.statusCode !== 201) throw new Error(`upload not started: ${created.statusCode} ${created.body}`);
  return `/api/uploads/${String(created.headers.location).split('/').pop()}`;
}

/** A fresh twin of the caller with a saved draft (and a document in it when asked); staff and guests come back without one. */
async function draftOf(t: TestApp, w: FullWorld, caller: CallerName, withDocument = false): Promise<TestUser | null> {
  const user = await twinOf(t, w, caller);
  if (!user || user.role !== 'USER') return user;
  const headers = { authorization: `Bearer ${user.token}` };
  const saved = await t.app.inject({ method: 'PUT', url: '/api/drafts/mine', headers, payload: { fullName: 'Draft Reader', updatedAt: null } });
  if (saved.statusCode !== 200) throw new Error(`draft not saved: ${saved.body}`);
  if (withDocument) {
    const { payload, headers: form } = multipartBody([{ ...sampleDocuments()[0]!, name: 'file' }]);
    const stored = await t.app.inject({ method: 'PUT', url: '/api/drafts/mine/files/NRC_FRONT', payload, headers: { ...form, ...headers } });
    if (stored.statusCode !== 200) throw new Error(`draft document not stored: ${stored.body}`);
  }
  return user;
}

/** A fresh application of applicant A at university A with an open offer and its letter (issue 17). */
async function offeredApplication(t: TestApp, w: FullWorld): Promise<{ applicationId: number; offerId: number; letterId: number; code: string }> {
  const program = await createProgram(t, w.uniA.id, `Offered ${unique()}`);
  const application = await createApplication(t, w.userA, w.uniA.id, { status: 'OFFERED', approvedProgramId: program.id });
  const [offer] = await t.ctx.db
    .insert(offers)
    .values({ applicationId: application.id, programId: program.id, type: 'UNCONDITIONAL', replyBy: new Date(Date.now() + 14 * 24 * 3600 * 1000) })
    .returning();
  const code = Array.from(randomBytes(20), (b) => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[b & 31]).join('');
  const [letter] = await t.ctx.db.insert(decisionLetters).values({ applicationId: application.id, offerId: offer!.id, kind: 'OFFER', code }).returning();
  return { applicationId: application.id, offerId: offer!.id, letterId: letter!.id, code };
}

/** A fresh application of applicant A at university A with one document (rejected when asked), for rows that change documents. */
async function documentOf(t: TestApp, w: FullWorld, status: 'PENDING' | 'REJECTED' = 'PENDING'): Promise<{ applicationId: number; documentId: number }> {
  const application = await createApplication(t, w.userA, w.uniA.id);
  const [file] = await t.ctx.db
    .insert(applicationFiles)
    .values({
      applicationId: application.id,
      documentType: 'NRC_BACK',
      fileName: 'nrc-back.png',
      storageKey: `authz-${unique()}.png`,
      contentType: 'image/png',
      size: 10,
      sha256: '0'.repeat(64),
      status,
      reason: status === 'REJECTED' ? 'Unreadable' : null,
    })
    .returning();
  return { applicationId: application.id, documentId: file!.id };
}

let freshIp = 0;
/** Sign-in and reset calls are limited per address: give each its own. */
export function nextAddress(): string {
  freshIp += 1;
  return `10.77.${Math.floor(freshIp / 250) % 250}.${(freshIp % 250) + 1}`;
}

/** A valid intake body of university A, upcoming (2091) so it never takes applications here. */
function intakeJson(w: FullWorld, name: string) {
  return { name, opensAt: '2091-01-01T00:00:00Z', closesAt: '2091-02-01T00:00:00Z', programs: [{ programId: w.programA1.id, capacity: 5 }] };
}

const openIntakes = new WeakMap<FullWorld, Promise<number>>();
/** One open intake of university A per world, offering its programs, for the applications row. */
function openIntakeOf(t: TestApp, w: FullWorld): Promise<number> {
  let intake = openIntakes.get(w);
  if (!intake) {
    intake = insertIntake(t, w.uniA.id, [w.programA1.id, w.programA2.id], { name: 'Authorization round', opensAt: new Date('2000-01-01T00:00:00Z'), closesAt: new Date('2099-12-31T00:00:00Z') });
    openIntakes.set(w, intake);
  }
  return intake;
}

async function freshUniversity(t: TestApp) {
  return createUniversity(t, `Spare University ${unique()}`);
}

export const AUTHORIZATION_TABLE: Row[] = [
  /* ---------- health and docs ---------- */
  { method: 'GET', route: '/api/health', expect: all(200), prepare: () => ({ url: '/api/health' }) },
  { method: 'GET', route: '/api/ready', expect: all(200), prepare: () => ({ url: '/api/ready' }) },
  { method: 'GET', route: '/api/docs', expect: all(200), prepare: () => ({ url: '/api/docs' }) },
  { method: 'GET', route: '/api/docs/', expect: all(200), prepare: () => ({ url: '/api/docs/' }) },
  { method: 'GET', route: '/api/docs/static/index.html', expect: all(302), prepare: () => ({ url: '/api/docs/static/index.html' }) },
  { method: 'GET', route: '/api/docs/static/swagger-initializer.js', expect: all(200), prepare: () => ({ url: '/api/docs/static/swagger-initializer.js' }) },
  { method: 'GET', route: '/api/docs/*', expect: all(200), prepare: () => ({ url: '/api/docs/static/swagger-ui.css' }) },
  { method: 'GET', route: '/api/docs/json', expect: all(200), prepare: () => ({ url: '/api/docs/json' }) },
  { method: 'GET', route: '/api/docs/yaml', expect: all(200), prepare: () => ({ url: '/api/docs/yaml' }) },

  /* ---------- dashboard and audit ---------- */
  { method: 'GET', route: '/api/dashboard/stats', expect: staff(), prepare: () => ({ url: '/api/dashboard/stats' }) },
  { method: 'GET', route: '/api/audit', expect: superuserOnly(), prepare: () => ({ url: '/api/audit' }) },

  /* ---------- universities ---------- */
  { method: 'GET', route: '/api/universities', expect: all(200), prepare: () => ({ url: '/api/universities' }) },
  { method: 'GET', route: '/api/universities/:id', expect: all(200), prepare: (_t, w) => ({ url: `/api/universities/${w.uniA.id}` }) },
  {
    method: 'POST',
    route: '/api/universities',
    expect: superuserOnly(201),
    prepare: () => ({ url: '/api/universities', json: { name: `New University ${unique()}`, location: 'Ndola' } }),
  },
  {
    method: 'PUT',
    route: '/api/universities/:id',
    expect: superuserOnly(200),
    prepare: async (t) => {
      const uni = await freshUniversity(t);
      return { url: `/api/universities/${uni.id}`, json: { name: `Renamed ${unique()}`, location: 'Kabwe' } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/universities/:id',
    expect: superuserOnly(200),
    prepare: async (t) => ({ url: `/api/universities/${(await freshUniversity(t)).id}` }),
  },

  /* ---------- programs ---------- */
  { method: 'GET', route: '/api/programs', expect: all(200), prepare: () => ({ url: '/api/programs' }) },
  { method: 'GET', route: '/api/programs/:id', expect: all(200), prepare: (_t, w) => ({ url: `/api/programs/${w.programA1.id}` }) },
  { method: 'GET', route: '/api/programs/university/:universityId', expect: all(200), prepare: (_t, w) => ({ url: `/api/programs/university/${w.uniA.id}` }) },
  {
    method: 'POST',
    route: '/api/programs',
    // An ADMIN creates in its own university whatever the body says.
    expect: staff(201),
    prepare: (_t, w) => ({ url: '/api/programs', json: { name: `Program ${unique()}`, description: 'New', duration: 3, universityId: w.uniA.id } }),
  },
  {
    method: 'PUT',
    route: '/api/programs/:id',
    expect: staffInReach(200),
    prepare: async (t, w) => {
      const program = await createProgram(t, w.uniA.id);
      return { url: `/api/programs/${program.id}`, json: { name: `Edited ${unique()}`, description: 'Edited', duration: '4 years' } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/programs/:id',
    expect: staffInReach(200),
    prepare: async (t, w) => ({ url: `/api/programs/${(await createProgram(t, w.uniA.id)).id}` }),
  },

  /* ---------- intakes (issue 16): upcoming ones, so applying elsewhere in this table is unaffected ---------- */
  { method: 'GET', route: '/api/universities/:id/intakes', expect: all(200), prepare: (_t, w) => ({ url: `/api/universities/${w.uniA.id}/intakes` }) },
  {
    method: 'POST',
    route: '/api/universities/:id/intakes',
    expect: staffInReach(201),
    prepare: (_t, w) => ({ url: `/api/universities/${w.uniA.id}/intakes`, json: intakeJson(w, `Intake ${unique()}`) }),
  },
  { method: 'GET', route: '/api/intakes/:id', expect: all(200), prepare: async (t, w) => ({ url: `/api/intakes/${await insertIntake(t, w.uniA.id, [w.programA1.id])}` }) },
  {
    method: 'PUT',
    route: '/api/intakes/:id',
    expect: staffInReach(200),
    prepare: async (t, w) => ({ url: `/api/intakes/${await insertIntake(t, w.uniA.id, [w.programA1.id])}`, json: intakeJson(w, `Edited intake ${unique()}`) }),
  },
  {
    method: 'DELETE',
    route: '/api/intakes/:id',
    expect: staffInReach(200),
    prepare: async (t, w) => ({ url: `/api/intakes/${await insertIntake(t, w.uniA.id, [w.programA1.id])}` }),
  },
  {
    method: 'GET',
    route: '/api/intakes/:id/capacity',
    expect: staffInReach(200),
    prepare: async (t, w) => ({ url: `/api/intakes/${await insertIntake(t, w.uniA.id, [w.programA1.id], { capacity: 3 })}/capacity` }),
  },

  /* ---------- fee waiver codes (issue 16) ---------- */
  { method: 'GET', route: '/api/universities/:id/fee-waivers', expect: staffInReach(200), prepare: (_t, w) => ({ url: `/api/universities/${w.uniA.id}/fee-waivers` }) },
  {
    method: 'POST',
    route: '/api/universities/:id/fee-waivers',
    expect: staffInReach(201),
    prepare: (_t, w) => ({ url: `/api/universities/${w.uniA.id}/fee-waivers`, json: { maxUses: 1, expiresAt: '2090-01-01T00:00:00.000Z' } }),
  },
  {
    // A fresh unpaid application of the owner and a fresh code of its university for every caller.
    method: 'POST',
    route: '/api/applications/:id/fee-waiver',
    expect: { guest: 401, owner: 200, otherUser: 404, adminOwn: 403, adminOther: 403, superuser: 403 },
    prepare: async (t, w) => {
      const application = await createApplication(t, w.userA, w.uniA.id);
      const code = `W${unique().toUpperCase()}`;
      await t.ctx.db.insert(feeWaivers).values({ universityId: w.uniA.id, code, maxUses: 1, expiresAt: new Date('2090-01-01T00:00:00Z') });
      return { url: `/api/applications/${application.id}/fee-waiver`, json: { code } };
    },
  },

  /* ---------- courses ---------- */
  { method: 'GET', route: '/api/courses', expect: signedIn(200), prepare: () => ({ url: '/api/courses' }) },
  { method: 'GET', route: '/api/courses/:id', expect: all(200), prepare: (_t, w) => ({ url: `/api/courses/${w.courseA1.id}` }) },
  { method: 'GET', route: '/api/courses/program/:programId', expect: all(200), prepare: (_t, w) => ({ url: `/api/courses/program/${w.programA1.id}` }) },
  {
    method: 'POST',
    route: '/api/courses',
    expect: staffInReach(201),
    prepare: (_t, w) => ({
      url: '/api/courses',
      json: { courseName: `Course ${unique()}`, courseDescription: 'New', semesterToBeDone: 1, yearToBeStudied: 2, programId: w.programA1.id },
    }),
  },
  {
    method: 'PUT',
    route: '/api/courses/:id',
    expect: staffInReach(200),
    prepare: async (t, w) => {
      const course = await createCourse(t, w.programA1, `Course ${unique()}`);
      return { url: `/api/courses/${course.id}`, json: { courseName: `Edited ${unique()}`, courseDescription: 'Edited', sermisterToBeDone: 2, yearToBeStudied: 3 } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/courses/:id',
    expect: staffInReach(200),
    prepare: async (t, w) => ({ url: `/api/courses/${(await createCourse(t, w.programA1, `Course ${unique()}`)).id}` }),
  },

  /* ---------- auth ---------- */
  {
    method: 'POST',
    route: '/api/auth/register',
    expect: { guest: 201, owner: 201, otherUser: 201, adminOwn: 201, adminOther: 201, superuser: 201 },
    prepare: () => ({
      url: '/api/auth/register',
      headers: { 'x-test-address': nextAddress() },
      json: { firstName: 'New', lastName: 'Person', email: `new-${unique()}@example.test`, phone: '+260971000001', password: 'Unusual-Pass-9183', consent: true },
    }),
  },
  {
    method: 'POST',
    route: '/api/auth/login',
    expect: all(200),
    prepare: (_t, w) => ({ url: '/api/auth/login', headers: { 'x-test-address': nextAddress() }, json: { email: w.userA.email, password: DEFAULT_PASSWORD } }),
  },
  {
    method: 'POST',
    route: '/api/auth/logout',
    expect: signedIn(200),
    prepare: async (t, w, caller) => ({ url: '/api/auth/logout', as: await twinOf(t, w, caller) }),
  },
  {
    method: 'POST',
    route: '/api/auth/logout-everywhere',
    expect: signedIn(200),
    prepare: async (t, w, caller) => ({ url: '/api/auth/logout-everywhere', as: await twinOf(t, w, caller) }),
  },
  {
    method: 'POST',
    route: '/api/auth/request-reset',
    expect: all(200),
    prepare: () => ({ url: '/api/auth/request-reset', headers: { 'x-test-address': nextAddress() }, json: { email: `reset-${unique()}@example.test` } }),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    expect: all(400),
    prepare: () => ({ url: '/api/auth/reset-password', headers: { 'x-test-address': nextAddress() }, json: { token: 'not-a-real-token', newPassword: 'Another-Pass-5521' } }),
  },
  {
    method: 'POST',
    route: '/api/auth/request-reset-code',
    expect: all(200),
    prepare: () => ({ url: '/api/auth/request-reset-code', headers: { 'x-test-address': nextAddress() }, json: { phone: '0955123456' } }),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password-code',
    expect: all(400),
    prepare: () => ({ url: '/api/auth/reset-password-code', headers: { 'x-test-address': nextAddress() }, json: { phone: '0955123456', code: '123456', newPassword: 'Another-Pass-5521' } }),
  },

  /* ---------- users ---------- */
  { method: 'GET', route: '/api/users', expect: staff(), prepare: () => ({ url: '/api/users' }) },
  { method: 'GET', route: '/api/users/students', expect: staff(), prepare: () => ({ url: '/api/users/students' }) },
  { method: 'GET', route: '/api/users/me/export', expect: signedIn(200), prepare: () => ({ url: '/api/users/me/export' }) },
  // The notification centre (issue 18 item 4): every signed-in account its own; someone else's entry does not exist.
  { method: 'GET', route: '/api/notifications', expect: signedIn(200), prepare: () => ({ url: '/api/notifications?page=1&size=5' }) },
  { method: 'GET', route: '/api/notifications/unread-count', expect: signedIn(200), prepare: () => ({ url: '/api/notifications/unread-count' }) },
  {
    method: 'POST',
    route: '/api/notifications/:id/read',
    expect: { guest: 401, owner: 200, otherUser: 404, adminOwn: 404, adminOther: 404, superuser: 404 },
    prepare: async (t, w) => {
      const [row] = await t.ctx.db.insert(notifications).values({ userId: w.userA.id, kind: 'SUBMITTED', title: 'Application submitted', body: 'Submitted.' }).returning();
      return { url: `/api/notifications/${row!.id}/read` };
    },
  },
  { method: 'POST', route: '/api/notifications/read-all', expect: signedIn(200), prepare: () => ({ url: '/api/notifications/read-all' }) },
  // One's own notification preferences (issue 18): applicants only.
  { method: 'GET', route: '/api/users/me/notification-preferences', expect: applicantsOnly(200), prepare: () => ({ url: '/api/users/me/notification-preferences' }) },
  {
    method: 'PUT',
    route: '/api/users/me/notification-preferences',
    expect: applicantsOnly(200),
    prepare: () => ({ url: '/api/users/me/notification-preferences', json: { events: [{ event: 'PAYMENT', sms: true, email: true }] } }),
  },
  {
    method: 'DELETE',
    route: '/api/users/me',
    expect: { guest: 401, owner: 200, otherUser: 200, adminOwn: 403, adminOther: 403, superuser: 403 },
    prepare: async (t, w, caller) => ({ url: '/api/users/me', as: await twinOf(t, w, caller), json: { password: DEFAULT_PASSWORD } }),
  },
  {
    // Every signed-in account may change its own password (a twin, since the change ends its other sessions).
    method: 'PUT',
    route: '/api/users/me/password',
    expect: signedIn(200),
    prepare: async (t, w, caller) => ({ url: '/api/users/me/password', as: await twinOf(t, w, caller), json: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another-Pass-5521' } }),
  },
  {
    method: 'POST',
    route: '/api/users/me/contact-change',
    expect: signedIn(200),
    prepare: async (t, w, caller) => ({ url: '/api/users/me/contact-change', as: await twinOf(t, w, caller), json: { kind: 'email', value: `changed-${unique()}@example.test` } }),
  },
  {
    // A ticket nobody issued: refused for everyone signed in, nothing changed.
    method: 'POST',
    route: '/api/users/me/contact-change/confirm',
    expect: signedIn(400),
    prepare: () => ({ url: '/api/users/me/contact-change/confirm', json: { ticket: 'not-a-ticket', code: '123456' } }),
  },
  { method: 'GET', route: '/api/users/:id', expect: ownerOrStaffInReach, prepare: (_t, w) => ({ url: `/api/users/${w.userA.id}` }) },
  {
    method: 'PUT',
    route: '/api/users/:id',
    // Only the SUPERUSER archives an account; an ADMIN of the applicant's university is refused, another one never sees it.
    expect: { guest: 401, owner: 403, otherUser: 403, adminOwn: 403, adminOther: 404, superuser: 200 },
    prepare: async (t, w) => {
      const applicant = await createUser(t, 'USER');
      await createApplication(t, applicant, w.uniA.id);
      return { url: `/api/users/${applicant.id}`, json: { enabled: false } };
    },
  },
  {
    method: 'PUT',
    route: '/api/users/:id/university-block',
    // An ADMIN blocks an applicant of its own university; a SUPERUSER archives instead.
    expect: { guest: 401, owner: 403, otherUser: 403, adminOwn: 200, adminOther: 404, superuser: 403 },
    prepare: async (t, w) => {
      const applicant = await createUser(t, 'USER');
      await createApplication(t, applicant, w.uniA.id);
      return { url: `/api/users/${applicant.id}/university-block`, json: { blocked: true } };
    },
  },

  /* ---------- applications and files ---------- */
  {
    method: 'POST',
    route: '/api/applications',
    expect: { guest: 401, owner: 201, otherUser: 201, adminOwn: 403, adminOther: 403, superuser: 403 },
    // University A has intakes (rows above), so the application names an open one of its own.
    prepare: async (t, w) => ({
      url: '/api/applications',
      multipart: multipartBody([{ name: 'application', value: JSON.stringify(applicationJson([w.programA2.id], { intakeId: await openIntakeOf(t, w) })) }, ...sampleDocuments()]),
    }),
  },
  { method: 'GET', route: '/api/applications', expect: staff(), prepare: () => ({ url: '/api/applications' }) },
  { method: 'GET', route: '/api/applications/export.csv', expect: staff(), prepare: () => ({ url: '/api/applications/export.csv' }) },
  { method: 'GET', route: '/api/applications/:id', expect: ownerOrStaffInReach, prepare: (_t, w) => ({ url: `/api/applications/${w.applicationA}` }) },
  {
    method: 'GET',
    route: '/api/applications/user/:userId',
    // Another applicant is refused outright (the id is a user, not a hidden object); another university's ADMIN gets an empty list.
    expect: { guest: 401, owner: 200, otherUser: 403, adminOwn: 200, adminOther: 200, superuser: 200 },
    prepare: (_t, w) => ({ url: `/api/applications/user/${w.userA.id}` }),
  },
  {
    method: 'PUT',
    route: '/api/applications/:id',
    expect: staffInReach(200),
    prepare: async (t, w) => {
      const application = await createApplication(t, w.userA, w.uniA.id);
      return { url: `/api/applications/${application.id}`, json: { status: 'Rejected', reviewNotes: 'Incomplete results' } };
    },
  },
  { method: 'GET', route: '/api/files/application/:applicationId', expect: ownerOrStaffInReach, prepare: (_t, w) => ({ url: `/api/files/application/${w.applicationA}` }) },
  { method: 'GET', route: '/api/files/:fileId', expect: ownerOrStaffInReach, prepare: (_t, w) => ({ url: `/api/files/${w.fileA.id}` }) },

  /* ---------- document checks and reviewer notes (issue 17) ---------- */
  {
    method: 'PUT',
    route: '/api/applications/:id/documents/:documentId',
    expect: staffInReach(200),
    prepare: async (t, w) => {
      const { applicationId, documentId } = await documentOf(t, w);
      return { url: `/api/applications/${applicationId}/documents/${documentId}`, json: { status: 'REJECTED', reason: 'Unreadable' } };
    },
  },
  {
    method: 'POST',
    route: '/api/applications/:id/documents/:documentId',
    // Only the owner replaces its own rejected document; another applicant is told it does not exist.
    expect: { guest: 401, owner: 200, otherUser: 404, adminOwn: 403, adminOther: 403, superuser: 403 },
    prepare: async (t, w) => {
      const { applicationId, documentId } = await documentOf(t, w, 'REJECTED');
      return { url: `/api/applications/${applicationId}/documents/${documentId}`, multipart: multipartBody([{ ...sampleDocuments()[1]!, name: 'file' }]) };
    },
  },
  { method: 'GET', route: '/api/applications/:id/notes', expect: staffInReach(200), prepare: (_t, w) => ({ url: `/api/applications/${w.applicationA}/notes` }) },
  {
    method: 'POST',
    route: '/api/applications/:id/notes',
    expect: staffInReach(201),
    prepare: (_t, w) => ({ url: `/api/applications/${w.applicationA}/notes`, json: { text: 'Results look genuine' } }),
  },

  /* ---------- queues and assignment (issue 17) ---------- */
  { method: 'GET', route: '/api/applications/assignees', expect: staff(), prepare: () => ({ url: '/api/applications/assignees' }) },
  {
    method: 'PUT',
    route: '/api/applications/:id/assignee',
    expect: staffInReach(200),
    prepare: async (t, w) => {
      const application = await createApplication(t, w.userA, w.uniA.id);
      return { url: `/api/applications/${application.id}/assignee`, json: { userId: w.superuser.id } };
    },
  },
  {
    method: 'POST',
    route: '/api/applications/bulk',
    // All or nothing: an application out of the caller's reach makes the whole request a 404.
    expect: staffInReach(200),
    prepare: async (t, w) => {
      const application = await createApplication(t, w.userA, w.uniA.id);
      return { url: '/api/applications/bulk', json: { action: 'decline', reason: 'Incomplete results', ids: [application.id] } };
    },
  },

  /* ---------- drafts (issue 16): the applicant's own, never staff's ---------- */
  // Resumable uploads (tus): applicants only; an upload answers its owner alone (another account: 404).
  {
    method: 'POST',
    route: '/api/uploads',
    expect: applicantsOnly(201),
    prepare: () => ({ url: '/api/uploads', headers: { ...TUS, 'upload-length': '8', 'upload-metadata': tusMetadata() } }),
  },
  {
    method: 'HEAD',
    route: '/api/uploads/:id',
    expect: { guest: 401, owner: 200, otherUser: 404, adminOwn: 403, adminOther: 403, superuser: 403 },
    prepare: async (t, w) => ({ url: await ownersUpload(t, w), headers: TUS }),
  },
  {
    method: 'PATCH',
    route: '/api/uploads/:id',
    expect: { guest: 401, owner: 204, otherUser: 404, adminOwn: 403, adminOther: 403, superuser: 403 },
    prepare: async (t, w) => ({ url: await ownersUpload(t, w), headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } }),
  },
  {
    method: 'DELETE',
    route: '/api/uploads/:id',
    expect: { guest: 401, owner: 204, otherUser: 404, adminOwn: 403, adminOther: 403, superuser: 403 },
    prepare: async (t, w) => ({ url: await ownersUpload(t, w), headers: TUS }),
  },
  { method: 'GET', route: '/api/drafts/mine', expect: applicantsOnly(200), prepare: async (t, w, caller) => ({ url: '/api/drafts/mine', as: await draftOf(t, w, caller) }) },
  {
    method: 'PUT',
    route: '/api/drafts/mine',
    expect: applicantsOnly(200),
    prepare: async (t, w, caller) => ({ url: '/api/drafts/mine', as: await twinOf(t, w, caller), json: { fullName: 'Draft Writer', updatedAt: null } }),
  },
  { method: 'DELETE', route: '/api/drafts/mine', expect: applicantsOnly(204), prepare: async (t, w, caller) => ({ url: '/api/drafts/mine', as: await draftOf(t, w, caller) }) },
  {
    method: 'GET',
    route: '/api/drafts/mine/files/:documentType',
    expect: applicantsOnly(200),
    prepare: async (t, w, caller) => ({ url: '/api/drafts/mine/files/NRC_FRONT', as: await draftOf(t, w, caller, true) }),
  },
  {
    method: 'PUT',
    route: '/api/drafts/mine/files/:documentType',
    expect: applicantsOnly(200),
    prepare: async (t, w, caller) => ({
      url: '/api/drafts/mine/files/NRC_FRONT',
      as: await twinOf(t, w, caller),
      multipart: multipartBody([{ ...sampleDocuments()[0]!, name: 'file' }]),
    }),
  },
  {
    method: 'DELETE',
    route: '/api/drafts/mine/files/:documentType',
    expect: applicantsOnly(200),
    prepare: async (t, w, caller) => ({ url: '/api/drafts/mine/files/NRC_FRONT', as: await draftOf(t, w, caller, true) }),
  },

  /* ---------- payments ---------- */
  { method: 'GET', route: '/api/payments/config', expect: signedIn(200), prepare: () => ({ url: '/api/payments/config' }) },
  {
    method: 'POST',
    route: '/api/payments/initiate',
    expect: { guest: 401, owner: 200, otherUser: 404, adminOwn: 403, adminOther: 403, superuser: 403 },
    prepare: async (t, w) => {
      const application = await createApplication(t, w.userA, w.uniA.id);
      return { url: '/api/payments/initiate', json: { applicationId: application.id } };
    },
  },
  {
    method: 'GET',
    route: '/api/payments/verify/:reference',
    expect: ownerOrStaffInReach,
    prepare: async (t, w) => {
      const application = await createApplication(t, w.userA, w.uniA.id);
      const payment = await insertPayment(t, application.id, w.userA.id, 'successful');
      return { url: `/api/payments/verify/${payment.reference}` };
    },
  },
  ...(['receipt', 'receipt.pdf'] as const).map((suffix): Row => ({
    method: 'GET',
    route: `/api/applications/:id/${suffix}`,
    expect: ownerOrStaffInReach,
    prepare: async (t, w) => {
      const application = await createApplication(t, w.userA, w.uniA.id);
      await insertPayment(t, application.id, w.userA.id, 'successful');
      return { url: `/api/applications/${application.id}/${suffix}` };
    },
  })),
  /* ---------- offers and decision letters (issue 17) ---------- */
  {
    method: 'GET',
    route: '/api/applications/:id/offer',
    expect: ownerOrStaffInReach,
    prepare: async (t, w) => ({ url: `/api/applications/${(await offeredApplication(t, w)).applicationId}/offer` }),
  },
  ...(['accept', 'decline'] as const).map((answer): Row => ({
    // Only the offer's applicant answers it; another applicant is told it does not exist, staff are refused.
    method: 'POST',
    route: `/api/offers/:id/${answer}`,
    expect: { guest: 401, owner: 200, otherUser: 404, adminOwn: 403, adminOther: 403, superuser: 403 },
    prepare: async (t, w) => ({ url: `/api/offers/${(await offeredApplication(t, w)).offerId}/${answer}` }),
  })),
  {
    method: 'GET',
    route: '/api/letters/:id',
    expect: ownerOrStaffInReach,
    prepare: async (t, w) => ({ url: `/api/letters/${(await offeredApplication(t, w)).letterId}` }),
  },
  {
    // Public: an employer or sponsor checks a letter's code without an account.
    method: 'GET',
    route: '/api/letters/verify/:code',
    expect: all(200),
    prepare: async (t, w) => ({ url: `/api/letters/verify/${(await offeredApplication(t, w)).code}` }),
  },

  // No valid signature: refused for everyone, whatever token is sent.
  { method: 'POST', route: '/api/payments/webhook', expect: all(401), prepare: () => ({ url: '/api/payments/webhook', json: { event: 'collection.successful', data: {} } }) },
  // The SMS provider's delivery reports: without the shared secret, refused whatever token is sent (404 while none is configured, as in tests).
  { method: 'POST', route: '/api/sms/delivery-reports', expect: all(404), prepare: () => ({ url: '/api/sms/delivery-reports', json: { id: 'ATXid_1', status: 'Success' } }) },

  /* ---------- subscribers ---------- */
  { method: 'GET', route: '/api/subscribers/count', expect: all(200), prepare: () => ({ url: '/api/subscribers/count' }) },
  {
    method: 'POST',
    route: '/api/subscribers',
    expect: all(201),
    prepare: () => ({ url: '/api/subscribers', json: { name: 'Waiting Person', email: `wait-${unique()}@example.test` } }),
  },
  {
    // Anyone may write to the portal's team; the message goes to the outbox (202).
    method: 'POST',
    route: '/api/contact',
    expect: all(202),
    prepare: () => ({
      url: '/api/contact',
      headers: { 'x-test-address': nextAddress() },
      json: { name: 'Mutale Banda', email: `ask-${unique()}@example.test`, subject: 'A question', message: 'When does the next intake open?' },
    }),
  },
];

/** The token a caller sends for a prepared request. */
export function tokenFor(w: FullWorld, caller: CallerName, prepared: Prepared): string | undefined {
  const user = prepared.as !== undefined ? prepared.as : callerUser(w, caller);
  return user?.token;
}
