/**
 * SQL of the payments area. State transitions are conditional updates inside
 * one transaction with the application row locked, so concurrent verify,
 * webhook and reconciliation calls change a payment exactly once.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { DECIDABLE_STATUSES, PAYMENT_REVIEW_NOTE, type ApplicationStatus } from 'shared-api/contract';
import type { Executor } from '../../infrastructure/database/client';
import { applicationHistory, applications, auditLog, intakes, lencoSandboxCollections, payments, universities, users } from '../../infrastructure/database/schema';

export type PaymentRow = typeof payments.$inferSelect;

export interface PaymentApplication {
  id: number;
  userId: number;
  universityId: number;
  status: ApplicationStatus;
  paid: boolean;
}

const applicationColumns = {
  id: applications.id,
  userId: applications.userId,
  universityId: applications.universityId,
  status: applications.status,
  paid: applications.paid,
};

export async function findPaymentApplication(db: Executor, applicationId: number): Promise<PaymentApplication | undefined> {
  const [row] = await db.select(applicationColumns).from(applications).where(eq(applications.id, applicationId)).limit(1);
  return row;
}

export interface FeeFacts {
  nationality: string;
  /** The fee table of the application's intake; null without an intake. */
  fees: { category: string; amount: number; currency: string }[] | null;
}

/** What the fee of an application follows from: the nationality and its intake's fee table. */
export async function findFeeFacts(db: Executor, applicationId: number): Promise<FeeFacts | undefined> {
  const [row] = await db
    .select({ nationality: applications.nationality, fees: intakes.fees })
    .from(applications)
    .leftJoin(intakes, eq(intakes.id, applications.intakeId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row;
}

export async function findOpenPayment(db: Executor, applicationId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.applicationId, applicationId), eq(payments.status, 'pending')))
    .limit(1);
  return row;
}

/**
 * Inserts a pending payment unless the application already has one open
 * (partial unique index payments_one_open_per_application): returns the new
 * row, or undefined when another request won the race.
 */
export async function insertOpenPayment(db: Executor, values: { applicationId: number; userId: number; reference: string; amount: string; currency: string }): Promise<PaymentRow | undefined> {
  const [row] = await db
    .insert(payments)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findPaymentByReference(db: Executor, reference: string): Promise<{ payment: PaymentRow; application: PaymentApplication } | undefined> {
  const [row] = await db
    .select({ payment: payments, application: applicationColumns })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .where(eq(payments.reference, reference))
    .limit(1);
  return row;
}

/** What the provider said last, whatever the payment's state. */
export async function recordProviderCheck(db: Executor, paymentId: number, check: { providerStatus: string; channel: string | null; payload: unknown }): Promise<void> {
  await db
    .update(payments)
    .set({
      providerStatus: check.providerStatus,
      ...(check.channel ? { channel: check.channel } : {}),
      providerPayload: check.payload ?? null,
      lastCheckedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId));
}

export async function insertPaymentHistory(db: Executor, entry: { applicationId: number; from: string | null; to: string | null; note: string; actorId: number | null }) {
  await db.insert(applicationHistory).values({
    applicationId: entry.applicationId,
    kind: 'PAYMENT',
    fromValue: entry.from,
    toValue: entry.to,
    note: entry.note,
    actorId: entry.actorId,
  });
}

export interface TransitionActor {
  id: number | null;
  email: string | null;
  ip: string | null;
  /** verify, webhook or reconcile: recorded in the audit log. */
  source: string;
}

async function audit(db: Executor, actor: TransitionActor, action: string, target: string, detail: string) {
  await db.insert(auditLog).values({ actorId: actor.id, actorEmail: actor.email, action, target, outcome: 'success', ip: actor.ip, detail });
}

export type TransitionResult = { changed: false } | { changed: true; paymentStatus: string; applicationStatus: ApplicationStatus; applicationMoved: boolean };

/** Statuses a payment may still leave: open, or expired by reconciliation yet paid later. */
const OPEN_STATUSES = ['pending', 'expired'];

/**
 * The one place an application becomes paid: the payment turns successful and
 * the application is marked paid and moved to PENDING_REVIEW (when it was
 * still undecided), with history and audit entries — in one transaction, once.
 */
export async function completePayment(
  db: Executor,
  input: { paymentId: number; applicationId: number; reference: string; amountLabel: string; actor: TransitionActor },
  /** Runs inside the transaction once the payment is successful (the applicant's SMS). */
  onSuccessful?: (tx: Executor) => Promise<unknown>,
): Promise<TransitionResult> {
  return db.transaction(async (tx) => {
    const [app] = await tx.select(applicationColumns).from(applications).where(eq(applications.id, input.applicationId)).for('update');
    if (!app) return { changed: false };
    const now = new Date();
    const target = app.paid ? 'duplicate' : 'successful';
    const [updated] = await tx
      .update(payments)
      .set({ status: target, paidAt: now, updatedAt: now })
      .where(and(eq(payments.id, input.paymentId), inArray(payments.status, OPEN_STATUSES)))
      .returning({ id: payments.id });
    if (!updated) return { changed: false };
    if (target === 'duplicate') {
      // Money arrived for an application paid through another reference: keep the evidence for a refund.
      await insertPaymentHistory(tx, {
        applicationId: app.id,
        from: 'pending',
        to: 'duplicate',
        note: `Duplicate payment received (${input.amountLabel}, ${input.reference}): refund required`,
        actorId: input.actor.id,
      });
      await audit(tx, input.actor, 'payment.duplicate', `application:${app.id}`, `reference ${input.reference} via ${input.actor.source}`);
      return { changed: true, paymentStatus: 'duplicate', applicationStatus: app.status, applicationMoved: false };
    }
    const moves = app.status === 'PENDING' || app.status === 'SUBMITTED';
    const applicationStatus: ApplicationStatus = moves ? 'PENDING_REVIEW' : app.status;
    // Money for a payment started while the fee was owed, arriving after the
    // decision: recorded all the same (it did arrive), and staff are told.
    const decided = !DECIDABLE_STATUSES.includes(app.status);
    await tx
      .update(applications)
      .set({ paid: true, updatedAt: now, ...(moves ? { status: 'PENDING_REVIEW' as const, reviewNotes: PAYMENT_REVIEW_NOTE } : {}) })
      .where(eq(applications.id, app.id));
    await insertPaymentHistory(tx, {
      applicationId: app.id,
      from: 'pending',
      to: 'successful',
      note: decided
        ? `Payment received after the application was decided (${app.status}) (${input.amountLabel}, ${input.reference}): refund may be due`
        : `Payment completed (${input.amountLabel}, ${input.reference})`,
      actorId: input.actor.id,
    });
    if (moves) {
      await tx.insert(applicationHistory).values({
        applicationId: app.id,
        kind: 'STATUS',
        fromValue: app.status,
        toValue: 'PENDING_REVIEW',
        note: PAYMENT_REVIEW_NOTE,
        actorId: input.actor.id,
      });
    }
    await audit(tx, input.actor, 'payment.successful', `application:${app.id}`, `reference ${input.reference} via ${input.actor.source}`);
    await onSuccessful?.(tx);
    return { changed: true, paymentStatus: 'successful', applicationStatus, applicationMoved: moves };
  });
}

/** pending → failed (provider failure, or a successful payment of the wrong amount/currency), or expired. Once. */
export async function closePayment(
  db: Executor,
  input: { paymentId: number; applicationId: number; reference: string; to: 'failed' | 'expired'; note: string; actor: TransitionActor },
  /** Runs inside the transaction once the payment is closed (the applicant's SMS). */
  onClosed?: (tx: Executor) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payments)
      .set({ status: input.to, updatedAt: new Date() })
      .where(and(eq(payments.id, input.paymentId), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    if (!updated) return false;
    await insertPaymentHistory(tx, { applicationId: input.applicationId, from: 'pending', to: input.to, note: input.note, actorId: input.actor.id });
    await audit(tx, input.actor, `payment.${input.to}`, `application:${input.applicationId}`, `reference ${input.reference} via ${input.actor.source}: ${input.note}`);
    await onClosed?.(tx);
    return true;
  });
}

/** Open payments old enough to re-check, least recently checked first. */
export async function listPaymentsToReconcile(db: Executor, options: { createdBefore: Date; checkedBefore: Date; limit: number }) {
  return db
    .select({ reference: payments.reference, createdAt: payments.createdAt })
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, options.createdBefore), or(isNull(payments.lastCheckedAt), lt(payments.lastCheckedAt, options.checkedBefore))))
    .orderBy(sql`${payments.lastCheckedAt} asc nulls first`, asc(payments.id))
    .limit(options.limit);
}

/* ---------- offline sandbox ---------- */
export type SandboxCollection = typeof lencoSandboxCollections.$inferSelect;

export async function saveSandboxCollection(db: Executor, values: { reference: string; status: string; channel: string; amount: string; currency: string; succeedsAt: Date | null }): Promise<void> {
  await db
    .insert(lencoSandboxCollections)
    .values(values)
    .onConflictDoUpdate({
      target: lencoSandboxCollections.reference,
      set: { status: values.status, channel: values.channel, amount: values.amount, currency: values.currency, succeedsAt: values.succeedsAt, updatedAt: new Date() },
    });
}

export async function findSandboxCollection(db: Executor, reference: string): Promise<SandboxCollection | undefined> {
  const [row] = await db.select().from(lencoSandboxCollections).where(eq(lencoSandboxCollections.reference, reference)).limit(1);
  return row;
}

export interface ReceiptRow {
  paymentId: number;
  reference: string;
  amount: string;
  currency: string;
  channel: string | null;
  paidAt: Date | null;
  providerPayload: unknown;
  applicationId: number;
  userId: number;
  universityId: number;
  applicantName: string;
  universityName: string;
  accountEmail: string | null;
}

/** The successful payment of an application, with what its receipt names. */
export async function findReceiptRow(db: Executor, applicationId: number): Promise<ReceiptRow | undefined> {
  const [row] = await db
    .select({
      paymentId: payments.id,
      reference: payments.reference,
      amount: payments.amount,
      currency: payments.currency,
      channel: payments.channel,
      paidAt: payments.paidAt,
      providerPayload: payments.providerPayload,
      applicationId: applications.id,
      userId: applications.userId,
      universityId: applications.universityId,
      applicantName: applications.fullName,
      universityName: universities.name,
      accountEmail: users.email,
    })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(universities, eq(universities.id, applications.universityId))
    .leftJoin(users, eq(users.id, applications.userId))
    .where(and(eq(payments.applicationId, applicationId), eq(payments.status, 'successful')))
    .orderBy(asc(payments.id))
    .limit(1);
  return row;
}
