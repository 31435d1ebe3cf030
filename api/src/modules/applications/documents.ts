/**
 * Documents checked one by one (issue 17): staff verify or reject each
 * document of an application; rejecting one asks the applicant for a new file
 * (the application moves to DOCUMENTS_REQUESTED), and the applicant replaces
 * just that document. When no rejected document remains, the application
 * returns to the review status it came from. Every decision and replacement
 * is a history entry with who and when, in words.
 */
import type { Multipart } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import { DECIDABLE_STATUSES, DOCUMENT_LABELS, type Application, type ApplicationStatus, type DocumentStatus } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import type { Executor } from '../../infrastructure/database/client';
import type { Caller } from '../../infrastructure/http/access';
import { ByteBudget, storeUpload, translateMultipartError, type StoredUpload } from '../../infrastructure/http/uploads';
import { sendMail } from '../../infrastructure/mail/outbox';
import { renderNoticeLines } from '../../infrastructure/mail/template';
import { storageFor } from '../../infrastructure/storage';
import { audit } from '../audit';
import { attachUploadedDocuments, NO_SUCH_UPLOAD_MESSAGE, ownUpload, type UploadedDocument } from '../uploads';
import { documentsSms, notifyAssignee, queueSmsNotice, wantsEmail } from '../notifications';
import type { RequestMeta } from './decisions';
import { historyCount, recordHistory } from './history';
import { toApplication } from './mapping';
import {
  findApplicationRow,
  findCurrentDocument,
  lockApplicationRow,
  rejectedDocumentCount,
  replaceDocumentFile,
  setApplicationStatus,
  setDocumentStatus,
  statusBefore,
  type ApplicationFileRow,
  type ApplicationRow,
} from './queries';
import { APPLICATION_NOT_FOUND, canDecide } from './reach';

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const UPLOAD_NOT_FINISHED_MESSAGE = 'This upload has not finished yet: replace the document once all of the file is sent.';
export const DOCUMENT_REASON_REQUIRED = 'reason: say why the document is rejected, so the applicant knows what to upload';
export const ONE_DOCUMENT_FILE_MESSAGE = "file: send exactly one file, in a part named 'file'";
export const DOCUMENTS_REQUESTED: ApplicationStatus = 'DOCUMENTS_REQUESTED';

export function alreadyDecidedMessage(status: string): string {
  return `This application has already been decided (${status}); its documents can no longer change.`;
}

export function notRejectedMessage(status: DocumentStatus): string {
  return status === 'VERIFIED'
    ? 'This document has been verified: only a document the university asked you to replace can be uploaded again.'
    : 'This document is waiting for review: only a document the university asked you to replace can be uploaded again.';
}

function label(file: Pick<ApplicationFileRow, 'documentType'>): string {
  return DOCUMENT_LABELS[file.documentType];
}

/**
 * The status an application returns to once no document is rejected: the one
 * it had when documents were requested; a fee paid meanwhile makes an
 * undecided application ready for review, as a payment always does.
 */
async function returnStatus(tx: Executor, app: ApplicationRow): Promise<ApplicationStatus> {
  const before = (await statusBefore(tx, app.id, DOCUMENTS_REQUESTED)) as ApplicationStatus | null;
  const known = before && DECIDABLE_STATUSES.includes(before) && before !== DOCUMENTS_REQUESTED ? before : 'PENDING';
  if (app.paid && (known === 'PENDING' || known === 'SUBMITTED')) return 'PENDING_REVIEW';
  return known;
}

/** Moves the application out of DOCUMENTS_REQUESTED when no rejected document remains (inside `tx`). */
async function resumeReviewIfComplete(tx: Executor, app: ApplicationRow, actorId: number, note: string): Promise<void> {
  if (app.status !== DOCUMENTS_REQUESTED) return;
  if ((await rejectedDocumentCount(tx, app.id)) > 0) return;
  const to = await returnStatus(tx, app);
  await setApplicationStatus(tx, app.id, to);
  await recordHistory(tx, { applicationId: app.id, kind: 'STATUS', from: DOCUMENTS_REQUESTED, to, note, actorId });
}

/** PUT /api/applications/{id}/documents/{documentId}: staff in reach verify or reject one document. */
export async function reviewDocument(
  ctx: AppContext,
  caller: Caller,
  applicationId: number,
  documentId: number,
  input: { status: DocumentStatus; reason?: string | null },
  meta: RequestMeta,
): Promise<Application> {
  const found = await findApplicationRow(ctx.db, applicationId);
  if (!found || !canDecide(caller, found)) throw notFound(APPLICATION_NOT_FOUND);
  const reason = input.status === 'REJECTED' ? input.reason?.trim() || null : null;
  if (input.status === 'REJECTED' && !reason) throw badRequest(DOCUMENT_REASON_REQUIRED);

  const outcome = await ctx.db.transaction(async (tx) => {
    const app = (await lockApplicationRow(tx, applicationId))!;
    if (!DECIDABLE_STATUSES.includes(app.status)) throw conflict(alreadyDecidedMessage(app.status));
    const document = await findCurrentDocument(tx, applicationId, documentId);
    if (!document) throw notFound(DOCUMENT_NOT_FOUND);
    if (document.status === input.status && document.reason === reason) return { app, document, changed: false };
    await setDocumentStatus(tx, document.id, input.status, reason);
    const words =
      input.status === 'REJECTED' ? `${label(document)} rejected: ${reason}` : input.status === 'VERIFIED' ? `${label(document)} verified` : `${label(document)} set back to pending review`;
    await recordHistory(tx, { applicationId, kind: 'DOCUMENT', from: document.status, to: input.status, note: words, actorId: caller.id });
    if (input.status === 'REJECTED') {
      const occurrence = String(await historyCount(tx, applicationId));
      await queueSmsNotice(ctx, tx, documentsSms(ctx, { userId: app.userId, applicationId, documentId: document.id, occurrence, document: label(document), phone: app.phoneNumber }));
    }
    if (input.status === 'REJECTED' && app.status !== DOCUMENTS_REQUESTED) {
      await setApplicationStatus(tx, applicationId, DOCUMENTS_REQUESTED);
      await recordHistory(tx, { applicationId, kind: 'STATUS', from: app.status, to: DOCUMENTS_REQUESTED, note: `New file requested: ${label(document)}`, actorId: caller.id });
    } else if (input.status !== 'REJECTED') {
      await resumeReviewIfComplete(tx, app, caller.id, 'No document is waiting for a new file: back to review');
    }
    return { app, document, changed: true };
  });

  if (outcome.changed) {
    await audit(ctx, {
      actorId: caller.id,
      actorEmail: caller.email,
      action: 'application.document',
      target: `application:${applicationId}`,
      outcome: 'success',
      ip: meta.ip,
      detail: `${outcome.document.documentType} ${outcome.document.status} -> ${input.status}`,
    });
  }
  const application = await toApplication(ctx.db, (await findApplicationRow(ctx.db, applicationId))!, caller);
  if (outcome.changed && input.status === 'REJECTED') await askForNewFile(ctx, application, found.userId, label(outcome.document), reason!, meta.log);
  return application;
}

/** Tells the applicant which document to upload again and why; a failure never undoes the decision. */
async function askForNewFile(ctx: AppContext, application: Application, userId: number, documentLabel: string, reason: string, log: FastifyBaseLogger): Promise<void> {
  const lines = [
    `Dear ${application.fullName},`,
    '',
    `${application.university.name} needs a new file for one document of your application: ${documentLabel}.`,
    '',
    `Reason: ${reason}`,
    '',
    'Sign in to the portal and open your application to upload a new file for this document.',
  ];
  try {
    if (!(await wantsEmail(ctx, userId, 'DOCUMENTS'))) return;
    await sendMail(
      ctx,
      renderNoticeLines(ctx.config, {
        to: application.user.email || application.email,
        subject: 'Please upload a new file for your application',
        lines,
        link: { label: 'Upload the new file', url: `${ctx.config.publicUrl}/applications/${application.id}` },
        universityName: application.university.name,
      }),
    );
  } catch (error) {
    log.error({ err: error, applicationId: application.id }, 'could not queue the document request');
  }
}

/**
 * The rejected document an applicant may replace: their application, still
 * being decided, and the document current and REJECTED. Checked before any
 * bytes are read (`findApplicationRow`) and again under the application's
 * lock before they are saved (`lockApplicationRow`).
 */
async function replaceableDocument(
  db: Executor,
  caller: Caller,
  applicationId: number,
  documentId: number,
  readApplication: (db: Executor, id: number) => Promise<ApplicationRow | undefined> = findApplicationRow,
): Promise<{ app: ApplicationRow; document: ApplicationFileRow }> {
  const app = await readApplication(db, applicationId);
  if (!app || app.userId !== caller.id) throw notFound(APPLICATION_NOT_FOUND);
  if (!DECIDABLE_STATUSES.includes(app.status)) throw conflict(alreadyDecidedMessage(app.status));
  const document = await findCurrentDocument(db, applicationId, documentId);
  if (!document) throw notFound(DOCUMENT_NOT_FOUND);
  if (document.status !== 'REJECTED') throw conflict(notRejectedMessage(document.status));
  return { app, document };
}

type NewDocumentFile = Pick<ApplicationFileRow, 'fileName' | 'storageKey' | 'contentType' | 'size' | 'sha256'>;

/**
 * Inside the replacement's transaction: the application and document checked
 * again under lock, the new file in place of the rejected one (which is
 * kept), history, the review resumed when nothing is missing any more, and
 * the assignee told. `beforeReplace` runs under the same lock first.
 */
async function replaceLocked(
  ctx: AppContext,
  tx: Executor,
  caller: Caller,
  applicationId: number,
  documentId: number,
  file: NewDocumentFile,
  beforeReplace?: (document: ApplicationFileRow) => Promise<void>,
): Promise<void> {
  const { app, document } = await replaceableDocument(tx, caller, applicationId, documentId, lockApplicationRow);
  await beforeReplace?.(document);
  await replaceDocumentFile(tx, document, file);
  await recordHistory(tx, {
    applicationId,
    kind: 'DOCUMENT',
    from: 'REJECTED',
    to: 'PENDING',
    note: `${label(document)}: new file uploaded by the applicant (the earlier file is kept)`,
    actorId: caller.id,
  });
  await resumeReviewIfComplete(tx, app, caller.id, 'The requested documents were uploaded again: back to review');
  await notifyAssignee(ctx, tx, {
    kind: 'DOCUMENT_UPLOADED',
    applicationId,
    title: 'Document uploaded again',
    body: `The applicant uploaded a new file for ${label(document)} on application #${applicationId}.`,
  });
}

async function replaced(ctx: AppContext, caller: Caller, applicationId: number, document: ApplicationFileRow): Promise<Application> {
  await audit(ctx, {
    actorId: caller.id,
    actorEmail: caller.email,
    action: 'application.document.replace',
    target: `application:${applicationId}`,
    outcome: 'success',
    ip: null,
    detail: document.documentType,
  });
  return toApplication(ctx.db, (await findApplicationRow(ctx.db, applicationId))!, caller);
}

/**
 * POST /api/applications/{id}/documents/{documentId}: the applicant replaces a
 * rejected document with one file (the wizard's type and size rules). The
 * state is checked before the file is read and again, locked, before it is
 * saved; on any failure the stored file is deleted and nothing changes.
 */
export async function replaceDocument(ctx: AppContext, caller: Caller, applicationId: number, documentId: number, parts: AsyncIterable<Multipart>, log: FastifyBaseLogger): Promise<Application> {
  const { document: before } = await replaceableDocument(ctx.db, caller, applicationId, documentId);
  const storage = storageFor(ctx.config.storage);
  const { maxFileBytes, maxRequestBytes } = ctx.config.uploads;
  const budget = new ByteBudget(maxRequestBytes);
  const keys: string[] = [];
  let committed = false;
  try {
    let upload: StoredUpload | undefined;
    try {
      for await (const part of parts) {
        if (part.fieldname !== 'file' || part.type !== 'file' || upload) throw badRequest(ONE_DOCUMENT_FILE_MESSAGE);
        upload = await storeUpload(storage, part, budget, maxFileBytes, keys, label(before));
      }
    } catch (error) {
      throw translateMultipartError(error, maxFileBytes);
    }
    if (!upload) throw badRequest(ONE_DOCUMENT_FILE_MESSAGE);
    const stored = upload;
    await ctx.db.transaction((tx) =>
      replaceLocked(ctx, tx, caller, applicationId, documentId, { fileName: stored.fileName, storageKey: stored.key, contentType: stored.contentType, size: stored.size, sha256: stored.sha256 }),
    );
    committed = true;
  } catch (error) {
    if (!committed) {
      await Promise.all(keys.map((key) => storage.delete(key).catch((cleanupError: unknown) => log.error({ err: cleanupError, key }, 'could not delete an uploaded file after a failed replacement'))));
    }
    throw error;
  }
  return replaced(ctx, caller, applicationId, before);
}

/**
 * The same with JSON `{ uploadId }`: the new file is one the applicant
 * already sent through a resumable upload (issue 19), so a cut connection
 * costs at most one chunk and its bytes are not sent again. The upload must
 * be the caller's, finished, of this document's kind and not part of an
 * application yet; the document takes it as a submission does.
 */
export async function replaceDocumentWithUpload(ctx: AppContext, caller: Caller, applicationId: number, documentId: number, uploadId: string): Promise<Application> {
  const { document: before } = await replaceableDocument(ctx.db, caller, applicationId, documentId);
  const upload = await ownUpload(ctx, caller, uploadId);
  // Already part of an application (this one included): not a new file.
  if (upload.attachedApplicationId !== null) throw notFound(NO_SUCH_UPLOAD_MESSAGE);
  if (!upload.completedAt || !upload.storageKey || !upload.contentType || !upload.sha256) throw conflict(UPLOAD_NOT_FINISHED_MESSAGE);
  if (upload.documentType !== before.documentType) throw badRequest(`uploadId: this upload is the ${DOCUMENT_LABELS[upload.documentType]}, not the ${label(before)}`);
  const document: UploadedDocument = {
    uploadId,
    documentType: upload.documentType,
    fileName: upload.fileName,
    storageKey: upload.storageKey,
    contentType: upload.contentType,
    size: upload.size,
    sha256: upload.sha256,
  };
  // Taken under the application's lock; a submission or replacement that took it first makes this a 409.
  await ctx.db.transaction((tx) => replaceLocked(ctx, tx, caller, applicationId, documentId, document, () => attachUploadedDocuments(tx, caller.id, [document], applicationId)));
  return replaced(ctx, caller, applicationId, before);
}
