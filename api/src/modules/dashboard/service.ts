/**
 * The staff dashboard figures (issue 7): one call, all counted by the
 * database for the caller's reach. An ADMIN always gets its own university; a
 * SUPERUSER everything, or the university it names.
 */
import { APPLICATION_STATUSES, type DashboardStats } from 'shared-api/contract';
import type { AppContext } from '../../context';
import * as q from './queries';
import { forbidden } from '../../errors';
import type { Caller } from '../../infrastructure/http/access';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The seven UTC dates ending today, oldest first. */
export function lastSevenUtcDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: 7 }, (_, i) => new Date(today - (6 - i) * DAY_MS).toISOString().slice(0, 10));
}

export function dashboardScope(caller: Caller, requested: number | undefined): number | undefined {
  if (caller.role === 'SUPERUSER') return requested;
  if (caller.role === 'ADMIN' && caller.universityId !== null) return caller.universityId;
  throw forbidden();
}

export async function dashboardStats(ctx: Pick<AppContext, 'db'>, caller: Caller, requestedUniversityId: number | undefined, now = new Date()): Promise<DashboardStats> {
  const universityId = dashboardScope(caller, requestedUniversityId);
  const days = lastSevenUtcDays(now);
  const since = new Date(`${days[0]}T00:00:00.000Z`);
  const [counts, byFaculty, byUniversity, byStatus, perDay] = await Promise.all([
    q.countAll(ctx.db, universityId),
    q.programsByFaculty(ctx.db, universityId),
    q.studentsByUniversity(ctx.db, universityId),
    q.applicationsByStatus(ctx.db, universityId),
    q.submissionsPerDay(ctx.db, universityId, since),
  ]);
  return {
    ...counts,
    programsByFaculty: byFaculty,
    studentsByUniversity: byUniversity,
    applicationsByStatus: APPLICATION_STATUSES.map((status) => ({ status, value: byStatus.get(status) ?? 0 })),
    submissionsLast7Days: days.map((date) => ({ date, value: perDay.get(date) ?? 0 })),
  };
}
