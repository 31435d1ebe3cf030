/**
 * SQL of admission rounds: intakes, the programs they offer with their
 * places, and the counts capacity is judged by. Rules live in service.ts.
 */
import { and, asc, eq, gt, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { DECIDABLE_STATUSES, type IntakeCapacityRow } from 'shared-api/contract';
import type { Executor } from '../../infrastructure/database/client';
import { applicationChoices, applications, intakePrograms, intakes, programs } from '../../infrastructure/database/schema';
import { rowsOf } from '../../infrastructure/database/sql';

export type IntakeRow = typeof intakes.$inferSelect;
export type IntakeValues = Pick<IntakeRow, 'universityId' | 'name' | 'opensAt' | 'closesAt' | 'fees'>;
export interface IntakeProgramRow {
  intakeId: number;
  programId: number;
  programName: string;
  capacity: number | null;
}

export async function findIntake(db: Executor, id: number): Promise<IntakeRow | undefined> {
  const [row] = await db.select().from(intakes).where(eq(intakes.id, id)).limit(1);
  return row;
}

export function intakesOfUniversity(db: Executor, universityId: number): Promise<IntakeRow[]> {
  return db.select().from(intakes).where(eq(intakes.universityId, universityId)).orderBy(asc(intakes.opensAt), asc(intakes.id));
}

/** The offered programs of these intakes, with their names, in program order. */
export async function programsOfIntakes(db: Executor, intakeIds: number[]): Promise<IntakeProgramRow[]> {
  if (intakeIds.length === 0) return [];
  return db
    .select({ intakeId: intakePrograms.intakeId, programId: intakePrograms.programId, programName: programs.name, capacity: intakePrograms.capacity })
    .from(intakePrograms)
    .innerJoin(programs, eq(programs.id, intakePrograms.programId))
    .where(inArray(intakePrograms.intakeId, intakeIds))
    .orderBy(asc(intakePrograms.intakeId), asc(programs.name), asc(programs.id));
}

/** Applications into each of these intakes (any status). */
export async function applicationCounts(db: Executor, intakeIds: number[]): Promise<Map<number, number>> {
  if (intakeIds.length === 0) return new Map();
  const rows = await db
    .select({ intakeId: applications.intakeId, n: sql<number>`count(*)::int` })
    .from(applications)
    .where(inArray(applications.intakeId, intakeIds))
    .groupBy(applications.intakeId);
  return new Map(rows.map((r) => [r.intakeId!, Number(r.n)]));
}

export async function intakeHasApplications(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: applications.id }).from(applications).where(eq(applications.intakeId, id)).limit(1);
  return row !== undefined;
}

/** Another intake of the university with the same name (case ignored) whose dates overlap these. */
export async function overlappingIntakeWithName(db: Executor, universityId: number, name: string, opensAt: Date, closesAt: Date, exceptId?: number): Promise<IntakeRow | undefined> {
  const [row] = await db
    .select()
    .from(intakes)
    .where(
      and(
        eq(intakes.universityId, universityId),
        sql`lower(${intakes.name}) = lower(${name})`,
        lt(intakes.opensAt, closesAt),
        gt(intakes.closesAt, opensAt),
        exceptId === undefined ? undefined : ne(intakes.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export async function insertIntake(tx: Executor, values: IntakeValues, offered: { programId: number; capacity: number | null }[]): Promise<number> {
  const [row] = await tx.insert(intakes).values(values).returning({ id: intakes.id });
  await tx.insert(intakePrograms).values(offered.map((p) => ({ intakeId: row!.id, ...p })));
  return row!.id;
}

/** Replaces the intake's fields and its whole program list. */
export async function updateIntake(tx: Executor, id: number, values: Omit<IntakeValues, 'universityId'>, offered: { programId: number; capacity: number | null }[]): Promise<void> {
  await tx
    .update(intakes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(intakes.id, id));
  await tx.delete(intakePrograms).where(eq(intakePrograms.intakeId, id));
  await tx.insert(intakePrograms).values(offered.map((p) => ({ intakeId: id, ...p })));
}

export async function deleteIntake(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx.delete(intakes).where(eq(intakes.id, id)).returning({ id: intakes.id });
  return rows.length > 0;
}

/** The submitted application of this applicant in this intake, if any. */
export async function applicationInIntake(db: Executor, userId: number, intakeId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.userId, userId), eq(applications.intakeId, intakeId), isNotNull(applications.intakeId)))
    .limit(1);
  return row?.id;
}

/**
 * The intake's places in one program, locked until the transaction ends: two
 * decisions on the last place take turns here, and the second one counts the
 * first one's acceptance. Undefined when the intake does not offer the program.
 */
export async function lockIntakeProgram(tx: Executor, intakeId: number, programId: number): Promise<{ capacity: number | null; programName: string } | undefined> {
  const result = await tx.execute(sql`select ip.capacity, p.name as program_name
    from ${intakePrograms} ip join ${programs} p on p.id = ip.program_id
    where ip.intake_id = ${intakeId} and ip.program_id = ${programId}
    for update of ip`);
  const [row] = rowsOf<{ capacity: number | null; program_name: string }>(result);
  return row ? { capacity: row.capacity === null ? null : Number(row.capacity), programName: row.program_name } : undefined;
}

/** Statuses that hold a place of the intake's program: accepted, and an open offer (issue 17). */
export const PLACE_HOLDING = ['APPROVED', 'OFFERED'] as const;

/** Applications holding a place in the program (approved, or with an open offer). */
export async function acceptedCount(db: Executor, intakeId: number, programId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(eq(applications.intakeId, intakeId), inArray(applications.status, [...PLACE_HOLDING]), eq(applications.approvedProgramId, programId)));
  return Number(row?.n ?? 0);
}

/**
 * Per offered program of the intake: accepted (approved into it), offered
 * (an open offer holds a place), pending (undecided applications that chose
 * it, at any priority), waitlisted for it, and the first on its waitlist when
 * an offer in it was declined or lapsed and a place is free.
 */
export async function capacityOfIntake(db: Executor, intakeId: number): Promise<IntakeCapacityRow[]> {
  const result = await db.execute(sql`select ip.program_id, p.name as program_name, ip.capacity,
      (select count(*)::int from ${applications} a
        where a.intake_id = ip.intake_id and a.status = 'APPROVED' and a.approved_program_id = ip.program_id) as accepted,
      (select count(*)::int from ${applications} a
        where a.intake_id = ip.intake_id and a.status = 'OFFERED' and a.approved_program_id = ip.program_id) as offered,
      (select count(*)::int from ${applications} a
        where a.intake_id = ip.intake_id and a.status in ('OFFER_DECLINED', 'OFFER_LAPSED') and a.approved_program_id = ip.program_id) as released,
      (select count(*)::int from ${applications} a join ${applicationChoices} c on c.application_id = a.id
        where a.intake_id = ip.intake_id and a.status in (${sql.join(
          DECIDABLE_STATUSES.filter((s) => s !== 'WAITLISTED').map((s) => sql`${s}`),
          sql`, `,
        )}) and c.program_id = ip.program_id) as pending,
      (select count(*)::int from ${applications} a
        where a.intake_id = ip.intake_id and a.status = 'WAITLISTED' and a.approved_program_id = ip.program_id) as waitlisted,
      (select json_build_object('applicationId', a.id, 'fullName', a.full_name) from ${applications} a
        where a.intake_id = ip.intake_id and a.status = 'WAITLISTED' and a.approved_program_id = ip.program_id
        order by a.updated_at, a.id limit 1) as next_on_waitlist
    from ${intakePrograms} ip join ${programs} p on p.id = ip.program_id
    where ip.intake_id = ${intakeId}
    order by p.name, p.id`);
  type Row = { program_id: number; program_name: string; capacity: number | null; accepted: number; offered: number; released: number; pending: number; waitlisted: number; next_on_waitlist: unknown };
  return rowsOf<Row>(result).map((r) => {
    const capacity = r.capacity === null ? null : Number(r.capacity);
    const accepted = Number(r.accepted);
    const offered = Number(r.offered);
    const next = (typeof r.next_on_waitlist === 'string' ? JSON.parse(r.next_on_waitlist) : r.next_on_waitlist) as { applicationId: number; fullName: string } | null;
    const placeFree = capacity === null || accepted + offered < capacity;
    return {
      programId: Number(r.program_id),
      programName: r.program_name,
      capacity,
      accepted,
      pending: Number(r.pending),
      offered,
      waitlisted: Number(r.waitlisted),
      nextOnWaitlist: next && Number(r.released) > 0 && placeFree ? { applicationId: Number(next.applicationId), fullName: next.fullName } : null,
    };
  });
}
