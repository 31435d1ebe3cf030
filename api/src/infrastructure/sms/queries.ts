/** SQL of the SMS outbox and the offline sandbox's messages. */
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../database/client';
import { smsOutbox, smsSandboxMessages } from '../database/schema';
import { claimDueRows } from '../jobs/outbox-claim';

export type SmsRow = typeof smsOutbox.$inferSelect;

/** Inserts the row unless its idempotency key is taken; the new id, or null for a repeat. */
export async function insertSms(db: Executor, values: typeof smsOutbox.$inferInsert): Promise<number | null> {
  const [row] = await db.insert(smsOutbox).values(values).onConflictDoNothing({ target: smsOutbox.idempotencyKey }).returning({ id: smsOutbox.id });
  return row?.id ?? null;
}

/** Whether any text is due (a plain read: an idle worker opens no transaction). */
export async function anySmsDue(db: Executor, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.status, 'pending'), lte(smsOutbox.nextAttemptAt, now)))
    .limit(1);
  return rows.length > 0;
}

export function claimDueSms(db: Executor, limit: number, leaseMs: number, now: Date): Promise<SmsRow[]> {
  return claimDueRows(db, smsOutbox, { limit, leaseMs, now });
}

export async function markSmsSent(db: Executor, id: number, values: { at: Date; messageId: string | null; statusCode: number | null; cost: string | null; replaceBody?: string }): Promise<void> {
  await db
    .update(smsOutbox)
    .set({
      status: 'sent',
      sentAt: values.at,
      lastError: null,
      attempts: sql`${smsOutbox.attempts} + 1`,
      providerMessageId: values.messageId,
      providerStatusCode: values.statusCode,
      cost: values.cost,
      ...(values.replaceBody === undefined ? {} : { body: values.replaceBody }),
    })
    .where(eq(smsOutbox.id, id));
}

/** `nextAttemptAt` null: given up ('failed'), never retried. */
export async function markSmsAttemptFailed(db: Executor, id: number, error: string, nextAttemptAt: Date | null, statusCode: number | null): Promise<void> {
  await db
    .update(smsOutbox)
    .set({
      status: nextAttemptAt ? 'pending' : 'failed',
      lastError: error.slice(0, 300),
      attempts: sql`${smsOutbox.attempts} + 1`,
      providerStatusCode: statusCode,
      ...(nextAttemptAt ? { nextAttemptAt } : {}),
    })
    .where(eq(smsOutbox.id, id));
}

/** Records a delivery report on the message the provider names; false when no message has that id. */
export async function recordDelivery(db: Executor, messageId: string, status: string, failureReason: string | null, at: Date): Promise<boolean> {
  const rows = await db
    .update(smsOutbox)
    .set({ deliveryStatus: status, deliveryFailureReason: failureReason, deliveryReportedAt: at })
    .where(eq(smsOutbox.providerMessageId, messageId))
    .returning({ id: smsOutbox.id });
  return rows.length > 0;
}

/** Erasure: every text to the person, by account or by number. */
export async function deleteSmsOf(db: Executor, userId: number, numbers: string[]): Promise<void> {
  await db.delete(smsOutbox).where(eq(smsOutbox.userId, userId));
  if (numbers.length) {
    await db.delete(smsOutbox).where(inArray(smsOutbox.to, numbers));
    await db.delete(smsSandboxMessages).where(inArray(smsSandboxMessages.to, numbers));
  }
}

export async function insertSandboxMessage(db: Executor, values: typeof smsSandboxMessages.$inferInsert): Promise<void> {
  await db.insert(smsSandboxMessages).values(values);
}

export function latestSandboxMessages(db: Executor, limit: number, to?: string) {
  return db
    .select()
    .from(smsSandboxMessages)
    .where(to ? and(eq(smsSandboxMessages.to, to)) : undefined)
    .orderBy(desc(smsSandboxMessages.id))
    .limit(limit);
}
