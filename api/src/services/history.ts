/**
 * The application timeline: every status change and payment event is one
 * row (who, when, from, to, note). Writers pass their transaction so the
 * entry commits with the change it describes; readers load the entries of a
 * whole page of applications in one query, oldest first.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { HistoryEntry } from 'shared-api/contract';
import type { Executor } from '../db/client';
import { applicationHistory, users } from '../db/schema';

export interface HistoryInput {
  applicationId: number;
  kind: 'STATUS' | 'PAYMENT';
  from?: string | null;
  to?: string | null;
  note?: string | null;
  /** The user who caused the change; null for the system (for example a payment webhook). */
  actorId?: number | null;
}

export async function recordHistory(tx: Executor, entry: HistoryInput): Promise<void> {
  await tx.insert(applicationHistory).values({
    applicationId: entry.applicationId,
    kind: entry.kind,
    fromValue: entry.from ?? null,
    toValue: entry.to ?? null,
    note: entry.note ?? null,
    actorId: entry.actorId ?? null,
  });
}

/** Entries of each application, oldest first, with the actor's name and role. */
export async function historyFor(db: Executor, applicationIds: number[]): Promise<Map<number, HistoryEntry[]>> {
  const out = new Map<number, HistoryEntry[]>();
  if (applicationIds.length === 0) return out;
  const rows = await db
    .select({
      id: applicationHistory.id,
      applicationId: applicationHistory.applicationId,
      at: applicationHistory.createdAt,
      kind: applicationHistory.kind,
      from: applicationHistory.fromValue,
      to: applicationHistory.toValue,
      note: applicationHistory.note,
      actorId: users.id,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorRole: users.role,
    })
    .from(applicationHistory)
    .leftJoin(users, eq(users.id, applicationHistory.actorId))
    .where(inArray(applicationHistory.applicationId, applicationIds))
    .orderBy(asc(applicationHistory.applicationId), asc(applicationHistory.createdAt), asc(applicationHistory.id));
  for (const row of rows) {
    const list = out.get(row.applicationId) ?? [];
    list.push({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      from: row.from,
      to: row.to,
      note: row.note,
      actor:
        row.actorId !== null && row.actorRole !== null
          ? { id: row.actorId, name: `${row.actorFirstName ?? ''} ${row.actorLastName ?? ''}`.trim(), role: row.actorRole }
          : null,
    });
    out.set(row.applicationId, list);
  }
  return out;
}
