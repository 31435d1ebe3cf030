/**
 * SQL of the start-up data: the first superuser, the marker that the demo set
 * was loaded, and the demo set's universities with their programs, courses
 * and intakes.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../infrastructure/database/client';
import { courses, intakePrograms, intakes, programs, settings, universities, users } from '../../infrastructure/database/schema';
import type { DemoIntake, DemoUniversity } from './data';

export type UserValues = typeof users.$inferInsert;

/** Inserts the user unless its e-mail is taken; true when it was inserted. */
export async function insertUserUnlessTaken(db: Executor, values: UserValues): Promise<boolean> {
  const rows = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return rows.length > 0;
}

/** Inserts the users whose e-mails are free; the others are left as they are. */
export async function insertUsersUnlessTaken(db: Executor, values: UserValues[]): Promise<void> {
  await db.insert(users).values(values).onConflictDoNothing();
}

export async function hasSetting(db: Executor, key: string): Promise<boolean> {
  const [row] = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, key)).limit(1);
  return row !== undefined;
}

/** Records the setting unless it exists; true when this call recorded it (a concurrent one waits, then finds it). */
export async function claimSetting(db: Executor, key: string, value: unknown): Promise<boolean> {
  const claimed = await db.insert(settings).values({ key, value }).onConflictDoNothing().returning({ key: settings.key });
  return claimed.length > 0;
}

/** A demo university with its programs, their courses, and its intakes offering every program; answers its id. */
export async function insertDemoUniversity(db: Executor, uni: DemoUniversity, demoIntakes: DemoIntake[]): Promise<number> {
  const [row] = await db
    .insert(universities)
    .values({ name: uni.name, location: uni.location, website: uni.website, contactInfo: uni.contactInfo, about: uni.about })
    .returning({ id: universities.id });
  const universityId = row!.id;
  const programIds: number[] = [];
  for (const program of uni.programs) {
    const [p] = await db
      .insert(programs)
      .values({
        universityId,
        name: program.name,
        description: program.description,
        durationYears: program.durationYears,
        requirements: program.requirements,
        careerOpportunities: program.careerOpportunities,
        faculty: program.faculty,
      })
      .returning({ id: programs.id });
    programIds.push(p!.id);
    await db.insert(courses).values(
      program.courses.map((course) => ({
        programId: p!.id,
        universityId,
        courseName: course.name,
        courseDescription: course.description,
        semester: course.semester,
        year: course.year,
      })),
    );
  }
  for (const intake of demoIntakes) {
    const [i] = await db.insert(intakes).values({ universityId, name: intake.name, opensAt: intake.opensAt, closesAt: intake.closesAt, fees: intake.fees }).returning({ id: intakes.id });
    await db.insert(intakePrograms).values(programIds.map((programId, index) => ({ intakeId: i!.id, programId, capacity: intake.capacityOf(index) })));
  }
  return universityId;
}
