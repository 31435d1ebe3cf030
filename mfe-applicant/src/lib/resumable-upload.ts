/**
 * One document's resumable upload (tus 1.0 at /api/uploads, issue 19) with
 * tus-js-client: 256 KB chunks, so a dropped connection loses at most one;
 * the upload's address kept in the wizard's file store (IndexedDB) under a
 * fingerprint of the account, the document and the file, so after a reload,
 * an app restart or signing in again (the login form clears local storage,
 * spec §4; the File comes back from the same store) it continues from the
 * offset the server confirmed. Loaded lazily with the first chosen document.
 */
import { Upload, type DetailedError, type PreviousUpload, type UrlStorage } from 'tus-js-client';
import { API_BASE, type DocumentType } from 'shared-api';
import { currentToken } from 'shared-auth';
import { getFileStore } from './file-store';

export const CHUNK_BYTES = 256 * 1024;
/** Waits between attempts after a failure while online; offline, the wizard waits for the network instead. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];
export const UPLOAD_FAILED_MESSAGE = 'The upload failed. Please try again.';
const FINGERPRINT_PREFIX = 'portal-upload';
/** tus-js-client's own key layout (`tus::<fingerprint>::<id>`), kept in the file store instead of local storage. */
const ADDRESS_PREFIX = 'tus::';

/** Where tus-js-client keeps the address of each unfinished (and finished) upload. */
export const uploadAddresses: UrlStorage = {
  async findAllUploads() {
    return addressesUnder(ADDRESS_PREFIX);
  },
  async findUploadsByFingerprint(fingerprint) {
    return addressesUnder(`${ADDRESS_PREFIX}${fingerprint}::`);
  },
  async removeUpload(urlStorageKey) {
    await getFileStore().remove(urlStorageKey);
  },
  async addUpload(fingerprint, upload) {
    const key = `${ADDRESS_PREFIX}${fingerprint}::${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const { urlStorageKey: _unused, ...record } = upload;
    await getFileStore().putRecord(key, record);
    return key;
  },
};

async function addressesUnder(prefix: string): Promise<PreviousUpload[]> {
  const records = await getFileStore().getRecords(prefix);
  return records.map(([urlStorageKey, record]) => ({ ...(record as Omit<PreviousUpload, 'urlStorageKey'>), urlStorageKey }));
}

export interface UploadEvents {
  onProgress(percent: number): void;
  onSuccess(uploadId: string): void;
  /** `offline`: the network went away (the wizard resumes when it returns); otherwise the server's words. */
  onError(problem: { offline: true } | { offline: false; message: string }): void;
}

export interface ResumableUpload {
  /** Starts, or continues from the server's offset after `pause`. */
  start(): void;
  pause(): void;
}

function fingerprintOf(userId: number, type: DocumentType, file: File): string {
  return `${FINGERPRINT_PREFIX}-${userId}-${type}-${file.name}-${file.size}-${file.lastModified}`;
}

function serverMessage(error: Error): string {
  const body = (error as DetailedError).originalResponse?.getBody();
  try {
    const parsed = JSON.parse(body ?? '') as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // Not the API's JSON: a proxy's page or no answer.
  }
  return UPLOAD_FAILED_MESSAGE;
}

/**
 * `keepAddressOnSuccess`: the wizard keeps a finished upload's address until the
 * submission uses it (a reload then finds it finished); a one-off upload that
 * is used at once forgets it, so the same file chosen again is a new upload.
 */
export function resumableUpload(userId: number, type: DocumentType, file: File, events: UploadEvents, { keepAddressOnSuccess = true } = {}): ResumableUpload {
  const upload = new Upload(file, {
    endpoint: `${API_BASE}/uploads`,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    metadata: { documentType: type, filename: file.name },
    fingerprint: async () => fingerprintOf(userId, type, file),
    storeFingerprintForResuming: true,
    urlStorage: uploadAddresses,
    // Kept after success by the wizard: a reload then finds the upload finished (HEAD answers its full length) instead of sending it again.
    removeFingerprintOnSuccess: !keepAddressOnSuccess,
    onBeforeRequest: (request) => {
      // The session's current token on every request (it may be renewed during a long upload).
      const token = currentToken();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onProgress: (sent, total) => events.onProgress(total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0),
    onSuccess: () => events.onSuccess((upload.url ?? '').split('/').pop() ?? ''),
    onError: (error) => events.onError(typeof navigator !== 'undefined' && navigator.onLine === false ? { offline: true } : { offline: false, message: serverMessage(error) }),
  });
  const start = () => {
    if (upload.url) {
      upload.start();
      return;
    }
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const mine = previous.find((p) => p.metadata?.documentType === type);
        if (mine) upload.resumeFromPreviousUpload(mine);
      })
      .catch(() => undefined)
      .finally(() => upload.start());
  };
  return { start, pause: () => void upload.abort() };
}

/** Forgets the addresses of this account's uploads (after a submission used them). */
export async function forgetResumableUploads(userId: number): Promise<void> {
  const store = getFileStore();
  try {
    for (const [key] of await store.getRecords(`${ADDRESS_PREFIX}${FINGERPRINT_PREFIX}-${userId}-`)) await store.remove(key);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** An upload that failed for a reason other than the network: the server's words, or UPLOAD_FAILED_MESSAGE. */
export class UploadFailedError extends Error {}

/**
 * One file sent resumably from start to finish: progress as it goes, a pause
 * while the device is offline (`onWaiting(true)`) and a resume when the
 * network returns. Resolves with the upload's id; rejects with UploadFailedError.
 */
export function uploadResumably(userId: number, type: DocumentType, file: File, onProgress: (percent: number) => void, onWaiting: (waiting: boolean) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const resume = () => {
      window.removeEventListener('online', resume);
      onWaiting(false);
      upload.start();
    };
    const upload = resumableUpload(
      userId,
      type,
      file,
      {
        onProgress,
        onSuccess: resolve,
        onError: (problem) => {
          if (!problem.offline) return reject(new UploadFailedError(problem.message));
          onWaiting(true);
          window.addEventListener('online', resume);
        },
      },
      { keepAddressOnSuccess: false },
    );
    upload.start();
  });
}
