/**
 * The wizard's rules (spec §5): what each step requires, which files are
 * accepted, and the contract payload built from a draft.
 */
import { COUNTRIES, DOCUMENT_LABELS, DOCUMENT_TYPES, GENDERS, MAX_PROGRAM_CHOICES, QUALIFICATIONS, type ApplicationCreate, type DocumentType, ZAMBIA_PROVINCES } from 'shared-api';
import { bestFivePoints, ENGLISH_SUBJECT, GRADE12_MAX_SUBJECTS, GRADE12_MIN_SUBJECTS, type EczSubject } from 'shared-api/grade12';
import type { ApplicationDraft, Grade12Row } from '../../lib/application-draft';
import { checkFile } from '../../lib/document-check';

export const STEPS = ['Personal', 'Program', 'Files', 'Review'] as const;

export type DraftField = keyof Omit<ApplicationDraft, 'step' | 'userId' | 'universityId'>;
export type FieldErrors = Partial<Record<DraftField | DocumentType, string>>;
export type ChosenFiles = Partial<Record<DocumentType, File>>;

export const FIELD_LABELS: Record<DraftField, string> = {
  fullName: 'Full name',
  gender: 'Gender',
  email: 'Email',
  phone: 'Phone number',
  dateOfBirth: 'Date of birth',
  country: 'Country',
  province: 'Province',
  city: 'City',
  programIds: 'First choice program',
  nationality: 'Nationality',
  nationalRegNumber: 'National registration number',
  schoolProvince: 'Province of school last attended',
  qualification: 'Highest qualification',
  institution: 'Institution attended',
  programNotes: 'Program notes',
  submissionDetails: 'Submission details',
  grade12Results: 'Grade 12 results',
};

/** Whether a form control's name is one of the draft's text fields (what a typed value may change). */
export function isTextDraftField(name: string): name is Exclude<DraftField, 'programIds' | 'grade12Results'> {
  return Object.hasOwn(FIELD_LABELS, name) && name !== 'programIds' && name !== 'grade12Results';
}

// The file rules live in lib/, shared with the application detail page's re-upload.
export { checkDocument, checkFile, TOO_LARGE_MESSAGE, WRONG_TYPE_MESSAGE } from '../../lib/document-check';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{5,32}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function required(draft: ApplicationDraft, errors: FieldErrors, fields: DraftField[]): void {
  for (const field of fields) {
    const value = draft[field];
    if (typeof value === 'string' && value.trim() === '') errors[field] = `${FIELD_LABELS[field]} is required`;
  }
}

export function validatePersonal(draft: ApplicationDraft, today: Date = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  required(draft, errors, ['fullName', 'gender', 'email', 'phone', 'dateOfBirth', 'country', 'province', 'city']);
  if (draft.gender && !(GENDERS as readonly string[]).includes(draft.gender)) errors.gender = 'Choose Male or Female';
  if (draft.country && !(COUNTRIES as readonly string[]).includes(draft.country)) errors.country = 'Choose Zambia, Zimbabwe or Kenya';
  if (draft.country === 'Zambia' && draft.province && !(ZAMBIA_PROVINCES as readonly string[]).includes(draft.province)) {
    errors.province = "Choose one of Zambia's ten provinces";
  }
  if (draft.email.trim() && !EMAIL.test(draft.email.trim())) errors.email = 'Enter a valid email address';
  if (draft.phone.trim() && !PHONE.test(draft.phone.trim())) errors.phone = 'Enter a valid phone number';
  if (draft.dateOfBirth) {
    const date = new Date(`${draft.dateOfBirth}T00:00:00Z`);
    if (!ISO_DATE.test(draft.dateOfBirth) || Number.isNaN(date.getTime())) errors.dateOfBirth = 'Enter a valid date';
    else if (date.getTime() > today.getTime()) errors.dateOfBirth = 'Date of birth cannot be in the future';
  }
  return errors;
}

export function validateProgram(draft: ApplicationDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.programIds.length === 0) errors.programIds = 'First choice program is required';
  else if (draft.programIds.length > MAX_PROGRAM_CHOICES) errors.programIds = `Choose at most ${MAX_PROGRAM_CHOICES} programs`;
  else if (new Set(draft.programIds).size !== draft.programIds.length) errors.programIds = 'A program can be chosen only once';
  required(draft, errors, ['nationality', 'nationalRegNumber', 'schoolProvince', 'qualification', 'institution']);
  if (draft.qualification && !(QUALIFICATIONS as readonly string[]).includes(draft.qualification)) {
    errors.qualification = 'Choose one of the listed qualifications';
  }
  const results = grade12Problem(draft.grade12Results);
  if (results) errors.grade12Results = results;
  return errors;
}

/** The rows with both a subject and a grade: what is sent and counted. */
export function completeResults(rows: readonly Grade12Row[]): { subject: EczSubject; grade: number }[] {
  return rows.filter((r) => r.subject !== '' && r.grade !== null).map((r) => ({ subject: r.subject as EczSubject, grade: r.grade! }));
}

/** The best-five points of the rows filled in so far (English plus the best four others); null until there are five with English. */
export function pointsOf(rows: readonly Grade12Row[]): number | null {
  return bestFivePoints(completeResults(rows));
}

/** Issue 17 item 4: the wizard asks for 5 to 9 subjects with English among them (the server accepts none from spec clients). */
export function grade12Problem(rows: readonly Grade12Row[]): string | undefined {
  if (rows.length > GRADE12_MAX_SUBJECTS) return `Enter at most ${GRADE12_MAX_SUBJECTS} subjects`;
  if (rows.some((r) => (r.subject === '') !== (r.grade === null))) return 'Choose both a subject and a grade in each row, or remove the row';
  const complete = completeResults(rows);
  if (new Set(complete.map((r) => r.subject)).size !== complete.length) return 'Enter each subject only once';
  if (!complete.some((r) => r.subject === ENGLISH_SUBJECT)) return `${ENGLISH_SUBJECT} must be among the subjects`;
  if (complete.length < GRADE12_MIN_SUBJECTS) return `Enter at least ${GRADE12_MIN_SUBJECTS} subjects: ${ENGLISH_SUBJECT} and your best four others`;
  return undefined;
}

export function validateFiles(files: ChosenFiles): FieldErrors {
  const errors: FieldErrors = {};
  for (const type of DOCUMENT_TYPES) {
    const file = files[type];
    if (!file) errors[type] = `${DOCUMENT_LABELS[type]} is required`;
    else {
      const problem = checkFile(file);
      if (problem) errors[type] = problem;
    }
  }
  return errors;
}

export function validateStep(step: number, draft: ApplicationDraft, files: ChosenFiles): FieldErrors {
  if (step === 1) return validatePersonal(draft);
  if (step === 2) return validateProgram(draft);
  if (step === 3) return validateFiles(files);
  return { ...validatePersonal(draft), ...validateProgram(draft), ...validateFiles(files) };
}

export function countFiles(files: ChosenFiles): number {
  return DOCUMENT_TYPES.filter((type) => files[type]).length;
}

/** Puts `programId` in slot `slot` (0-based); an empty value clears the slot and later choices move up. */
export function chooseProgram(programIds: number[], slot: number, programId: number | null): number[] {
  const next = [...programIds];
  if (programId === null) {
    if (slot < next.length) next.splice(slot, 1);
    return next;
  }
  if (next.some((id, index) => id === programId && index !== slot)) return next;
  if (slot < next.length) next[slot] = programId;
  else if (slot === next.length && next.length < MAX_PROGRAM_CHOICES) next.push(programId);
  return next;
}

/**
 * The 'application' part of the submission (contract ApplicationCreate). The
 * contract has one province field: it carries the applicant's province; the
 * province of the school last attended travels with the institution's name.
 */
export function toApplicationCreate(draft: ApplicationDraft, userId: number): ApplicationCreate {
  const institution = draft.institution.trim();
  const schoolProvince = draft.schoolProvince.trim();
  return {
    userId,
    programIds: draft.programIds,
    status: 'PENDING',
    phoneNumber: draft.phone.trim(),
    email: draft.email.trim(),
    dateOfBirth: draft.dateOfBirth,
    nationality: draft.nationality.trim(),
    province: draft.province.trim(),
    nationalRegNumber: draft.nationalRegNumber.trim(),
    submissionDetails: draft.submissionDetails.trim() || null,
    city: draft.city.trim(),
    country: draft.country as ApplicationCreate['country'],
    highestQualification: draft.qualification as ApplicationCreate['highestQualification'],
    institutionAttended: schoolProvince ? `${institution} (${schoolProvince})` : institution,
    programNotes: draft.programNotes.trim() || null,
    fullName: draft.fullName.trim(),
    gender: draft.gender as ApplicationCreate['gender'],
    documentTypes: [...DOCUMENT_TYPES],
    grade12Results: completeResults(draft.grade12Results),
  };
}
