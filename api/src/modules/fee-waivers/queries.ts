/**
 * SQL of fee waiver codes. A use is claimed by one conditional update of the
 * code's counter, inside the transaction that locks the application, so two
 * applicants racing for the last use cannot both win.
 */
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { ApplicationStatus } from 'shared-api/contract';
import type { Executor } from '../../infrastructure/database/client';
import { applicationHistory, applications, auditLog, feeWaiverUses, feeWaivers, intakes, payments } from '../../infrastructure/database/schema';

export type WaiverRow = typeof feeWaivers.$inferSelect;
export type WaiverListRow = WaiverRow & { intakeName: string | null };

export async function insertWaiver(db: Executor, values: { universityId: number; intakeId: number | null; code: string; maxUses: number; expiresAt: Date; createdBy: number }): Promise<WaiverRow> {
  const [row] = await db.insert(feeWaivers).values(values).returning();
  return row!;
}

export function waiversOfUniversity(db: Executor, universityId: number): Promise<WaiverListRow[]> {
  return db
    .select({
      id: feeWaivers.id,
      universityId: feeWaivers.universityId,
      intakeId: feeWaivers.intakeId,
      code: feeWaivers.code,
      maxUses: feeWaivers.maxUses,
      uses: feeWaivers.uses,
      expiresAt: feeWaivers.expiresAt,
      createdBy: feeWaivers.createdBy,
      createdAt: feeWaivers.createdAt,
      intakeName: intakes.name,
    })
    .from(feeWaivers)
    .leftJoin(intakes, eq(intakes.id, feeWaivers.intakeId))
    .where(eq(feeWaivers.universityId, universityId))
    .orderBy(desc(feeWaivers.createdAt), desc(feeWaivers.id));
}

export async function findWaiverWithIntake(db: Executor, id: number): Promise<WaiverListRow | undefined> {
  const [row] = await db
    .select({
      id: feeWaivers.id,
      universityId: feeWaivers.universityId,
      intakeId: feeWaivers.intakeId,
      code: feeWaivers.code,
      maxUses: feeWaivers.maxUses,
      uses: feeWaivers.uses,
      expiresAt: feeWaivers.expiresAt,
      createdBy: feeWaivers.createdBy,
      createdAt: feeWaivers.createdAt,
      intakeName: intakes.name,
    })
    .from(feeWaivers)
    .leftJoin(intakes, eq(intakes.id, feeWaivers.intakeId))
    .where(eq(feeWaivers.id, id))
    .limit(1);
  return row;
}

export async function findWaiverByCode(db: Executor, code: string): Promise<WaiverRow | undefined> {
  const [row] = await db.select().from(feeWaivers).where(eq(feeWaivers.code, code)).limit(1);
  return row;
}

export async function intakeUniversity(db: Executor, intakeId: number): Promise<number | undefined> {
  const [row] = await db.select({ universityId: intakes.universityId }).from(intakes).where(eq(intakes.id, intakeId)).limit(1);
  return row?.universityId;
}

export interface LockedApplication {
  id: number;
  userId: number;
  universityId: number;
  intakeId: number | null;
  status: ApplicationStatus;
  paid: boolean;
  nationality: string;
}

/** The application row, locked for the rest of the transaction (payments lock it the same way). */
export async function lockApplication(tx: Executor, id: number): Promise<LockedApplication | undefined> {
  const [row] = await tx
    .select({
      id: applications.id,
      userId: applications.userId,
      universityId: applications.universityId,
      intakeId: applications.intakeId,
      status: applications.status,
      paid: applications.paid,
      nationality: applications.nationality,
    })
    .from(applications)
    .where(eq(applications.id, id))
    .for('update');
  return row;
}

export async function intakeFees(db: Executor, intakeId: number | null): Promise<{ category: string; amount: number; currency: string }[] | null> {
  if (intakeId === null) return null;
  const [row] = await db.select({ fees: intakes.fees }).from(intakes).where(eq(intakes.id, intakeId)).limit(1);
  return row?.fees ?? null;
}

export type OpenPayment = Pick<typeof payments.$inferSelect, 'id' | 'reference' | 'status' | 'providerStatus'>;

export async function openPaymentOf(tx: Executor, applicationId: number): Promise<OpenPayment | undefined> {
  const [row] = await tx
    .select({ id: payments.id, reference: payments.reference, status: payments.status, providerStatus: payments.providerStatus })
    .from(payments)
    .where(and(eq(payments.applicationId, applicationId), eq(payments.status, 'pending')))
    .limit(1);
  return row;
}

/** An open checkout nothing is under way on is ended: the fee no longer needs paying. */
export async function expireOpenPayment(tx: Executor, paymentId: number): Promise<boolean> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return row !== undefined;
}

/** One use of the code, if one is left and it has not expired at `now`: true when this caller got it. */
export async function claimUse(tx: Executor, waiverId: number, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(feeWaivers)
    .set({ uses: sql`${feeWaivers.uses} + 1` })
    .where(and(eq(feeWaivers.id, waiverId), lt(feeWaivers.uses, feeWaivers.maxUses), gt(feeWaivers.expiresAt, now)))
    .returning({ id: feeWaivers.id });
  return row !== undefined;
}

/**
 * Records the waived fee: the use, a successful payment of zero on the
 * waiver channel (so every list and badge shows the fee paid; no provider
 * is asked), the application paid and ready for review, its history and an
 * audit record.
 */
export async function recordWaiver(
  tx: Executor,
  input: {
    waiverId: number;
    application: LockedApplication;
    userId: number;
    reference: string;
    currency: string;
    channel: string;
    reviewNote: string;
    actor: { id: number; email: string; ip: string | null };
    closedReference: string | null;
  },
): Promise<{ status: ApplicationStatus }> {
  const now = new Date();
  const app = input.application;
  await tx.insert(feeWaiverUses).values({ waiverId: input.waiverId, applicationId: app.id, userId: input.userId });
  await tx.insert(payments).values({
    applicationId: app.id,
    userId: input.userId,
    reference: input.reference,
    amount: '0.00',
    currency: input.currency,
    status: 'successful',
    channel: input.channel,
    paidAt: now,
  });
  const moves = app.status === 'PENDING' || app.status === 'SUBMITTED';
  await tx
    .update(applications)
    .set({ paid: true, updatedAt: now, ...(moves ? { status: 'PENDING_REVIEW' as const, reviewNotes: input.reviewNote } : {}) })
    .where(eq(applications.id, app.id));
  const history: (typeof applicationHistory.$inferInsert)[] = [];
  if (input.closedReference) {
    history.push({
      applicationId: app.id,
      kind: 'PAYMENT',
      fromValue: 'pending',
      toValue: 'expired',
      note: `Payment reference ${input.closedReference} closed: the fee was waived`,
      actorId: input.actor.id,
    });
  }
  history.push({ applicationId: app.id, kind: 'PAYMENT', fromValue: null, toValue: 'waived', note: `Fee waived with a fee waiver code (${input.reference})`, actorId: input.actor.id });
  if (moves) history.push({ applicationId: app.id, kind: 'STATUS', fromValue: app.status, toValue: 'PENDING_REVIEW', note: input.reviewNote, actorId: input.actor.id });
  await tx.insert(applicationHistory).values(history);
  await tx.insert(auditLog).values({
    actorId: input.actor.id,
    actorEmail: input.actor.email,
    action: 'payment.waived',
    target: `application:${app.id}`,
    outcome: 'success',
    ip: input.actor.ip,
    detail: `fee waiver ${input.waiverId}, reference ${input.reference}`,
  });
  return { status: moves ? 'PENDING_REVIEW' : app.status };
}
