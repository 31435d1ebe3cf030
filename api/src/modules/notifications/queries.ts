/** SQL of notification preferences and of who an event is for. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../infrastructure/database/client';
import { notificationPreferences, universities, users } from '../../infrastructure/database/schema';

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
  return { ...rest, reachable: enabled && deletedAt === null, exists: deletedAt === null };
}

export async function deletePreferencesOf(db: Executor, userId: number): Promise<void> {
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

export async function universityName(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: universities.name }).from(universities).where(eq(universities.id, id)).limit(1);
  return row?.name;
}
