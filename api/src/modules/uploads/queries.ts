/** Every statement on resumable uploads (document_uploads). */
import { and, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { DocumentType } from 'shared-api/contract';
import type { Executor } from '../../infrastructure/database/client';
import { documentUploads } from '../../infrastructure/database/schema';

export type UploadRow = typeof documentUploads.$inferSelect;

export async function insertUpload(db: Executor, row: { id: string; ownerId: number; documentType: DocumentType; fileName: string; size: number }): Promise<void> {
  await db.insert(documentUploads).values(row);
}

export async function findUpload(db: Executor, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(documentUploads).where(eq(documentUploads.id, id)).limit(1);
  return row;
}

export async function markCompleted(db: Executor, id: string, done: { contentType: string; sha256: string; storageKey: string; fileName: string; completedAt: Date }): Promise<void> {
  await db.update(documentUploads).set(done).where(eq(documentUploads.id, id));
}

export async function deleteUploadRow(db: Executor, id: string): Promise<void> {
  await db.delete(documentUploads).where(eq(documentUploads.id, id));
}

/** Deletes the row unless an application took the upload meanwhile; answers whether it did. */
export async function deleteUnattachedUpload(db: Executor, id: string): Promise<boolean> {
  const gone = await db
    .delete(documentUploads)
    .where(and(eq(documentUploads.id, id), isNull(documentUploads.attachedApplicationId)))
    .returning({ id: documentUploads.id });
  return gone.length > 0;
}

/** The caller's completed uploads among these ids that no application has taken yet. */
export async function attachableUploads(db: Executor, ownerId: number, ids: string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(documentUploads)
    .where(and(inArray(documentUploads.id, ids), eq(documentUploads.ownerId, ownerId), isNotNull(documentUploads.completedAt), isNull(documentUploads.attachedApplicationId)));
}

/** Takes these uploads for an application; answers how many it took (a concurrent submission may have taken some first). */
export async function attachUploads(db: Executor, ownerId: number, ids: string[], applicationId: number): Promise<number> {
  if (ids.length === 0) return 0;
  const taken = await db
    .update(documentUploads)
    .set({ attachedApplicationId: applicationId })
    .where(and(inArray(documentUploads.id, ids), eq(documentUploads.ownerId, ownerId), isNotNull(documentUploads.completedAt), isNull(documentUploads.attachedApplicationId)))
    .returning({ id: documentUploads.id });
  return taken.length;
}

/** Uploads no application took: unfinished ones started before the cutoff, finished ones completed before it. */
export async function staleUploads(db: Executor, cutoff: Date): Promise<UploadRow[]> {
  return db
    .select()
    .from(documentUploads)
    .where(and(isNull(documentUploads.attachedApplicationId), or(and(isNull(documentUploads.completedAt), lte(documentUploads.createdAt, cutoff)), lte(documentUploads.completedAt, cutoff))))
    .limit(500);
}
