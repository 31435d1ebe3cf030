/**
 * SQL for applicants' drafts and the documents already chosen in them.
 * Staff never read these tables.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { DocumentType } from 'shared-api/contract';
import type { Executor } from '../../infrastructure/database/client';
import { applicationDraftFiles, applicationDrafts } from '../../infrastructure/database/schema';

export type DraftRow = typeof applicationDrafts.$inferSelect;
export type DraftFileRow = typeof applicationDraftFiles.$inferSelect;

export async function findDraft(db: Executor, userId: number, options: { forUpdate?: boolean } = {}): Promise<DraftRow | undefined> {
  const query = db.select().from(applicationDrafts).where(eq(applicationDrafts.userId, userId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The draft's documents; `forUpdate` holds them until the transaction ends (a submission taking them over). */
export async function draftFilesOf(db: Executor, userId: number, options: { forUpdate?: boolean } = {}): Promise<DraftFileRow[]> {
  const query = db.select().from(applicationDraftFiles).where(eq(applicationDraftFiles.userId, userId)).orderBy(applicationDraftFiles.documentType);
  return options.forUpdate ? query.for('update') : query;
}

/** Writes the draft's fields (creating it when there is none) as of `now`. */
export async function writeDraft(db: Executor, userId: number, data: unknown, now: Date): Promise<DraftRow> {
  const [row] = await db
    .insert(applicationDrafts)
    .values({ userId, data, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: applicationDrafts.userId, set: { data, updatedAt: now } })
    .returning();
  return row!;
}

/** Marks the draft changed at `now` (creating an empty one when there is none): a document was added or removed. */
export async function touchDraft(db: Executor, userId: number, now: Date): Promise<DraftRow> {
  const [row] = await db
    .insert(applicationDrafts)
    .values({ userId, data: {}, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: applicationDrafts.userId, set: { updatedAt: now } })
    .returning();
  return row!;
}

/** Sets the draft's document of this type; answers the storage key it replaces, if any. */
export async function putDraftFile(db: Executor, file: Omit<DraftFileRow, 'createdAt'>): Promise<string | null> {
  const [previous] = await db
    .select({ key: applicationDraftFiles.storageKey })
    .from(applicationDraftFiles)
    .where(and(eq(applicationDraftFiles.userId, file.userId), eq(applicationDraftFiles.documentType, file.documentType)))
    .for('update');
  await db
    .insert(applicationDraftFiles)
    .values(file)
    .onConflictDoUpdate({
      target: [applicationDraftFiles.userId, applicationDraftFiles.documentType],
      set: { fileName: file.fileName, storageKey: file.storageKey, contentType: file.contentType, size: file.size, sha256: file.sha256, createdAt: new Date() },
    });
  return previous?.key ?? null;
}

/** Removes the draft's document of this type; answers its storage key, or null when there was none. */
export async function deleteDraftFile(db: Executor, userId: number, documentType: DocumentType): Promise<string | null> {
  const [row] = await db
    .delete(applicationDraftFiles)
    .where(and(eq(applicationDraftFiles.userId, userId), eq(applicationDraftFiles.documentType, documentType)))
    .returning({ key: applicationDraftFiles.storageKey });
  return row?.key ?? null;
}

/** Deletes the applicant's draft and its document rows; answers the storage keys they held. */
export async function deleteDraft(db: Executor, userId: number): Promise<string[]> {
  const files = await db.delete(applicationDraftFiles).where(eq(applicationDraftFiles.userId, userId)).returning({ key: applicationDraftFiles.storageKey });
  await db.delete(applicationDrafts).where(eq(applicationDrafts.userId, userId));
  return files.map((f) => f.key);
}

/** Deletes the drafts last changed before `cutoff` (one transaction); answers how many and the storage keys of their documents. */
export async function deleteDraftsChangedBefore(db: Executor, cutoff: Date): Promise<{ drafts: number; keys: string[] }> {
  return db.transaction(async (tx) => {
    const stale = await tx.select({ userId: applicationDrafts.userId }).from(applicationDrafts).where(lt(applicationDrafts.updatedAt, cutoff)).for('update');
    if (stale.length === 0) return { drafts: 0, keys: [] };
    const ids = stale.map((d) => d.userId);
    const files = await tx.delete(applicationDraftFiles).where(inArray(applicationDraftFiles.userId, ids)).returning({ key: applicationDraftFiles.storageKey });
    await tx.delete(applicationDrafts).where(inArray(applicationDrafts.userId, ids));
    return { drafts: ids.length, keys: files.map((f) => f.key) };
  });
}
