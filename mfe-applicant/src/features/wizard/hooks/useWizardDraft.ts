/**
 * The wizard's working copy: the draft (saved to localStorage on every change,
 * with a copy in the file store) and the chosen files (kept in the file store,
 * IndexedDB in browsers), all restored on return.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { DOCUMENT_TYPES, type DocumentType } from 'shared-api';
import { clearDraft, emptyDraft, loadDraft, saveDraft, type ApplicationDraft } from '../../../lib/application-draft';
import { belongsTo, recoverDraft } from '../../../lib/draft-recovery';
import { getFileStore } from '../../../lib/file-store';
import type { ChosenFiles } from '../model';

export interface SessionPrefill {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** The draft to continue with for this university, from a saved one when there is one. */
function adopt(saved: ApplicationDraft | null, universityId: number, user: SessionPrefill): ApplicationDraft | null {
  if (!saved || !belongsTo(saved, user.id)) return null;
  if (saved.universityId === universityId) return { ...saved, userId: user.id };
  // A draft for another university: keep what the applicant typed about themselves, restart the choices.
  return { ...saved, userId: user.id, universityId, programIds: [], step: 1 };
}

function fresh(universityId: number, user: SessionPrefill): ApplicationDraft {
  return emptyDraft({ userId: user.id, universityId, fullName: user.name ?? '', email: user.email ?? '', phone: user.phone ?? '' });
}

export function useWizardDraft(universityId: number, user: SessionPrefill) {
  const [initial] = useState(() => adopt(loadDraft(), universityId, user));
  const [draft, setDraft] = useState<ApplicationDraft>(() => initial ?? fresh(universityId, user));
  const [restored, setRestored] = useState(initial !== null);
  const [files, setFiles] = useState<ChosenFiles>({});
  const [filesRestored, setFilesRestored] = useState(false);
  const dirty = useRef(initial !== null);
  const finished = useRef(false);

  useEffect(() => {
    // Not a load to show: restores the draft and files from this device's stores, once.
    // eslint-disable-next-line no-restricted-syntax -- see above
    let active = true;
    const store = getFileStore();
    const restore = async () => {
      let found = initial !== null;
      if (!found) {
        const copy = adopt(await recoverDraft(user.id), universityId, user);
        if (copy && active && !dirty.current) {
          dirty.current = true;
          setDraft(copy);
          setRestored(true);
          found = true;
        }
      }
      if (!found) {
        // No draft of this applicant: any stored files belong to nobody any more.
        await store.clear();
        return;
      }
      const stored = await store.getAll();
      if (!active) return;
      const chosen: ChosenFiles = {};
      for (const type of DOCUMENT_TYPES) if (stored[type]) chosen[type] = stored[type];
      setFiles((current) => ({ ...chosen, ...current }));
    };
    restore()
      .catch(() => undefined)
      .finally(() => active && setFilesRestored(true));
    return () => {
      active = false;
    };
    // Runs once per wizard: the saved draft is read when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!dirty.current || finished.current) return;
    saveDraft(draft);
    getFileStore()
      .putDraft(draft)
      .catch(() => undefined);
  }, [draft]);

  const update = useCallback((patch: Partial<ApplicationDraft>) => {
    dirty.current = true;
    setDraft((current) => ({ ...current, ...patch }));
  }, []);

  const setFile = useCallback((type: DocumentType, file: File | null) => {
    dirty.current = true;
    setFiles((current) => {
      const next = { ...current };
      if (file) next[type] = file;
      else delete next[type];
      return next;
    });
    setDraft((current) => ({ ...current }));
    const store = getFileStore();
    (file ? store.put(type, file) : store.remove(type)).catch(() => undefined);
  }, []);

  /** After a successful submit or Start Over: the draft, its copy and its files are gone. */
  const discard = useCallback(async () => {
    finished.current = true;
    clearDraft();
    await getFileStore()
      .clear()
      .catch(() => undefined);
  }, []);

  return { draft, files, filesRestored, restored, update, setFile, discard };
}
