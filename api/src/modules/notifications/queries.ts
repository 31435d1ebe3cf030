/** SQL of notification preferences and of who an event is for. */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../infrastructure/database/client';
import { applications, notificationPreferences, notifications, universities, users } from '../../infrastructure/database/schema';

export type PreferencesRow = typeof notificationPreferences.$inferSelect;

export async function findPreferences(db: Executor, userId: number): Promise<PreferencesRow | undefined> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  return row;
}

export async function savePreferences(db: Executor, values: typeof notificationPreferences.$inferInsert): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { choices: values.choices, smsConsentAt: values.smsConsentAt ?? null, smsConsentVersion: values.smsConsentVersion ?? null, updatedAt: values.updatedAt ?? new Date() },
    });
}

export interface Recipient {
  id: number;
  phone: string | null;
  email: string;
  firstName: string;
  lastName: string;
  /** Enabled and not deleted: can be told anything. */
  reachable: boolean;
  /** Not deleted (an archived account is still told that it was archived). */
  exists: boolean;
  deleted: boolean;
  role: string;
}

/** The account an event is for: its phone and address, and whether it can still be told anything. */
export async function findRecipient(db: Executor, userId: number): Promise<Recipient | undefined> {
  const [row] = await db
    .select({ id: users.id, phone: users.phone, email: users.email, firstName: users.firstName, lastName: users.lastName, enabled: users.enabled, deletedAt: users.deletedAt, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const { enabled, deletedAt, ...rest } = row;
  return { ...rest, reachable: enabled && deletedAt === null, exists: deletedAt === null, deleted: deletedAt !== null };
}

export async function deletePreferencesOf(db: Executor, userId: number): Promise<void> {
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

export async function universityName(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: universities.name }).from(universities).where(eq(universities.id, id)).limit(1);
  return row?.name;
}

/* ---------- the notification centre (issue 18 item 4) ---------- */

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;

/** Writes entries; one whose (user, dedupe key) is already there is left out. */
export async function insertNotifications(db: Executor, rows: NotificationInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows).onConflictDoNothing();
}

export async function listNotifications(db: Executor, userId: number, page: number, size: number): Promise<{ rows: NotificationRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ value: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return { rows, total: Number(total?.value ?? 0) };
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.value ?? 0);
}

/** Marks one of the user's own entries read (kept as first read); false when it is not theirs or does not exist. */
export async function markRead(db: Executor, userId: number, id: number, at: Date): Promise<boolean> {
  const [own] = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  if (!own) return false;
  if (own.readAt === null) await db.update(notifications).set({ readAt: at }).where(eq(notifications.id, id));
  return true;
}

export async function markAllRead(db: Executor, userId: number, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** Who reviews an application (its assignee), if anyone still can be told: enabled and not deleted. */
export async function assigneeOf(db: Executor, applicationId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id, enabled: users.enabled, deletedAt: users.deletedAt })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.assigneeId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row && row.enabled && row.deletedAt === null ? row.id : null;
}
