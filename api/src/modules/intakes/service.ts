/**
 * Admission rounds (issue 16): intakes of a university, the programs they
 * offer with their places, and the rules applying and accepting follow.
 *
 * Reach is the catalogue's: an ADMIN writes only its own university's intakes
 * (anything else is 404, as if it did not exist), a SUPERUSER any. Guests and
 * applicants see open and upcoming intakes only; staff in reach see all, with
 * how many applications each has. State is judged at `ctx.clock` time.
 */
import { ALREADY_APPLIED_TO_INTAKE_MESSAGE, INTAKE_CLOSED_MESSAGE, noPlacesLeftMessage, type Intake, type IntakeCapacity, type IntakeInput, type IntakeState } from 'shared-api/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { bumpStaffListVersion } from '../../infrastructure/caches/staff-list-version';
import type { Executor } from '../../infrastructure/database/client';
import { isForeignKeyViolation } from '../../infrastructure/database/sql';
import type { Actor, Caller } from '../../infrastructure/http/access';
import { audit } from '../audit';
import { CATALOGUE_MESSAGES, inReach, programsByIds, universityExists } from '../catalogue';
import * as q from './queries';

type Ctx = Pick<AppContext, 'db' | 'clock'>;
type IntakeBody = z.output<typeof IntakeInput>;

export const INTAKE_NOT_FOUND = 'Intake not found';
export const INTAKE_DELETED = 'Intake deleted successfully';
export const INTAKE_IN_USE = 'This intake has applications, so it cannot be deleted. Close it instead by moving its closing date to now.';
export const OVERRIDE_NEEDS_SUPERUSER = 'overrideReason: only a superuser can accept beyond the places of a program.';
export const OVERRIDE_ONLY_WHEN_ACCEPTING = 'overrideReason: only an acceptance can override the places of a program.';

export function intakeState(row: Pick<q.IntakeRow, 'opensAt' | 'closesAt'>, now: Date): IntakeState {
  if (now < row.opensAt) return 'UPCOMING';
  if (now >= row.closesAt) return 'CLOSED';
  return 'OPEN';
}

function toIntake(row: q.IntakeRow, offered: q.IntakeProgramRow[], now: Date, applicationCount?: number): Intake {
  return {
    id: row.id,
    universityId: row.universityId,
    name: row.name,
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    state: intakeState(row, now),
    programs: offered.map((p) => ({ programId: p.programId, programName: p.programName, capacity: p.capacity })),
    fees: row.fees.map((f) => ({ category: f.category, amount: f.amount, currency: f.currency })) as Intake['fees'],
    ...(applicationCount === undefined ? {} : { applicationCount }),
  };
}

/** Maps rows to the wire, with counts for staff in reach. */
async function present(ctx: Ctx, rows: q.IntakeRow[], withCounts: boolean): Promise<Intake[]> {
  const ids = rows.map((r) => r.id);
  const [offered, counts] = await Promise.all([q.programsOfIntakes(ctx.db, ids), withCounts ? q.applicationCounts(ctx.db, ids) : Promise.resolve(undefined)]);
  const now = ctx.clock.now();
  return rows.map((row) =>
    toIntake(
      row,
      offered.filter((p) => p.intakeId === row.id),
      now,
      counts ? (counts.get(row.id) ?? 0) : undefined,
    ),
  );
}

const seesAll = (caller: Caller | null, universityId: number) => caller !== null && inReach(caller, universityId);

export async function listIntakes(ctx: Ctx, caller: Caller | null, universityId: number): Promise<Intake[]> {
  if (!(await universityExists(ctx, universityId))) throw notFound(CATALOGUE_MESSAGES.universityNotFound);
  const staff = seesAll(caller, universityId);
  const now = ctx.clock.now();
  const rows = (await q.intakesOfUniversity(ctx.db, universityId)).filter((row) => staff || intakeState(row, now) !== 'CLOSED');
  return present(ctx, rows, staff);
}

export async function getIntake(ctx: Ctx, caller: Caller | null, id: number): Promise<Intake> {
  const row = await q.findIntake(ctx.db, id);
  if (!row) throw notFound(INTAKE_NOT_FOUND);
  const staff = seesAll(caller, row.universityId);
  if (!staff && intakeState(row, ctx.clock.now()) === 'CLOSED') throw notFound(INTAKE_NOT_FOUND);
  const [intake] = await present(ctx, [row], staff);
  return intake!;
}

/** The intake if the caller may change it; otherwise 404, as if it did not exist. */
async function intakeInReach(ctx: Ctx, caller: Caller, id: number): Promise<q.IntakeRow> {
  const row = await q.findIntake(ctx.db, id);
  if (!row || !inReach(caller, row.universityId)) throw notFound(INTAKE_NOT_FOUND);
  return row;
}

/** Every listed program exists and belongs to the intake's university; names the first that does not. */
async function checkOffered(ctx: Ctx, universityId: number, body: IntakeBody): Promise<void> {
  const found = await programsByIds(
    ctx,
    body.programs.map((p) => p.programId),
  );
  const byId = new Map(found.map((p) => [p.id, p]));
  for (const [index, { programId }] of body.programs.entries()) {
    const program = byId.get(programId);
    if (!program) throw badRequest(`programs.${index}.programId: program ${programId} does not exist`);
    if (program.universityId !== universityId) throw badRequest(`programs.${index}.programId: program ${programId} is not a program of this university`);
  }
}

async function checkNoOverlap(ctx: Ctx, universityId: number, body: IntakeBody, exceptId?: number): Promise<void> {
  const clash = await q.overlappingIntakeWithName(ctx.db, universityId, body.name, new Date(body.opensAt), new Date(body.closesAt), exceptId);
  if (clash) throw conflict(`name: another intake called "${clash.name}" overlaps these dates; choose another name or other dates`);
}

function valuesOf(body: IntakeBody) {
  return {
    name: body.name,
    opensAt: new Date(body.opensAt),
    closesAt: new Date(body.closesAt),
    fees: body.fees.map((f) => ({ category: f.category, amount: f.amount, currency: f.currency })),
  };
}

async function written(ctx: Ctx, actor: Actor, action: string, id: number, universityId: number) {
  // Application lists show the intake's name: staff pages cached under the old version are dropped.
  await bumpStaffListVersion(ctx.db);
  await audit(ctx, { actorId: actor.caller.id, actorEmail: actor.caller.email, action, target: `intake:${id}`, outcome: 'success', ip: actor.ip, detail: `university:${universityId}` });
}

export async function createIntake(ctx: Ctx, actor: Actor, universityId: number, body: IntakeBody): Promise<Intake> {
  const { caller } = actor;
  if (caller.role === 'ADMIN' && caller.universityId === null) throw forbidden(CATALOGUE_MESSAGES.noUniversity);
  if (!inReach(caller, universityId) || !(await universityExists(ctx, universityId))) throw notFound(CATALOGUE_MESSAGES.universityNotFound);
  await checkOffered(ctx, universityId, body);
  await checkNoOverlap(ctx, universityId, body);
  const id = await ctx.db.transaction((tx) => q.insertIntake(tx, { universityId, ...valuesOf(body) }, body.programs));
  await written(ctx, actor, 'intake.create', id, universityId);
  return getIntake(ctx, caller, id);
}

export async function updateIntake(ctx: Ctx, actor: Actor, id: number, body: IntakeBody): Promise<Intake> {
  const current = await intakeInReach(ctx, actor.caller, id);
  await checkOffered(ctx, current.universityId, body);
  await checkNoOverlap(ctx, current.universityId, body, id);
  await ctx.db.transaction((tx) => q.updateIntake(tx, id, valuesOf(body), body.programs));
  await written(ctx, actor, 'intake.update', id, current.universityId);
  return getIntake(ctx, actor.caller, id);
}

export async function deleteIntake(ctx: Ctx, actor: Actor, id: number): Promise<{ message: string }> {
  const current = await intakeInReach(ctx, actor.caller, id);
  try {
    await ctx.db.transaction(async (tx) => {
      if (await q.intakeHasApplications(tx, id)) throw conflict(INTAKE_IN_USE);
      if (!(await q.deleteIntake(tx, id))) throw notFound(INTAKE_NOT_FOUND);
    });
  } catch (err) {
    // An application arriving between the check and the delete: its foreign key refuses the delete.
    if (isForeignKeyViolation(err)) throw conflict(INTAKE_IN_USE);
    throw err;
  }
  await written(ctx, actor, 'intake.delete', id, current.universityId);
  return { message: INTAKE_DELETED };
}

export async function intakeCapacity(ctx: Ctx, caller: Caller, id: number): Promise<IntakeCapacity> {
  await intakeInReach(ctx, caller, id);
  return { intakeId: id, programs: await q.capacityOfIntake(ctx.db, id) };
}

/* ---------- applying ---------- */

/** 409 naming the applicant's first application in the intake: the client can point to it. */
export function alreadyApplied(applicationId: number): AppError {
  return new AppError(409, ALREADY_APPLIED_TO_INTAKE_MESSAGE, 'Conflict', { applicationId });
}

/**
 * The intake an application to this university goes into, or null for a
 * university that never defined one (the spec's behaviour: no intake, no
 * deadline). Refuses a closed or unknown intake, a program it does not offer,
 * and a second application of the same applicant to it.
 */
export async function intakeForApplication(
  ctx: Ctx,
  userId: number,
  universityId: number,
  requestedId: number | null | undefined,
  chosen: { id: number; name: string }[],
): Promise<q.IntakeRow | null> {
  const now = ctx.clock.now();
  let intake: q.IntakeRow;
  if (requestedId !== undefined && requestedId !== null) {
    const found = await q.findIntake(ctx.db, requestedId);
    if (!found) throw badRequest(`intakeId: intake ${requestedId} does not exist`);
    if (found.universityId !== universityId) throw badRequest('intakeId: this intake is not one of the chosen programs’ university');
    if (intakeState(found, now) !== 'OPEN') throw conflict(INTAKE_CLOSED_MESSAGE);
    intake = found;
  } else {
    const all = await q.intakesOfUniversity(ctx.db, universityId);
    if (all.length === 0) return null;
    const open = all.filter((row) => intakeState(row, now) === 'OPEN');
    if (open.length === 0) throw conflict(INTAKE_CLOSED_MESSAGE);
    // Exactly one open: the application goes into it, so clients of the spec
    // (which know nothing of intakes) keep working. Several: the applicant chooses.
    if (open.length > 1) throw badRequest(`intakeId: choose the intake to apply into (${open.map((row) => `${row.id}: ${row.name}`).join('; ')})`);
    intake = open[0]!;
  }
  const offered = new Set((await q.programsOfIntakes(ctx.db, [intake.id])).map((p) => p.programId));
  const missing = chosen.find((p) => !offered.has(p.id));
  if (missing) throw badRequest(`programIds: ${missing.name} is not offered in ${intake.name}`);
  const earlier = await q.applicationInIntake(ctx.db, userId, intake.id);
  if (earlier !== undefined) throw alreadyApplied(earlier);
  return intake;
}

/** After a unique violation of one-application-per-intake (two submissions at once): the 409 with the winner's id. */
export async function alreadyAppliedAfterRace(db: Executor, err: unknown, userId: number, intakeId: number | null): Promise<AppError | undefined> {
  if (intakeId === null) return undefined;
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth += 1) {
    if (e.code === '23505' && (e.constraint === undefined || e.constraint === 'applications_one_per_intake')) {
      const earlier = await q.applicationInIntake(db, userId, intakeId);
      return earlier === undefined ? undefined : alreadyApplied(earlier);
    }
  }
  return undefined;
}

/* ---------- accepting ---------- */

/**
 * Run inside the decision's transaction, before the decision is written: the
 * program's row of the intake stays locked until commit, so two acceptances
 * of the last place take turns and the second sees the first. Answers the
 * note to record when a SUPERUSER overrode a full program; throws 409 otherwise.
 */
export async function claimPlace(tx: Executor, caller: Caller, intakeId: number, programId: number, overrideReason: string | null): Promise<string | null> {
  const place = await q.lockIntakeProgram(tx, intakeId, programId);
  // A program no longer offered in the intake, or offered without a limit: no places to count.
  if (!place || place.capacity === null) return null;
  const accepted = await q.acceptedCount(tx, intakeId, programId);
  if (accepted < place.capacity) return null;
  if (caller.role !== 'SUPERUSER' || !overrideReason) throw conflict(noPlacesLeftMessage(place.programName));
  return `Accepted beyond the ${place.capacity} places of ${place.programName}: ${overrideReason}`;
}
