/**
 * Drafts that follow the applicant (issue 16): the wizard's draft, and the
 * documents already chosen in it, kept on the server so that signing in on
 * another device resumes it.
 *
 * - One draft per applicant (the wizard keeps one local draft, naming its
 *   university). Only the applicant reads or writes it; staff never see it.
 * - Versions: a write names the `updatedAt` it last saw; when the server has
 *   a newer draft (saved from another device) the write is refused with 409
 *   and the client chooses, so no device silently overwrites another's work.
 * - Documents are stored like a submission's; at submission the documents the
 *   request does not carry are taken from the draft (the stored object moves
 *   to the application, nothing is uploaded again), and the draft goes.
 * - Start Over, submission and account deletion delete the draft; drafts
 *   untouched for DRAFT_MAX_AGE_DAYS are swept.
 */
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DRAFT_CHANGED_ELSEWHERE, DRAFT_ENDED_ELSEWHERE, DRAFT_MAX_AGE_DAYS, DRAFT_NOT_FOUND, DraftData, DraftInput, DOCUMENT_LABELS, type DocumentType, type Draft } from 'shared-api/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Executor } from '../../infrastructure/database/client';
import { deleteDraft, deleteDraftFile, deleteDraftsChangedBefore, draftFilesOf, findDraft, putDraftFile, touchDraft, writeDraft, type DraftFileRow, type DraftRow } from './queries';
import { badRequest, conflict, notFound } from '../../errors';
import { ByteBudget, newStorageKey, storeUpload, translateMultipartError, type StoredUpload } from '../../infrastructure/http/uploads';
import { runPeriodically } from '../../infrastructure/jobs/periodic';
import type { Caller } from '../../infrastructure/http/access';
import { StorageNotFoundError, storageFor } from '../../infrastructure/storage';
import { NO_SUCH_UPLOAD_MESSAGE, ownUpload } from '../uploads';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DRAFT_FILE_NOT_FOUND = 'This document is not in your draft.';
export const DRAFT_DOCUMENTS_CHANGED = 'Your draft documents changed while the application was being sent. Please try again.';
export const UPLOAD_NOT_FINISHED_MESSAGE = 'This upload has not finished yet: link it to the draft once all of it is sent.';
export const ONE_DRAFT_FILE_MESSAGE = "file: send exactly one file in a part named 'file'";

function toDraft(row: DraftRow, files: DraftFileRow[]): Draft {
  // Stored only after the contract checked it; parsed again so an older shape never reaches a client unchecked.
  const parsed = DraftData.safeParse(row.data);
  return {
    draft: parsed.success ? parsed.data : {},
    files: files.map((f) => ({ documentType: f.documentType, fileName: f.fileName, fileType: f.contentType, size: f.size })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function readDraft(db: Executor, userId: number): Promise<Draft | null> {
  const row = await findDraft(db, userId);
  if (!row) return null;
  return toDraft(row, await draftFilesOf(db, userId));
}

/** GET /api/drafts/mine: the caller's draft, or 404 when none is saved. */
export async function getOwnDraft(ctx: AppContext, caller: Caller): Promise<Draft> {
  const draft = await readDraft(ctx.db, caller.id);
  if (!draft) throw notFound(DRAFT_NOT_FOUND);
  return draft;
}

/**
 * PUT /api/drafts/mine: saves the fields unless the server's draft is newer
 * than the one the client saw (409), or the client saw a draft that has since
 * ended (409: Start Over or Submit elsewhere; `updatedAt: null` starts anew).
 */
export async function saveOwnDraft(ctx: AppContext, caller: Caller, input: z.output<typeof DraftInput>, now = new Date()): Promise<Draft> {
  const { updatedAt: seen, ...data } = input;
  return ctx.db.transaction(async (tx) => {
    const current = await findDraft(tx, caller.id, { forUpdate: true });
    if (!current && seen !== null) throw conflict(DRAFT_ENDED_ELSEWHERE);
    if (current && (seen === null || Date.parse(seen) !== current.updatedAt.getTime())) throw conflict(DRAFT_CHANGED_ELSEWHERE);
    // Never earlier than the version it replaces, so versions only move forward even if clocks step back.
    const at = current && current.updatedAt.getTime() >= now.getTime() ? new Date(current.updatedAt.getTime() + 1) : now;
    const row = await writeDraft(tx, caller.id, data, at);
    return toDraft(row, await draftFilesOf(tx, caller.id));
  });
}

async function deleteStored(ctx: Pick<AppContext, 'config'>, keys: string[], log: FastifyBaseLogger): Promise<void> {
  const storage = storageFor(ctx.config.storage);
  // A failed delete leaves an orphan object, which the orphan-file sweep removes later; never a row without its file.
  await Promise.all(keys.map((key) => storage.delete(key).catch((error: unknown) => log.error({ err: error, key }, 'could not delete a draft document'))));
}

/** DELETE /api/drafts/mine (Start Over): the draft and its documents go; nothing to delete is not an error. */
export async function discardOwnDraft(ctx: AppContext, caller: Caller, log: FastifyBaseLogger): Promise<void> {
  const keys = await ctx.db.transaction((tx) => deleteDraft(tx, caller.id));
  await deleteStored(ctx, keys, log);
}

/**
 * PUT /api/drafts/mine/files/{documentType}: one multipart part 'file',
 * checked as a submission's documents are (content type by its bytes, size
 * limits) and stored the same way; it replaces the draft's document of that
 * type. Creates the draft when there is none yet.
 */
export async function putOwnDraftDocument(ctx: AppContext, caller: Caller, documentType: DocumentType, parts: AsyncIterable<Multipart>, log: FastifyBaseLogger, now = new Date()): Promise<Draft> {
  const storage = storageFor(ctx.config.storage);
  const { maxFileBytes, maxRequestBytes } = ctx.config.uploads;
  const budget = new ByteBudget(maxRequestBytes);
  const keys: string[] = [];
  let upload: StoredUpload | undefined;
  let committed = false;
  try {
    try {
      for await (const part of parts) {
        if (part.fieldname !== 'file' || part.type !== 'file' || upload) throw badRequest(ONE_DRAFT_FILE_MESSAGE);
        upload = await storeUpload(storage, part, budget, maxFileBytes, keys, DOCUMENT_LABELS[documentType]);
      }
    } catch (error) {
      throw translateMultipartError(error, maxFileBytes);
    }
    if (!upload) throw badRequest(ONE_DRAFT_FILE_MESSAGE);
    const stored = upload;
    const { draft, replaced } = await ctx.db.transaction(async (tx) => {
      await touchDraft(tx, caller.id, now);
      const previous = await putDraftFile(tx, {
        userId: caller.id,
        documentType,
        fileName: stored.fileName,
        storageKey: stored.key,
        contentType: stored.contentType,
        size: stored.size,
        sha256: stored.sha256,
      });
      return { draft: (await readDraft(tx, caller.id))!, replaced: previous };
    });
    committed = true;
    if (replaced) await deleteStored(ctx, [replaced], log);
    return draft;
  } catch (error) {
    if (!committed) await deleteStored(ctx, keys, log);
    throw error;
  }
}

/**
 * PUT /api/drafts/mine/files/{documentType} with JSON `{ uploadId }`: the
 * document is one the caller already sent through a resumable upload (issue
 * 19), so its bytes are not sent again. The draft gets its own copy, made
 * inside the storage: the upload and the draft file then keep their own
 * lifetimes (a submission taking the upload, Start Over deleting the draft,
 * the orphan sweep of untaken uploads) and never delete each other's object.
 */
export async function linkOwnDraftDocument(ctx: AppContext, caller: Caller, documentType: DocumentType, uploadId: string, log: FastifyBaseLogger, now = new Date()): Promise<Draft> {
  const upload = await ownUpload(ctx, caller, uploadId);
  if (!upload.completedAt || !upload.storageKey || !upload.contentType || !upload.sha256) throw notFound(UPLOAD_NOT_FINISHED_MESSAGE);
  if (upload.documentType !== documentType) throw badRequest(`uploadId: this upload is the ${DOCUMENT_LABELS[upload.documentType]}, not the ${DOCUMENT_LABELS[documentType]}`);
  const storage = storageFor(ctx.config.storage);
  const key = newStorageKey();
  let committed = false;
  try {
    let written;
    try {
      written = await storage.put(key, await storage.get(upload.storageKey));
    } catch (error) {
      // The upload was taken by a submission and its object moved, or swept, between the check and the copy.
      if (error instanceof StorageNotFoundError) throw notFound(NO_SUCH_UPLOAD_MESSAGE);
      throw error;
    }
    const { draft, replaced } = await ctx.db.transaction(async (tx) => {
      await touchDraft(tx, caller.id, now);
      const previous = await putDraftFile(tx, {
        userId: caller.id,
        documentType,
        fileName: upload.fileName,
        storageKey: key,
        contentType: upload.contentType!,
        size: written.size,
        sha256: written.sha256,
      });
      return { draft: (await readDraft(tx, caller.id))!, replaced: previous };
    });
    committed = true;
    if (replaced) await deleteStored(ctx, [replaced], log);
    return draft;
  } catch (error) {
    if (!committed) await deleteStored(ctx, [key], log);
    throw error;
  }
}

/** DELETE /api/drafts/mine/files/{documentType}: the applicant removed a chosen document. */
export async function deleteOwnDraftDocument(ctx: AppContext, caller: Caller, documentType: DocumentType, log: FastifyBaseLogger, now = new Date()): Promise<Draft> {
  const { draft, key } = await ctx.db.transaction(async (tx) => {
    if (!(await findDraft(tx, caller.id, { forUpdate: true }))) throw notFound(DRAFT_NOT_FOUND);
    const removed = await deleteDraftFile(tx, caller.id, documentType);
    if (removed) await touchDraft(tx, caller.id, now);
    return { draft: (await readDraft(tx, caller.id))!, key: removed };
  });
  if (key) await deleteStored(ctx, [key], log);
  return draft;
}

export interface OpenedDraftDocument {
  contentType: string;
  size: number;
  fileName: string;
  stream: Readable;
}

/** GET /api/drafts/mine/files/{documentType}: the document, for the applicant resuming on another device. */
export async function openOwnDraftDocument(ctx: AppContext, caller: Caller, documentType: DocumentType): Promise<OpenedDraftDocument> {
  const file = (await draftFilesOf(ctx.db, caller.id)).find((f) => f.documentType === documentType);
  if (!file) throw notFound(DRAFT_FILE_NOT_FOUND);
  try {
    return { contentType: file.contentType, size: file.size, fileName: file.fileName, stream: await storageFor(ctx.config.storage).get(file.storageKey) };
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFound(DRAFT_FILE_NOT_FOUND);
    throw error;
  }
}

/* ---------- submission ---------- */

/**
 * The draft's documents of these types, for a submission whose request does
 * not carry them. Read once before the checks (a missing one is the request's
 * fault: 400 naming the documents) and again, locked, inside the submission's
 * transaction (`locked`), where any change since is a 409.
 */
export async function draftDocumentsFor(db: Executor, userId: number, types: readonly DocumentType[], missingMessage: string, locked?: DraftFileRow[]): Promise<DraftFileRow[]> {
  if (types.length === 0) return [];
  const files = await draftFilesOf(db, userId, { forUpdate: locked !== undefined });
  const chosen = types.map((type) => files.find((f) => f.documentType === type));
  if (locked === undefined) {
    if (chosen.some((f) => !f)) throw badRequest(missingMessage);
    return chosen as DraftFileRow[];
  }
  const same = chosen.every((f, i) => f && f.storageKey === locked[i]?.storageKey);
  if (!same) throw conflict(DRAFT_DOCUMENTS_CHANGED);
  return chosen as DraftFileRow[];
}

/**
 * In the caller's transaction (a submission, an account deletion): the draft
 * is done. Answers the storage keys of its documents, for the caller to
 * delete once it has committed.
 */
export async function endDraft(tx: Executor, userId: number): Promise<string[]> {
  return deleteDraft(tx, userId);
}

/** After the submission committed: deletes the stored draft documents the application did not take over. */
export async function deleteUnusedDraftDocuments(ctx: Pick<AppContext, 'config'>, keys: string[], taken: Set<string>, log: FastifyBaseLogger): Promise<void> {
  await deleteStored(
    ctx,
    keys.filter((key) => !taken.has(key)),
    log,
  );
}

/* ---------- clean-up ---------- */

export interface DraftSweepResult {
  drafts: number;
  documents: number;
}

/** Deletes drafts untouched for DRAFT_MAX_AGE_DAYS as of `now`, with their stored documents. */
export async function sweepStaleDrafts(ctx: Pick<AppContext, 'db' | 'config'>, log: FastifyBaseLogger, options: { now?: Date } = {}): Promise<DraftSweepResult> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - DRAFT_MAX_AGE_DAYS * DAY_MS);
  const { drafts, keys } = await deleteDraftsChangedBefore(ctx.db, cutoff);
  await deleteStored(ctx, keys, log);
  return { drafts, documents: keys.length };
}

/** Sweeps with the orphan-file sweep's period (ORPHAN_FILE_SWEEP_HOURS), and stops with the app. */
export function startStaleDraftSweep(app: FastifyInstance, ctx: AppContext): void {
  runPeriodically(app, {
    everyMs: ctx.config.uploads.orphanSweepHours * 60 * 60 * 1000,
    run: () => sweepStaleDrafts(ctx, app.log),
    report: (result) => {
      if (result.drafts > 0) app.log.info(result, 'drafts untouched for 180 days removed');
    },
    failure: 'stale draft sweep failed',
  });
}
