/**
 * Applications: submission (multipart, streamed to storage, all or nothing),
 * reading within the caller's reach, staff decisions with history, and the
 * mapping to the contract's `Application` (spec names included).
 *
 * Reach: a USER sees its own applications; an ADMIN those of its university
 * (from its account, never from a request); a SUPERUSER all. Anything outside
 * reach answers 404, as if it did not exist.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import * as contract from 'shared-api/contract';
import type { Application, ApplicationFile, ApplicationStatus, DocumentType, Paged, Payment } from 'shared-api/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import {
  choiceProgramIds,
  countApplications,
  decideApplicationRow,
  filesFor,
  findApplicationRow,
  findFileWithOwner,
  findProgramsByIds,
  insertApplication,
  listLoadedApplications,
  loadedApplicationsBefore,
  relationsOf,
  storageKeysInUse,
  type ApplicationFilter,
  type ApplicationRelations,
  type ApplicationRow,
  type ApplicationSort,
  type FileData,
  type LoadedApplication,
  type PaymentData,
} from '../db/queries/applications';
import { AppError, badRequest, conflict, notFound, payloadTooLarge, unsupportedMediaType } from '../errors';
import type { Caller } from '../plugins/access';
import { audit } from './audit';
import { recordHistory, toHistoryEntry } from './history';
import { sendMail } from './mail';
import { staffListCache } from './staff-list-cache';
import { StorageNotFoundError, storageFor, type Storage } from './storage';

export { contract };
const { ACCEPTED_FILE_TYPES, ApplicationCreate, DECIDABLE_STATUSES, DOCUMENT_TYPES } = contract;

export const SUBMITTED_MESSAGE = 'Application submitted successfully';
export const SUBMITTED_NOTE = 'Application submitted';
export const UPLOAD_TOO_LARGE_MESSAGE = 'The upload is too large.';
export const UNSUPPORTED_FILE_MESSAGE = 'Only JPEG, PNG, WebP images and PDF files are accepted.';
export const MULTIPART_REQUIRED_MESSAGE = 'Send the application as multipart/form-data.';
export const DECLINE_REASON_MESSAGE = 'A reason is required to decline an application.';
export const APPLICATION_NOT_FOUND = 'Application not found';
/** The plain (unpaged) staff list is capped; X-Total-Count tells when more exist. */
export const PLAIN_LIST_LIMIT = 1000;
/** Offset paging stops here; deeper rows are reached by narrowing the filters or sorting the other way. */
export const MAX_OFFSET = 10_000;
export const DEFAULT_PAGE_SIZE = 20;

export function fileTooLargeMessage(maxFileBytes: number): string {
  const mb = maxFileBytes / (1024 * 1024);
  // Rounded down, so the figure shown is never above the real limit.
  const size = Number.isInteger(mb) ? `${mb} MB` : mb >= 1 ? `${Math.floor(mb * 10) / 10} MB` : `${Math.floor(maxFileBytes / 1024)} KB`;
  return `Each file must be at most ${size}.`;
}

export function durationLabel(years: number): string {
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/* ---------- reach ---------- */

export function isStaff(caller: Caller): boolean {
  return caller.role === 'ADMIN' || caller.role === 'SUPERUSER';
}

/** Whether the caller may read this application (its applicant, or staff in reach). */
export function canRead(caller: Caller, row: Pick<ApplicationRow, 'userId' | 'universityId'>): boolean {
  if (caller.role === 'SUPERUSER') return true;
  if (caller.role === 'ADMIN') return caller.universityId !== null && caller.universityId === row.universityId;
  return row.userId === caller.id;
}

/** Whether the caller may decide on this application. */
export function canDecide(caller: Caller, row: Pick<ApplicationRow, 'universityId'>): boolean {
  if (caller.role === 'SUPERUSER') return true;
  return caller.role === 'ADMIN' && caller.universityId !== null && caller.universityId === row.universityId;
}

/** The university filter of a staff caller: an ADMIN's own (0 = none when unbound), a SUPERUSER's choice. */
function staffUniversity(caller: Caller, requested: number | undefined): number | undefined {
  if (caller.role === 'ADMIN') return caller.universityId ?? 0;
  return requested;
}

export async function readableApplication(ctx: AppContext, caller: Caller, id: number): Promise<ApplicationRow> {
  const row = await findApplicationRow(ctx.db, id);
  if (!row || !canRead(caller, row)) throw notFound(APPLICATION_NOT_FOUND);
  return row;
}

/* ---------- mapping ---------- */

function fileUrl(fileId: number): string {
  return `/api/files/${fileId}`;
}

export function toApplicationFile(row: FileData): ApplicationFile {
  return {
    id: row.id,
    fileName: row.fileName,
    fileType: row.contentType,
    documentType: row.documentType,
    size: row.size,
    url: fileUrl(row.id),
  };
}

function toPayment(data: PaymentData): Payment {
  return {
    reference: data.reference,
    amount: Number(data.amount),
    currency: data.currency,
    status: data.status,
    channel: data.channel,
    paidAt: data.paidAt,
  };
}

/** Maps an application read with its relations (one statement, see db/queries/applications) to the contract's Application. */
export function toLoadedApplication(row: LoadedApplication, viewer: Caller): Application {
  const appChoices = row.choices.map((c) => ({
    id: c.id,
    priority: c.priority,
    programId: c.programId,
    programName: c.programName,
    program: {
      id: c.programId,
      name: c.programName,
      duration: durationLabel(c.durationYears),
      durationYears: c.durationYears,
      university: { id: c.universityId, name: c.universityName },
    },
  }));
  const chosen = row.approvedProgram;
  const first = appChoices[0];
  const program = chosen
    ? { id: chosen.id, name: chosen.name, duration: durationLabel(chosen.durationYears) }
    : first
      ? { id: first.programId, name: first.programName, duration: first.program.duration }
      : null;
  const paymentRow = row.payment;
  const person = row.applicant;
  const mayseeNrc = viewer.id === row.userId || canDecide(viewer, row);
  const created = row.createdAt.toISOString();
  return {
    id: row.id,
    status: row.status,
    fullName: row.fullName,
    applicantName: row.fullName,
    gender: row.gender,
    email: row.email,
    phoneNumber: row.phoneNumber,
    dateOfBirth: row.dateOfBirth,
    nationality: row.nationality,
    provice: row.province,
    province: row.province,
    ...(mayseeNrc ? { nationalRegNumber: row.nationalRegNumber } : {}),
    country: row.country,
    city: row.city,
    applicationDate: created,
    createdAt: created,
    submittedAt: created,
    lastUpdated: row.updatedAt.toISOString(),
    highestQualification: row.highestQualification,
    institutionAttended: row.institutionAttended,
    submissionDetails: row.submissionDetails,
    programNotes: row.programNotes,
    reviewNotes: row.reviewNotes,
    universityId: row.universityId,
    university: { id: row.universityId, name: row.universityName ?? '' },
    programId: program?.id ?? null,
    program,
    programChoices: appChoices,
    paid: row.paid || paymentRow?.status === 'successful',
    payment: paymentRow ? toPayment(paymentRow) : null,
    user: {
      id: row.userId,
      fullName: person ? `${person.firstName} ${person.lastName}`.trim() : row.fullName,
      email: person?.email ?? row.email,
      phone: person?.phone ?? null,
    },
    files: row.files.map(toApplicationFile),
    history: row.history.map(toHistoryEntry),
  };
}

/** Relations of an application that vanished between reading its row and its relations. */
const NO_RELATIONS: ApplicationRelations = { choices: [], payment: null, files: [], history: [], applicant: null, approvedProgram: null, universityName: null };

/** Maps rows already read, loading the relations of all of them in one statement. */
export async function toApplications(db: Executor, rows: ApplicationRow[], viewer: Caller): Promise<Application[]> {
  if (rows.length === 0) return [];
  const relations = await relationsOf(db, rows.map((r) => r.id));
  return rows.map((row) => toLoadedApplication({ ...row, ...(relations.get(row.id) ?? NO_RELATIONS) }, viewer));
}

export async function toApplication(db: Executor, row: ApplicationRow, viewer: Caller): Promise<Application> {
  const [mapped] = await toApplications(db, [row], viewer);
  return mapped!;
}

/* ---------- submission ---------- */

interface StoredUpload {
  key: string;
  fileName: string;
  contentType: string;
  extension: string;
  size: number;
  sha256: string;
}

const SNIFF_BYTES = 4100;
const JSON_FIELD_MAX = 64 * 1024;

/** A display name for the upload: no path, no control or quote characters, and the extension of its real type. */
export function cleanFileName(raw: string | undefined, extension: string, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  let name = Array.from(base.normalize('NFC'))
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/["<>:|?*;`$]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  name = name.slice(0, 150).trim();
  const stem = name.replace(/\.[^.]*$/, '') || fallback;
  return `${stem}.${extension}`;
}

function newStorageKey(): string {
  const now = new Date();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `applications/${month}/${randomUUID()}`;
}

class ByteBudget {
  private used = 0;
  constructor(private readonly max: number) {}
  take(n: number) {
    this.used += n;
    if (this.used > this.max) throw payloadTooLarge(UPLOAD_TOO_LARGE_MESSAGE);
  }
}

/**
 * Reads the first bytes, judges the type by content, then streams the whole
 * file (first bytes included) to storage while it is hashed. The key is
 * reserved in `keys` before writing so the caller can always clean up.
 */
async function storeUpload(
  storage: Storage,
  part: MultipartFile,
  budget: ByteBudget,
  maxFileBytes: number,
  keys: string[],
): Promise<StoredUpload> {
  const iterator = (part.file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    budget.take(next.value.length);
    head.push(next.value);
    headLength += next.value.length;
  }
  if (part.file.truncated) throw payloadTooLarge(fileTooLargeMessage(maxFileBytes));
  const first = Buffer.concat(head);
  const detected = first.length > 0 ? await fileTypeFromBuffer(first) : undefined;
  if (!detected || !(ACCEPTED_FILE_TYPES as readonly string[]).includes(detected.mime)) {
    throw unsupportedMediaType(UNSUPPORTED_FILE_MESSAGE);
  }
  const key = newStorageKey();
  keys.push(key);
  async function* body(): AsyncGenerator<Buffer> {
    yield first;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      budget.take(next.value.length);
      yield next.value;
    }
  }
  const written = await storage.put(key, body());
  if (part.file.truncated) throw payloadTooLarge(fileTooLargeMessage(maxFileBytes));
  return {
    key,
    fileName: cleanFileName(part.filename, detected.ext, 'document'),
    contentType: detected.mime,
    extension: detected.ext,
    size: written.size,
    sha256: written.sha256,
  };
}

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

/** Maps @fastify/multipart's own limit errors to the portal's messages. */
function translateMultipartError(error: unknown, maxFileBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(fileTooLargeMessage(maxFileBytes));
    case 'FST_FILES_LIMIT':
      return badRequest(`files: send exactly ${DOCUMENT_TYPES.length} files, one per required document`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('Too many form fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupportedMediaType(MULTIPART_REQUIRED_MESSAGE);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('application: must be valid JSON');
    case 'FST_PROTO_VIOLATION':
      return badRequest('Invalid form field name');
    default:
      return error;
  }
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
export async function submitApplication(
  ctx: AppContext,
  caller: Caller,
  parts: AsyncIterable<Multipart>,
  log: FastifyBaseLogger,
): Promise<SubmitResult> {
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
          uploads.push(await storeUpload(storage, part, budget, maxFileBytes, keys));
        } else {
          throw badRequest(`Unknown field: ${part.fieldname}`);
        }
      }
    } catch (error) {
      throw translateMultipartError(error, maxFileBytes);
    }
    if (!input) throw badRequest('application: is required');
    if (uploads.length !== DOCUMENT_TYPES.length) {
      throw badRequest(`files: all ${DOCUMENT_TYPES.length} documents are required (NRC front or passport, NRC back, academic results, certificate)`);
    }
    const documentTypes: readonly DocumentType[] = input.documentTypes ?? DOCUMENT_TYPES;
    if (new Set(documentTypes).size !== DOCUMENT_TYPES.length) throw badRequest('documentTypes: must name each document once');

    const programs = await findProgramsByIds(ctx.db, input.programIds);
    const byId = new Map(programs.map((p) => [p.id, p]));
    const missing = input.programIds.find((id) => !byId.has(id));
    if (missing !== undefined) throw badRequest(`programIds: program ${missing} does not exist`);
    const universityIds = new Set(programs.map((p) => p.universityId));
    if (universityIds.size !== 1) throw badRequest('programIds: all programs must belong to one university');
    const universityId = programs[0]!.universityId;
    const data = input;

    writing = true;
    const row = await ctx.db.transaction(async (tx) => {
      const created = await insertApplication(tx, {
        application: {
          userId: caller.id,
          universityId,
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
        },
        programIds: data.programIds,
        files: uploads.map((upload, index) => ({
          documentType: documentTypes[index]!,
          fileName: upload.fileName,
          storageKey: upload.key,
          contentType: upload.contentType,
          size: upload.size,
          sha256: upload.sha256,
        })),
      });
      await recordHistory(tx, { applicationId: created.id, kind: 'STATUS', from: null, to: 'PENDING', note: SUBMITTED_NOTE, actorId: caller.id });
      return created;
    });
    committed = true;
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
  await Promise.all(
    removable.map((key) =>
      storage.delete(key).catch((cleanupError: unknown) => log.error({ err: cleanupError, key }, 'could not delete an uploaded file after a failed submission')),
    ),
  );
}

/** A USER applies only for itself: a userId naming someone else is refused. */
function checkApplicant(caller: Caller, input: ParsedCreate): void {
  const claimed = input.userId;
  if (claimed === undefined || claimed === null || claimed === '') return;
  if (String(claimed).trim() !== String(caller.id)) throw badRequest('userId: you can only apply for yourself');
}

/* ---------- reading ---------- */

type ListQuery = z.output<typeof contract.ApplicationListQuery>;
const PAGING_KEYS = ['page', 'size', 'search', 'status', 'from', 'to', 'sort', 'paymentStatus'] as const;

export function wantsPaging(query: ListQuery): boolean {
  return PAGING_KEYS.some((k) => query[k] !== undefined);
}

function staffFilter(caller: Caller, query: ListQuery): ApplicationFilter {
  return {
    universityId: staffUniversity(caller, query.universityId),
    status: query.status,
    search: query.search || undefined,
    from: query.from,
    to: query.to,
    paymentStatus: query.paymentStatus,
  };
}

/** `staffListVersion`: read before this is called (with the caller's access check), or undefined to compute afresh. */
export async function listApplications(
  ctx: AppContext,
  caller: Caller,
  query: ListQuery,
  staffListVersion: number | undefined,
): Promise<{ kind: 'plain'; items: Application[]; total: number | null } | { kind: 'paged'; body: Buffer }> {
  const filter = staffFilter(caller, query);
  if (!wantsPaging(query)) {
    const rows = await listLoadedApplications(ctx.db, filter, { sort: 'newest', limit: PLAIN_LIST_LIMIT });
    const total = rows.length === PLAIN_LIST_LIMIT ? await countApplications(ctx.db, filter) : null;
    return { kind: 'plain', items: rows.map((row) => toLoadedApplication(row, caller)), total };
  }
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * size;
  if (offset > MAX_OFFSET) throw badRequest(`page: only the first ${MAX_OFFSET} results can be paged; narrow the filters`);
  const sort = (query.sort ?? 'newest') as ApplicationSort;
  const body = await staffListCache(ctx).get(staffPageKey(caller, filter, sort, page, size), staffListVersion, async (): Promise<Paged<Application>> => {
    const [rows, total] = await Promise.all([listLoadedApplications(ctx.db, filter, { sort, limit: size, offset }), countApplications(ctx.db, filter)]);
    return { items: rows.map((row) => toLoadedApplication(row, caller)), total, page, size };
  });
  return { kind: 'paged', body };
}

/**
 * What a staff page depends on besides the data: the caller's scope and the
 * normalised query. The mapping depends on the viewer only through canDecide
 * (who sees national registration numbers), which is true of every row in a
 * staff caller's reach, so role and university are the whole scope.
 */
function staffPageKey(caller: Caller, filter: ApplicationFilter, sort: ApplicationSort, page: number, size: number): string {
  // Every field of the filter, whatever fields it grows, in a fixed order.
  const conditions = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([caller.role, caller.universityId, conditions, sort, page, size]);
}

export async function getApplication(ctx: AppContext, caller: Caller, id: number): Promise<Application> {
  const row = await readableApplication(ctx, caller, id);
  return toApplication(ctx.db, row, caller);
}

/** The applications of one user: the user itself, or staff (only those within their reach). */
export async function applicationsOfUser(ctx: AppContext, caller: Caller, userId: number): Promise<Application[]> {
  let filter: ApplicationFilter;
  if (caller.role === 'USER') {
    if (caller.id !== userId) throw new AppError(403, 'You can only see your own applications.', 'Forbidden');
    filter = { userId };
  } else {
    filter = { userId, universityId: staffUniversity(caller, undefined) };
  }
  const rows = await listLoadedApplications(ctx.db, filter, { sort: 'newest', limit: PLAIN_LIST_LIMIT });
  return rows.map((row) => toLoadedApplication(row, caller));
}

/* ---------- files ---------- */

export const FILE_NOT_FOUND = 'File not found';

export async function filesOfApplication(ctx: AppContext, caller: Caller, applicationId: number): Promise<ApplicationFile[]> {
  await readableApplication(ctx, caller, applicationId);
  const rows = await filesFor(ctx.db, [applicationId]);
  return rows.map(toApplicationFile);
}

/** `inline` for images, `attachment` for everything else (PDFs), with an ASCII name and the exact UTF-8 one. */
export function contentDisposition(contentType: string, fileName: string): string {
  const kind = contentType.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_') || 'document';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface OpenedFile {
  contentType: string;
  size: number;
  disposition: string;
  stream: Readable;
}

/** One stored file, for whoever may read its application; 404 otherwise (or when storage lost it). */
export async function openFile(ctx: AppContext, caller: Caller, fileId: number): Promise<OpenedFile> {
  const found = await findFileWithOwner(ctx.db, fileId);
  if (!found || !canRead(caller, found)) throw notFound(FILE_NOT_FOUND);
  let stream: Readable;
  try {
    stream = await storageFor(ctx.config.storage).get(found.file.storageKey);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFound(FILE_NOT_FOUND);
    throw error;
  }
  return {
    contentType: found.file.contentType,
    size: found.file.size,
    disposition: contentDisposition(found.file.contentType, found.file.fileName),
    stream,
  };
}

/* ---------- decisions ---------- */

type ParsedUpdate = { status: ApplicationStatus; reviewNotes?: string | null; programId?: number | null };

export interface DecisionNotice {
  to: string;
  subject: string;
  text: string;
}

/** The email an applicant receives about a decision. */
export function decisionNotice(application: Application): DecisionNotice {
  const approved = application.status === 'APPROVED';
  const subject = approved ? 'Your application has been approved' : 'Your application has been declined';
  const lines = [
    `Dear ${application.fullName},`,
    '',
    approved
      ? `Congratulations! Your application to ${application.university.name} has been approved for ${application.program?.name ?? 'your chosen program'}.`
      : `We are sorry to tell you that your application to ${application.university.name} has been declined.`,
  ];
  if (!approved && application.reviewNotes) lines.push('', `Reason: ${application.reviewNotes}`);
  else if (approved && application.reviewNotes) lines.push('', `Notes: ${application.reviewNotes}`);
  lines.push('', 'You can see the details of your application when you sign in to the portal.');
  return { to: application.user.email || application.email, subject, text: lines.join('\n') };
}

/** Tells the applicant about a decision through the mail outbox; a failure never undoes the decision. */
export async function notifyApplicantOfDecision(ctx: AppContext, application: Application, log: FastifyBaseLogger): Promise<void> {
  try {
    await sendMail(ctx, decisionNotice(application));
  } catch (error) {
    log.error({ err: error, applicationId: application.id }, 'could not queue the decision notice');
  }
}

export interface RequestMeta {
  log: FastifyBaseLogger;
  ip: string | null;
}

export async function decideApplication(
  ctx: AppContext,
  caller: Caller,
  id: number,
  update: ParsedUpdate,
  meta: RequestMeta,
): Promise<Application> {
  const current = await findApplicationRow(ctx.db, id);
  if (!current || !canDecide(caller, current)) throw notFound(APPLICATION_NOT_FOUND);
  const notes = update.reviewNotes?.trim() || null;
  let approvedProgramId: number | null = null;
  if (update.status === 'REJECTED') {
    if (!notes) throw badRequest(DECLINE_REASON_MESSAGE);
  } else {
    const chosen = await choiceProgramIds(ctx.db, id);
    if (chosen.length === 0) throw badRequest('No Programs: This application has no program choices.');
    if (update.programId === undefined || update.programId === null) throw badRequest('programId: choose one of the applicant\'s program choices to approve');
    if (!chosen.includes(update.programId)) throw badRequest('programId: must be one of the application\'s program choices');
    approvedProgramId = update.programId;
  }
  if (!DECIDABLE_STATUSES.includes(current.status)) {
    throw conflict(`This application has already been decided (${current.status}).`);
  }
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await decideApplicationRow(tx, id, DECIDABLE_STATUSES, { status: update.status, reviewNotes: notes, approvedProgramId });
    if (!updated) return undefined;
    await recordHistory(tx, {
      applicationId: id,
      kind: 'STATUS',
      from: current.status,
      to: update.status,
      note: notes ?? (update.status === 'APPROVED' ? 'Application approved' : null),
      actorId: caller.id,
    });
    return updated;
  });
  if (!row) throw conflict('This application has already been decided.');
  await audit(ctx, {
    actorId: caller.id,
    actorEmail: caller.email,
    action: 'application.decide',
    target: `application:${id}`,
    outcome: 'success',
    ip: meta.ip,
    detail: `${current.status} -> ${update.status}${approvedProgramId ? ` (program ${approvedProgramId})` : ''}`,
  });
  const application = await toApplication(ctx.db, row, caller);
  await notifyApplicantOfDecision(ctx, application, meta.log);
  return application;
}

/* ---------- CSV export ---------- */

const CSV_COLUMNS = [
  'id',
  'status',
  'fullName',
  'email',
  'phoneNumber',
  'gender',
  'dateOfBirth',
  'nationality',
  'province',
  'country',
  'city',
  'highestQualification',
  'institutionAttended',
  'university',
  'programChoices',
  'approvedProgram',
  'paid',
  'paymentStatus',
  'submittedAt',
  'lastUpdated',
  'reviewNotes',
] as const;

/**
 * One CSV cell: a leading = + - @ (or tab / carriage return) that a
 * spreadsheet would run as a formula is neutralised with a leading
 * apostrophe, and every cell is quoted with inner quotes doubled.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLine(cells: unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

const EXPORT_BATCH = 500;

/** Every application matching the list filters, newest first, in keyset batches (no paging limit). */
export function exportApplicationsCsv(ctx: AppContext, caller: Caller, query: ListQuery): Readable {
  const filter = staffFilter(caller, query);
  async function* lines(): AsyncGenerator<string> {
    yield `\ufeff${csvLine([...CSV_COLUMNS])}`;
    let before: number | null = null;
    for (;;) {
      const rows = await loadedApplicationsBefore(ctx.db, filter, before, EXPORT_BATCH);
      if (rows.length === 0) return;
      const mapped = rows.map((row) => toLoadedApplication(row, caller));
      let chunk = '';
      for (const a of mapped) {
        chunk += csvLine([
          a.id,
          a.status,
          a.fullName,
          a.email,
          a.phoneNumber,
          a.gender,
          a.dateOfBirth,
          a.nationality,
          a.province,
          a.country,
          a.city,
          a.highestQualification,
          a.institutionAttended,
          a.university.name,
          a.programChoices.map((c) => c.programName).join('; '),
          a.status === 'APPROVED' ? (a.program?.name ?? '') : '',
          a.paid ? 'yes' : 'no',
          a.payment?.status ?? '',
          a.submittedAt,
          a.lastUpdated,
          a.reviewNotes,
        ]);
      }
      yield chunk;
      if (rows.length < EXPORT_BATCH) return;
      before = rows[rows.length - 1]!.id;
    }
  }
  return Readable.from(lines());
}
