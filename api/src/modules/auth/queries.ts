/**
 * SQL of accounts and their credentials: users looked up, created and given a
 * new password, password reset tokens, server-side sessions, and the one
 * statement that checks a request's caller.
 */
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../infrastructure/database/client';
import { passwordResetCodes, passwordResets, sessions, users } from '../../infrastructure/database/schema';
import { staffListVersionNow } from '../../infrastructure/caches/staff-list-version';

export type UserRow = typeof users.$inferSelect;

export type UserInsert = typeof users.$inferInsert;

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

export async function setPassword(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Stores a new reset token hash for the user, replacing any earlier unused one. */
export async function replaceResetToken(db: Executor, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ userId, tokenHash, expiresAt });
  });
}

/** The user an unused, unexpired reset token belongs to, if that account is active; without using the token up. */
export async function findResetTokenUser(db: Executor, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`), eq(users.enabled, true), isNull(users.deletedAt)))
    .limit(1);
  return row?.userId ?? null;
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

/* ---------- sessions ---------- */

export async function insertSession(db: Executor, values: { id: string; userId: number; expiresAt: Date }): Promise<void> {
  await db.insert(sessions).values(values);
}

/** Deletes one session of the user; true when there was one. */
export async function deleteSession(db: Executor, userId: number, id: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Removes the user's session rows (their tokens' version moves on with the change that calls this). */
export async function deleteSessionsOf(db: Executor, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of the user, and every token signed before (the version moves on). */
export async function deleteAllSessions(db: Executor, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}

/**
 * Sessions past their token's expiry are of no use to anyone: the user's own,
 * and a small batch of everyone's, so the table stays as small as the
 * sessions alive without a sweeper of its own.
 */
export async function deleteExpiredSessions(db: Executor, userId: number, batch = 100): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, sql`now()`)));
  const stale = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(lte(sessions.expiresAt, sql`now()`))
    .limit(batch);
  await db.delete(sessions).where(inArray(sessions.id, stale));
}

/**
 * The callers of several verified tokens, their sessions and the staff list
 * version, in one statement prepared once per app: it runs on every signed-in
 * request, the requests that arrive together asking together
 * (sessions.ts). One row per account asked about, and one more for each
 * further session of it asked about: `sessionId` says whose the row's expiry
 * is (null when the account has none of the sessions asked about). Reading the
 * version here validates a cached staff page without a second round trip (the
 * check itself is never skipped).
 */
export function prepareAccessChecks(db: Database) {
  return db
    .select({
      id: users.id,
      role: users.role,
      universityId: users.universityId,
      enabled: users.enabled,
      tokenVersion: users.tokenVersion,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      deletedAt: users.deletedAt,
      sessionId: sessions.id,
      sessionExpiresAt: sessions.expiresAt,
      staffListVersion: staffListVersionNow,
    })
    .from(users)
    .leftJoin(sessions, and(sql`${sessions.id} = any(${sql.placeholder('sids')}::text[])`, eq(sessions.userId, users.id)))
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('access_checks');
}

/* ---------- password reset by SMS code (issue 18) ---------- */

/** Applicant accounts (enabled, not deleted) registered with this phone (E.164). */
export function findApplicantsByPhone(db: Executor, phone: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.role, 'USER'), eq(users.enabled, true), isNull(users.deletedAt)))
    .limit(2);
}

/** The user's one reset code, replacing an earlier one (its attempts start again). Returns its id. */
export async function replaceResetCode(db: Executor, userId: number, codeHash: string, expiresAt: Date, now: Date): Promise<number> {
  const [row] = await db
    .insert(passwordResetCodes)
    .values({ userId, codeHash, expiresAt, createdAt: now })
    .onConflictDoUpdate({ target: passwordResetCodes.userId, set: { codeHash, expiresAt, attempts: 0, usedAt: null, createdAt: now } })
    .returning({ id: passwordResetCodes.id });
  return row!.id;
}

export type ResetCodeRow = typeof passwordResetCodes.$inferSelect;

/** The user's code, locked for the attempt. */
export async function lockResetCode(db: Executor, userId: number): Promise<ResetCodeRow | undefined> {
  const [row] = await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, userId)).for('update').limit(1);
  return row;
}

export async function countResetCodeAttempt(db: Executor, id: number): Promise<void> {
  await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(eq(passwordResetCodes.id, id));
}

export async function deleteResetCode(db: Executor, id: number): Promise<void> {
  await db.delete(passwordResetCodes).where(eq(passwordResetCodes.id, id));
}
