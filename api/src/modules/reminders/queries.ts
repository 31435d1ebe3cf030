/**
 * SQL of intake reminders: the intakes closing soon, who is due a reminder
 * for one, and the claim that makes each reminder go once. Rules live in
 * service.ts.
 */
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { DECIDABLE_STATUSES } from 'shared-api/contract';
import type { Executor } from '../../infrastructure/database/client';
import { applicationDrafts, applications, intakeReminders, intakes, payments, universities, users } from '../../infrastructure/database/schema';

export type ReminderKind = (typeof intakeReminders.$inferInsert)['kind'];

export interface ClosingIntake {
  id: number;
  universityId: number;
  universityName: string;
  name: string;
  closesAt: Date;
}

/** Intakes open at `now` that close within `horizonMs` of it, with their university's name. */
export function intakesClosingWithin(db: Executor, now: Date, horizonMs: number): Promise<ClosingIntake[]> {
  return db
    .select({ id: intakes.id, universityId: intakes.universityId, universityName: universities.name, name: intakes.name, closesAt: intakes.closesAt })
    .from(intakes)
    .innerJoin(universities, eq(universities.id, intakes.universityId))
    .where(and(lte(intakes.opensAt, now), gt(intakes.closesAt, now), lte(intakes.closesAt, new Date(now.getTime() + horizonMs))))
    .orderBy(asc(intakes.closesAt), asc(intakes.id));
}

/** How many intakes of the university are open at `now`. */
export async function openIntakeCount(db: Executor, universityId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(intakes)
    .where(and(eq(intakes.universityId, universityId), lte(intakes.opensAt, now), gt(intakes.closesAt, now)));
  return Number(row?.n ?? 0);
}

export interface Recipient {
  userId: number;
  email: string;
  firstName: string;
  /** The unpaid application the reminder is about (unpaid reminders only). */
  applicationId?: number;
  /** Its open payment, if one was started (unpaid reminders only). */
  openPayment?: { status: string; providerStatus: string | null } | null;
}

/** Applicants able to sign in: an enabled (not archived), not deleted USER account. */
const reachableApplicant = and(eq(users.role, 'USER'), eq(users.enabled, true), isNull(users.deletedAt));

/**
 * Applicants whose server-side draft names this university and who have not
 * applied into this intake yet (a submission deletes the draft, but a new
 * draft may be started afterwards).
 */
export function draftHoldersFor(db: Executor, universityId: number, intakeId: number): Promise<Recipient[]> {
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(applicationDrafts)
    .innerJoin(users, eq(users.id, applicationDrafts.userId))
    .where(
      and(
        reachableApplicant,
        sql`${applicationDrafts.data}->>'universityId' = ${String(universityId)}`,
        sql`not exists (select 1 from ${applications} a where a.user_id = ${users.id} and a.intake_id = ${intakeId})`,
      ),
    )
    .orderBy(asc(users.id));
}

/**
 * Applications in this intake whose fee is still owed (unpaid and undecided),
 * of reachable applicants, with their open payment (at most one is pending).
 */
export async function unpaidApplicationsIn(db: Executor, intakeId: number): Promise<Recipient[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: applications.email,
      firstName: users.firstName,
      applicationId: applications.id,
      paymentStatus: payments.status,
      providerStatus: payments.providerStatus,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(payments, and(eq(payments.applicationId, applications.id), eq(payments.status, 'pending')))
    .where(and(reachableApplicant, eq(applications.intakeId, intakeId), eq(applications.paid, false), inArray(applications.status, [...DECIDABLE_STATUSES])))
    .orderBy(asc(applications.id));
  return rows.map(({ paymentStatus, providerStatus, ...recipient }) => ({
    ...recipient,
    openPayment: paymentStatus === null ? null : { status: paymentStatus, providerStatus },
  }));
}

/**
 * Claims one reminder inside `tx`: true when this call wrote the row, false
 * when it already existed (sent before, or by another instance at this very
 * moment: PostgreSQL makes the second insert wait for the first to commit).
 */
export async function claimReminder(tx: Executor, userId: number, intakeId: number, kind: ReminderKind, at: Date): Promise<boolean> {
  const rows = await tx.insert(intakeReminders).values({ userId, intakeId, kind, sentAt: at }).onConflictDoNothing().returning({ userId: intakeReminders.userId });
  return rows.length > 0;
}
