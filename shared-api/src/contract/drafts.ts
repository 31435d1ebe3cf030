/**
 * The applicant's draft on the server (issue 16, "drafts that follow the
 * applicant"): the wizard's local draft (spec §3 "Draft application", plus
 * the step and the province of the school) saved as the applicant types, so
 * signing in on another device resumes it. One draft per applicant, as the
 * wizard keeps one local draft that names its university.
 *
 * A draft is unfinished by nature: every field is optional and may be empty
 * or half typed (an e-mail address without its domain yet), so only the
 * rules that hold while typing apply: the limits and characters of
 * ApplicationCreate, the listed choices, and well-formed program ids. The
 * rest is checked at submission.
 */
import { z } from 'zod';
import { COUNTRIES, DOCUMENT_TYPES, GENDERS, MAX_PROGRAM_CHOICES, QUALIFICATIONS, WIZARD_STEPS } from './constants';
import { ECZ_SUBJECTS, GRADE12_MAX_SUBJECTS } from './grade12';
import { Id, UploadLink } from './schemas';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001F\u007F]*$/;
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/** Text as typed (not trimmed: the applicant may be in the middle of a word), bounded, without control characters. */
const typed = (max: number, lines: 'single' | 'multi' = 'single') =>
  z
    .string({ error: 'must be text' })
    .max(max, `must be at most ${max} characters`)
    .regex(lines === 'multi' ? MULTI_LINE : SINGLE_LINE, 'must not contain control characters')
    .optional();
/** A listed choice, or empty while not chosen yet. */
const choice = (values: readonly string[]) => z.union([z.literal(''), z.enum(values as [string, ...string[]])], { error: `must be one of ${values.join(', ')}` }).optional();

export const DRAFT_MAX_AGE_DAYS = 180;

/** The wizard's draft fields (names as in the local draft), all optional. */
export const DraftData = z
  .object({
    universityId: Id.nullable().optional(),
    programIds: z
      .array(Id)
      .max(MAX_PROGRAM_CHOICES, `choose at most ${MAX_PROGRAM_CHOICES} programs`)
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a program')
      .optional(),
    fullName: typed(200),
    gender: choice(GENDERS),
    email: typed(254),
    phone: typed(32),
    nationality: typed(100),
    /** A date input gives a whole date or nothing; its year may be half typed (0002). */
    dateOfBirth: typed(10).refine((v) => v === undefined || v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'must be a date (YYYY-MM-DD)'),
    city: typed(100),
    country: choice(COUNTRIES),
    qualification: choice(QUALIFICATIONS),
    institution: typed(200),
    submissionDetails: typed(5000, 'multi'),
    nationalRegNumber: typed(50),
    province: typed(100),
    programNotes: typed(5000, 'multi'),
    schoolProvince: typed(100),
    /** Grade 12 results as typed (issue 17 item 4): a row may still lack its subject ('') or grade (null). */
    grade12Results: z
      .array(
        z
          .object({
            subject: z.union([z.literal(''), z.enum(ECZ_SUBJECTS)], { error: 'must be one of the listed subjects' }),
            grade: z.number({ error: 'must be a grade from 1 to 9' }).int('must be a grade from 1 to 9').min(1, 'must be a grade from 1 to 9').max(9, 'must be a grade from 1 to 9').nullable(),
          })
          .strict(),
      )
      .max(GRADE12_MAX_SUBJECTS, `give at most ${GRADE12_MAX_SUBJECTS} subjects`)
      .optional(),
    step: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(WIZARD_STEPS, `must be at most ${WIZARD_STEPS}`).optional(),
  })
  .strict();
export type DraftData = z.infer<typeof DraftData>;

/**
 * PUT /api/drafts/mine: the draft, and the `updatedAt` of the server draft
 * this client last saw (null when it saw none). When the server holds a
 * draft saved since (another device), the write is refused with 409 and the
 * client decides which one wins; otherwise this write wins.
 */
export const DraftInput = DraftData.extend({
  updatedAt: z
    .string()
    .max(40)
    .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), 'must be a date and time (ISO 8601)')
    .nullable(),
}).strict();
export type DraftInput = z.input<typeof DraftInput>;

export const DraftFile = z.object({
  documentType: z.enum(DOCUMENT_TYPES),
  fileName: z.string(),
  fileType: z.string(),
  size: z.number(),
});
export type DraftFile = z.infer<typeof DraftFile>;

/** The caller's draft as saved: `updatedAt` (server time) is its version. */
export const Draft = z.object({
  draft: DraftData,
  files: z.array(DraftFile),
  updatedAt: z.string(),
});
export type Draft = z.infer<typeof Draft>;

/** PUT /api/drafts/mine/files/{documentType} as JSON: one of the caller's finished resumable uploads becomes the draft's document (issue 19). */
/** A draft's document taken from a finished resumable upload. */
export const DraftFileLink = UploadLink;
export type DraftFileLink = UploadLink;

export const DraftFileParams = z.object({ documentType: z.enum(DOCUMENT_TYPES, { error: `must be one of ${DOCUMENT_TYPES.join(', ')}` }) }).strict();
