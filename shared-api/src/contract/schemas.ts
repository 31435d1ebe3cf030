/**
 * The API contract: every payload and answer of spec §3 and §7 as zod schemas.
 * The server validates with these and the browser derives its types from them,
 * so a field is defined exactly once. Wire names keep the spec's spelling
 * (sermisterToBeDone, semesterToBeDone, provice).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import {
  APPLICANT_CATEGORIES,
  APPLICATION_STATUSES,
  COUNTRIES,
  DOCUMENT_REASON_MAX,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  GENDERS,
  INVALID_PHONE_MESSAGE,
  MAX_PROGRAM_CHOICES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  NOTE_MAX_LENGTH,
  QUALIFICATIONS,
  ROLES,
  START_AFTER_END,
  type DocumentType,
} from './constants';
import { ECZ_SUBJECTS, ENGLISH_SUBJECT, GRADE12_MAX_SUBJECTS, GRADE12_MIN_SUBJECTS, type EczSubject, type Grade12Result } from './grade12';

/**
 * Control characters (C0 and DEL) have no place in a name, an address or a
 * search: PostgreSQL refuses NUL outright (which used to surface as a 500),
 * and the others hide text in logs, exports and screens. Multi-line fields
 * (descriptions, notes) keep tab, line feed and carriage return.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001F\u007F]*$/;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
const CONTROL_CHARACTERS = 'must not contain control characters';
/** Any string that reaches the database or a log: one line, no control characters. */
export const PlainString = z.string().regex(SINGLE_LINE, CONTROL_CHARACTERS);
const text = (max: number, lines: 'single' | 'multi' = 'single') =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .regex(lines === 'multi' ? MULTI_LINE : SINGLE_LINE, CONTROL_CHARACTERS);
const requiredText = (max: number) => text(max).min(1, 'is required');
const optionalText = (max: number, lines: 'single' | 'multi' = 'single') => text(max, lines).optional().nullable();
const multiLineText = (max: number) => text(max, 'multi');

/**
 * A whole number given as a JSON number or as decimal digits (paths and query
 * strings are text). Not z.coerce: that took `true` as 1, '0x10' as 16 and
 * ' 1' as 1.
 */
export const wholeNumber = (message = 'must be a whole number') =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^[0-9]{1,16}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message));
export const Id = wholeNumber('must be a positive whole number').pipe(z.number().positive('must be a positive whole number').max(2_147_483_647, 'is too large'));
export const IdParams = z.object({ id: Id }).strict();

export const ErrorBody = z.object({ message: z.string(), error: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;
export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email('must be a valid email address'));
export const Password = z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);
/**
 * A phone number as people type it ('0977 123 456', '977123456',
 * '+260977123456' are one number: Zambia is the default country), stored and
 * answered in E.164 ('+260977123456') so one person is one number everywhere
 * (SMS, duplicate checks, search). Parsed on the server only: this module is
 * never part of a page (the browser imports the contract's types).
 */
export const Phone = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(32, 'must be at most 32 characters')
  .transform((value, ctx) => {
    const parsed = parsePhoneNumberFromString(value, 'ZM');
    if (!parsed?.isValid()) {
      ctx.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE });
      return z.NEVER;
    }
    return parsed.number;
  });

/* ---------- auth ---------- */
export const LoginRequest = z.object({ email: PlainString.trim().min(1, 'is required').max(254), password: z.string().min(1, 'is required').max(1024) }).strict();
export type LoginRequest = z.infer<typeof LoginRequest>;
export const LoginResponse = z.object({ token: z.string(), message: z.string() });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RegisterRequest = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: Email,
    phone: Phone,
    password: Password,
    /** Self-registration always becomes USER; ADMIN is honoured only for a SUPERUSER caller. */
    role: z.enum(ROLES).optional(),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    universityId: Id.optional().nullable(),
    /** Consent to processing (Data Protection Act 2021); the browser form always sends it. */
    consent: z.boolean().optional(),
  })
  .strict();
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const RequestResetRequest = z.object({ email: PlainString.trim().min(1, 'is required').max(254) }).strict();
export const ResetPasswordRequest = z.object({ token: PlainString.min(1, 'is required').max(256), newPassword: Password }).strict();

/* ---------- account settings (one's own account) ---------- */
export const ChangePasswordRequest = z
  .object({ currentPassword: z.string().min(1, 'is required').max(1024), newPassword: Password })
  .strict()
  .refine((b) => b.currentPassword !== b.newPassword, { message: 'The new password must differ from the current one.' });
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;
/** A fresh session token for the browser that made the change: every other session has ended. */
export const SessionRenewed = z.object({ message: z.string(), token: z.string() });
export type SessionRenewed = z.infer<typeof SessionRenewed>;

/** Start changing one's e-mail or phone: a 6-digit code goes to the new e-mail (a phone's to the account's e-mail). */
export const ContactChangeRequest = z.discriminatedUnion('kind', [z.object({ kind: z.literal('email'), value: Email }).strict(), z.object({ kind: z.literal('phone'), value: Phone }).strict()]);
export type ContactChangeRequest = z.input<typeof ContactChangeRequest>;
/** The signed, short-lived ticket the confirmation returns with the code (the server keeps no state). */
export const ContactChangeStarted = z.object({ message: z.string(), ticket: z.string(), sentTo: z.string() });
export type ContactChangeStarted = z.infer<typeof ContactChangeStarted>;
export const ContactChangeConfirm = z
  .object({
    ticket: PlainString.min(1, 'is required').max(2048),
    code: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, 'must be the 6 digits we sent'),
  })
  .strict();
export type ContactChangeConfirm = z.input<typeof ContactChangeConfirm>;

/* ---------- universities ---------- */
export const University = z.object({
  id: z.number(),
  name: z.string(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  contactInfo: z.string().nullable(),
  about: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type University = z.infer<typeof University>;
const WebsiteUrl = text(500).refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'must start with http:// or https://');
/**
 * A university's picture is shown to every visitor and to staff: https only,
 * and the server also requires its host to be on UNIVERSITY_IMAGE_HOSTS, so
 * a picture cannot be a tracking pixel on an arbitrary host.
 */
const ImageUrl = text(500).refine((v) => v === '' || /^https:\/\/[^\s/?#]+(\/[^\s]*)?$/i.test(v), 'must be an https:// address');
export const UniversityInput = z
  .object({
    id: z.unknown().optional(),
    name: requiredText(200),
    location: optionalText(200),
    website: WebsiteUrl.optional().nullable(),
    contactInfo: optionalText(300, 'multi'),
    about: optionalText(5000, 'multi'),
    imageUrl: ImageUrl.optional().nullable(),
  })
  .strict();
export type UniversityInput = z.input<typeof UniversityInput>;

/* ---------- programs ---------- */
/** Whole years, at least 1, accepted as 4 or '4 years' (or '4'). */
export const DurationYears = z.union([z.number(), z.string().trim().max(20)]).transform((value, ctx) => {
  const match = typeof value === 'number' ? String(value) : /^(\d{1,2})(\s*years?)?$/i.exec(value)?.[1];
  const years = match === undefined ? NaN : Number(match);
  if (!Number.isInteger(years) || years < 1 || years > 12) {
    ctx.addIssue({ code: 'custom', message: 'must be a whole number of years, at least 1' });
    return z.NEVER;
  }
  return years;
});
/** A program's Grade 12 points ceiling (issue 17 item 4): best-five totals from 5 to 45; above it an application is flagged, never refused. */
const PointsCeiling = wholeNumber('must be a whole number of points').pipe(z.number().min(5, 'must be at least 5 points').max(45, 'must be at most 45 points'));
export const Program = z.object({
  id: z.number(),
  _id: z.number(),
  name: z.string(),
  description: z.string(),
  /** As the spec shows it: '4 years'. */
  duration: z.string(),
  durationYears: z.number(),
  requirements: z.string().nullable(),
  careerOpportunities: z.string().nullable(),
  universityId: z.number(),
  universityName: z.string().optional(),
  /** Grouping for the dashboard's 'Programs by Faculty' chart; null shows as 'Other'. */
  faculty: z.string().nullable().optional(),
  /** Issue 17 item 4: applications whose best-five points exceed it are flagged for staff; null, none. */
  pointsCeiling: z.number().nullable().optional(),
});
export type Program = z.infer<typeof Program>;
export const ProgramInput = z
  .object({
    id: z.unknown().optional(),
    _id: z.unknown().optional(),
    name: requiredText(200),
    description: multiLineText(5000).min(1, 'is required'),
    duration: DurationYears,
    requirements: optionalText(5000, 'multi'),
    careerOpportunities: optionalText(5000, 'multi'),
    /** Used only for a SUPERUSER; an ADMIN's university comes from its account. */
    universityId: Id.optional().nullable(),
    faculty: optionalText(200),
    /** Absent keeps the program's ceiling (a spec client's edit never clears it); null removes it. */
    pointsCeiling: PointsCeiling.optional().nullable(),
    /** Read-only fields of Program, tolerated so an edit form may send the object it read. */
    durationYears: z.unknown().optional(),
    universityName: z.unknown().optional(),
  })
  .strict();
export type ProgramInput = z.input<typeof ProgramInput>;

/* ---------- courses ---------- */
const Semester = wholeNumber().pipe(z.number().min(1, 'must be at least 1').max(20, 'must be at most 20'));
const Year = wholeNumber().pipe(z.number().min(1, 'must be at least 1').max(10, 'must be at most 10'));
export const Course = z.object({
  id: z.number(),
  _id: z.number(),
  courseName: z.string(),
  courseDescription: z.string(),
  sermisterToBeDone: z.number(),
  semesterToBeDone: z.number(),
  yearToBeStudied: z.number(),
  programId: z.number(),
  universityId: z.number(),
});
export type Course = z.infer<typeof Course>;
export const CourseCreate = z
  .object({
    courseName: requiredText(200),
    courseDescription: multiLineText(5000).min(1, 'is required'),
    semesterToBeDone: Semester,
    yearToBeStudied: Year,
    programId: Id,
    universityId: Id.optional().nullable(),
  })
  .strict();
export type CourseCreate = z.input<typeof CourseCreate>;
export const CourseUpdate = z
  .object({
    id: z.unknown().optional(),
    _id: z.unknown().optional(),
    courseName: requiredText(200),
    courseDescription: multiLineText(5000).min(1, 'is required'),
    sermisterToBeDone: Semester,
    yearToBeStudied: Year,
    programId: z.unknown().optional(),
    universityId: z.unknown().optional(),
    semesterToBeDone: z.unknown().optional(),
  })
  .strict();
export type CourseUpdate = z.input<typeof CourseUpdate>;

/* ---------- users ---------- */
export const User = z.object({
  id: z.number(),
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  enabled: z.boolean(),
  universityId: z.number().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;
/** The spec's client sends the whole user object; only `enabled` may change through this call. */
export const UserUpdate = z
  .object({
    enabled: z.boolean(),
    id: z.unknown().optional(),
    userId: z.unknown().optional(),
    firstName: z.unknown().optional(),
    lastName: z.unknown().optional(),
    fullName: z.unknown().optional(),
    phone: z.unknown().optional(),
    createdAt: z.unknown().optional(),
    universityId: z.unknown().optional(),
    email: PlainString.max(254).optional(),
    role: PlainString.max(20).optional(),
  })
  .strict();
export type UserUpdate = z.input<typeof UserUpdate>;
/** Deleting one's account asks for the password again (a borrowed phone's open session is not enough). */
export const DeleteAccountRequest = z.object({ password: z.string().min(1, 'is required').max(1024) }).strict();
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

/* ---------- paging ---------- */
export const PageQuery = z.object({
  page: wholeNumber().pipe(z.number().min(1, 'must be at least 1').max(100_000, 'must be at most 100000')).optional(),
  size: wholeNumber().pipe(z.number().min(1, 'must be at least 1').max(100, 'must be at most 100')).optional(),
  search: text(200).optional(),
});
export const Paged = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number(), page: z.number(), size: z.number() });
export type Paged<T> = { items: T[]; total: number; page: number; size: number };

export const UserListQuery = PageQuery.extend({
  role: z.enum(ROLES).optional(),
  universityId: Id.optional(),
}).strict();
export const ProgramListQuery = PageQuery.extend({ universityId: Id.optional() }).strict();
/** Staff course list: a SUPERUSER may narrow to one university; an ADMIN always sees its own. */
export const CourseListQuery = z.object({ universityId: Id.optional(), programId: Id.optional() }).strict();
export const UniversityIdParams = z.object({ universityId: Id }).strict();
export const ProgramIdParams = z.object({ programId: Id }).strict();

/* ---------- applications ---------- */
const CaseInsensitiveStatus = PlainString.trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(APPLICATION_STATUSES));
/**
 * A real calendar day (no 2024-02-30 or month 13) between 1900 and 2100:
 * enough for a birth date and for any filter, and never a year the database
 * or Date cannot hold (0000-01-01 and 9999-12-31 used to end in a 500).
 */
const IsoDate = PlainString.trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((v) => {
    const year = Number(v.slice(0, 4));
    const day = new Date(`${v}T00:00:00.000Z`);
    return year >= 1900 && year <= 2100 && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v;
  }, 'must be a real date between 1900-01-01 and 2100-12-31');

/**
 * Grade 12 (ECZ) results (issue 17 item 4): one row per subject, each subject
 * of the list once, graded 1 (best) to 9, English Language among them, 5 to
 * 9 subjects (an empty list is no results). Refusals name the field as a
 * whole ('grade12Results: …') with the subject in the words, so the wizard
 * shows them as 'Grade 12 results: …'.
 */
export const Grade12Results = z.array(z.unknown(), { error: 'must be a list of subjects and grades' }).transform((rows, ctx): Grade12Result[] => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (rows.length > GRADE12_MAX_SUBJECTS) return fail(`give no more than ${GRADE12_MAX_SUBJECTS} subjects.`);
  const results: Grade12Result[] = [];
  for (const [index, row] of rows.entries()) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) return fail(`row ${index + 1} must be a subject and a grade.`);
    const { subject, grade, ...rest } = row as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return fail(`row ${index + 1} has an unknown field (${Object.keys(rest).join(', ')}).`);
    if (typeof subject !== 'string' || !(ECZ_SUBJECTS as readonly string[]).includes(subject)) return fail(`row ${index + 1}: choose a subject from the list.`);
    if (typeof grade !== 'number' || !Number.isInteger(grade) || grade < 1 || grade > 9) return fail(`the grade of ${subject} must be a whole number from 1 (best) to 9.`);
    if (results.some((r) => r.subject === subject)) return fail(`${subject} is listed twice.`);
    results.push({ subject: subject as EczSubject, grade });
  }
  if (results.length === 0) return results;
  if (!results.some((r) => r.subject === ENGLISH_SUBJECT)) return fail(`${ENGLISH_SUBJECT} must be among the subjects.`);
  if (results.length < GRADE12_MIN_SUBJECTS) return fail(`give at least ${GRADE12_MIN_SUBJECTS} subjects (English Language and your best four others).`);
  return results;
});
export const Grade12ResultRow = z.object({ subject: z.enum(ECZ_SUBJECTS), grade: z.number() });

/** The id of a resumable upload: the last segment of its URL under /api/uploads/. */
export const UploadId = z.string().regex(/^[0-9a-f]{32}$/, 'must be the id of an upload');
export const DocumentUploadIds = z.object(Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, UploadId.optional()])) as Record<DocumentType, z.ZodOptional<typeof UploadId>>).strict();
export type DocumentUploadIds = Partial<Record<DocumentType, string>>;

export const ApplicationCreate = z
  .object({
    /** Ignored unless it names the caller: a USER applies only for itself. */
    userId: z
      .union([Id, PlainString.max(40)])
      .optional()
      .nullable(),
    /** The open intake applied into (issue 16); absent for a university without intakes. */
    intakeId: Id.optional().nullable(),
    programIds: z
      .array(Id)
      .min(1, 'choose at least one program')
      .max(MAX_PROGRAM_CHOICES, `choose at most ${MAX_PROGRAM_CHOICES} programs`)
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a program'),
    /** A new application is always PENDING; any other value is refused. */
    status: PlainString.trim()
      .regex(/^pending$/i, 'a new application is always PENDING')
      .optional(),
    fullName: optionalText(200),
    gender: z.enum(GENDERS).optional().nullable(),
    phoneNumber: Phone,
    email: Email,
    dateOfBirth: IsoDate,
    nationality: requiredText(100),
    province: requiredText(100),
    nationalRegNumber: requiredText(50),
    submissionDetails: optionalText(5000, 'multi'),
    city: requiredText(100),
    country: z.enum(COUNTRIES),
    highestQualification: z.enum(QUALIFICATIONS),
    institutionAttended: requiredText(200),
    programNotes: optionalText(5000, 'multi'),
    reviewNotes: z.string().max(0, 'cannot be set by the applicant').optional().nullable(),
    /** The document kind of each 'files' part, in order; defaults to the order of DOCUMENT_TYPES. */
    documentTypes: z.array(z.enum(DOCUMENT_TYPES)).length(DOCUMENT_TYPES.length).optional(),
    /** Issue 17 item 4: optional for spec clients; the wizard asks for at least five subjects with English. */
    grade12Results: Grade12Results.optional().nullable(),
    /**
     * Issue 19: documents already sent through the resumable uploads
     * (`/api/uploads`), by kind: the id of the caller's own completed upload.
     * The kinds named here are not sent as 'files' parts.
     */
    documentUploads: DocumentUploadIds.optional(),
  })
  .strict();
export type ApplicationCreate = Omit<z.input<typeof ApplicationCreate>, 'grade12Results'> & { grade12Results?: { subject: EczSubject; grade: number }[] | null };

export const ApplicationUpdate = z
  .object({
    status: CaseInsensitiveStatus.refine((s) => s === 'APPROVED' || s === 'REJECTED' || s === 'OFFERED' || s === 'WAITLISTED', 'must be Approved, Rejected, Offered or Waitlisted'),
    reviewNotes: optionalText(5000, 'multi'),
    programId: Id.optional().nullable(),
    /**
     * Offers (issue 17 item 5), with status OFFERED only: unconditional or
     * conditional (conditions required), answered by `replyBy` (an ISO
     * instant; 14 days from now when absent).
     */
    offerType: z.enum(['UNCONDITIONAL', 'CONDITIONAL'], { error: 'must be UNCONDITIONAL or CONDITIONAL' }).optional(),
    conditions: optionalText(2000, 'multi'),
    replyBy: PlainString.trim()
      .max(40, 'must be a date and time')
      .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'must be a date and time (ISO 8601)')
      .refine((v) => {
        const year = new Date(v).getUTCFullYear();
        return year >= 2000 && year <= 2100;
      }, 'must be between the years 2000 and 2100')
      .optional()
      .nullable(),
    /**
     * SUPERUSER only: accept into a program whose places in the intake are
     * all taken; the reason is recorded in the history.
     */
    overrideReason: optionalText(500),
  })
  .strict();
export type ApplicationUpdate = z.input<typeof ApplicationUpdate>;

/**
 * Queues (issue 17 item 3), kept out of constants.ts (which every page
 * downloads; the browser takes only this file's types): one request assigns or declines at most this many
 * applications, all or nothing.
 */
export const BULK_MAX_APPLICATIONS = 500;
export const BULK_LIMIT_MESSAGE = `Choose at most ${BULK_MAX_APPLICATIONS} applications.`;
/** The staff list's queue filters: the caller's own applications, or those nobody has. */
export const ASSIGNED_FILTERS = ['me', 'none'] as const;
export type AssignedFilter = (typeof ASSIGNED_FILTERS)[number];

export const ApplicationListQuery = PageQuery.extend({
  status: CaseInsensitiveStatus.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  /** 'points': best-five Grade 12 points, lowest (best) first; applications without results last. */
  sort: z.enum(['newest', 'oldest', 'name', 'points']).optional(),
  /** Issue 17 item 4: only applications whose best-five points are at most this (lower is better). */
  maxPoints: wholeNumber('must be a whole number of points').pipe(z.number().min(5, 'must be at least 5 points').max(45, 'must be at most 45 points')).optional(),
  universityId: Id.optional(),
  paymentStatus: z.enum(['successful', 'pending', 'failed', 'none']).optional(),
  /** Queues (issue 17): 'me', the caller's own; 'none', nobody's yet. */
  assigned: z.enum(ASSIGNED_FILTERS).optional(),
})
  .strict()
  // A range that ends before it starts matches nothing: say so rather than show an empty list.
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: START_AFTER_END });
export type ApplicationListQuery = z.input<typeof ApplicationListQuery>;

export const Payment = z.object({
  reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  channel: z.string().nullable(),
  paidAt: z.string().nullable(),
  /**
   * Pending with the provider holding a collection for it (a mobile-money
   * prompt waiting, a card check): money may be on its way, so no second
   * payment is offered until it resolves. False for a checkout closed before
   * anything was paid, which is no payment at all yet.
   */
  awaitingProvider: z.boolean(),
  /** Why a failed payment failed, in the provider's words where it gave them. */
  failureReason: z.string().nullable(),
});
export type Payment = z.infer<typeof Payment>;

export const ApplicationFile = z.object({
  id: z.number(),
  fileName: z.string(),
  fileType: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  size: z.number(),
  /** Download URL under /api (needs the bearer token). */
  url: z.string(),
  /** Staff's check of this document (issue 17); `reason` is set only when REJECTED. */
  status: z.enum(DOCUMENT_STATUSES),
  reason: z.string().nullable(),
});
export type ApplicationFile = z.infer<typeof ApplicationFile>;

/** PUT /api/applications/{id}/documents/{documentId}: staff verify or reject one document. */
/** One of the caller's finished resumable uploads (tus, /api/uploads), named instead of sending its bytes again. */
export const UploadLink = z.object({ uploadId: z.string({ error: 'must be the id of one of your finished uploads' }).min(1).max(64) }).strict();
export type UploadLink = z.infer<typeof UploadLink>;

export const DocumentReview = z
  .object({
    status: z.enum(DOCUMENT_STATUSES),
    reason: optionalText(DOCUMENT_REASON_MAX, 'multi'),
  })
  .strict();
export type DocumentReview = z.input<typeof DocumentReview>;

/** POST /api/applications/{id}/notes: a reviewer note, internal to staff. */
export const NoteCreate = z
  .object({
    text: text(NOTE_MAX_LENGTH, 'multi').min(1, 'is required'),
  })
  .strict();
export type NoteCreate = z.input<typeof NoteCreate>;

export const ReviewerNote = z.object({
  id: z.number(),
  at: z.string(),
  text: z.string(),
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type ReviewerNote = z.infer<typeof ReviewerNote>;

export const HistoryEntry = z.object({
  id: z.number(),
  at: z.string(),
  /**
   * DOCUMENT (issue 17): a document verified, rejected or replaced; from and to are its statuses.
   * ASSIGNMENT (issue 17): given to a reviewer, or taken back; staff only, never in an applicant's answer.
   * LETTER (issue 17 item 6): a decision letter downloaded (offers made and answered are STATUS changes).
   */
  kind: z.enum(['STATUS', 'PAYMENT', 'DOCUMENT', 'ASSIGNMENT', 'LETTER', 'NOTE']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
  actor: z.object({ id: z.number(), name: z.string(), role: z.enum(ROLES) }).nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const ProgramChoice = z.object({
  id: z.number(),
  priority: z.number(),
  programId: z.number(),
  programName: z.string(),
  program: z.object({
    id: z.number(),
    name: z.string(),
    duration: z.string(),
    durationYears: z.number(),
    university: z.object({ id: z.number(), name: z.string() }),
  }),
});
export type ProgramChoice = z.infer<typeof ProgramChoice>;

export const Application = z.object({
  id: z.number(),
  status: z.enum(APPLICATION_STATUSES),
  fullName: z.string(),
  applicantName: z.string(),
  gender: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string(),
  dateOfBirth: z.string(),
  nationality: z.string(),
  provice: z.string(),
  province: z.string(),
  nationalRegNumber: z.string().optional(),
  country: z.string(),
  city: z.string(),
  applicationDate: z.string(),
  createdAt: z.string(),
  submittedAt: z.string(),
  lastUpdated: z.string(),
  highestQualification: z.string(),
  institutionAttended: z.string(),
  submissionDetails: z.string().nullable(),
  programNotes: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  universityId: z.number(),
  university: z.object({ id: z.number(), name: z.string() }),
  /** The intake applied into; null for an application made without one. */
  intake: z.object({ id: z.number(), name: z.string(), closesAt: z.string() }).nullable().optional(),
  /** The approved program once accepted, else the first choice. */
  programId: z.number().nullable(),
  program: z.object({ id: z.number(), name: z.string(), duration: z.string() }).nullable(),
  programChoices: z.array(ProgramChoice),
  paid: z.boolean(),
  payment: Payment.nullable(),
  /**
   * The fee this application owes (or owed), set by the server from the
   * nationality and the intake's fee table: what Pay Fee charges. Absent from
   * older servers: the spec's ZMW 150.75.
   */
  fee: z.object({ amount: z.number(), currency: z.string(), category: z.enum(APPLICANT_CATEGORIES) }).optional(),
  /** Paid by a fee waiver code rather than a payment. */
  waived: z.boolean().optional(),
  user: z.object({ id: z.number(), fullName: z.string(), email: z.string(), phone: z.string().nullable() }),
  files: z.array(ApplicationFile),
  history: z.array(HistoryEntry),
  /** Grade 12 (ECZ) results (issue 17 item 4) as given; empty for an application made without them. */
  grade12Results: z.array(Grade12ResultRow).optional(),
  /** Best-five points (English plus the best four others), computed by the server; null without results. */
  points: z.number().nullable().optional(),
  /** Staff only: the points exceed the ceiling of a program it chose (a flag, never a refusal). */
  pointsAboveCeiling: z.boolean().optional(),
  /** Staff only (issue 17): the reviewer the application is assigned to; absent from an applicant's answer. */
  assignee: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
  /**
   * Staff only: the applicant has another open application (not yet decided)
   * to the same university; both carry the flag.
   */
  duplicate: z.boolean().optional(),
});
export type Application = z.infer<typeof Application>;

/* ---------- queues and assignment (issue 17 item 3) ---------- */

/** PUT /api/applications/{id}/assignee: an ADMIN of the application's university or a SUPERUSER; null unassigns. */
export const AssigneeUpdate = z.object({ userId: Id.nullable() }).strict();
export type AssigneeUpdate = z.input<typeof AssigneeUpdate>;

/** Someone an application can be assigned to (GET /api/applications/assignees). */
export const Assignee = z.object({ id: z.number(), name: z.string(), role: z.enum(ROLES) });
export type Assignee = z.infer<typeof Assignee>;
export const AssigneeQuery = z.object({ universityId: Id.optional() }).strict();

/**
 * POST /api/applications/bulk: assign (`userId`, null to unassign), or
 * decline with one `reason`, the applications named by `ids` or every one the
 * staff list shows for `filter` (its query; paging ignored), at most
 * BULK_MAX_APPLICATIONS, all or nothing.
 */
export const ApplicationBulk = z
  .object({
    action: z.enum(['assign', 'decline']),
    userId: Id.nullable().optional(),
    reason: multiLineText(5000).optional(),
    ids: z.array(Id).min(1, 'choose at least one application').optional(),
    filter: ApplicationListQuery.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.action === 'assign' && b.userId === undefined) ctx.addIssue({ code: 'custom', path: ['userId'], message: 'is required to assign (null takes the applications back)' });
    if (b.action === 'assign' && b.reason !== undefined) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is only for declining' });
    if (b.action === 'decline' && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required: say why the applications are declined' });
    if (b.action === 'decline' && b.userId !== undefined) ctx.addIssue({ code: 'custom', path: ['userId'], message: 'is only for assigning' });
    if ((b.ids === undefined) === (b.filter === undefined)) ctx.addIssue({ code: 'custom', path: [], message: 'Choose the applications: send either ids or filter.' });
    else if (b.ids && b.ids.length > BULK_MAX_APPLICATIONS) ctx.addIssue({ code: 'custom', path: [], message: BULK_LIMIT_MESSAGE });
  });
export type ApplicationBulk = z.input<typeof ApplicationBulk>;

export const ApplicationBulkResult = z.object({ action: z.enum(['assign', 'decline']), count: z.number(), ids: z.array(z.number()) });
export type ApplicationBulkResult = z.infer<typeof ApplicationBulkResult>;

/* ---------- payments ---------- */
export const PaymentInitiate = z
  .object({
    applicationId: Id,
    /** The server sets amount and currency itself; what the body says is ignored. */
    email: PlainString.max(254).optional(),
    amount: z.unknown().optional(),
    currency: z.unknown().optional(),
  })
  .strict();
export const PaymentInitiateResponse = z.object({ reference: z.string(), amount: z.number(), currency: z.string() });
export type PaymentInitiateResponse = z.infer<typeof PaymentInitiateResponse>;
export const PaymentReferenceParams = z.object({ reference: z.string().regex(/^[A-Za-z0-9_-]{6,80}$/, 'is not a payment reference') }).strict();
export const PaymentVerifyResponse = z.object({
  status: z.string(),
  reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  applicationId: z.number(),
  applicationStatus: z.enum(APPLICATION_STATUSES),
  message: z.string(),
  awaitingProvider: z.boolean(),
  failureReason: z.string().nullable(),
});
export type PaymentVerifyResponse = z.infer<typeof PaymentVerifyResponse>;
/** A payment receipt (issue 22): what a family needs to dispute a mobile-money charge. */
export const Receipt = z.object({
  receiptNumber: z.string(),
  /** When the payment was received (ISO) and the same as people read it, in Lusaka time. */
  paidAt: z.string(),
  paidAtText: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** 'Mobile money' or 'Card'. */
  channel: z.string(),
  /** The mobile-money number masked ('097****000'), or the card's last four digits. */
  payer: z.string().nullable(),
  /** Our payment reference and the provider's own. */
  reference: z.string(),
  providerReference: z.string().nullable(),
  applicationId: z.number(),
  applicantName: z.string(),
  universityName: z.string(),
});
export type Receipt = z.infer<typeof Receipt>;

export const PaymentConfig = z.object({
  publicKey: z.string(),
  widgetUrl: z.string(),
  amount: z.number(),
  currency: z.string(),
  sandbox: z.boolean(),
});
export type PaymentConfig = z.infer<typeof PaymentConfig>;

/* ---------- subscribers ---------- */
export const SubscriberCreate = z.object({ name: requiredText(200), email: Email }).strict();
export const SubscriberCount = z.object({ count: z.number() });

/* ---------- contact ---------- */
/** The About page's message to the portal's team (spec §3: name, email, subject, message). */
export const ContactMessage = z.object({ name: requiredText(200), email: Email, subject: requiredText(200), message: multiLineText(5000).min(1, 'is required') }).strict();
export type ContactMessage = z.input<typeof ContactMessage>;

/* ---------- dashboard ---------- */
export const DashboardStats = z.object({
  universities: z.number(),
  programs: z.number(),
  courses: z.number(),
  students: z.number(),
  applications: z.number(),
  programsByFaculty: z.array(z.object({ label: z.string(), value: z.number() })),
  studentsByUniversity: z.array(z.object({ label: z.string(), value: z.number() })),
  applicationsByStatus: z.array(z.object({ status: z.enum(APPLICATION_STATUSES), value: z.number() })),
  submissionsLast7Days: z.array(z.object({ date: z.string(), value: z.number() })),
});
export type DashboardStats = z.infer<typeof DashboardStats>;
/** Honoured only for a SUPERUSER; an ADMIN always gets its own university. */
export const DashboardQuery = z.object({ universityId: Id.optional() }).strict();

export const StudentListItem = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  applications: z.number(),
  lastAppliedAt: z.string().nullable(),
  /** Blocked by the listed university's ADMIN from applying there (false when no university is listed). */
  blocked: z.boolean(),
});
export type StudentListItem = z.infer<typeof StudentListItem>;
/** An ADMIN blocks (or unblocks) an applicant from applying to the ADMIN's university; the account stays. */
export const UniversityBlockUpdate = z.object({ blocked: z.boolean() }).strict();
export type UniversityBlockUpdate = z.infer<typeof UniversityBlockUpdate>;
export const UniversityBlock = z.object({ userId: z.number(), universityId: z.number(), blocked: z.boolean() });
export type UniversityBlock = z.infer<typeof UniversityBlock>;

/* ---------- audit, data protection ---------- */
export const AuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.number().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.string(),
  ip: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
