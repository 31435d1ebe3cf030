/**
 * Drafts that follow the applicant (issue 16): the wizard's draft and the
 * documents already chosen are copied to the server as the applicant types,
 * so signing in on another device resumes them. The local draft (spec keys)
 * stays as it is; this hook only mirrors it.
 *
 * - Pacing: at most one save every SAVE_INTERVAL_MS, only when the draft
 *   differs from what the server last accepted; a failed save waits longer
 *   each time (up to MAX_BACKOFF_MS) instead of retrying in a loop. When the
 *   page is hidden (the applicant switches app, locks the phone or closes the
 *   tab) the fields waiting for their turn go at once (or the moment the save
 *   on its way returns), and every save of the fields is a request that
 *   outlives the page: otherwise what was typed in the last seconds would
 *   reach only this device.
 * - A chosen document goes to the draft once: once its resumable upload
 *   (useDocumentUploads) has finished, the draft is linked to that upload
 *   and no bytes are sent again; only a document whose resumable upload
 *   failed is uploaded to the draft itself. At submission the documents the
 *   server already holds are not sent again (`storedTypes`).
 * - On opening, the server's draft and the local one are compared: the newer
 *   wins (the local one's time is kept under DRAFT_SYNC_KEY), and a notice says so
 *   when they differ.
 * - A draft ended elsewhere (Start Over or Submit on another device or tab)
 *   is not brought back by this wizard's next save: the server refuses it
 *   (DRAFT_ENDED_ELSEWHERE), saving stops and `endedElsewhere` asks the
 *   applicant whether to keep this copy (`keepCopy` saves it as a new draft).
 *   A round that sends documents saves the fields first, with the version,
 *   so a document alone cannot bring the draft back either.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { DOCUMENT_TYPES, draftsApi, errorBody, errorStatus, formatDateTime, type DocumentType, type Draft, type DraftData } from 'shared-api';
import { DRAFT_ENDED_ELSEWHERE } from 'shared-api/draft-texts';
import { notify } from 'shared-auth';
import { DRAFT_SYNC_KEY, type ApplicationDraft } from '../../../lib/application-draft';
import { getFileStore } from '../../../lib/file-store';
import type { ChosenFiles } from '../model';
import type { UploadOfFile, UploadStates } from './useDocumentUploads';

export const SAVE_INTERVAL_MS = 3000;
export const MAX_BACKOFF_MS = 60_000;
/** How long Submit waits for a draft save on its way (the client's own timeout for a save is 10 s). */
export const ROUND_WAIT_MS = 10_000;
/** This device's view of the server draft (under DRAFT_SYNC_KEY): the version it last saw and when the local draft last changed. */
interface SyncState {
  version: string | null;
  changedAt: number;
}

/** The copy kept beside the draft's copy in the wizard's file store, which the login form's clearing of local storage (spec §4) leaves. */
const SYNC_RECORD = 'draft-sync';

function syncFrom(raw: Partial<SyncState> | null | undefined): SyncState {
  return { version: typeof raw?.version === 'string' ? raw.version : null, changedAt: typeof raw?.changedAt === 'number' ? raw.changedAt : 0 };
}

function storedSync(): Partial<SyncState> | null {
  try {
    return JSON.parse(localStorage.getItem(DRAFT_SYNC_KEY) ?? 'null') as Partial<SyncState> | null;
  } catch {
    return null;
  }
}

function readSync(): SyncState {
  return syncFrom(storedSync());
}

/** This device's view, from the file store's copy when signing in again has cleared local storage. */
async function readSyncAnywhere(): Promise<SyncState> {
  const local = storedSync();
  if (local) return syncFrom(local);
  try {
    const [copy] = await getFileStore().getRecords(SYNC_RECORD);
    return syncFrom(copy?.[1] as Partial<SyncState> | undefined);
  } catch {
    return syncFrom(null);
  }
}

function writeSync(state: SyncState): void {
  try {
    localStorage.setItem(DRAFT_SYNC_KEY, JSON.stringify(state));
  } catch {
    // Storage full or disabled: the next opening compares by the server's time only.
  }
  getFileStore()
    .putRecord(SYNC_RECORD, state)
    .catch(() => undefined);
}

/** What the server keeps of a local draft: everything but the account, which the server knows. */
export function toDraftData(draft: ApplicationDraft): DraftData {
  const { userId: _userId, ...data } = draft;
  return data as DraftData;
}

function sameDraft(a: DraftData, b: DraftData): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof DraftData>;
  const blank = (v: unknown) => (v === undefined || v === null ? '' : JSON.stringify(v));
  return [...keys].every((key) => blank(a[key]) === blank(b[key]));
}

/** The server's draft as the wizard's fields, for this university (another university's keeps only the applicant's details, as locally). */
function adoptServer(data: DraftData, universityId: number): Partial<ApplicationDraft> {
  const patch = { ...data } as Partial<ApplicationDraft>;
  if (data.universityId !== universityId) {
    patch.programIds = [];
    patch.step = 1;
  }
  patch.universityId = universityId;
  return patch;
}

/** The server holds no draft of this applicant (its 404, or the rendered page's null). */
class NoServerDraft extends Error {}

/** The server ended the draft this device was saving (Start Over or Submit elsewhere). */
class DraftEndedElsewhere extends Error {}

interface Options {
  universityId: number;
  draft: ApplicationDraft;
  files: ChosenFiles;
  /** The local draft and its files have been read (the comparison waits for them). */
  ready: boolean;
  /** Whether a local draft of this applicant was found. */
  hadLocalDraft: boolean;
  /** The server's draft as the page the server rendered came with it (null: none): not asked again. */
  rendered?: Draft | null;
  update: (patch: Partial<ApplicationDraft>) => void;
  setFile: (type: DocumentType, file: File | null) => void;
  /** The wizard's resumable uploads: a finished one is linked to the draft instead of sending the file again. */
  uploads: { states: UploadStates; uploadOf: (type: DocumentType, file: File) => UploadOfFile };
}

export function useServerDraft({ universityId, draft, files, ready, hadLocalDraft, rendered, update, setFile, uploads }: Options) {
  const [reconciled, setReconciled] = useState(false);
  const version = useRef<string | null>(readSync().version);
  /** The serialized fields the server last accepted (null: unknown or none). */
  const savedJson = useRef<string | null>(null);
  /** The File object the server holds for each document type. */
  const stored = useRef<Partial<Record<DocumentType, File>>>({});
  const serverTypes = useRef<Set<DocumentType>>(new Set());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const busy = useRef(false);
  /** The round on its way (resolved when none is): Submit waits for it, so no save lands after the application ends the draft. */
  const round = useRef<Promise<void>>(Promise.resolve());
  /** The page was hidden while a round was on its way: what waits goes the moment it returns. */
  const leaveAfterRound = useRef(false);
  const lastRequestAt = useRef(0);
  const backoff = useRef(0);
  const suspended = useRef(false);
  /** The server's draft was ended elsewhere: nothing is saved until the applicant keeps this copy. */
  const ended = useRef(false);
  const [endedElsewhere, setEndedElsewhere] = useState(false);
  const latest = useRef({ draft, files, uploadOf: uploads.uploadOf });
  latest.current = { draft, files, uploadOf: uploads.uploadOf };
  const previousJson = useRef<string | null>(null);
  /** The fields the wizard opened with: what a fresh wizard has saved (what was typed since is not). */
  const [openedJson] = useState(() => JSON.stringify(toDraftData(draft)));

  const learn = useCallback((server: Draft) => {
    version.current = server.updatedAt;
    serverTypes.current = new Set(server.files.map((f) => f.documentType));
    writeSync({ ...readSync(), version: server.updatedAt });
  }, []);

  /** The draft this device saved has ended elsewhere: saving stops, and nothing of it is counted as on the server. */
  const endHere = useCallback(() => {
    ended.current = true;
    version.current = null;
    stored.current = {};
    serverTypes.current = new Set();
    writeSync({ ...readSync(), version: null });
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setEndedElsewhere(true);
  }, []);

  // One round: the fields if they changed, then each document not yet on the server (or removed here).
  const flush = useCallback(
    async ({ leavingPage = false } = {}): Promise<void> => {
      if (suspended.current || ended.current) return;
      if (busy.current) {
        if (leavingPage) leaveAfterRound.current = true;
        return;
      }
      busy.current = true;
      let roundDone = () => undefined as void;
      round.current = new Promise((resolve) => (roundDone = resolve));
      lastRequestAt.current = Date.now();
      try {
        const { draft: current, files: chosen, uploadOf } = latest.current;
        const data = toDraftData(current);
        const json = JSON.stringify(data);
        // Documents to send go after a save of the fields naming the version seen: a document alone
        // would be stored in a new draft where Start Over or Submit elsewhere ended this one.
        const documentsWait = !leavingPage && version.current !== null && DOCUMENT_TYPES.some((type) => documentWaits(type, chosen, uploadOf));
        if (json !== savedJson.current || documentsWait) {
          try {
            // keepalive: the browser finishes the request if the page goes while it is on its way.
            learn(await draftsApi.save({ ...data, updatedAt: version.current }, { keepalive: true }));
            savedJson.current = json;
          } catch (error) {
            if (errorStatus(error) !== 409) throw error;
            if (errorBody(error)?.message === DRAFT_ENDED_ELSEWHERE) throw new DraftEndedElsewhere();
            // Saved from another device since: the applicant is typing here, so this copy is the newer one.
            learn(await draftsApi.get());
            learn(await draftsApi.save({ ...data, updatedAt: version.current }, { keepalive: true }));
            savedJson.current = json;
          }
        }
        // A page being left sends no documents: a request that outlives it carries at most 64 KB.
        if (leavingPage) return;
        for (const type of DOCUMENT_TYPES) {
          // Submitting meanwhile: the draft is about to end, nothing more goes to it.
          if (suspended.current) return;
          const file = chosen[type];
          if (file && stored.current[type] !== file) {
            const upload = uploadOf(type, file);
            // Still being sent resumably: linked once it finishes (the uploads' progress schedules another round).
            if (upload.status === 'pending') continue;
            learn(upload.status === 'uploaded' ? await draftsApi.linkUpload(type, upload.uploadId) : await draftsApi.putFile(type, file, file.name));
            stored.current[type] = file;
          } else if (!file && serverTypes.current.has(type)) {
            learn(await draftsApi.removeFile(type));
            delete stored.current[type];
          }
        }
        backoff.current = 0;
      } catch (error) {
        if (error instanceof DraftEndedElsewhere) endHere();
        else backoff.current = Math.min(MAX_BACKOFF_MS, backoff.current ? backoff.current * 2 : SAVE_INTERVAL_MS * 2);
      } finally {
        busy.current = false;
        roundDone();
      }
      if (leaveAfterRound.current) {
        leaveAfterRound.current = false;
        if (changedSinceSave()) await flush({ leavingPage: true });
      }
    },
    [learn, endHere],
  );

  const schedule = useCallback(() => {
    if (timer.current || suspended.current || ended.current) return;
    const wait = Math.max(SAVE_INTERVAL_MS, lastRequestAt.current + SAVE_INTERVAL_MS + backoff.current - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      void flush().then(() => {
        if (changedSinceSave()) schedule();
      });
    }, wait);
  }, [flush]);

  /** A document chosen (or removed) here that the server's draft does not have as it is, and that can go now. */
  function documentWaits(type: DocumentType, chosen: ChosenFiles, uploadOf: (type: DocumentType, file: File) => UploadOfFile): boolean {
    const file = chosen[type];
    if (!file) return serverTypes.current.has(type);
    return stored.current[type] !== file && uploadOf(type, file).status !== 'pending';
  }

  function changedSinceSave(): boolean {
    const { draft: current, files: chosen, uploadOf } = latest.current;
    if (JSON.stringify(toDraftData(current)) !== savedJson.current) return true;
    return DOCUMENT_TYPES.some((type) => documentWaits(type, chosen, uploadOf));
  }

  // On opening: the server's draft against the local one; the newer wins.
  useEffect(() => {
    if (!ready || reconciled) return;
    // Not a load to show: a merge of the server's draft into the one being typed, once.
    // eslint-disable-next-line no-restricted-syntax -- see above
    let active = true;
    const local = toDraftData(latest.current.draft);
    const reconcile = async () => {
      let server: Draft | null = null;
      try {
        // The page the server rendered came with the answer: it is not asked again.
        if (rendered === null) throw new NoServerDraft();
        server = rendered ?? (await draftsApi.get());
      } catch (error) {
        // Offline or busy: work locally, save later. A wizard opened afresh saves nothing until the
        // applicant types (what they typed before this answer is theirs to save).
        if (!hadLocalDraft) savedJson.current = openedJson;
        if (!(error instanceof NoServerDraft) && errorStatus(error) !== 404) return;
      }
      // What this device knew before this answer: learning the server's version overwrites it.
      const sync = await readSyncAnywhere();
      if (!active) return;
      if (!server) {
        version.current = null;
        return;
      }
      learn(server);
      const serverIsNewer = !hadLocalDraft || (sync.version !== server.updatedAt && Date.parse(server.updatedAt) > sync.changedAt);
      const differs = !sameDraft(server.draft, { ...local, universityId: server.draft.universityId ?? null });
      // A document the server holds that this device has too (same name and size) is neither downloaded nor sent again.
      const chosenHere = latest.current.files;
      const missingHere = server.files.filter((file) => {
        const here = chosenHere[file.documentType];
        if (here && here.name === file.fileName && here.size === file.size) {
          stored.current[file.documentType] = here;
          return false;
        }
        return true;
      });
      if (serverIsNewer && !differs && missingHere.length === 0) {
        // The server's copy is this device's own, saved as the page was left (its answer never read): nothing to restore.
        savedJson.current = JSON.stringify(local);
      } else if (serverIsNewer) {
        const patch = adoptServer(server.draft, universityId);
        update(patch);
        savedJson.current = JSON.stringify(toDraftData({ ...latest.current.draft, ...patch }));
        for (const file of missingHere) {
          try {
            const blob = await draftsApi.downloadFile(file.documentType);
            if (!active) return;
            const restored = new File([blob], file.fileName, { type: file.fileType });
            stored.current[file.documentType] = restored;
            setFile(file.documentType, restored);
          } catch {
            // The document stays on the server; the applicant can choose it again.
          }
        }
        if (differs || server.files.length > 0) notify(`We restored your draft from your other device (saved ${formatDateTime(server.updatedAt)}).`, 'info');
      } else if (differs) {
        notify(`This device has a newer draft than the one saved from your other device (saved ${formatDateTime(server.updatedAt)}); we kept this one.`, 'info');
      }
    };
    void reconcile().finally(() => active && setReconciled(true));
    return () => {
      active = false;
    };
    // Runs once, when the local draft has been read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  // Every change after that: noted locally, saved to the server at the pace above.
  useEffect(() => {
    if (!reconciled) return;
    const json = JSON.stringify(toDraftData(draft));
    if (previousJson.current !== null && previousJson.current !== json) writeSync({ ...readSync(), changedAt: Date.now() });
    previousJson.current = json;
    if (changedSinceSave()) schedule();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reconciled, draft, files, uploads.states]);

  // The page hidden: the save waiting for its turn goes now, whatever the pace.
  useEffect(() => {
    if (!reconciled) return;
    const saveBeforeLeaving = (event: Event) => {
      if ((event.type === 'visibilitychange' && document.visibilityState !== 'hidden') || !timer.current) return;
      clearTimeout(timer.current);
      timer.current = null;
      void flush({ leavingPage: true }).then(() => {
        if (changedSinceSave()) schedule();
      });
    };
    document.addEventListener('visibilitychange', saveBeforeLeaving);
    window.addEventListener('pagehide', saveBeforeLeaving);
    return () => {
      document.removeEventListener('visibilitychange', saveBeforeLeaving);
      window.removeEventListener('pagehide', saveBeforeLeaving);
    };
  }, [reconciled, flush, schedule]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** The documents the server's draft already holds as chosen here: not sent again at submission. */
  const storedTypes = useCallback(
    (): DocumentType[] => DOCUMENT_TYPES.filter((type) => latest.current.files[type] && stored.current[type] === latest.current.files[type] && serverTypes.current.has(type)),
    [],
  );

  /** Stops saving (while submitting, and for good after a submission). */
  const suspend = useCallback(() => {
    suspended.current = true;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  /** Resolves once the round on its way (if any) has returned, or after `atMostMs` (a request a bad network holds). */
  const settled = useCallback(
    (atMostMs = ROUND_WAIT_MS) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, atMostMs);
        void round.current.then(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
    [],
  );

  const resume = useCallback(() => {
    suspended.current = false;
    if (changedSinceSave()) schedule();
  }, [schedule]);

  /** The applicant keeps this copy of a draft ended elsewhere: it is saved as a new draft, documents included. */
  const keepCopy = useCallback(() => {
    ended.current = false;
    setEndedElsewhere(false);
    savedJson.current = null;
    schedule();
  }, [schedule]);

  return { storedTypes, suspend, settled, resume, endedElsewhere, keepCopy };
}
