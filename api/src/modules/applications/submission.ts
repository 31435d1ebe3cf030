/**
 * Submission: multipart, files streamed to storage as they arrive, all or
 * nothing. The documents the request does not carry come from the
 * applicant's saved draft; the intake's rules are the intakes module's.
 */
import type { Multipart } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import { ApplicationCreate, bestFivePoints, DOCUMENT_LABELS, DOCUMENT_TYPES, type Application, type DocumentType } from 'shared-api/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, forbidden } from '../../errors';
import type { Caller } from '../../infrastructure/http/access';
import { ByteBudget, storeUpload, translateMultipartError, type StoredUpload } from '../../infrastructure/http/uploads';
import { storageFor, type Storage } from '../../infrastructure/storage';
import { programsByIds } from '../catalogue';
import { deleteUnusedDraftDocuments, draftDocumentsFor, endDraft } from '../drafts';
import { alreadyAppliedAfterRace, intakeForApplication } from '../intakes';
import { queueEmailNotice, queueSmsNotice, submittedEmail, submittedSms } from '../notifications';
import { attachUploadedDocuments, uploadedDocumentsFor } from '../uploads';
import { isBlockedFromUniversity } from '../users';
import { recordHistory } from './history';
import { toApplication } from './mapping';
import { insertApplication, storageKeysInUse } from './queries';

export const SUBMITTED_MESSAGE = 'Application submitted successfully';
export const SUBMITTED_NOTE = 'Application submitted';
export const ALL_DOCUMENTS_REQUIRED_MESSAGE = `files: all ${DOCUMENT_TYPES.length} documents are required (NRC front or passport, NRC back, academic results, certificate)`;
export const BLOCKED_FROM_UNIVERSITY_MESSAGE = 'This university no longer accepts applications from your account. Please contact the university.';
const JSON_FIELD_MAX = 64 * 1024;

type ParsedCreate = z.output<typeof ApplicationCreate>;

function parseApplicationJson(raw: unknown): ParsedCreate {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > JSON_FIELD_MAX) throw badRequest('application: is too long');
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest('application: must be valid JSON');
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest('application: must be a JSON object');
  const parsed = ApplicationCreate.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.code === 'unrecognized_keys') throw badRequest(`Unknown field: ${issue.keys.join(', ')}`);
    const field = issue.path.map(String).join('.') || 'application';
    let message = issue.message;
    if (/^Invalid input: expected \w+, received undefined$/.test(message)) message = 'is required';
    throw badRequest(`${field}: ${message}`);
  }
  return parsed.data;
}

export interface SubmitResult {
  message: string;
  id: number;
  /** Absent only when the saved application could not be read back (it is saved all the same). */
  application?: Application;
}

/**
 * Submits an application from multipart parts: 'application' (JSON) and four
 * 'files'. Files are streamed to storage as they arrive; the database is
 * written in one transaction afterwards. On any failure every stored file is
 * deleted and nothing is written.
 */
export async function submitApplication(ctx: AppContext, caller: Caller, parts: AsyncIterable<Multipart>, log: FastifyBaseLogger): Promise<SubmitResult> {
  const storage = storageFor(ctx.config.storage);
  const { maxFileBytes, maxRequestBytes } = ctx.config.uploads;
  const budget = new ByteBudget(maxRequestBytes);
  const keys: string[] = [];
  const uploads: StoredUpload[] = [];
  let writing = false;
  let committed = false;
  let input: ParsedCreate | undefined;
  try {
    try {
      for await (const part of parts) {
        if (part.fieldname === 'application') {
          if (input) throw badRequest('application: send it only once');
          if (part.type === 'file') {
            const buffer = await part.toBuffer();
            budget.take(buffer.length);
            input = parseApplicationJson(buffer.toString('utf8'));
          } else {
            if (part.valueTruncated) throw badRequest('application: is too long');
            input = parseApplicationJson(part.value);
          }
          checkApplicant(caller, input);
        } else if (part.fieldname === 'files') {
          if (part.type !== 'file') throw badRequest('files: must be file uploads');
          if (uploads.length >= DOCUMENT_TYPES.length) {
            throw badRequest(`files: send exactly ${DOCUMENT_TYPES.length} files, one per required document`);
          }
          // Named by the order the application part gives (or the spec's order), so the refusal can say which document.
          const partTypes = filePartTypes(input);
          const documentType = partTypes[uploads.length] ?? DOCUMENT_TYPES[uploads.length]!;
          uploads.push(await storeUpload(storage, part, budget, maxFileBytes, keys, DOCUMENT_LABELS[documentType]));
        } else {
          throw badRequest(`Unknown field: ${part.fieldname}`);
        }
      }
    } catch (error) {
      throw translateMultipartError(error, maxFileBytes);
    }
    if (!input) throw badRequest('application: is required');
    const documentTypes: readonly DocumentType[] = input.documentTypes ?? DOCUMENT_TYPES;
    if (new Set(documentTypes).size !== DOCUMENT_TYPES.length) throw badRequest('documentTypes: must name each document once');
    // Documents sent earlier through the resumable uploads (issue 19): the caller's own, finished, not used yet.
    const uploaded = await uploadedDocumentsFor(ctx.db, caller.id, input.documentUploads ?? {});
    const partTypes = filePartTypes(input);
    if (uploads.length > partTypes.length) throw badRequest(`files: send exactly ${partTypes.length} files, one per document not already uploaded`);
    // The documents after those the request carries are taken from the applicant's saved draft (issue 16), never uploaded twice.
    const fromDraft = partTypes.slice(uploads.length);
    const draftDocuments = await draftDocumentsFor(ctx.db, caller.id, fromDraft, ALL_DOCUMENTS_REQUIRED_MESSAGE);

    const programs = await programsByIds(ctx, input.programIds);
    const byId = new Map(programs.map((p) => [p.id, p]));
    const missing = input.programIds.find((id) => !byId.has(id));
    if (missing !== undefined) throw badRequest(`programIds: program ${missing} does not exist`);
    const universityIds = new Set(programs.map((p) => p.universityId));
    if (universityIds.size !== 1) throw badRequest('programIds: all programs must belong to one university');
    const universityId = programs[0]!.universityId;
    if (await isBlockedFromUniversity(ctx, universityId, caller.id)) throw forbidden(BLOCKED_FROM_UNIVERSITY_MESSAGE);
    const intake = await intakeForApplication(
      ctx,
      caller.id,
      universityId,
      input.intakeId,
      input.programIds.map((id) => byId.get(id)!),
    );
    const data = input;

    writing = true;
    const { created: row, draftKeys } = await ctx.db
      .transaction(async (tx) => {
        const created = await insertApplication(tx, {
          application: {
            userId: caller.id,
            universityId,
            intakeId: intake?.id ?? null,
            status: 'PENDING',
            fullName: data.fullName || caller.name,
            gender: data.gender ?? null,
            email: data.email,
            phoneNumber: data.phoneNumber,
            dateOfBirth: data.dateOfBirth,
            nationality: data.nationality,
            province: data.province,
            nationalRegNumber: data.nationalRegNumber,
            country: data.country,
            city: data.city,
            highestQualification: data.highestQualification,
            institutionAttended: data.institutionAttended,
            submissionDetails: data.submissionDetails || null,
            programNotes: data.programNotes || null,
            reviewNotes: null,
            // Issue 17 item 4: the points are computed here only, never taken from the client.
            grade12Results: data.grade12Results?.length ? data.grade12Results : null,
            grade12Points: data.grade12Results?.length ? bestFivePoints(data.grade12Results) : null,
          },
          programIds: data.programIds,
          files: [
            ...uploaded.map(({ uploadId: _uploadId, ...document }) => document),
            ...uploads.map((upload, index) => ({
              documentType: partTypes[index]!,
              fileName: upload.fileName,
              storageKey: upload.key,
              contentType: upload.contentType,
              size: upload.size,
              sha256: upload.sha256,
            })),
            ...(await draftDocumentsFor(tx, caller.id, fromDraft, ALL_DOCUMENTS_REQUIRED_MESSAGE, draftDocuments)).map((file) => ({
              documentType: file.documentType,
              fileName: file.fileName,
              storageKey: file.storageKey,
              contentType: file.contentType,
              size: file.size,
              sha256: file.sha256,
            })),
          ],
        });
        await attachUploadedDocuments(tx, caller.id, uploaded, created.id);
        await recordHistory(tx, { applicationId: created.id, kind: 'STATUS', from: null, to: 'PENDING', note: SUBMITTED_NOTE, actorId: caller.id });
        await queueSmsNotice(ctx, tx, submittedSms(ctx, { userId: caller.id, applicationId: created.id, phone: data.phoneNumber }));
        await queueEmailNotice(ctx, tx, submittedEmail(ctx, { userId: caller.id, applicationId: created.id, universityId, email: data.email }));
        return { created, draftKeys: await endDraft(tx, caller.id) };
      })
      .catch(async (error: unknown) => {
        // A second submission to the same intake at the same moment: the unique index refused it.
        throw (await alreadyAppliedAfterRace(ctx.db, error, caller.id, intake?.id ?? null)) ?? error;
      });
    committed = true;
    await deleteUnusedDraftDocuments(ctx, draftKeys, new Set(draftDocuments.map((file) => file.storageKey)), log);
    try {
      return { message: SUBMITTED_MESSAGE, id: row.id, application: await toApplication(ctx.db, row, caller) };
    } catch (error) {
      // Saved, files and all: say so, even if it cannot be read back right now.
      log.error({ err: error, applicationId: row.id }, 'application saved but could not be read back');
      return { message: SUBMITTED_MESSAGE, id: row.id };
    }
  } catch (error) {
    if (!committed) await removeUploads(ctx, storage, keys, writing, log);
    throw error;
  }
}

/**
 * Deletes the files of a failed submission. When the database write had
 * started, a lost connection may hide a commit that did happen: the files are
 * deleted only once the database confirms no application refers to them
 * (an orphaned file is harmless; a missing one loses an applicant's document).
 */
async function removeUploads(ctx: AppContext, storage: Storage, keys: string[], writing: boolean, log: FastifyBaseLogger): Promise<void> {
  if (keys.length === 0) return;
  let removable = keys;
  if (writing) {
    try {
      const inUse = new Set(await storageKeysInUse(ctx.db, keys));
      removable = keys.filter((key) => !inUse.has(key));
    } catch (error) {
      log.error({ err: error, keys }, 'kept the uploaded files of a failed submission: the database cannot say whether it was saved');
      return;
    }
  }
  await Promise.all(removable.map((key) => storage.delete(key).catch((cleanupError: unknown) => log.error({ err: cleanupError, key }, 'could not delete an uploaded file after a failed submission'))));
}

/** The document kinds the 'files' parts and the draft provide, in order: those not sent through the resumable uploads. */
function filePartTypes(input: ParsedCreate | undefined): DocumentType[] {
  const uploaded = input?.documentUploads ?? {};
  return (input?.documentTypes ?? DOCUMENT_TYPES).filter((type) => !uploaded[type]);
}

/** A USER applies only for itself: a userId naming someone else is refused. */
function checkApplicant(caller: Caller, input: ParsedCreate): void {
  const claimed = input.userId;
  if (claimed === undefined || claimed === null || claimed === '') return;
  if (String(claimed).trim() !== String(caller.id)) throw badRequest('userId: you can only apply for yourself');
}

/** A JSON submission (every document already uploaded) as the one 'application' part the multipart reader yields. */
export async function* applicationOnly(body: unknown): AsyncIterable<Multipart> {
  yield { fieldname: 'application', type: 'field', value: body, valueTruncated: false } as unknown as Multipart;
}
