/** Business constants of spec §9, shared by the server and every front end. */
import { SESSION_TOKEN_KEY } from 'page-platform/session-peek';

export const ROLES = ['SUPERUSER', 'ADMIN', 'USER'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES: readonly Role[] = ['SUPERUSER', 'ADMIN'];

/** Canonical (upper-case) application statuses; the API accepts any case on input. */
export const APPLICATION_STATUSES = [
  'SUBMITTED',
  'PENDING',
  'PENDING_REVIEW',
  'APPROVED',
  'REJECTED',
  'DOCUMENTS_REQUESTED',
  // Offers (issue 17 item 5): an open offer waits for the applicant's answer; accepted, it ends in APPROVED.
  'OFFERED',
  'WAITLISTED',
  'OFFER_DECLINED',
  'OFFER_LAPSED',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/**
 * Statuses from which a staff decision (approve or reject) may be taken.
 * DOCUMENTS_REQUESTED (issue 17) is still under review: staff asked for a
 * better copy of one document, and may still decide. WAITLISTED (issue 17
 * item 5) waits for a place: staff may still make an offer or decline.
 */
export const DECIDABLE_STATUSES: readonly ApplicationStatus[] = ['PENDING', 'SUBMITTED', 'PENDING_REVIEW', 'DOCUMENTS_REQUESTED', 'WAITLISTED'];

/**
 * Whether the application fee is still owed: unpaid and not yet decided. A
 * decided application (APPROVED or REJECTED, which includes one withdrawn when
 * its applicant was erased) is never asked for a fee. The server refuses to
 * start a payment otherwise, and the applicant pages offer Pay Fee only then.
 */
export function feeOwed(application: { status: string; paid: boolean }): boolean {
  return !application.paid && DECIDABLE_STATUSES.includes(application.status.toUpperCase() as ApplicationStatus);
}

/** Lenco collection statuses as the provider reports them. */
export const PAYMENT_STATUSES = ['pending', 'successful', 'failed', 'otp-required', 'pay-offline', '3ds-auth-required'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const APPLICATION_FEE = { amount: 150.75, currency: 'ZMW' } as const;
export const APPLICATION_FEE_LABEL = 'ZMW 150.75';
export const PAYMENT_CHANNELS = ['card', 'mobile-money'] as const;
/** The widget needs a phone; the spec uses a fixed fallback when the applicant has none. */
export const FALLBACK_CUSTOMER_PHONE = '0970000000';
export const PAYMENT_REVIEW_NOTE = 'Payment completed - application ready for review';

export const GENDERS = ['Male', 'Female'] as const;
export const COUNTRIES = ['Zambia', 'Zimbabwe', 'Kenya'] as const;
/** Zambia's ten provinces: an applicant in Zambia chooses one (any other country: free text). */
export const ZAMBIA_PROVINCES = ['Central', 'Copperbelt', 'Eastern', 'Luapula', 'Lusaka', 'Muchinga', 'Northern', 'North-Western', 'Southern', 'Western'] as const;
export const QUALIFICATIONS = ['Grade 12', 'Diploma', 'Degree', 'Masters', 'PhD'] as const;

/** The four required documents, in the order a plain spec client sends its 'files' parts. */
export const DOCUMENT_TYPES = ['NRC_FRONT', 'NRC_BACK', 'ACADEMIC_RESULTS', 'CERTIFICATE'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_LABELS: Record<DocumentType, string> = {
  NRC_FRONT: 'NRC front or passport',
  NRC_BACK: 'NRC back',
  ACADEMIC_RESULTS: 'Academic results',
  CERTIFICATE: 'Certificate',
};
/**
 * Each submitted document is checked by staff one by one (issue 17): pending
 * until verified, or rejected with a reason the applicant sees on that
 * document, who then uploads a new file for it.
 */
export const DOCUMENT_STATUSES = ['PENDING', 'VERIFIED', 'REJECTED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = { PENDING: 'Pending', VERIFIED: 'Verified', REJECTED: 'Rejected' };
export const DOCUMENT_REASON_MAX = 500;
/** Reviewer notes (issue 17): internal to the staff of the application's university. */
export const NOTE_MAX_LENGTH = 2000;
export const ACCEPTED_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type AcceptedFileType = (typeof ACCEPTED_FILE_TYPES)[number];

/** How many leading bytes `documentTypeOf` needs. */
export const DOCUMENT_SNIFF_BYTES = 12;

/**
 * The type of a document by its content (its leading bytes), never by its
 * name or the type the browser claims: an HTML page renamed '.pdf' is null.
 * The one rule for uploads: the wizard applies it when a file is chosen and
 * the server when the file arrives.
 */
export function documentTypeOf(head: Uint8Array): AcceptedFileType | null {
  const starts = (bytes: number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** What the wizard (on choosing) and the server (on receiving) say about a document of another type. */
export function wrongDocumentTypeMessage(label: string): string {
  return `The ${label} file is not a JPEG, PNG or WebP image or a PDF, whatever its name says. Only JPEG, PNG, WebP images and PDF files are accepted.`;
}

/** The file extension a stored document of each accepted type gets. */
export const DOCUMENT_EXTENSIONS: Record<AcceptedFileType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export const MAX_PROGRAM_CHOICES = 3;
export const REQUIRED_FILES = 4;
export const WIZARD_STEPS = 4;
export const APPLICANT_PAGE_SIZE = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PRIVACY_POLICY_VERSION = '2026-11';

export const LIMITS = {
  universities: { first: 6, more: 3 },
  universityPrograms: { first: 6, more: 3 },
  staffProgramCourses: { first: 6, more: 6 },
  applicantCourses: { first: 8, more: 4 },
  skeletons: 6,
  aboutCut: 120,
} as const;

export const TIMINGS = {
  tokenCheckMs: 10_000,
  testimonialMs: 5_000,
  resetCooldownSeconds: 120,
  waitlistMessageMs: 2_000,
  copyTickMs: 2_000,
  paymentScriptTries: 20,
  paymentScriptIntervalMs: 500,
  sessionExpiredRedirectMs: 2_000,
  toastMs: 5_000,
} as const;

/** Local storage keys, exactly as spec §9 (the session token's is the session peek's). */
export const STORAGE_KEYS = { token: SESSION_TOKEN_KEY, selectedUniversity: 'selectedUniversity', universities: 'universities' } as const;
export const API_BASE = '/api';

/** A phone number that is no number anywhere (issue 18). */
export const INVALID_PHONE_MESSAGE = 'Enter a valid phone number.';

/** A date filter whose start is after its end: the API refuses it and the staff list says it under End date. */
export const START_AFTER_END = 'The start date is after the end date.';

/* ---------- admission rounds (issue 16) ---------- */
/** Who pays which fee: follows from the nationality given on step 2. */
export const APPLICANT_CATEGORIES = ['ZAMBIAN', 'SADC', 'INTERNATIONAL'] as const;
export type ApplicantCategory = (typeof APPLICANT_CATEGORIES)[number];
export const APPLICANT_CATEGORY_LABELS: Record<ApplicantCategory, string> = {
  ZAMBIAN: 'Zambian citizen',
  SADC: 'SADC citizen',
  INTERNATIONAL: 'International',
};
export const FEE_CURRENCIES = ['ZMW', 'USD'] as const;
export type FeeCurrency = (typeof FEE_CURRENCIES)[number];

/** Where an intake stands at the moment the server answered. */
export const INTAKE_STATES = ['UPCOMING', 'OPEN', 'CLOSED'] as const;
export type IntakeState = (typeof INTAKE_STATES)[number];

/** The time zone every intake date is shown in. */
export const INTAKE_TIME_ZONE = 'Africa/Lusaka';

export const INTAKE_CLOSED_MESSAGE = 'Applications for this intake are closed.';
export const ALREADY_APPLIED_TO_INTAKE_MESSAGE = 'You have already applied to this intake.';
export const noPlacesLeftMessage = (programName: string) => `No places left in ${programName}.`;
export const APPLICATIONS_CLOSED_TITLE = 'Applications are closed';

/* ---------- offers (issue 17 item 5); the rest lives in offers.ts, off the browser's barrel ---------- */
/** Days an applicant has to answer an offer when staff set no deadline. */
export const DEFAULT_OFFER_REPLY_DAYS = 14;

/* ---------- the notification centre (issue 18 item 4) ---------- */
/** A window event a page sends after marking notifications read, so the shell's bell counts again at once. */
export const NOTIFICATIONS_CHANGED_EVENT = 'portal:notifications-changed';
/** The page that lists them all (each remote declares it for its roles). */
export const NOTIFICATIONS_PATH = '/notifications';
