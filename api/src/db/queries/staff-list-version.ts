/**
 * The staff list version (schema.ts, migration 0003). It is read in the
 * statement that checks each request's caller (plugins/access.ts): no extra
 * round trip, and always before the handler computes anything.
 */
import { sql } from 'drizzle-orm';
import { staffListVersion } from '../schema';

/** The version now, as a scalar subquery; null if its row is missing. */
export const staffListVersionNow = sql<number | null>`(select slv.version from ${staffListVersion} slv)`.mapWith(Number);
