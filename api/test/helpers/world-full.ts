/**
 * A richer world for the security tests: two universities, each with programs
 * and courses; an ADMIN per university; a SUPERUSER; two applicants, each with
 * an application submitted through the real multipart route (so with files on
 * disk), and a payment on the first one. Also helpers to read the state of
 * the whole database (row count and checksum per table) so a test can prove
 * that a refused request changed nothing.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Role } from 'shared-api/contract';
import { applicationFiles, courses } from '../../src/infrastructure/database/schema';
import { eq } from 'drizzle-orm';
import { createProgram, insertPayment, submitOk } from '../fixtures/applications';
import { createUniversity, createUser, type TestUser } from './fixtures';
import type { TestApp } from './test-app';

export const NRC_A = '900111/11/1';
export const NRC_B = '900222/22/2';

export async function createCourse(t: TestApp, program: { id: number; universityId: number }, name: string) {
  const [row] = await t.ctx.db
    .insert(courses)
    .values({ programId: program.id, universityId: program.universityId, courseName: name, courseDescription: `${name} description`, semester: 1, year: 1 })
    .returning();
  return row!;
}

export async function createFullWorld(t: TestApp) {
  const uniA = await createUniversity(t, 'University of Zambia', { location: 'Lusaka' });
  const uniB = await createUniversity(t, 'Copperbelt University', { location: 'Kitwe' });
  const programA1 = await createProgram(t, uniA.id, 'Computer Science');
  const programA2 = await createProgram(t, uniA.id, 'Mathematics');
  const programB1 = await createProgram(t, uniB.id, 'Mining Engineering');
  const programB2 = await createProgram(t, uniB.id, 'Geology');
  const courseA1 = await createCourse(t, programA1, 'Algorithms');
  const courseA2 = await createCourse(t, programA2, 'Calculus');
  const courseB1 = await createCourse(t, programB1, 'Mineral Processing');
  const courseB2 = await createCourse(t, programB2, 'Petrology');
  const superuser = await createUser(t, 'SUPERUSER');
  const adminA = await createUser(t, 'ADMIN', { universityId: uniA.id });
  const adminB = await createUser(t, 'ADMIN', { universityId: uniB.id });
  const userA = await createUser(t, 'USER', { firstName: 'Owner', lastName: 'Applicant' });
  const userB = await createUser(t, 'USER', { firstName: 'Other', lastName: 'Applicant' });
  const applicationA = await submitOk(t, userA.token, [programA1.id, programA2.id], { nationalRegNumber: NRC_A, email: userA.email });
  const applicationB = await submitOk(t, userB.token, [programB1.id], { nationalRegNumber: NRC_B, email: userB.email });
  const filesA = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, applicationA));
  const filesB = await t.ctx.db.select().from(applicationFiles).where(eq(applicationFiles.applicationId, applicationB));
  if (filesA.length !== 4 || filesB.length !== 4) throw new Error('world: each application should have four files');
  const paymentA = await insertPayment(t, applicationA, userA.id, 'pending');
  return {
    uniA,
    uniB,
    programA1,
    programA2,
    programB1,
    programB2,
    courseA1,
    courseA2,
    courseB1,
    courseB2,
    superuser,
    adminA,
    adminB,
    userA,
    userB,
    applicationA,
    applicationB,
    fileA: filesA[0]!,
    fileB: filesB[0]!,
    paymentA,
  };
}
export type FullWorld = Awaited<ReturnType<typeof createFullWorld>>;

/** The six callers of the authorization table, from the point of view of objects of applicant A / university A. */
export const CALLERS = ['guest', 'owner', 'otherUser', 'adminOwn', 'adminOther', 'superuser'] as const;
export type CallerName = (typeof CALLERS)[number];

export function callerUser(w: FullWorld, caller: CallerName): TestUser | null {
  switch (caller) {
    case 'guest':
      return null;
    case 'owner':
      return w.userA;
    case 'otherUser':
      return w.userB;
    case 'adminOwn':
      return w.adminA;
    case 'adminOther':
      return w.adminB;
    case 'superuser':
      return w.superuser;
  }
}

/** A new account with the same role and university as the caller (for calls that end the caller's session). */
export async function twinOf(t: TestApp, w: FullWorld, caller: CallerName): Promise<TestUser | null> {
  const user = callerUser(w, caller);
  if (!user) return null;
  return createUser(t, user.role as Role, { universityId: user.universityId });
}

/** The rows of db.execute on either driver (pg gives {rows}, PGlite too; some versions an array). */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * For an app whose database is compared before and after a batch of refused
 * requests (databaseState): the background jobs that change rows on their own
 * (payment reconciliation re-checks a pending payment once it is a minute old,
 * offer lapses, intake reminders) run an hour apart instead of every minute, so
 * none runs between the two snapshots of a test. A loaded machine stretched a
 * fuzz run past the payment's first minute and the reconciliation changed it
 * mid-comparison. Tests that need a round run it themselves.
 */
export const JOBS_AN_HOUR_APART: Record<string, string> = {
  PAYMENT_RECONCILE_INTERVAL_SECONDS: '3600',
  OFFER_LAPSE_INTERVAL_SECONDS: '3600',
  REMINDER_INTERVAL_SECONDS: '3600',
};

/** Every table of the public schema with its row count and an md5 of all its rows in id order. */
export async function databaseState(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.ctx.db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const rows = rowsOf<{ table_name: string }>(tables);
  const state: Record<string, string> = {};
  for (const { table_name: name } of rows) {
    if (name.startsWith('__drizzle')) continue;
    const columns = await t.ctx.db.execute<{ column_name: string }>(sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${name}`);
    const cols = rowsOf<{ column_name: string }>(columns);
    const order = cols.some((c) => c.column_name === 'id') ? 'id' : 't::text';
    const result = await t.ctx.db.execute<{ n: string | number; sum: string | null }>(
      sql.raw(`select count(*) as n, md5(coalesce(string_agg(t::text, '|' order by ${order}), '')) as sum from "${name}" t`),
    );
    const row = rowsOf<{ n: string | number; sum: string | null }>(result);
    state[name] = `${row[0]!.n}:${row[0]!.sum}`;
  }
  return state;
}

/** Names and sizes of every file under a folder (recursive), to prove an upload stored nothing. */
export function folderState(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else out.push(`${path.relative(dir, p)}:${s.size}`);
    }
  };
  walk(dir);
  return out.sort();
}
