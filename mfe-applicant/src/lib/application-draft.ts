/**
 * The locally saved application draft (spec §3 "Draft application", key
 * 'applicationDraft') plus the wizard's current step. Shared by the wizard,
 * which writes it, and the applications page, which offers to resume it.
 */
export const DRAFT_KEY = 'applicationDraft';
/** The wizard's view of the server's copy of the draft (features/wizard/hooks/useServerDraft). */
export const DRAFT_SYNC_KEY = 'applicationDraftSync';

/** One row of the Grade 12 results (issue 17 item 4) as typed: subject '' and grade null until chosen. */
export interface Grade12Row {
  subject: string;
  grade: number | null;
}

export interface ApplicationDraft {
  userId: number | null;
  universityId: number | null;
  programIds: number[];
  fullName: string;
  gender: string;
  email: string;
  phone: string;
  nationality: string;
  dateOfBirth: string;
  city: string;
  country: string;
  qualification: string;
  institution: string;
  submissionDetails: string;
  nationalRegNumber: string;
  province: string;
  programNotes: string;
  /** Province of the school last attended (wizard step 2). */
  schoolProvince: string;
  /** Grade 12 (ECZ) results (wizard step 2); empty until the applicant fills them in. */
  grade12Results: Grade12Row[];
  /** The wizard step the applicant was on, 1 to 4. */
  step: number;
}

export function emptyDraft(init: Partial<ApplicationDraft> = {}): ApplicationDraft {
  return {
    userId: null,
    universityId: null,
    programIds: [],
    fullName: '',
    gender: '',
    email: '',
    phone: '',
    nationality: '',
    dateOfBirth: '',
    city: '',
    country: '',
    qualification: '',
    institution: '',
    submissionDetails: '',
    nationalRegNumber: '',
    province: '',
    programNotes: '',
    schoolProvince: '',
    grade12Results: [],
    step: 1,
    ...init,
  };
}

const TEXT_FIELDS = [
  'fullName',
  'gender',
  'email',
  'phone',
  'nationality',
  'dateOfBirth',
  'city',
  'country',
  'qualification',
  'institution',
  'submissionDetails',
  'nationalRegNumber',
  'province',
  'programNotes',
  'schoolProvince',
] as const;

/** Reads the saved draft; anything malformed is ignored field by field. */
export function loadDraft(): ApplicationDraft | null {
  try {
    return parseDraft(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

/** A draft from stored data, or null; anything malformed is ignored field by field. */
export function parseDraft(raw: unknown): ApplicationDraft | null {
  if (!raw || typeof raw !== 'object') return null;
  const data = raw as Record<string, unknown>;
  const draft = emptyDraft();
  for (const field of TEXT_FIELDS) if (typeof data[field] === 'string') draft[field] = data[field] as string;
  const universityId = Number(data.universityId);
  draft.universityId = Number.isInteger(universityId) && universityId > 0 ? universityId : null;
  const userId = Number(data.userId);
  draft.userId = Number.isInteger(userId) && userId > 0 ? userId : null;
  if (Array.isArray(data.programIds)) {
    draft.programIds = data.programIds
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0)
      .slice(0, 3);
  }
  if (Array.isArray(data.grade12Results)) draft.grade12Results = parseGrade12Rows(data.grade12Results);
  const step = Number(data.step);
  draft.step = Number.isInteger(step) && step >= 1 && step <= 4 ? step : 1;
  return draft;
}

/** Grade 12 rows from stored data: at most 9, each a subject (text) and a grade 1–9 or null; the server checks the subjects. */
function parseGrade12Rows(rows: unknown[]): Grade12Row[] {
  return rows
    .filter((row): row is Record<string, unknown> => Boolean(row) && typeof row === 'object')
    .map((row) => ({
      subject: typeof row.subject === 'string' ? row.subject.slice(0, 100) : '',
      grade: Number.isInteger(row.grade) && (row.grade as number) >= 1 && (row.grade as number) <= 9 ? (row.grade as number) : null,
    }))
    .slice(0, 9);
}

export function saveDraft(draft: ApplicationDraft): void {
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the wizard keeps working from memory.
  }
}

export function clearDraft(): void {
  localStorage.removeItem(DRAFT_KEY);
  // The ended draft's server version goes with it: a later draft saved with it would be refused as ended elsewhere.
  localStorage.removeItem(DRAFT_SYNC_KEY);
}
