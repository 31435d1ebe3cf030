/** Business constants of spec §9, shared by the server and every front end. */
export const ROLES = ['SUPERUSER', 'ADMIN', 'USER'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES: readonly Role[] = ['SUPERUSER', 'ADMIN'];

/** Canonical (upper-case) application statuses; the API accepts any case on input. */
export const APPLICATION_STATUSES = ['SUBMITTED', 'PENDING', 'PENDING_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** Statuses from which a staff decision (approve or reject) may be taken. */
export const DECIDABLE_STATUSES: readonly ApplicationStatus[] = ['PENDING', 'SUBMITTED', 'PENDING_REVIEW'];

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
export const ACCEPTED_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
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

/** Local storage keys, exactly as spec §9. */
export const STORAGE_KEYS = { token: 'user', selectedUniversity: 'selectedUniversity', universities: 'universities' } as const;
export const API_BASE = '/api';

/**
 * A page the server renders may carry the API responses it was rendered with,
 * as JSON in `<script type="application/json" id=…>` keyed by the API path
 * ('/api/universities'), so the browser's first render shows the same data
 * without asking for it again.
 */
export const PRELOADED_RESPONSES_ELEMENT_ID = 'portal-preloaded-responses';

/**
 * The global under which a server-rendered page's inline script records what
 * the visitor did before the app took over: `typed`, a WeakMap from each form
 * control to its [value, checked], and `submitted`, a WeakSet of the forms
 * they sent; the app adds each form it has taken over to `takenOver`, after
 * which the form is the app's alone. See useFormHandover;
 * shell/public/index.html spells the same name.
 */
export const BEFORE_START_GLOBAL = '__portalBeforeStart';
