/**
 * SQL of the catalogue: universities, programs and courses. Every list is one
 * query (programs carry their university's name through a join, never a
 * query per row); rules about who may do what live in service.ts.
 */
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../infrastructure/database/client';
import { applicationChoices, applications, courses, intakePrograms, programs, universities, users } from '../../infrastructure/database/schema';
import { containsPattern, rowsOf } from '../../infrastructure/database/sql';

/* ---------- universities ---------- */

const universityColumns = {
  id: universities.id,
  name: universities.name,
  location: universities.location,
  website: universities.website,
  contactInfo: universities.contactInfo,
  about: universities.about,
  imageUrl: universities.imageUrl,
};
export type UniversityRow = { id: number; name: string; location: string | null; website: string | null; contactInfo: string | null; about: string | null; imageUrl: string | null };
export type UniversityValues = Omit<UniversityRow, 'id'>;

export function listUniversities(db: Executor, onlyId?: number): Promise<UniversityRow[]> {
  const query = db.select(universityColumns).from(universities);
  return (onlyId === undefined ? query : query.where(eq(universities.id, onlyId))).orderBy(asc(universities.id));
}

export async function findUniversity(db: Executor, id: number): Promise<UniversityRow | undefined> {
  const [row] = await db.select(universityColumns).from(universities).where(eq(universities.id, id)).limit(1);
  return row;
}

export async function insertUniversity(db: Executor, values: UniversityValues): Promise<UniversityRow> {
  const [row] = await db.insert(universities).values(values).returning(universityColumns);
  return row!;
}

export async function updateUniversity(db: Executor, id: number, values: UniversityValues): Promise<UniversityRow | undefined> {
  const [row] = await db
    .update(universities)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(universities.id, id))
    .returning(universityColumns);
  return row;
}

/** True when programs, courses, users or applications still point at the university (one round trip). */
export async function universityHasDependents(db: Executor, id: number): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(sql`select (
      exists (select 1 from ${programs} where ${programs.universityId} = ${id})
      or exists (select 1 from ${courses} where ${courses.universityId} = ${id})
      or exists (select 1 from ${users} where ${users.universityId} = ${id})
      or exists (select 1 from ${applications} where ${applications.universityId} = ${id})
    ) as used`);
  return Boolean(rowsOf<{ used: boolean }>(result)[0]?.used);
}

export async function deleteUniversity(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(universities).where(eq(universities.id, id)).returning({ id: universities.id });
  return rows.length > 0;
}

/* ---------- programs ---------- */

const programColumns = {
  id: programs.id,
  universityId: programs.universityId,
  universityName: universities.name,
  name: programs.name,
  description: programs.description,
  durationYears: programs.durationYears,
  requirements: programs.requirements,
  careerOpportunities: programs.careerOpportunities,
  faculty: programs.faculty,
  pointsCeiling: programs.pointsCeiling,
};
export type ProgramRow = {
  id: number;
  universityId: number;
  universityName: string;
  name: string;
  description: string;
  durationYears: number;
  requirements: string | null;
  careerOpportunities: string | null;
  faculty: string | null;
  pointsCeiling: number | null;
};
export type ProgramValues = Omit<ProgramRow, 'id' | 'universityName'>;

function programsWithUniversity(db: Executor) {
  return db.select(programColumns).from(programs).innerJoin(universities, eq(universities.id, programs.universityId));
}

export interface ProgramFilter {
  universityId?: number;
  search?: string;
}

function programWhere(filter: ProgramFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.universityId !== undefined) parts.push(eq(programs.universityId, filter.universityId));
  if (filter.search) parts.push(ilike(programs.name, containsPattern(filter.search)));
  return parts.length ? and(...parts) : undefined;
}

export function listPrograms(db: Executor, filter: ProgramFilter = {}): Promise<ProgramRow[]> {
  return programsWithUniversity(db).where(programWhere(filter)).orderBy(asc(programs.id));
}

export async function pagePrograms(db: Executor, filter: ProgramFilter, page: number, size: number): Promise<{ rows: ProgramRow[]; total: number }> {
  const where = programWhere(filter);
  const [rows, totals] = await Promise.all([
    programsWithUniversity(db)
      .where(where)
      .orderBy(asc(programs.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(programs).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findProgram(db: Executor, id: number): Promise<ProgramRow | undefined> {
  const [row] = await programsWithUniversity(db).where(eq(programs.id, id)).limit(1);
  return row;
}

export async function insertProgram(db: Executor, values: ProgramValues): Promise<number> {
  const [row] = await db.insert(programs).values(values).returning({ id: programs.id });
  return row!.id;
}

export async function updateProgram(db: Executor, id: number, values: ProgramValues): Promise<boolean> {
  const rows = await db
    .update(programs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(programs.id, id))
    .returning({ id: programs.id });
  return rows.length > 0;
}

/** True when courses, application choices or approved applications still point at the program. */
/** Programs by id, with their university: the ones that exist, in no particular order. */
export async function findProgramsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: programs.id, universityId: programs.universityId, name: programs.name }).from(programs).where(inArray(programs.id, ids));
}

export async function programHasDependents(db: Executor, id: number): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(sql`select (
      exists (select 1 from ${courses} where ${courses.programId} = ${id})
      or exists (select 1 from ${applicationChoices} where ${applicationChoices.programId} = ${id})
      or exists (select 1 from ${applications} where ${applications.approvedProgramId} = ${id})
      or exists (select 1 from ${intakePrograms} where ${intakePrograms.programId} = ${id})
    ) as used`);
  return Boolean(rowsOf<{ used: boolean }>(result)[0]?.used);
}

export async function deleteProgram(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(programs).where(eq(programs.id, id)).returning({ id: programs.id });
  return rows.length > 0;
}

/* ---------- courses ---------- */

const courseColumns = {
  id: courses.id,
  programId: courses.programId,
  universityId: courses.universityId,
  courseName: courses.courseName,
  courseDescription: courses.courseDescription,
  semester: courses.semester,
  year: courses.year,
};
export type CourseRow = {
  id: number;
  programId: number;
  universityId: number;
  courseName: string;
  courseDescription: string;
  semester: number;
  year: number;
};
export type CourseValues = Omit<CourseRow, 'id'>;

export interface CourseFilter {
  universityId?: number;
  programId?: number;
}

export function listCourses(db: Executor, filter: CourseFilter = {}): Promise<CourseRow[]> {
  const parts: SQL[] = [];
  if (filter.universityId !== undefined) parts.push(eq(courses.universityId, filter.universityId));
  if (filter.programId !== undefined) parts.push(eq(courses.programId, filter.programId));
  return db
    .select(courseColumns)
    .from(courses)
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(asc(courses.id));
}

export async function findCourse(db: Executor, id: number): Promise<CourseRow | undefined> {
  const [row] = await db.select(courseColumns).from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}

export async function insertCourse(db: Executor, values: CourseValues): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(values).returning(courseColumns);
  return row!;
}

export async function updateCourse(db: Executor, id: number, values: Pick<CourseValues, 'courseName' | 'courseDescription' | 'semester' | 'year'>): Promise<CourseRow | undefined> {
  const [row] = await db
    .update(courses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(courses.id, id))
    .returning(courseColumns);
  return row;
}

export async function deleteCourse(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id });
  return rows.length > 0;
}
