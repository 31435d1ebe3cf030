/**
 * Keeps the wizard's chosen files across reloads, and what must survive the
 * login form clearing local storage (spec §4) after a session expired
 * mid-application: a copy of the draft, and the addresses of the resumable
 * uploads, so the documents continue from the server's offset instead of
 * being sent again. A tiny IndexedDB wrapper behind a small interface, so
 * tests (jsdom has no IndexedDB) use the memory implementation.
 */
export interface FileStore {
  getAll(): Promise<Record<string, File>>;
  put(key: string, file: File): Promise<void>;
  remove(key: string): Promise<void>;
  /** The backup copy of the draft (plain data), or undefined. */
  getDraft(): Promise<unknown>;
  putDraft(draft: unknown): Promise<void>;
  /** The records kept under keys starting with `prefix` that are not files (the resumable uploads' addresses). */
  getRecords(prefix: string): Promise<Array<[string, unknown]>>;
  putRecord(key: string, record: unknown): Promise<void>;
  /** Removes the files, the draft copy and the records. */
  clear(): Promise<void>;
}

const DRAFT_RECORD = '__draft__';

export function createMemoryFileStore(): FileStore {
  const files = new Map<string, File>();
  const records = new Map<string, unknown>();
  let draft: unknown;
  return {
    getAll: async () => Object.fromEntries(files),
    put: async (key, file) => void files.set(key, file),
    remove: async (key) => {
      files.delete(key);
      records.delete(key);
    },
    getDraft: async () => (draft === undefined ? undefined : structuredCloneSafe(draft)),
    putDraft: async (value) => void (draft = structuredCloneSafe(value)),
    getRecords: async (prefix) => [...records].filter(([key]) => key.startsWith(prefix)).map(([key, value]) => [key, structuredCloneSafe(value)]),
    putRecord: async (key, record) => void records.set(key, structuredCloneSafe(record)),
    clear: async () => {
      files.clear();
      records.clear();
      draft = undefined;
    },
  };
}

function structuredCloneSafe(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

const DB_NAME = 'mfe-applicant';
const STORE = 'draftFiles';

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export function createIndexedDbFileStore(factory: IDBFactory): FileStore {
  let opening: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opening = null;
        reject(request.error);
      };
    });
    return opening;
  };
  const run = async <T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    const tx = db.transaction(STORE, mode);
    const result = await requestResult(action(tx.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    return result;
  };
  return {
    async getAll() {
      const db = await open();
      const tx = db.transaction(STORE, 'readonly');
      const store = tx.objectStore(STORE);
      const [keys, values] = await Promise.all([requestResult(store.getAllKeys()), requestResult(store.getAll())]);
      const out: Record<string, File> = {};
      keys.forEach((key, index) => {
        const value: unknown = values[index];
        if (key !== DRAFT_RECORD && value instanceof Blob) out[String(key)] = value instanceof File ? value : new File([value], String(key), { type: value.type });
      });
      return out;
    },
    put: async (key, file) => void (await run('readwrite', (store) => store.put(file, key))),
    remove: async (key) => void (await run('readwrite', (store) => store.delete(key))),
    getDraft: async () => run('readonly', (store) => store.get(DRAFT_RECORD)),
    putDraft: async (draft) => void (await run('readwrite', (store) => store.put(draft, DRAFT_RECORD))),
    async getRecords(prefix) {
      // Keys from `prefix` up to the last string that starts with it.
      const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
      const db = await open();
      const store = db.transaction(STORE, 'readonly').objectStore(STORE);
      const [keys, values] = await Promise.all([requestResult(store.getAllKeys(range)), requestResult(store.getAll(range))]);
      return keys.flatMap((key, index) => (values[index] instanceof Blob ? [] : [[String(key), values[index]] as [string, unknown]]));
    },
    putRecord: async (key, record) => void (await run('readwrite', (store) => store.put(record, key))),
    clear: async () => void (await run('readwrite', (store) => store.clear())),
  };
}

let current: FileStore | null = null;

/** The store in use: IndexedDB in browsers, memory where there is none. */
export function getFileStore(): FileStore {
  current ??= typeof indexedDB !== 'undefined' ? createIndexedDbFileStore(indexedDB) : createMemoryFileStore();
  return current;
}

/** Replaces the store (tests). */
export function setFileStore(store: FileStore): void {
  current = store;
}
