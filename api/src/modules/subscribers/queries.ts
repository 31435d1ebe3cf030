import { count } from 'drizzle-orm';
import type { Executor } from '../../infrastructure/database/client';
import { subscribers } from '../../infrastructure/database/schema';

export async function countSubscribers(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(subscribers);
  return Number(row?.value ?? 0);
}

/** True when the e-mail was new; a repeated e-mail (any case) is kept once. */
export async function addSubscriber(db: Executor, name: string, email: string): Promise<boolean> {
  const rows = await db.insert(subscribers).values({ name, email }).onConflictDoNothing().returning({ id: subscribers.id });
  return rows.length > 0;
}
