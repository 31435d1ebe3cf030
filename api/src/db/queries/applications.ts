/**
 * SQL for applications, their choices, files and the rows read alongside them.
 * Lists are loaded in two steps: one indexed query for the page of
 * application rows, then one batched query per relation for the whole page
 * (never one query per application).
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ApplicationStatus } from 'shared-api/contract';
import type { Database, Executor } from '../client';
import { applicationChoices, applicationFiles, applications, applicationStats, payments, programs, universities, users } from '../schema';

export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationFileRow = typeof applicationFiles.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export interface ApplicationFilter {
  /** Only this university (an ADMIN's own, or a SUPERUSER's choice). */
  universityId?: number;
  userId?: number;
  status?: ApplicationStatus;
  /** Matched case-insensitively anywhere in full name, email or phone. */
  search?: string;
  /** Inclusive day, YYYY-MM-DD (UTC). */
  from?: string;
  /** Inclusive day, YYYY-MM-DD (UTC). */
  to?: string;
  paymentStatus?: 'successful' | 'pending' | 'failed' | 'none';
}

export type ApplicationSort = 'newest' | 'oldest' | 'name';

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const latestPaymentStatus = sql`(select p.status from ${payments} p where p.application_id = ${applications.id} order by p.created_at desc, p.id desc limit 1)`;

function nextDay(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export function filterWhere(filter: ApplicationFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.universityId !== undefined) parts.push(eq(applications.universityId, filter.universityId));
  if (filter.userId !== undefined) parts.push(eq(applications.userId, filter.userId));
  if (filter.status) parts.push(eq(applications.status, filter.status));
  if (filter.from) parts.push(gte(applications.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to) parts.push(lt(applications.createdAt, nextDay(filter.to)));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const matches = [ilike(applications.fullName, pattern), ilike(applications.email, pattern), ilike(applications.phoneNumber, pattern)];
    // A phone number typed without its spaces or dashes still matches: compare digits only.
    const digits = /^[\d\s()+-]+$/.test(filter.search) ? filter.search.replace(/\D/g, '') : '';
    if (digits.length >= 4) matches.push(sql`regexp_replace(${applications.phoneNumber}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
    parts.push(or(...matches));
  }
  switch (filter.paymentStatus) {
    case 'none':
      parts.push(sql`not exists (select 1 from ${payments} p where p.application_id = ${applications.id})`);
      break;
    case 'successful':
    case 'pending':
      parts.push(sql`${latestPaymentStatus} = ${filter.paymentStatus}`);
      break;
    case 'failed':
      // The spec shows anything other than successful or pending as failed.
      parts.push(sql`${latestPaymentStatus} not in ('successful', 'pending')`);
      break;
    default:
      break;
  }
  return and(...parts);
}

function orderOf(sort: ApplicationSort) {
  if (sort === 'oldest') return [asc(applications.createdAt), asc(applications.id)];
  if (sort === 'name') return [asc(applications.fullName), asc(applications.id)];
  return [desc(applications.createdAt), desc(applications.id)];
}

export async function listApplicationRows(
  db: Executor,
  filter: ApplicationFilter,
  options: { sort?: ApplicationSort; limit: number; offset?: number },
): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(applications)
    .where(filterWhere(filter))
    .orderBy(...orderOf(options.sort ?? 'newest'))
    .limit(options.limit)
    .offset(options.offset ?? 0);
}

export async function countApplications(db: Executor, filter: ApplicationFilter): Promise<number> {
  const { universityId, status, ...narrowing } = filter;
  if (Object.values(narrowing).every((value) => value === undefined || value === '')) {
    // Only university and status: the counters the database keeps by trigger
    // answer at once, however many applications there are.
    const conditions = [
      universityId === undefined ? undefined : eq(applicationStats.universityId, universityId),
      status === undefined ? undefined : eq(applicationStats.status, status),
    ];
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${applicationStats.applications}), 0)::int` })
      .from(applicationStats)
      .where(and(...conditions));
    return Number(row?.n ?? 0);
  }
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(applications).where(filterWhere(filter));
  return Number(row?.n ?? 0);
}

/** Newest first by id, continuing below `beforeId`: keyset batches for exports (no offset, no drift). */
export async function applicationRowsBefore(
  db: Executor,
  filter: ApplicationFilter,
  beforeId: number | null,
  limit: number,
): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(applications)
    .where(and(filterWhere(filter), beforeId !== null ? lt(applications.id, beforeId) : undefined))
    .orderBy(desc(applications.id))
    .limit(limit);
}

export async function findApplicationRow(db: Executor, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  return row;
}

export async function findProgramsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: programs.id, universityId: programs.universityId, name: programs.name })
    .from(programs)
    .where(inArray(programs.id, ids));
}

export interface NewApplication {
  application: typeof applications.$inferInsert;
  programIds: number[];
  files: Omit<typeof applicationFiles.$inferInsert, 'applicationId'>[];
}

/** Inserts the application, its choices (priority 1..n) and its files. Run inside a transaction. */
export async function insertApplication(tx: Executor, input: NewApplication): Promise<ApplicationRow> {
  const [row] = await tx.insert(applications).values(input.application).returning();
  const created = row!;
  await tx
    .insert(applicationChoices)
    .values(input.programIds.map((programId, index) => ({ applicationId: created.id, programId, priority: index + 1 })));
  if (input.files.length > 0) {
    await tx.insert(applicationFiles).values(input.files.map((file) => ({ ...file, applicationId: created.id })));
  }
  return created;
}

/**
 * Sets a decision only while the application is still in one of `fromStatuses`
 * (a compare-and-set, so two reviewers cannot both decide). Undefined when it
 * had already moved on.
 */
export async function decideApplicationRow(
  tx: Executor,
  id: number,
  fromStatuses: readonly ApplicationStatus[],
  values: { status: ApplicationStatus; reviewNotes: string | null; approvedProgramId: number | null },
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .update(applications)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(applications.id, id), inArray(applications.status, [...fromStatuses])))
    .returning();
  return row;
}

/* ---------- relations, batched per page ---------- */

export async function choicesFor(db: Executor, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({
      id: applicationChoices.id,
      applicationId: applicationChoices.applicationId,
      priority: applicationChoices.priority,
      programId: programs.id,
      programName: programs.name,
      durationYears: programs.durationYears,
      universityId: universities.id,
      universityName: universities.name,
    })
    .from(applicationChoices)
    .innerJoin(programs, eq(programs.id, applicationChoices.programId))
    .innerJoin(universities, eq(universities.id, programs.universityId))
    .where(inArray(applicationChoices.applicationId, applicationIds))
    .orderBy(asc(applicationChoices.applicationId), asc(applicationChoices.priority));
}

export async function programsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: programs.id, name: programs.name, durationYears: programs.durationYears })
    .from(programs)
    .where(inArray(programs.id, ids));
}

export async function universityNames(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: universities.id, name: universities.name }).from(universities).where(inArray(universities.id, ids));
}

/** The latest payment row of each application (by creation time). */
export async function latestPaymentsFor(db: Pick<Database, 'selectDistinctOn'>, applicationIds: number[]): Promise<PaymentRow[]> {
  if (applicationIds.length === 0) return [];
  return db
    .selectDistinctOn([payments.applicationId])
    .from(payments)
    .where(inArray(payments.applicationId, applicationIds))
    .orderBy(asc(payments.applicationId), desc(payments.createdAt), desc(payments.id));
}

export async function filesFor(db: Executor, applicationIds: number[]): Promise<ApplicationFileRow[]> {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(applicationFiles)
    .where(inArray(applicationFiles.applicationId, applicationIds))
    .orderBy(asc(applicationFiles.applicationId), asc(applicationFiles.id));
}

export async function usersByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone, role: users.role })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Which of these storage keys a saved application refers to. */
export async function storageKeysInUse(db: Executor, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ key: applicationFiles.storageKey }).from(applicationFiles).where(inArray(applicationFiles.storageKey, keys));
  return rows.map((r) => r.key);
}

export async function findFileWithOwner(db: Executor, fileId: number) {
  const [row] = await db
    .select({ file: applicationFiles, userId: applications.userId, universityId: applications.universityId })
    .from(applicationFiles)
    .innerJoin(applications, eq(applications.id, applicationFiles.applicationId))
    .where(eq(applicationFiles.id, fileId))
    .limit(1);
  return row;
}
