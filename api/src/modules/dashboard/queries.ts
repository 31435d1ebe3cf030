/**
 * Aggregates for the staff dashboard. Every figure is counted by the
 * database; no row is loaded into the server. Figures about applications
 * and applicants come from the counters the database keeps exact by trigger
 * (application_stats, university_stats, platform_stats), so they cost the
 * same at a thousand applications and at a hundred thousand.
 * `universityId` undefined means every university (a SUPERUSER without a
 * selection).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../infrastructure/database/client';
import { applications, applicationStats, courses, platformStats, programs, universities, universityStats } from '../../infrastructure/database/schema';
import { rowsOf } from '../../infrastructure/database/sql';

function scoped(column: SQL, universityId: number | undefined): SQL {
  return universityId === undefined ? sql`true` : sql`${column} = ${universityId}`;
}

export interface Counts {
  universities: number;
  programs: number;
  courses: number;
  students: number;
  applications: number;
}

/** The five counters in one round trip. */
export async function countAll(db: Executor, universityId: number | undefined): Promise<Counts> {
  const result = await db.execute(sql`select
      (select count(*) from ${universities} where ${scoped(sql`${universities.id}`, universityId)}) as universities,
      (select count(*) from ${programs} where ${scoped(sql`${programs.universityId}`, universityId)}) as programs,
      (select count(*) from ${courses} where ${scoped(sql`${courses.universityId}`, universityId)}) as courses,
      ${
        universityId === undefined
          ? sql`(select coalesce(sum(${platformStats.value}), 0) from ${platformStats} where ${platformStats.key} = 'students')`
          : sql`(select coalesce(sum(${universityStats.students}), 0) from ${universityStats} where ${universityStats.universityId} = ${universityId})`
      } as students,
      (select coalesce(sum(${applicationStats.applications}), 0) from ${applicationStats} where ${scoped(sql`${applicationStats.universityId}`, universityId)}) as applications`);
  const row = rowsOf<Record<keyof Counts, string | number>>(result)[0];
  return {
    universities: Number(row?.universities ?? 0),
    programs: Number(row?.programs ?? 0),
    courses: Number(row?.courses ?? 0),
    students: Number(row?.students ?? 0),
    applications: Number(row?.applications ?? 0),
  };
}

export async function programsByFaculty(db: Executor, universityId: number | undefined): Promise<{ label: string; value: number }[]> {
  const result = await db.execute(sql`select coalesce(nullif(trim(${programs.faculty}), ''), 'Other') as label, count(*) as value
      from ${programs}
      where ${scoped(sql`${programs.universityId}`, universityId)}
      group by 1
      order by 2 desc, 1 asc`);
  return rowsOf<{ label: string; value: string | number }>(result).map((r) => ({ label: r.label, value: Number(r.value) }));
}

/** Distinct applicants per university, the five largest. */
export async function studentsByUniversity(db: Executor, universityId: number | undefined, limit = 5): Promise<{ label: string; value: number }[]> {
  const result = await db.execute(sql`select ${universities.name} as label, ${universityStats.students} as value
      from ${universityStats}
      join ${universities} on ${universities.id} = ${universityStats.universityId}
      where ${universityStats.students} > 0 and ${scoped(sql`${universityStats.universityId}`, universityId)}
      order by ${universityStats.students} desc, ${universities.name} asc
      limit ${limit}`);
  return rowsOf<{ label: string; value: string | number }>(result).map((r) => ({ label: r.label, value: Number(r.value) }));
}

export async function applicationsByStatus(db: Executor, universityId: number | undefined): Promise<Map<string, number>> {
  const result = await db.execute(sql`select ${applicationStats.status} as status, sum(${applicationStats.applications}) as value
      from ${applicationStats}
      where ${scoped(sql`${applicationStats.universityId}`, universityId)}
      group by 1`);
  return new Map(rowsOf<{ status: string; value: string | number }>(result).map((r) => [r.status, Number(r.value)]));
}

/** Applications created per UTC day from `since` (inclusive, a UTC midnight) on. */
export async function submissionsPerDay(db: Executor, universityId: number | undefined, since: Date): Promise<Map<string, number>> {
  const result = await db.execute(sql`select to_char(${applications.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as value
      from ${applications}
      where ${scoped(sql`${applications.universityId}`, universityId)} and ${applications.createdAt} >= ${since.toISOString()}::timestamptz
      group by 1`);
  return new Map(rowsOf<{ day: string; value: string | number }>(result).map((r) => [r.day, Number(r.value)]));
}
