/**
 * The rules of resumable document uploads (tus 1.0, issue 19), the same as
 * the multipart form's (infrastructure/http/uploads.ts): an applicant's own,
 * a named document kind, the per-file limit checked when the upload is
 * announced, the type judged by the bytes once they are all in, then copied
 * into the document storage. An upload belongs to the account that started
 * it; to any other it does not exist.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Metadata } from '@tus/server';
import { DOCUMENT_EXTENSIONS, DOCUMENT_LABELS, DOCUMENT_SNIFF_BYTES, DOCUMENT_TYPES, documentTypeOf, wrongDocumentTypeMessage, type DocumentType } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, notFound, payloadTooLarge } from '../../errors';
import type { Executor } from '../../infrastructure/database/client';
import type { Caller } from '../../infrastructure/http/access';
import { cleanFileName, fileTooLargeMessage, newStorageKey } from '../../infrastructure/http/uploads';
import { storageFor } from '../../infrastructure/storage';
import { attachableUploads, attachUploads, deleteUnattachedUpload, deleteUploadRow, findUpload, insertUpload, markCompleted, staleUploads, type UploadRow } from './queries';
import { uploadStoreFor, type UploadStore } from './store';

export const NO_SUCH_UPLOAD_MESSAGE = 'No such upload.';
export const STORAGE_FULL_MESSAGE = 'The server has no room to store documents right now, so this file was not saved. Please try again later.';
export const UPLOAD_FAILED_MESSAGE = 'The file could not be saved. Please try again.';
export const STALE_OFFSET_MESSAGE = 'That part of the file was already received: ask for the upload\u2019s offset (HEAD) and continue from there.';
export const UPLOAD_ATTACHED_MESSAGE = 'This document is part of an application and cannot be removed here.';
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** What a creation request announces, checked before anything is stored. */
export interface UploadStart {
  documentType: DocumentType;
  fileName: string;
  size: number;
}

/** An error the tus handler turns into its answer (status and plain words). */
export class UploadRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

export function checkCreation(ctx: AppContext, headers: Record<string, string | string[] | undefined>): UploadStart {
  const { maxFileBytes } = ctx.config.uploads;
  if (headers['upload-defer-length'] !== undefined) throw badRequest('Upload-Length: say how large the file is when the upload starts');
  const lengthHeader = String(headers['upload-length'] ?? '');
  if (!/^\d{1,12}$/.test(lengthHeader)) throw badRequest('Upload-Length: must be the size of the file in bytes');
  const size = Number(lengthHeader);
  if (size === 0) throw badRequest('Upload-Length: the file is empty');
  if (size > maxFileBytes) throw payloadTooLarge(fileTooLargeMessage(maxFileBytes));
  let metadata: Record<string, string | null> = {};
  try {
    metadata = Metadata.parse(typeof headers['upload-metadata'] === 'string' ? headers['upload-metadata'] : undefined);
  } catch {
    throw badRequest('Upload-Metadata: must be key and base64 value pairs');
  }
  const documentType = metadata.documentType;
  if (!documentType || !(DOCUMENT_TYPES as readonly string[]).includes(documentType)) throw badRequest(`Upload-Metadata: documentType must be one of ${DOCUMENT_TYPES.join(', ')}`);
  const fileName = (metadata.filename ?? metadata.name ?? '').slice(0, 300);
  if (!fileName.trim()) throw badRequest('Upload-Metadata: filename is required');
  return { documentType: documentType as DocumentType, fileName, size };
}

export async function recordStart(ctx: AppContext, caller: Caller, id: string, start: UploadStart): Promise<void> {
  await insertUpload(ctx.db, { id, ownerId: caller.id, ...start });
}

/** The caller's upload; anyone else's, like a missing one, is 404 (its existence is not confirmed). */
export async function ownUpload(ctx: AppContext, caller: Caller, id: string): Promise<UploadRow> {
  const row = UPLOAD_ID.test(id) ? await findUpload(ctx.db, id) : undefined;
  if (!row || row.ownerId !== caller.id) throw notFound(NO_SUCH_UPLOAD_MESSAGE);
  return row;
}

const isNoSpace = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes(String((error as { code?: unknown } | null)?.code ?? ''));

/** The tus store's own failures in plain words: a full disk is 507, anything else a 500 to retry. */
export function refusalFor(error: unknown): UploadRefusal | undefined {
  if (isNoSpace(error)) return new UploadRefusal(507, STORAGE_FULL_MESSAGE);
  return undefined;
}

async function dropUpload(ctx: AppContext, store: UploadStore, id: string, log: FastifyBaseLogger): Promise<void> {
  await store.remove(id).catch((error: unknown) => log.warn({ err: error, uploadId: id }, 'could not remove a resumable upload'));
  await deleteUploadRow(ctx.db, id);
}

/**
 * Every byte is in: judge the type by the bytes, copy them into the document
 * storage (hashed on the way), record it, drop the tus copy. A refusal
 * removes the bytes; nothing is recorded half-way.
 */
export async function finishUpload(ctx: AppContext, id: string, log: FastifyBaseLogger): Promise<void> {
  const store = uploadStoreFor(ctx.config);
  const row = await findUpload(ctx.db, id);
  if (!row) throw new UploadRefusal(404, NO_SUCH_UPLOAD_MESSAGE);
  const source = await store.read(id);
  const iterator = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < DOCUMENT_SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const first = Buffer.concat(head);
  const mime = documentTypeOf(first);
  if (!mime) {
    source.destroy();
    await dropUpload(ctx, store, id, log);
    throw new UploadRefusal(415, wrongDocumentTypeMessage(DOCUMENT_LABELS[row.documentType]));
  }
  async function* body(): AsyncGenerator<Buffer> {
    yield first;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const storage = storageFor(ctx.config.storage);
  const key = newStorageKey();
  try {
    const written = await storage.put(key, body());
    await markCompleted(ctx.db, id, {
      contentType: mime,
      sha256: written.sha256,
      storageKey: key,
      fileName: cleanFileName(row.fileName, DOCUMENT_EXTENSIONS[mime], 'document'),
      completedAt: ctx.clock.now(),
    });
  } catch (error) {
    source.destroy();
    await storage.delete(key).catch(() => {});
    await dropUpload(ctx, store, id, log);
    if (isNoSpace(error)) throw new UploadRefusal(507, STORAGE_FULL_MESSAGE);
    log.error({ err: error, uploadId: id }, 'a completed resumable upload could not be stored');
    throw new UploadRefusal(500, UPLOAD_FAILED_MESSAGE);
  }
  await store.remove(id).catch((error: unknown) => log.warn({ err: error, uploadId: id }, 'could not remove the tus copy of a stored upload'));
}

/** DELETE of a finished upload: gone with its stored copy, unless an application took it. */
export async function removeFinishedUpload(ctx: AppContext, row: UploadRow): Promise<void> {
  if (row.attachedApplicationId !== null || !(await deleteUnattachedUpload(ctx.db, row.id))) throw conflict(UPLOAD_ATTACHED_MESSAGE);
  if (row.storageKey) await storageFor(ctx.config.storage).delete(row.storageKey);
}

export async function forgetUpload(ctx: AppContext, id: string): Promise<void> {
  await deleteUploadRow(ctx.db, id);
}

/** A document of a submission, taken from one of the caller's finished uploads. */
export interface UploadedDocument {
  uploadId: string;
  documentType: DocumentType;
  fileName: string;
  storageKey: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * The caller's finished, not yet used uploads named for these document
 * kinds; any other id (another account's, unfinished, already used) is a 400
 * naming the document.
 */
export async function uploadedDocumentsFor(db: Executor, callerId: number, byType: Partial<Record<DocumentType, string>>): Promise<UploadedDocument[]> {
  const entries = Object.entries(byType).filter((entry): entry is [DocumentType, string] => typeof entry[1] === 'string');
  if (entries.length === 0) return [];
  if (new Set(entries.map(([, id]) => id)).size !== entries.length) throw badRequest('documentUploads: each document needs its own upload');
  const rows = new Map(
    (
      await attachableUploads(
        db,
        callerId,
        entries.map(([, id]) => id),
      )
    ).map((row) => [row.id, row]),
  );
  return entries.map(([documentType, id]) => {
    const row = rows.get(id);
    if (!row?.storageKey || !row.contentType || !row.sha256) {
      throw badRequest(`documentUploads.${documentType}: no finished upload of yours has this id, or it is already part of an application`);
    }
    return { uploadId: id, documentType, fileName: row.fileName, storageKey: row.storageKey, contentType: row.contentType, size: row.size, sha256: row.sha256 };
  });
}

/** Inside the submission's transaction: takes the uploads, all or none (a concurrent submission that took one first fails this one). */
export async function attachUploadedDocuments(tx: Executor, callerId: number, documents: UploadedDocument[], applicationId: number): Promise<void> {
  const ids = documents.map((document) => document.uploadId);
  if ((await attachUploads(tx, callerId, ids, applicationId)) !== ids.length) {
    throw new AppError(409, 'documentUploads: an upload is already part of another application', 'Conflict');
  }
}

/**
 * The orphan sweep's part: uploads never finished since the cutoff, and
 * finished ones no application took by then, go with their bytes.
 */
export async function sweepStaleUploads(ctx: Pick<AppContext, 'db' | 'config'>, log: FastifyBaseLogger, cutoff: Date): Promise<number> {
  const store = uploadStoreFor(ctx.config);
  const storage = storageFor(ctx.config.storage);
  let deleted = 0;
  for (;;) {
    const rows = await staleUploads(ctx.db, cutoff);
    let progressed = false;
    for (const row of rows) {
      // The row goes first, and only if still unattached: a submission taking it at this moment wins.
      if (!(await deleteUnattachedUpload(ctx.db, row.id))) continue;
      progressed = true;
      if (row.completedAt && row.storageKey) await storage.delete(row.storageKey);
      else await store.remove(row.id).catch(() => {});
      deleted += 1;
    }
    if (rows.length < 500 || !progressed) break;
  }
  if (deleted > 0) log.info({ deleted }, 'deleted resumable uploads no application took');
  return deleted;
}
