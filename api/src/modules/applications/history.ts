/**
 * The application timeline: every status change and payment event is one
 * row (who, when, from, to, note). Writers pass their transaction so the
 * entry commits with the change it describes; readers get the entries of a
 * whole page of applications in the statement that reads the page, oldest
 * first (queries.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { HistoryEntry } from 'shared-api/contract';
import type { Executor } from '../../infrastructure/database/client';
import { historiesOf, type HistoryData } from './queries';
import { applicationHistory } from '../../infrastructure/database/schema';

export interface HistoryInput {
  applicationId: number;
  kind: 'STATUS' | 'PAYMENT' | 'DOCUMENT' | 'ASSIGNMENT' | 'NOTE';
  from?: string | null;
  to?: string | null;
  note?: string | null;
  /** The user who caused the change; null for the system (for example a payment webhook). */
  actorId?: number | null;
}

/** How many entries the application's history holds (names one occurrence of an event inside the transaction that adds it). */
export async function historyCount(tx: Executor, applicationId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(applicationHistory)
    .where(eq(applicationHistory.applicationId, applicationId));
  return Number(row?.n ?? 0);
}

/** Entries about the staff's own work (who reviews it, that a note was written): never in an applicant's view or export. */
export const STAFF_ONLY_HISTORY = ['ASSIGNMENT', 'NOTE'] as const;
export const isStaffOnlyHistory = (kind: string) => (STAFF_ONLY_HISTORY as readonly string[]).includes(kind);

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

/** One timeline entry as the contract shows it: the actor's name and role, or null for the system. */
export function toHistoryEntry(entry: HistoryData): HistoryEntry {
  return {
    id: entry.id,
    at: entry.at,
    kind: entry.kind,
    from: entry.from,
    to: entry.to,
    note: entry.note,
    actor: entry.actorId !== null && entry.actorRole !== null ? { id: entry.actorId, name: `${entry.actorFirstName ?? ''} ${entry.actorLastName ?? ''}`.trim(), role: entry.actorRole } : null,
  };
}

/** Entries of each application that has any, oldest first. */
export async function historyFor(db: Executor, applicationIds: number[]): Promise<Map<number, HistoryEntry[]>> {
  const out = new Map<number, HistoryEntry[]>();
  for (const { id, history } of await historiesOf(db, applicationIds)) {
    if (history.length > 0) out.set(id, history.map(toHistoryEntry));
  }
  return out;
}
