import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../database/client';
import { mailOutbox } from '../database/schema';
import { claimDueRows } from '../jobs/outbox-claim';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertOutbox(db: Executor, values: typeof mailOutbox.$inferInsert): Promise<OutboxRow> {
  const [row] = await db.insert(mailOutbox).values(values).returning();
  return row!;
}

/**
 * Claims up to `limit` pending messages that are due, pushing their next
 * attempt forward by `leaseMs` so that another worker (another instance)
 * does not send them at the same time (jobs/outbox-claim.ts).
 */
export function claimDue(db: Executor, limit: number, leaseMs: number, onlyId?: number): Promise<OutboxRow[]> {
  return claimDueRows(db, mailOutbox, { limit, leaseMs, ...(onlyId === undefined ? {} : { onlyId }) });
}

/** `replaceText`: what to keep of a body that must not outlive its delivery. */
export async function markSent(db: Executor, id: number, replaceText?: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null, attempts: sql`${mailOutbox.attempts} + 1`, ...(replaceText === undefined ? {} : { text: replaceText }) })
    .where(eq(mailOutbox.id, id));
}

export async function markFailedAttempt(db: Executor, id: number, error: string, nextAttemptAt: Date | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: nextAttemptAt ? 'pending' : 'failed',
      lastError: error.slice(0, 500),
      attempts: sql`${mailOutbox.attempts} + 1`,
      ...(nextAttemptAt ? { nextAttemptAt } : {}),
    })
    .where(eq(mailOutbox.id, id));
}

/** The newest message to an address (the development outbox reader). */
export async function latestTo(db: Executor, to: string): Promise<OutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`)
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}
