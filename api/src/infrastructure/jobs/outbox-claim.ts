/**
 * The claim every outbox (mail, SMS) uses: up to `limit` pending rows that
 * are due, locked with `skip locked` and their next attempt pushed forward by
 * a lease, in one transaction, so that workers on several instances never
 * take the same row at the same time. A worker that dies mid-send leaves the
 * row to be taken again once its lease has passed.
 */
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../database/client';

/** The columns the claim needs; any outbox table has them. */
export interface OutboxTable extends PgTable {
  id: PgColumn;
  status: PgColumn;
  nextAttemptAt: PgColumn;
}

export interface ClaimOptions {
  limit: number;
  leaseMs: number;
  /** The time rows are due at; the database's own clock (now()) when absent. */
  now?: Date;
  onlyId?: number;
}

export async function claimDueRows<T extends OutboxTable>(db: Executor, table: T, options: ClaimOptions): Promise<T['$inferSelect'][]> {
  const now = options.now;
  const leaseUntil = new Date((now ?? new Date()).getTime() + options.leaseMs);
  const due: SQL = now ? lte(table.nextAttemptAt, now)! : lte(table.nextAttemptAt, sql`now()`)!;
  return db.transaction(async (tx) => {
    const rows = (await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(eq(table.status, 'pending'), due, options.onlyId === undefined ? undefined : eq(table.id, options.onlyId)))
      .orderBy(asc(table.nextAttemptAt), asc(table.id))
      .limit(options.limit)
      .for('update', { skipLocked: true })) as Array<{ id: number }>;
    if (rows.length === 0) return [];
    return (await tx
      .update(table as PgTable)
      .set({ nextAttemptAt: leaseUntil } as never)
      .where(
        inArray(
          table.id,
          rows.map((r) => r.id),
        ),
      )
      .returning()) as T['$inferSelect'][];
  });
}
