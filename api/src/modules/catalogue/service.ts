/**
 * Rules of the catalogue (spec §3, §5, §6, §7): who may read and change
 * universities, programs and courses, and the wire shapes the spec shows.
 * An ADMIN acts only inside the university of its account (never one named in
 * a body); a SUPERUSER anywhere; anything outside the caller's reach is 404.
 */
import type { Course, Program, University, CourseCreate, CourseUpdate, ProgramInput, UniversityInput } from 'shared-api/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import * as q from './queries';
import { bumpStaffListVersion } from '../../infrastructure/caches/staff-list-version';
import { isForeignKeyViolation } from '../../infrastructure/database/sql';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Actor, Caller } from '../../infrastructure/http/access';
import { audit } from '../audit';
import { catalogueCache } from '../../infrastructure/caches/public-cache';

type Ctx = Pick<AppContext, 'db' | 'config'>;
type Parsed<T extends z.ZodType> = z.output<T>;
type UniversityBody = Parsed<typeof UniversityInput>;
type ProgramBody = Parsed<typeof ProgramInput>;
type CourseCreateBody = Parsed<typeof CourseCreate>;
type CourseUpdateBody = Parsed<typeof CourseUpdate>;

export const MESSAGES = {
  universityNotFound: 'University not found',
  programNotFound: 'Program not found',
  courseNotFound: 'Course not found',
  universityInUse: 'This university still has programs or applications; remove them first.',
  programInUse: 'This program still has courses or applications; remove them first.',
  programCannotMove: 'This program has courses or applications; it cannot move to another university.',
  noUniversity: 'Your account is not linked to a university.',
  universityDeleted: 'University deleted successfully',
  programDeleted: 'Program deleted successfully',
  courseDeleted: 'Course deleted successfully',
} as const;

/**
 * Every successful catalogue write: cached public reads are dropped here, the
 * version other instances check signed-in reads against moves (programs and
 * universities move it by trigger already; courses only here), and the audit
 * log records it. Awaited before the response, so the writer's next read is fresh.
 */
async function written(ctx: Ctx, actor: Actor, action: string, target: string, detail?: string) {
  catalogueCache(ctx).invalidate();
  await bumpStaffListVersion(ctx.db);
  await audit(ctx, { actorId: actor.caller.id, actorEmail: actor.caller.email, action, target, outcome: 'success', ip: actor.ip, detail: detail ?? null });
}

/* ---------- wire shapes ---------- */

export function formatDuration(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

export function toUniversity(row: q.UniversityRow): University {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    website: row.website,
    contactInfo: row.contactInfo,
    about: row.about,
    imageUrl: row.imageUrl,
  };
}

export function toProgram(row: q.ProgramRow): Program {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    duration: formatDuration(row.durationYears),
    durationYears: row.durationYears,
    requirements: row.requirements,
    careerOpportunities: row.careerOpportunities,
    universityId: row.universityId,
    universityName: row.universityName,
    faculty: row.faculty,
    pointsCeiling: row.pointsCeiling,
  };
}

export function toCourse(row: q.CourseRow): Course {
  return {
    id: row.id,
    _id: row.id,
    courseName: row.courseName,
    courseDescription: row.courseDescription,
    sermisterToBeDone: row.semester,
    semesterToBeDone: row.semester,
    yearToBeStudied: row.year,
    programId: row.programId,
    universityId: row.universityId,
  };
}

/* ---------- reach ---------- */

/** Whether the caller may change things of this university. */
export function inReach(caller: Caller, universityId: number): boolean {
  if (caller.role === 'SUPERUSER') return true;
  return caller.role === 'ADMIN' && caller.universityId !== null && caller.universityId === universityId;
}

/** The ADMIN's own university, or a 403 for an ADMIN account bound to none. */
function adminUniversity(caller: Caller): number {
  if (caller.universityId === null) throw forbidden(MESSAGES.noUniversity);
  return caller.universityId;
}

/** '' and whitespace become null; undefined stays undefined (field not sent). */
function blankToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  return value.trim() === '' ? null : value;
}

/* ---------- universities ---------- */

/** The public list; a signed-in ADMIN bound to a university sees only it (spec §6). */
export function universityListScope(caller: Caller | null): number | undefined {
  if (caller?.role === 'ADMIN' && caller.universityId !== null) return caller.universityId;
  return undefined;
}

export async function listUniversities(ctx: Ctx, onlyId?: number): Promise<University[]> {
  return (await q.listUniversities(ctx.db, onlyId)).map(toUniversity);
}

/** Whether the university exists (for what other modules hang off one). */
export async function universityExists(ctx: Pick<AppContext, 'db'>, id: number): Promise<boolean> {
  return (await q.findUniversity(ctx.db, id)) !== undefined;
}

export async function getUniversity(ctx: Ctx, id: number): Promise<University> {
  const row = await q.findUniversity(ctx.db, id);
  if (!row) throw notFound(MESSAGES.universityNotFound);
  return toUniversity(row);
}

function universityValues(body: UniversityBody, current?: q.UniversityRow): q.UniversityValues {
  const pick = (value: string | null | undefined, previous: string | null | undefined) => {
    const cleaned = blankToNull(value);
    return cleaned === undefined ? (previous ?? null) : cleaned;
  };
  return {
    name: body.name,
    location: pick(body.location, current?.location),
    website: pick(body.website, current?.website),
    contactInfo: pick(body.contactInfo, current?.contactInfo),
    about: pick(body.about, current?.about),
    imageUrl: pick(body.imageUrl, current?.imageUrl),
  };
}

/**
 * A picture shown on public and staff pages must come from a host the
 * operator chose (UNIVERSITY_IMAGE_HOSTS): an arbitrary URL would let anyone
 * with the SUPERUSER's form place a tracking pixel in every visitor's page.
 * Only a newly given address is checked; one already stored stays until edited.
 */
function checkImageHost(ctx: Ctx, imageUrl: string | null | undefined): void {
  const cleaned = blankToNull(imageUrl);
  if (!cleaned) return;
  const host = new URL(cleaned).hostname.toLowerCase();
  if (!ctx.config.universityImageHosts.includes(host)) {
    throw badRequest(
      ctx.config.universityImageHosts.length === 0
        ? 'imageUrl: pictures from other sites are not allowed on this portal'
        : `imageUrl: the picture must be on one of these hosts: ${ctx.config.universityImageHosts.join(', ')}`,
    );
  }
}

export async function createUniversity(ctx: Ctx, actor: Actor, body: UniversityBody): Promise<University> {
  checkImageHost(ctx, body.imageUrl);
  const row = await q.insertUniversity(ctx.db, universityValues(body));
  await written(ctx, actor, 'university.create', `university:${row.id}`, row.name);
  return toUniversity(row);
}

export async function updateUniversity(ctx: Ctx, actor: Actor, id: number, body: UniversityBody): Promise<University> {
  const current = await q.findUniversity(ctx.db, id);
  if (!current) throw notFound(MESSAGES.universityNotFound);
  if (blankToNull(body.imageUrl) !== current.imageUrl) checkImageHost(ctx, body.imageUrl);
  const row = await q.updateUniversity(ctx.db, id, universityValues(body, current));
  if (!row) throw notFound(MESSAGES.universityNotFound);
  await written(ctx, actor, 'university.update', `university:${id}`, row.name);
  return toUniversity(row);
}

export async function deleteUniversity(ctx: Ctx, actor: Actor, id: number): Promise<{ message: string }> {
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await q.findUniversity(tx, id))) throw notFound(MESSAGES.universityNotFound);
      if (await q.universityHasDependents(tx, id)) throw conflict(MESSAGES.universityInUse);
      await q.deleteUniversity(tx, id);
    });
  } catch (err) {
    // A program or user added between the check and the delete: the foreign key refuses it.
    if (isForeignKeyViolation(err)) throw conflict(MESSAGES.universityInUse);
    throw err;
  }
  await written(ctx, actor, 'university.delete', `university:${id}`);
  return { message: MESSAGES.universityDeleted };
}

/* ---------- programs ---------- */

export async function listPrograms(ctx: Ctx, filter: q.ProgramFilter = {}): Promise<Program[]> {
  return (await q.listPrograms(ctx.db, filter)).map(toProgram);
}

export async function pagePrograms(ctx: Ctx, query: { page?: number; size?: number; search?: string; universityId?: number }) {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { rows, total } = await q.pagePrograms(ctx.db, { universityId: query.universityId, search: query.search || undefined }, page, size);
  return { items: rows.map(toProgram), total, page, size };
}

/** The programs with these ids that exist, with their university (for applying, and for an intake's offer). */
export function programsByIds(ctx: Pick<AppContext, 'db'>, ids: number[]): Promise<{ id: number; universityId: number; name: string }[]> {
  return q.findProgramsByIds(ctx.db, ids);
}

export async function getProgram(ctx: Ctx, id: number): Promise<Program> {
  const row = await q.findProgram(ctx.db, id);
  if (!row) throw notFound(MESSAGES.programNotFound);
  return toProgram(row);
}

export async function programsOfUniversity(ctx: Ctx, universityId: number): Promise<Program[]> {
  const [university, rows] = await Promise.all([q.findUniversity(ctx.db, universityId), q.listPrograms(ctx.db, { universityId })]);
  if (!university) throw notFound(MESSAGES.universityNotFound);
  return rows.map(toProgram);
}

function programValues(body: ProgramBody, universityId: number, current?: q.ProgramRow): q.ProgramValues {
  const pick = (value: string | null | undefined, previous: string | null | undefined) => {
    const cleaned = blankToNull(value);
    return cleaned === undefined ? (previous ?? null) : cleaned;
  };
  return {
    universityId,
    name: body.name,
    description: body.description,
    durationYears: body.duration,
    requirements: pick(body.requirements, current?.requirements),
    careerOpportunities: pick(body.careerOpportunities, current?.careerOpportunities),
    faculty: pick(body.faculty, current?.faculty),
    // Absent keeps the ceiling (a spec client's edit never clears it); null removes it.
    pointsCeiling: body.pointsCeiling === undefined ? (current?.pointsCeiling ?? null) : body.pointsCeiling,
  };
}

export async function createProgram(ctx: Ctx, actor: Actor, body: ProgramBody): Promise<Program> {
  const { caller } = actor;
  let universityId: number;
  if (caller.role === 'ADMIN') {
    universityId = adminUniversity(caller);
  } else {
    if (!body.universityId) throw badRequest('universityId: is required');
    if (!(await q.findUniversity(ctx.db, body.universityId))) throw notFound(MESSAGES.universityNotFound);
    universityId = body.universityId;
  }
  const id = await q.insertProgram(ctx.db, programValues(body, universityId));
  await written(ctx, actor, 'program.create', `program:${id}`, `university:${universityId}`);
  return getProgram(ctx, id);
}

/** The program if the caller may change it; otherwise 404, as if it did not exist. */
async function programInReach(ctx: Ctx, caller: Caller, id: number): Promise<q.ProgramRow> {
  const row = await q.findProgram(ctx.db, id);
  if (!row || !inReach(caller, row.universityId)) throw notFound(MESSAGES.programNotFound);
  return row;
}

export async function updateProgram(ctx: Ctx, actor: Actor, id: number, body: ProgramBody): Promise<Program> {
  const { caller } = actor;
  const current = await programInReach(ctx, caller, id);
  let universityId = current.universityId;
  // Only a SUPERUSER can move a program, and only one nothing depends on yet.
  if (caller.role === 'SUPERUSER' && body.universityId && body.universityId !== current.universityId) {
    if (!(await q.findUniversity(ctx.db, body.universityId))) throw notFound(MESSAGES.universityNotFound);
    if (await q.programHasDependents(ctx.db, id)) throw conflict(MESSAGES.programCannotMove);
    universityId = body.universityId;
  }
  await q.updateProgram(ctx.db, id, programValues(body, universityId, current));
  await written(ctx, actor, 'program.update', `program:${id}`, `university:${universityId}`);
  return getProgram(ctx, id);
}

export async function deleteProgram(ctx: Ctx, actor: Actor, id: number): Promise<{ message: string }> {
  const program = await programInReach(ctx, actor.caller, id);
  try {
    await ctx.db.transaction(async (tx) => {
      if (await q.programHasDependents(tx, id)) throw conflict(MESSAGES.programInUse);
      if (!(await q.deleteProgram(tx, id))) throw notFound(MESSAGES.programNotFound);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(MESSAGES.programInUse);
    throw err;
  }
  await written(ctx, actor, 'program.delete', `program:${id}`, `university:${program.universityId}`);
  return { message: MESSAGES.programDeleted };
}

/* ---------- courses ---------- */

/** GET /api/courses: staff see their reach, applicants the whole catalogue. */
export async function listCourses(ctx: Ctx, caller: Caller, query: { universityId?: number; programId?: number }): Promise<Course[]> {
  let universityId = query.universityId;
  if (caller.role === 'ADMIN') {
    if (caller.universityId === null) return [];
    universityId = caller.universityId;
  }
  return (await q.listCourses(ctx.db, { universityId, programId: query.programId })).map(toCourse);
}

export async function getCourse(ctx: Ctx, id: number): Promise<Course> {
  const row = await q.findCourse(ctx.db, id);
  if (!row) throw notFound(MESSAGES.courseNotFound);
  return toCourse(row);
}

export async function coursesOfProgram(ctx: Ctx, programId: number): Promise<Course[]> {
  const [program, rows] = await Promise.all([q.findProgram(ctx.db, programId), q.listCourses(ctx.db, { programId })]);
  if (!program) throw notFound(MESSAGES.programNotFound);
  return rows.map(toCourse);
}

export async function createCourse(ctx: Ctx, actor: Actor, body: CourseCreateBody): Promise<Course> {
  const { caller } = actor;
  if (caller.role === 'ADMIN') adminUniversity(caller);
  const program = await q.findProgram(ctx.db, body.programId);
  if (!program || !inReach(caller, program.universityId)) throw notFound(MESSAGES.programNotFound);
  const row = await q.insertCourse(ctx.db, {
    programId: program.id,
    // The course belongs to its program's university, whatever the body says.
    universityId: program.universityId,
    courseName: body.courseName,
    courseDescription: body.courseDescription,
    semester: body.semesterToBeDone,
    year: body.yearToBeStudied,
  });
  await written(ctx, actor, 'course.create', `course:${row.id}`, `program:${program.id}`);
  return toCourse(row);
}

async function courseInReach(ctx: Ctx, caller: Caller, id: number): Promise<q.CourseRow> {
  const row = await q.findCourse(ctx.db, id);
  if (!row || !inReach(caller, row.universityId)) throw notFound(MESSAGES.courseNotFound);
  return row;
}

export async function updateCourse(ctx: Ctx, actor: Actor, id: number, body: CourseUpdateBody): Promise<Course> {
  await courseInReach(ctx, actor.caller, id);
  const row = await q.updateCourse(ctx.db, id, {
    courseName: body.courseName,
    courseDescription: body.courseDescription,
    semester: body.sermisterToBeDone,
    year: body.yearToBeStudied,
  });
  if (!row) throw notFound(MESSAGES.courseNotFound);
  await written(ctx, actor, 'course.update', `course:${id}`, `program:${row.programId}`);
  return toCourse(row);
}

export async function deleteCourse(ctx: Ctx, actor: Actor, id: number): Promise<{ message: string }> {
  const course = await courseInReach(ctx, actor.caller, id);
  if (!(await q.deleteCourse(ctx.db, id))) throw notFound(MESSAGES.courseNotFound);
  await written(ctx, actor, 'course.delete', `course:${id}`, `program:${course.programId}`);
  return { message: MESSAGES.courseDeleted };
}
