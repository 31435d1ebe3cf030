/**
 * Finds the applicant's draft: local storage first, else the IndexedDB copy
 * (the login form clears local storage, so after a session expired mid-wizard
 * only the copy is left). A recovered copy is written back to local storage.
 */
import { loadDraft, parseDraft, saveDraft, type ApplicationDraft } from './application-draft';
import { getFileStore } from './file-store';

export function belongsTo(draft: ApplicationDraft, userId: number): boolean {
  return draft.userId === null || draft.userId === userId;
}

export async function recoverDraft(userId: number): Promise<ApplicationDraft | null> {
  const local = loadDraft();
  if (local) return belongsTo(local, userId) ? local : null;
  let copy: ApplicationDraft | null = null;
  try {
    copy = parseDraft(await getFileStore().getDraft());
  } catch {
    return null;
  }
  if (!copy || copy.universityId === null || !belongsTo(copy, userId)) return null;
  saveDraft(copy);
  return copy;
}
