import { and, asc, count, desc, eq, exists, gt, ilike, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from 'shared-api/contract';
import type { Executor } from '../client';
import { applications, passwordResets, users } from '../schema';

export type UserRow = typeof users.$inferSelect;
export type UserInsert = typeof users.$inferInsert;

/** Which users a staff caller may see: everyone, or one university's staff and its applicants. */
export type UserReach = { kind: 'all' } | { kind: 'university'; universityId: number };

export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: Executor, values: UserInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

function appliedTo(universityId: number): SQL {
  return exists(
    sql`(select 1 from ${applications} where ${applications.userId} = ${users.id} and ${applications.universityId} = ${universityId})`,
  );
}

export function reachCondition(reach: UserReach): SQL | undefined {
  if (reach.kind === 'all') return undefined;
  return or(eq(users.universityId, reach.universityId), and(eq(users.role, 'USER'), appliedTo(reach.universityId)));
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(users.email, pattern),
    ilike(users.phone, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
  );
}

export interface UserListFilter {
  reach: UserReach;
  role?: Role;
  search?: string;
  page?: number;
  size?: number;
}

export async function listUsers(db: Executor, filter: UserListFilter): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(
    isNull(users.deletedAt),
    reachCondition(filter.reach),
    filter.role ? eq(users.role, filter.role) : undefined,
    searchCondition(filter.search),
  );
  const base = db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id));
  if (filter.page === undefined || filter.size === undefined) {
    const rows = await base;
    return { rows, total: rows.length };
  }
  const [rows, [totalRow]] = await Promise.all([
    base.limit(filter.size).offset((filter.page - 1) * filter.size),
    db.select({ value: count() }).from(users).where(where),
  ]);
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

export async function setEnabled(db: Executor, id: number, enabled: boolean, bumpTokenVersion: boolean): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      enabled,
      updatedAt: new Date(),
      ...(bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function setPassword(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export interface StudentRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  applications: number;
  lastAppliedAt: Date | null;
}

/** Applicants with their application counts; for one university, only those who applied to it. */
export async function listStudents(
  db: Executor,
  filter: { universityId?: number; search?: string; page: number; size: number },
): Promise<{ rows: StudentRow[]; total: number }> {
  const joinOn = filter.universityId === undefined
    ? eq(applications.userId, users.id)
    : and(eq(applications.userId, users.id), eq(applications.universityId, filter.universityId));
  const where = and(
    eq(users.role, 'USER'),
    isNull(users.deletedAt),
    filter.universityId === undefined ? undefined : appliedTo(filter.universityId),
    searchCondition(filter.search),
  );
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
    rows: rows.map((r) => ({ ...r, applications: Number(r.applications), lastAppliedAt: r.lastAppliedAt ? new Date(r.lastAppliedAt) : null })),
    total: Number(totalRow?.value ?? 0),
  };
}

/* ---------- password resets ---------- */

/** Stores a new reset token hash for the user, replacing any earlier unused one. */
export async function replaceResetToken(db: Executor, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ userId, tokenHash, expiresAt });
  });
}

/**
 * Marks the token used if it is unused and unexpired, and returns its user;
 * atomic, so a token works once even when submitted twice at the same time.
 */
export async function consumeResetToken(db: Executor, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}
