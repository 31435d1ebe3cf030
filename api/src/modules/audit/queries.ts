import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../infrastructure/database/client';
import { auditLog } from '../../infrastructure/database/schema';
import { containsPattern } from '../../infrastructure/database/sql';

export type AuditInsert = typeof auditLog.$inferInsert;
export type AuditRow = typeof auditLog.$inferSelect;

export async function insertAudit(db: Executor, entry: AuditInsert): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export interface AuditFilter {
  action?: string;
  search?: string;
  page: number;
  size: number;
}

export async function listAudit(db: Executor, filter: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(or(ilike(auditLog.actorEmail, pattern), ilike(auditLog.target, pattern), ilike(auditLog.action, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: Number(totalRow?.value ?? 0) };
}
