/**
 * SQL for applications, their choices, files and the rows read alongside them.
 * A page is one statement: the indexed read of the application rows, with
 * every relation of each row built as JSON by correlated subqueries (never one
 * query per application, nor one per relation).
 */
import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApplicationStatus, Role } from 'shared-api/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../infrastructure/database/client';
import {
  applicationChoices,
  applicationDraftFiles,
  documentUploads,
  applicationFiles,
  applicationHistory,
  applicationNotes,
  applications,
  applicationStats,
  intakes,
  payments,
  programs,
  universities,
  users,
} from '../../infrastructure/database/schema';
import { containsPattern } from '../../infrastructure/database/sql';

export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationFileRow = typeof applicationFiles.$inferSelect;

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
  /** Leave out this status (an ADMIN's list does not show SUBMITTED ones, spec §2.4). */
  excludeStatus?: ApplicationStatus;
  /** Queues (issue 17): assigned to this user, or (null) to nobody. */
  assigneeId?: number | null;
  /** Grade 12 (issue 17 item 4): best-five points at most this; applications without results are left out. */
  maxPoints?: number;
}

/** 'points': lowest (best) Grade 12 points first, applications without results last. */
export type ApplicationSort = 'newest' | 'oldest' | 'name' | 'points';

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
  if (filter.excludeStatus) parts.push(ne(applications.status, filter.excludeStatus));
  if (filter.assigneeId === null) parts.push(isNull(applications.assigneeId));
  else if (filter.assigneeId !== undefined) parts.push(eq(applications.assigneeId, filter.assigneeId));
  if (filter.maxPoints !== undefined) parts.push(lte(applications.grade12Points, filter.maxPoints));
  if (filter.from) parts.push(gte(applications.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to) parts.push(lt(applications.createdAt, nextDay(filter.to)));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const matches = [ilike(applications.fullName, pattern), ilike(applications.email, pattern), ilike(applications.phoneNumber, pattern)];
    // A phone number typed without its spaces or dashes still matches: compare digits only.
    const digits = /^[\d\s()+-]+$/.test(filter.search) ? filter.search.replace(/\D/g, '') : '';
    if (digits.length >= 4) matches.push(sql`regexp_replace(${applications.phoneNumber}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
    parts.push(or(...matches));
  }
  switch (filter.paymentStatus) {
    case 'none':
      parts.push(sql`not exists (select 1 from ${payments} p where p.application_id = ${outer(applications.id)})`);
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
  if (sort === 'points') return [sql`${applications.grade12Points} asc nulls last`, asc(applications.id)];
  return [desc(applications.createdAt), desc(applications.id)];
}

export async function countApplications(db: Executor, filter: ApplicationFilter): Promise<number> {
  const { universityId, status, ...narrowing } = filter;
  if (Object.values(narrowing).every((value) => value === undefined || value === '')) {
    // Only university and status: the counters the database keeps by trigger
    // answer at once, however many applications there are.
    const conditions = [universityId === undefined ? undefined : eq(applicationStats.universityId, universityId), status === undefined ? undefined : eq(applicationStats.status, status)];
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${applicationStats.applications}), 0)::int` })
      .from(applicationStats)
      .where(and(...conditions));
    return Number(row?.n ?? 0);
  }
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(filterWhere(filter));
  return Number(row?.n ?? 0);
}

export async function findApplicationRow(db: Executor, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  return row;
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
  await tx.insert(applicationChoices).values(input.programIds.map((programId, index) => ({ applicationId: created.id, programId, priority: index + 1 })));
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

/* ---------- relations, built by PostgreSQL in the statement that reads the rows ---------- */

/*
 * Each relation is a correlated subquery on the outer `applications` row that
 * returns raw column values as JSON; the service maps them to the contract
 * exactly as it maps the row itself. A page is therefore one statement, however
 * many relations an application has.
 */

export interface ChoiceData {
  id: number;
  priority: number;
  programId: number;
  programName: string;
  durationYears: number;
  universityId: number;
  universityName: string;
  /** The program's Grade 12 points ceiling (issue 17 item 4); null, none. */
  pointsCeiling: number | null;
}

export interface PaymentData {
  reference: string;
  /** numeric as text, as the drivers return it. */
  amount: string;
  currency: string;
  status: string;
  channel: string | null;
  paidAt: string | null;
  providerStatus: string | null;
  providerReason: string | null;
}

export type FileData = Pick<ApplicationFileRow, 'id' | 'fileName' | 'contentType' | 'documentType' | 'size' | 'status' | 'reason'>;

export interface HistoryData {
  id: number;
  at: string;
  kind: 'STATUS' | 'PAYMENT' | 'DOCUMENT' | 'ASSIGNMENT' | 'LETTER' | 'NOTE';
  from: string | null;
  to: string | null;
  note: string | null;
  actorId: number | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorRole: Role | null;
}

export interface ApplicantData {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

export interface IntakeData {
  id: number;
  name: string;
  closesAt: string;
  /** The intake's fee table (the fee the application owes follows from it). */
  fees?: { category: string; amount: number; currency: string }[] | null;
}

export interface AssigneeData {
  id: number;
  firstName: string;
  lastName: string;
}

export interface ProgramData {
  id: number;
  name: string;
  durationYears: number;
}

/**
 * A timestamp inside JSON, written as `Date.prototype.toISOString` writes the
 * Date the drivers make of a column (UTC, microseconds truncated to milliseconds).
 */
/**
 * A column of the outer `applications` row, always qualified: drizzle writes a
 * bare column name in the select list of a single-table query, which inside a
 * subquery would name the subquery's own column.
 */
const outer = (column: AnyPgColumn) => sql`${applications}.${sql.identifier(column.name)}`;

const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const historyJson = sql<HistoryData[]>`coalesce((
  select json_agg(json_build_object('id', h.id, 'at', ${isoTime(sql`h.created_at`)}, 'kind', h.kind, 'from', h.from_value, 'to', h.to_value,
           'note', h.note, 'actorId', actor.id, 'actorFirstName', actor.first_name, 'actorLastName', actor.last_name, 'actorRole', actor.role)
         order by h.created_at, h.id)
  from ${applicationHistory} h left join ${users} actor on actor.id = h.actor_id
  where h.application_id = ${outer(applications.id)}), '[]'::json)`;

const relations = {
  choices: sql<ChoiceData[]>`coalesce((
    select json_agg(json_build_object('id', c.id, 'priority', c.priority, 'programId', p.id, 'programName', p.name,
             'durationYears', p.duration_years, 'universityId', u.id, 'universityName', u.name, 'pointsCeiling', p.points_ceiling) order by c.priority)
    from ${applicationChoices} c join ${programs} p on p.id = c.program_id join ${universities} u on u.id = p.university_id
    where c.application_id = ${outer(applications.id)}), '[]'::json)`,
  /** The latest payment (by creation time). */
  payment: sql<PaymentData | null>`(
    select json_build_object('reference', pay.reference, 'amount', pay.amount::text, 'currency', pay.currency, 'status', pay.status,
             'channel', pay.channel, 'paidAt', ${isoTime(sql`pay.paid_at`)},
             'providerStatus', pay.provider_status, 'providerReason', pay.provider_payload->'data'->>'reasonForFailure')
    from ${payments} pay where pay.application_id = ${outer(applications.id)} order by pay.created_at desc, pay.id desc limit 1)`,
  /** The current file of each document (a replaced one stays in the table, not shown). */
  files: sql<FileData[]>`coalesce((
    select json_agg(json_build_object('id', f.id, 'fileName', f.file_name, 'contentType', f.content_type, 'documentType', f.document_type,
             'size', f.size, 'status', f.status, 'reason', f.reason) order by f.id)
    from ${applicationFiles} f where f.application_id = ${outer(applications.id)} and f.current), '[]'::json)`,
  history: historyJson,
  applicant: sql<ApplicantData | null>`(
    select json_build_object('firstName', person.first_name, 'lastName', person.last_name, 'email', person.email, 'phone', person.phone)
    from ${users} person where person.id = ${outer(applications.userId)})`,
  approvedProgram: sql<ProgramData | null>`(
    select json_build_object('id', ap.id, 'name', ap.name, 'durationYears', ap.duration_years)
    from ${programs} ap where ap.id = ${outer(applications.approvedProgramId)})`,
  /** The reviewer it is assigned to (issue 17), for staff. */
  assignee: sql<AssigneeData | null>`(
    select json_build_object('id', reviewer.id, 'firstName', reviewer.first_name, 'lastName', reviewer.last_name)
    from ${users} reviewer where reviewer.id = ${outer(applications.assigneeId)})`,
  universityName: sql<string | null>`(select uni.name from ${universities} uni where uni.id = ${outer(applications.universityId)})`,
  intake: sql<IntakeData | null>`(
    select json_build_object('id', i.id, 'name', i.name, 'closesAt', ${isoTime(sql`i.closes_at`)}, 'fees', i.fees)
    from ${intakes} i where i.id = ${outer(applications.intakeId)})`,
};

export interface ApplicationRelations {
  choices: ChoiceData[];
  payment: PaymentData | null;
  files: FileData[];
  history: HistoryData[];
  applicant: ApplicantData | null;
  approvedProgram: ProgramData | null;
  assignee: AssigneeData | null;
  universityName: string | null;
  intake: IntakeData | null;
}

export type LoadedApplication = ApplicationRow & ApplicationRelations;

const selectLoaded = (db: Executor) => db.select({ ...getTableColumns(applications), ...relations }).from(applications);

/**
 * A page of applications with every relation, in one statement. The page's
 * ids are chosen first, so the relations are built for its rows only, not
 * for the rows an offset skips.
 */
export async function listLoadedApplications(db: Executor, filter: ApplicationFilter, options: { sort?: ApplicationSort; limit: number; offset?: number }): Promise<LoadedApplication[]> {
  const order = orderOf(options.sort ?? 'newest');
  const page = db
    .select({ id: applications.id })
    .from(applications)
    .where(filterWhere(filter))
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset ?? 0);
  return selectLoaded(db)
    .where(inArray(applications.id, page))
    .orderBy(...order);
}

/** Newest first by id, continuing below `beforeId`: keyset batches for exports (no offset, no drift). */
export async function loadedApplicationsBefore(db: Executor, filter: ApplicationFilter, beforeId: number | null, limit: number): Promise<LoadedApplication[]> {
  return selectLoaded(db)
    .where(and(filterWhere(filter), beforeId !== null ? lt(applications.id, beforeId) : undefined))
    .orderBy(desc(applications.id))
    .limit(limit);
}

/** The relations of applications already read, in one statement. */
export async function relationsOf(db: Executor, applicationIds: number[]): Promise<Map<number, ApplicationRelations>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .select({ id: applications.id, ...relations })
    .from(applications)
    .where(inArray(applications.id, applicationIds));
  return new Map(rows.map(({ id, ...loaded }) => [id, loaded]));
}

/** The timeline of each application, oldest first. */
export async function historiesOf(db: Executor, applicationIds: number[]): Promise<{ id: number; history: HistoryData[] }[]> {
  if (applicationIds.length === 0) return [];
  return db.select({ id: applications.id, history: historyJson }).from(applications).where(inArray(applications.id, applicationIds));
}

/** The programs an application chose (a decision must approve one of them). */
export async function choiceProgramIds(db: Executor, applicationId: number): Promise<number[]> {
  const rows = await db.select({ programId: applicationChoices.programId }).from(applicationChoices).where(eq(applicationChoices.applicationId, applicationId));
  return rows.map((r) => r.programId);
}

/** The current file of each document of these applications. */
export async function filesFor(db: Executor, applicationIds: number[]): Promise<ApplicationFileRow[]> {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(applicationFiles)
    .where(and(inArray(applicationFiles.applicationId, applicationIds), eq(applicationFiles.current, true)))
    .orderBy(asc(applicationFiles.applicationId), asc(applicationFiles.id));
}

/* ---------- document checks and reviewer notes (issue 17) ---------- */

/** The application row, locked until the transaction ends (document decisions and re-uploads queue on it). */
export async function lockApplicationRow(tx: Executor, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
  return row;
}

/** The current file of one document of an application. */
export async function findCurrentDocument(db: Executor, applicationId: number, documentId: number): Promise<ApplicationFileRow | undefined> {
  const [row] = await db
    .select()
    .from(applicationFiles)
    .where(and(eq(applicationFiles.id, documentId), eq(applicationFiles.applicationId, applicationId), eq(applicationFiles.current, true)))
    .limit(1);
  return row;
}

export async function setDocumentStatus(tx: Executor, documentId: number, status: ApplicationFileRow['status'], reason: string | null): Promise<void> {
  await tx.update(applicationFiles).set({ status, reason }).where(eq(applicationFiles.id, documentId));
}

/**
 * A new file for a document: the document's row (and so its id) takes the new
 * file, pending again; the old file is kept as a row that is no longer
 * current, so it stays in the history and in storage.
 */
export async function replaceDocumentFile(tx: Executor, previous: ApplicationFileRow, upload: Pick<ApplicationFileRow, 'fileName' | 'storageKey' | 'contentType' | 'size' | 'sha256'>): Promise<void> {
  await tx
    .update(applicationFiles)
    .set({ ...upload, status: 'PENDING', reason: null, createdAt: new Date() })
    .where(eq(applicationFiles.id, previous.id));
  await tx.insert(applicationFiles).values({
    applicationId: previous.applicationId,
    documentType: previous.documentType,
    fileName: previous.fileName,
    storageKey: previous.storageKey,
    contentType: previous.contentType,
    size: previous.size,
    sha256: previous.sha256,
    status: previous.status,
    reason: previous.reason,
    current: false,
    createdAt: previous.createdAt,
  });
}

/** How many current documents of the application are rejected. */
export async function rejectedDocumentCount(db: Executor, applicationId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applicationFiles)
    .where(and(eq(applicationFiles.applicationId, applicationId), eq(applicationFiles.current, true), eq(applicationFiles.status, 'REJECTED')));
  return Number(row?.n ?? 0);
}

/** The status an application had when documents were last requested (the latest move into `status`). */
export async function statusBefore(db: Executor, applicationId: number, status: ApplicationStatus): Promise<string | null> {
  const [row] = await db
    .select({ from: applicationHistory.fromValue })
    .from(applicationHistory)
    .where(and(eq(applicationHistory.applicationId, applicationId), eq(applicationHistory.kind, 'STATUS'), eq(applicationHistory.toValue, status)))
    .orderBy(desc(applicationHistory.createdAt), desc(applicationHistory.id))
    .limit(1);
  return row?.from ?? null;
}

export async function setApplicationStatus(tx: Executor, id: number, status: ApplicationStatus): Promise<void> {
  await tx.update(applications).set({ status, updatedAt: new Date() }).where(eq(applications.id, id));
}

/* ---------- queues and assignment (issue 17 item 3) ---------- */

/** The ids the staff list shows for `filter`, newest first, at most `limit` of them. */
export async function idsMatching(db: Executor, filter: ApplicationFilter, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(filterWhere(filter))
    .orderBy(...orderOf('newest'))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** These application rows, locked until the transaction ends, in id order (so two bulk requests queue rather than deadlock). */
export async function lockApplicationRows(tx: Executor, ids: number[]): Promise<ApplicationRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(applications).where(inArray(applications.id, ids)).orderBy(asc(applications.id)).for('update');
}

export async function setAssignee(tx: Executor, ids: number[], assigneeId: number | null): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(applications).set({ assigneeId, updatedAt: new Date() }).where(inArray(applications.id, ids));
}

export interface StaffMember {
  id: number;
  firstName: string;
  lastName: string;
  role: Role;
  universityId: number | null;
  enabled: boolean;
  deleted: boolean;
}

const staffColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  universityId: users.universityId,
  enabled: users.enabled,
  deleted: sql<boolean>`${users.deletedAt} is not null`,
};

/** Several accounts by id (the assignees an application has, or may get). */
export async function staffMembers(db: Executor, ids: number[]): Promise<StaffMember[]> {
  if (ids.length === 0) return [];
  return db.select(staffColumns).from(users).where(inArray(users.id, ids));
}

/** Whom applications can be assigned to: the enabled ADMINs of `universityId`, and SUPERUSERs when asked. */
export async function assignableStaff(db: Executor, universityId: number | undefined, withSuperusers: boolean): Promise<StaffMember[]> {
  const admins = universityId === undefined ? undefined : and(eq(users.role, 'ADMIN'), eq(users.universityId, universityId));
  const superusers = withSuperusers ? eq(users.role, 'SUPERUSER') : undefined;
  const who = admins && superusers ? or(admins, superusers) : (admins ?? superusers);
  if (!who) return [];
  return db
    .select(staffColumns)
    .from(users)
    .where(and(who, eq(users.enabled, true), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

export interface NoteData {
  id: number;
  at: Date;
  text: string;
  authorId: number | null;
  authorFirstName: string | null;
  authorLastName: string | null;
}

const noteColumns = {
  id: applicationNotes.id,
  at: applicationNotes.createdAt,
  text: applicationNotes.text,
  authorId: applicationNotes.authorId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};

/** The notes of an application, oldest first, with their authors' names. */
export async function notesOf(db: Executor, applicationId: number): Promise<NoteData[]> {
  return db
    .select(noteColumns)
    .from(applicationNotes)
    .leftJoin(users, eq(users.id, applicationNotes.authorId))
    .where(eq(applicationNotes.applicationId, applicationId))
    .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id));
}

export async function insertNote(db: Executor, note: { applicationId: number; authorId: number; text: string }): Promise<NoteData> {
  const [row] = await db.insert(applicationNotes).values(note).returning({ id: applicationNotes.id });
  const [loaded] = await db.select(noteColumns).from(applicationNotes).leftJoin(users, eq(users.id, applicationNotes.authorId)).where(eq(applicationNotes.id, row!.id));
  return loaded!;
}

/** Which of these storage keys a saved application refers to. */
/** The keys among `keys` that an application or a draft (issue 16) refers to. */
export async function storageKeysInUse(db: Executor, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: applicationFiles.storageKey })
    .from(applicationFiles)
    .where(inArray(applicationFiles.storageKey, keys))
    .union(db.select({ key: applicationDraftFiles.storageKey }).from(applicationDraftFiles).where(inArray(applicationDraftFiles.storageKey, keys)))
    .union(
      db
        .select({ key: sql<string>`${documentUploads.storageKey}`.as('key') })
        .from(documentUploads)
        .where(inArray(documentUploads.storageKey, keys)),
    );
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

/**
 * Of these applications, the ids of the open ones (status in `open`) whose
 * applicant has another open application to the same university: both are
 * duplicates of each other. One statement for a whole page.
 */
export async function duplicateApplicationIds(db: Executor, applicationIds: number[], open: readonly ApplicationStatus[]): Promise<Set<number>> {
  if (applicationIds.length === 0) return new Set();
  const other = alias(applications, 'other');
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        inArray(applications.id, applicationIds),
        inArray(applications.status, [...open]),
        sql`exists (${db
          .select({ one: sql`1` })
          .from(other)
          .where(and(eq(other.userId, applications.userId), eq(other.universityId, applications.universityId), ne(other.id, applications.id), inArray(other.status, [...open])))})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}
