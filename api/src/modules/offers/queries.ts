/**
 * SQL of offers and decision letters. Every change of an offer's state is a
 * conditional update from OPEN (a claim): an answer, an automatic decline and
 * the lapse job on any number of instances cannot move the same offer twice.
 */
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { ApplicationStatus, LetterKind, OfferState, OfferType } from 'shared-api/contract';
import type { Executor } from '../../infrastructure/database/client';
import { applicationHistory, applications, decisionLetters, intakes, offers, programs, universities, users } from '../../infrastructure/database/schema';
import { rowsOf } from '../../infrastructure/database/sql';

export type OfferRow = typeof offers.$inferSelect;
export type LetterRow = typeof decisionLetters.$inferSelect;

/** What offers and letters need of an application. */
export interface ApplicationFacts {
  id: number;
  userId: number;
  universityId: number;
  universityName: string;
  status: ApplicationStatus;
  intakeId: number | null;
  fullName: string;
  /** The account's address, else the application's own. */
  email: string;
  reviewNotes: string | null;
  approvedProgramName: string | null;
  firstChoiceName: string | null;
}

const facts = {
  id: applications.id,
  userId: applications.userId,
  universityId: applications.universityId,
  universityName: universities.name,
  status: applications.status,
  intakeId: applications.intakeId,
  fullName: applications.fullName,
  email: sql<string>`coalesce(${users.email}, ${applications.email})`,
  reviewNotes: applications.reviewNotes,
  approvedProgramName: sql<string | null>`(select p.name from ${programs} p where p.id = ${applications.approvedProgramId})`,
  firstChoiceName: sql<string | null>`(select p.name from application_choices c join ${programs} p on p.id = c.program_id
    where c.application_id = ${applications.id} order by c.priority limit 1)`,
};

export async function applicationFacts(db: Executor, applicationId: number): Promise<ApplicationFacts | undefined> {
  const [row] = await db
    .select(facts)
    .from(applications)
    .innerJoin(universities, eq(universities.id, applications.universityId))
    .leftJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row;
}

export interface OfferWithProgram extends OfferRow {
  programName: string;
}

export async function insertOffer(
  tx: Executor,
  values: { applicationId: number; programId: number; type: OfferType; conditions: string | null; replyBy: Date; createdBy: number; createdAt: Date },
): Promise<OfferRow> {
  const [row] = await tx.insert(offers).values(values).returning();
  return row!;
}

export async function programName(db: Executor, programId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: programs.name }).from(programs).where(eq(programs.id, programId)).limit(1);
  return row?.name;
}

export async function findOffer(db: Executor, offerId: number): Promise<OfferWithProgram | undefined> {
  const [row] = await db.select({ offer: offers, programName: programs.name }).from(offers).innerJoin(programs, eq(programs.id, offers.programId)).where(eq(offers.id, offerId)).limit(1);
  return row ? { ...row.offer, programName: row.programName } : undefined;
}

/** The newest offer of an application, if any. */
export async function latestOffer(db: Executor, applicationId: number): Promise<OfferWithProgram | undefined> {
  const [row] = await db
    .select({ offer: offers, programName: programs.name })
    .from(offers)
    .innerJoin(programs, eq(programs.id, offers.programId))
    .where(eq(offers.applicationId, applicationId))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(1);
  return row ? { ...row.offer, programName: row.programName } : undefined;
}

/**
 * Moves an open offer to `to` at `now`; with `beforeDeadline`, only while its
 * reply deadline has not passed. Undefined when another answer (or the lapse
 * job) got there first.
 */
export async function claimOffer(tx: Executor, offerId: number, to: Exclude<OfferState, 'OPEN'>, now: Date, beforeDeadline: boolean): Promise<OfferRow | undefined> {
  const [row] = await tx
    .update(offers)
    .set({ state: to, answeredAt: now })
    .where(and(eq(offers.id, offerId), eq(offers.state, 'OPEN'), beforeDeadline ? gt(offers.replyBy, now) : undefined))
    .returning();
  return row;
}

/**
 * Claims up to `limit` open offers whose deadline has passed: LAPSED in one
 * conditional update. Rows another instance is lapsing at the same moment
 * are skipped (it owns them), never lapsed twice.
 */
export async function claimDueOffers(tx: Executor, now: Date, limit: number): Promise<OfferRow[]> {
  const due = tx
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.state, 'OPEN'), lte(offers.replyBy, now)))
    .orderBy(offers.replyBy, offers.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(offers)
    .set({ state: 'LAPSED', answeredAt: now })
    .where(and(eq(offers.state, 'OPEN'), sql`${offers.id} in (${due})`))
    .returning();
}

/**
 * Claims up to `limit` open offers whose deadline is within `horizonMs` of
 * `now` (and still ahead) and that were not warned yet: `lapse_warned_at` set
 * in one conditional update, rows another instance is claiming skipped. An
 * offer made with less than that before its deadline is not warned: the
 * offer's own message already gave the deadline.
 */
export async function claimLapsingOffers(tx: Executor, now: Date, horizonMs: number, limit: number): Promise<OfferRow[]> {
  const horizon = new Date(now.getTime() + horizonMs);
  const due = tx
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(
        eq(offers.state, 'OPEN'),
        isNull(offers.lapseWarnedAt),
        gt(offers.replyBy, now),
        lte(offers.replyBy, horizon),
        sql`${offers.createdAt} <= ${offers.replyBy} - ${`${Math.round(horizonMs / 1000)} seconds`}::interval`,
      ),
    )
    .orderBy(offers.replyBy, offers.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(offers)
    .set({ lapseWarnedAt: now })
    .where(and(eq(offers.state, 'OPEN'), isNull(offers.lapseWarnedAt), sql`${offers.id} in (${due})`))
    .returning();
}

/** Sets the application's status only while it is `from` (compare-and-set). */
export async function moveApplication(tx: Executor, applicationId: number, from: ApplicationStatus, to: ApplicationStatus, now: Date): Promise<boolean> {
  const rows = await tx
    .update(applications)
    .set({ status: to, updatedAt: now })
    .where(and(eq(applications.id, applicationId), eq(applications.status, from)))
    .returning({ id: applications.id });
  return rows.length > 0;
}

/**
 * The applicant's other open offers in the same intake: on applications whose
 * intake overlaps this one's dates (the same admission round, at this or
 * another university; one applicant has one application per intake of a
 * university).
 */
export async function otherOpenOffersInIntake(tx: Executor, userId: number, intakeId: number, exceptOfferId: number): Promise<{ offerId: number; applicationId: number }[]> {
  const result = await tx.execute(sql`select o.id as offer_id, o.application_id
    from ${offers} o
    join ${applications} a on a.id = o.application_id
    join ${intakes} other on other.id = a.intake_id
    join ${intakes} mine on mine.id = ${intakeId}
    where o.state = 'OPEN' and o.id <> ${exceptOfferId} and a.user_id = ${userId}
      and other.opens_at < mine.closes_at and mine.opens_at < other.closes_at
    order by o.id`);
  return rowsOf<{ offer_id: number; application_id: number }>(result).map((r) => ({ offerId: Number(r.offer_id), applicationId: Number(r.application_id) }));
}

export async function insertHistory(
  tx: Executor,
  entry: { applicationId: number; kind: 'STATUS' | 'LETTER'; from?: string | null; to?: string | null; note: string; actorId: number | null },
): Promise<void> {
  await tx.insert(applicationHistory).values({
    applicationId: entry.applicationId,
    kind: entry.kind,
    fromValue: entry.from ?? null,
    toValue: entry.to ?? null,
    note: entry.note,
    actorId: entry.actorId,
  });
}

/* ---------- letters ---------- */

export async function insertLetter(tx: Executor, values: { applicationId: number; offerId: number | null; kind: LetterKind; code: string; createdAt: Date }): Promise<LetterRow> {
  const [row] = await tx.insert(decisionLetters).values(values).returning();
  return row!;
}

export async function lettersOf(db: Executor, applicationId: number): Promise<LetterRow[]> {
  return db.select().from(decisionLetters).where(eq(decisionLetters.applicationId, applicationId)).orderBy(decisionLetters.createdAt, decisionLetters.id);
}

export async function findLetter(db: Executor, letterId: number): Promise<LetterRow | undefined> {
  const [row] = await db.select().from(decisionLetters).where(eq(decisionLetters.id, letterId)).limit(1);
  return row;
}

export async function findLetterByCode(db: Executor, code: string): Promise<LetterRow | undefined> {
  const [row] = await db.select().from(decisionLetters).where(eq(decisionLetters.code, code)).limit(1);
  return row;
}
