/**
 * The staff list version (schema.ts, migration 0003). It is read in the
 * statement that checks each request's caller (modules/auth, asked by infrastructure/http/access.ts): no extra
 * round trip, and always before the handler computes anything.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../database/client';
import { staffListVersion } from '../database/schema';

/** The version now, as a scalar subquery; null if its row is missing. */
export const staffListVersionNow = sql<number | null>`(select slv.version from ${staffListVersion} slv)`.mapWith(Number);

/**
 * Moves the version by hand, for writes its triggers do not follow (courses):
 * the in-process catalogue caches of every instance validate signed-in reads
 * against it (public-cache.ts).
 */
export async function bumpStaffListVersion(db: Executor): Promise<void> {
  await db.execute(sql`update ${staffListVersion} set version = version + 1`);
}
