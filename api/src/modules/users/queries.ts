/**
 * SQL of the staff's views of accounts: users and applicants within a
 * caller's reach, archiving, an ADMIN's blocks from its university, and one's
 * own contact details once a change is confirmed.
 */
import { and, asc, count, desc, eq, exists, ilike, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from 'shared-api/contract';
import type { Executor } from '../../infrastructure/database/client';
import { applications, universityBlocks, users } from '../../infrastructure/database/schema';
import { containsPattern, isUniqueViolation } from '../../infrastructure/database/sql';
import type { UserRow } from '../auth';

/** Which users a staff caller may see: everyone, or one university's staff and its applicants. */
export type UserReach = { kind: 'all' } | { kind: 'university'; universityId: number };

function appliedTo(universityId: number): SQL {
  return exists(sql`(select 1 from ${applications} where ${applications.userId} = ${users.id} and ${applications.universityId} = ${universityId})`);
}

export function reachCondition(reach: UserReach): SQL | undefined {
  if (reach.kind === 'all') return undefined;
  return or(eq(users.universityId, reach.universityId), and(eq(users.role, 'USER'), appliedTo(reach.universityId)));
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(users.email, pattern), ilike(users.phone, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern));
}

export interface UserListFilter {
  reach: UserReach;
  role?: Role;
  search?: string;
  page?: number;
  size?: number;
}

export async function listUsers(db: Executor, filter: UserListFilter): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(isNull(users.deletedAt), reachCondition(filter.reach), filter.role ? eq(users.role, filter.role) : undefined, searchCondition(filter.search));
  const base = db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id));
  if (filter.page === undefined || filter.size === undefined) {
    const rows = await base;
    return { rows, total: rows.length };
  }
  const [rows, [totalRow]] = await Promise.all([base.limit(filter.size).offset((filter.page - 1) * filter.size), db.select({ value: count() }).from(users).where(where)]);
  return { rows, total: Number(totalRow?.value ?? 0) };
}

export async function userInReach(db: Executor, id: number, reach: UserReach): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), reachCondition(reach)))
    .limit(1);
  return row;
}

/** Switches the account only while it is the other way (compare-and-set): undefined when it already was. */
export async function setEnabled(db: Executor, id: number, enabled: boolean, bumpTokenVersion: boolean): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      enabled,
      updatedAt: new Date(),
      ...(bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
    })
    .where(and(eq(users.id, id), eq(users.enabled, !enabled)))
    .returning();
  return row;
}

export interface StudentRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  applications: number;
  lastAppliedAt: Date | null;
  /** Blocked from applying to the listed university (always false without one). */
  blocked: boolean;
}

/** Applicants with their application counts; for one university, only those who applied to it. */
export async function listStudents(db: Executor, filter: { universityId?: number; search?: string; page: number; size: number }): Promise<{ rows: StudentRow[]; total: number }> {
  const joinOn = filter.universityId === undefined ? eq(applications.userId, users.id) : and(eq(applications.userId, users.id), eq(applications.universityId, filter.universityId));
  const where = and(eq(users.role, 'USER'), isNull(users.deletedAt), filter.universityId === undefined ? undefined : appliedTo(filter.universityId), searchCondition(filter.search));
  const lastApplied = max(applications.createdAt);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        applications: count(applications.id),
        lastAppliedAt: lastApplied,
        blocked:
          filter.universityId === undefined
            ? sql<boolean>`false`
            : sql<boolean>`exists (select 1 from ${universityBlocks} where ${universityBlocks.universityId} = ${filter.universityId} and ${universityBlocks.userId} = ${users.id})`,
      })
      .from(users)
      .leftJoin(applications, joinOn)
      .where(where)
      .groupBy(users.id)
      .orderBy(sql`${lastApplied} desc nulls last`, asc(users.lastName), asc(users.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, applications: Number(r.applications), lastAppliedAt: r.lastAppliedAt ? new Date(r.lastAppliedAt) : null, blocked: r.blocked === true })),
    total: Number(totalRow?.value ?? 0),
  };
}

export async function isBlockedFrom(db: Executor, universityId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: universityBlocks.userId })
    .from(universityBlocks)
    .where(and(eq(universityBlocks.universityId, universityId), eq(universityBlocks.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** Records or lifts the block; answers whether anything changed. */
export async function setBlockedFrom(db: Executor, universityId: number, userId: number, blocked: boolean, actorId: number): Promise<boolean> {
  if (blocked) {
    const rows = await db.insert(universityBlocks).values({ universityId, userId, blockedBy: actorId }).onConflictDoNothing().returning({ userId: universityBlocks.userId });
    return rows.length > 0;
  }
  const rows = await db
    .delete(universityBlocks)
    .where(and(eq(universityBlocks.universityId, universityId), eq(universityBlocks.userId, userId)))
    .returning({ userId: universityBlocks.userId });
  return rows.length > 0;
}

/** One's own e-mail or phone, after the change was confirmed; null when the e-mail is taken meanwhile. */
export async function setContact(db: Executor, id: number, change: { email: string } | { phone: string }): Promise<UserRow | null> {
  try {
    const [row] = await db
      .update(users)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
