/**
 * One typed function per call of spec §7. Types come from the contract with
 * `import type`, so no zod code reaches the browser through this module.
 */
import type {
  Application,
  ApplicationListQuery,
  ApplicationUpdate,
  AuditEntry,
  ChangePasswordRequest,
  ContactChangeConfirm,
  ContactChangeRequest,
  ContactChangeStarted,
  Course,
  CourseCreate,
  CourseUpdate,
  DocumentReview,
  LoginResponse,
  MessageBody,
  NoteCreate,
  Paged,
  PaymentConfig,
  PaymentInitiateResponse,
  PaymentVerifyResponse,
  Program,
  ProgramInput,
  RegisterRequest,
  ReviewerNote,
  SessionRenewed,
  StudentListItem,
  University,
  UniversityBlock,
  UniversityInput,
  User,
  UserUpdate,
} from '../contract/schemas';
import type { Intake, IntakeCapacity, IntakeInput } from '../contract/intakes';
import type { DocumentType } from '../contract/constants';
import type { Draft, DraftInput } from '../contract/drafts';
import type { FeeWaiver, FeeWaiverApplied, FeeWaiverCreate } from '../contract/fees';
import { httpClient, type CallOptions } from './http';

type Query = Record<string, string | number | undefined>;
function searchParams(query: Query | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') out[key] = String(value);
  return out;
}

export const authApi = {
  login: async (body: { email: string; password: string }) => (await httpClient()).post('auth/login', { json: body }).json<LoginResponse>(),
  register: async (body: RegisterRequest) => (await httpClient()).post('auth/register', { json: body }).json<MessageBody>(),
  requestReset: async (email: string) => (await httpClient()).post('auth/request-reset', { json: { email } }).json<MessageBody>(),
  resetPassword: async (body: { token: string; newPassword: string }) => (await httpClient()).post('auth/reset-password', { json: body }).json<MessageBody>(),
  logout: async () => (await httpClient()).post('auth/logout').json<MessageBody>(),
  /** Ends every session of the account, this one included. */
  logoutEverywhere: async () => (await httpClient()).post('auth/logout-everywhere').json<MessageBody>(),
};

/** The public university list, also embedded in the pre-rendered /universities page. */
export const UNIVERSITIES_PATH = 'universities';

export const universitiesApi = {
  list: async (options?: CallOptions) => (await httpClient()).get(UNIVERSITIES_PATH, options).json<University[]>(),
  get: async (id: number | string) => (await httpClient()).get(`universities/${id}`).json<University>(),
  create: async (body: UniversityInput) => (await httpClient()).post('universities', { json: body }).json<University>(),
  update: async (id: number | string, body: UniversityInput) => (await httpClient()).put(`universities/${id}`, { json: body }).json<University>(),
  remove: async (id: number | string) => (await httpClient()).delete(`universities/${id}`).json<MessageBody>(),
};

export const programsApi = {
  list: async () => (await httpClient()).get('programs').json<Program[]>(),
  page: async (query: Query) => (await httpClient()).get('programs', { searchParams: searchParams(query) }).json<Paged<Program>>(),
  get: async (id: number | string) => (await httpClient()).get(`programs/${id}`).json<Program>(),
  ofUniversity: async (universityId: number | string) => (await httpClient()).get(`programs/university/${universityId}`).json<Program[]>(),
  create: async (body: ProgramInput) => (await httpClient()).post('programs', { json: body }).json<Program>(),
  update: async (id: number | string, body: ProgramInput) => (await httpClient()).put(`programs/${id}`, { json: body }).json<Program>(),
  remove: async (id: number | string) => (await httpClient()).delete(`programs/${id}`).json<MessageBody>(),
};

export const coursesApi = {
  list: async () => (await httpClient()).get('courses').json<Course[]>(),
  get: async (id: number | string) => (await httpClient()).get(`courses/${id}`).json<Course>(),
  ofProgram: async (programId: number | string) => (await httpClient()).get(`courses/program/${programId}`).json<Course[]>(),
  create: async (body: CourseCreate) => (await httpClient()).post('courses', { json: body }).json<Course>(),
  update: async (id: number | string, body: CourseUpdate) => (await httpClient()).put(`courses/${id}`, { json: body }).json<Course>(),
  remove: async (id: number | string) => (await httpClient()).delete(`courses/${id}`).json<MessageBody>(),
};

export const usersApi = {
  list: async () => (await httpClient()).get('users').json<User[]>(),
  page: async (query: Query) => (await httpClient()).get('users', { searchParams: searchParams(query) }).json<Paged<User>>(),
  get: async (id: number | string) => (await httpClient()).get(`users/${id}`).json<User>(),
  update: async (id: number | string, body: UserUpdate) => (await httpClient()).put(`users/${id}`, { json: body }).json<User>(),
  students: async (query: Query) => (await httpClient()).get('users/students', { searchParams: searchParams(query) }).json<Paged<StudentListItem>>(),
  /** ADMIN: block or unblock an applicant from applying to the ADMIN's university. */
  setUniversityBlock: async (id: number | string, blocked: boolean) => (await httpClient()).put(`users/${id}/university-block`, { json: { blocked } }).json<UniversityBlock>(),
  exportMine: async () => (await httpClient()).get('users/me/export').json<unknown>(),
  /** A wrong password answers 400 (never 401, which would end the session). */
  deleteMine: async (password: string) => (await httpClient()).delete('users/me', { json: { password } }).json<MessageBody>(),
};

export const applicationsApi = {
  list: async () => (await httpClient()).get('applications').json<Application[]>(),
  page: async (query: ApplicationListQuery) => (await httpClient()).get('applications', { searchParams: searchParams(query as Query) }).json<Paged<Application>>(),
  get: async (id: number | string, options?: CallOptions) => (await httpClient()).get(`applications/${id}`, options).json<Application>(),
  ofUser: async (userId: number | string, options?: CallOptions) => (await httpClient()).get(`applications/user/${userId}`, options).json<Application[]>(),
  update: async (id: number | string, body: ApplicationUpdate) => (await httpClient()).put(`applications/${id}`, { json: body }).json<Application>(),
  /** Multipart: part 'application' (JSON) and one 'files' part per document. */
  submit: async (form: FormData, options?: CallOptions) => (await httpClient()).post('applications', { body: form, timeout: 300_000, retry: 0, ...options }),
  exportCsvUrl: (query: ApplicationListQuery) => `/api/applications/export.csv?${new URLSearchParams(searchParams(query as Query))}`,
  /** Staff verify or reject one document (issue 17); a rejection needs a reason. */
  reviewDocument: async (id: number | string, documentId: number | string, body: DocumentReview) =>
    (await httpClient()).put(`applications/${id}/documents/${documentId}`, { json: body }).json<Application>(),
  /** The applicant replaces a rejected document: multipart part 'file'. */
  replaceDocument: async (id: number | string, documentId: number | string, form: FormData) =>
    (await httpClient()).post(`applications/${id}/documents/${documentId}`, { body: form, timeout: 300_000, retry: 0 }).json<Application>(),
  /** Reviewer notes: staff of the application's university only. */
  notes: async (id: number | string) => (await httpClient()).get(`applications/${id}/notes`).json<ReviewerNote[]>(),
  addNote: async (id: number | string, body: NoteCreate) => (await httpClient()).post(`applications/${id}/notes`, { json: body }).json<ReviewerNote>(),
};

/** Admission rounds (issue 16). Guests and applicants see open and upcoming intakes only. */
export const intakesApi = {
  ofUniversity: async (universityId: number | string, options?: CallOptions) => (await httpClient()).get(`universities/${universityId}/intakes`, options).json<Intake[]>(),
  get: async (id: number | string) => (await httpClient()).get(`intakes/${id}`).json<Intake>(),
  create: async (universityId: number | string, body: IntakeInput) => (await httpClient()).post(`universities/${universityId}/intakes`, { json: body }).json<Intake>(),
  update: async (id: number | string, body: IntakeInput) => (await httpClient()).put(`intakes/${id}`, { json: body }).json<Intake>(),
  remove: async (id: number | string) => (await httpClient()).delete(`intakes/${id}`).json<MessageBody>(),
  capacity: async (id: number | string) => (await httpClient()).get(`intakes/${id}/capacity`).json<IntakeCapacity>(),
};

/**
 * The applicant's own draft on the server (issue 16). `get` answers 404 when
 * none is saved; `save` answers 409 when another device saved since the
 * `updatedAt` sent. Saves are not retried here: the wizard paces them.
 */
export const draftsApi = {
  get: async (options?: CallOptions) => (await httpClient()).get('drafts/mine', { retry: 0, ...options }).json<Draft>(),
  save: async (body: DraftInput, options?: CallOptions) => (await httpClient()).put('drafts/mine', { json: body, retry: 0, ...options }).json<Draft>(),
  remove: async () => {
    await (await httpClient()).delete('drafts/mine', { retry: 0 });
  },
  /** Multipart: one part 'file'. */
  putFile: async (documentType: DocumentType, file: Blob, fileName: string) => {
    const form = new FormData();
    form.append('file', file, fileName);
    return (await httpClient()).put(`drafts/mine/files/${documentType}`, { body: form, timeout: 120_000, retry: 0 }).json<Draft>();
  },
  /** JSON { uploadId }: a finished resumable upload becomes the draft's document; no bytes are sent. */
  linkUpload: async (documentType: DocumentType, uploadId: string) => (await httpClient()).put(`drafts/mine/files/${documentType}`, { json: { uploadId }, retry: 0 }).json<Draft>(),
  removeFile: async (documentType: DocumentType) => (await httpClient()).delete(`drafts/mine/files/${documentType}`, { retry: 0 }).json<Draft>(),
  downloadFile: async (documentType: DocumentType) => (await httpClient()).get(`drafts/mine/files/${documentType}`).blob(),
};

export const filesApi = {
  ofApplication: async (applicationId: number | string) => (await httpClient()).get(`files/application/${applicationId}`).json<Application['files']>(),
  /** Downloads one file as a Blob (the bearer token cannot ride on a plain link). */
  download: async (url: string) => (await httpClient()).get(url.replace(/^\/api\//, '')).blob(),
};

export const paymentsApi = {
  config: async () => (await httpClient()).get('payments/config').json<PaymentConfig>(),
  initiate: async (body: { applicationId: number; email: string; amount: number; currency: string }, options?: CallOptions) =>
    (await httpClient()).post('payments/initiate', { json: body, ...options }).json<PaymentInitiateResponse>(),
  verify: async (reference: string, options?: CallOptions) => (await httpClient()).get(`payments/verify/${reference}`, options).json<PaymentVerifyResponse>(),
};

/** Fee waiver codes (issue 16): staff list and create a university's; an applicant applies one to an application. */
export const feeWaiversApi = {
  ofUniversity: async (universityId: number | string) => (await httpClient()).get(`universities/${universityId}/fee-waivers`).json<FeeWaiver[]>(),
  create: async (universityId: number | string, body: FeeWaiverCreate) => (await httpClient()).post(`universities/${universityId}/fee-waivers`, { json: body }).json<FeeWaiver>(),
  apply: async (applicationId: number | string, code: string) => (await httpClient()).post(`applications/${applicationId}/fee-waiver`, { json: { code }, retry: 0 }).json<FeeWaiverApplied>(),
};

export const subscribersApi = {
  count: async () => (await httpClient()).get('subscribers/count').json<{ count: number }>(),
  create: async (body: { name: string; email: string }) => (await httpClient()).post('subscribers', { json: body }).json<MessageBody>(),
};

export const contactApi = {
  send: async (body: { name: string; email: string; subject: string; message: string }) => (await httpClient()).post('contact', { json: body }).json<MessageBody>(),
};

export const auditApi = {
  list: async (query: Query) => (await httpClient()).get('audit', { searchParams: searchParams(query) }).json<Paged<AuditEntry>>(),
};

/** One's own account (Settings): each change answers with a renewed session token. */
export const accountApi = {
  changePassword: async (body: ChangePasswordRequest) => (await httpClient()).put('users/me/password', { json: body }).json<SessionRenewed>(),
  startContactChange: async (body: ContactChangeRequest) => (await httpClient()).post('users/me/contact-change', { json: body }).json<ContactChangeStarted>(),
  confirmContactChange: async (body: ContactChangeConfirm) => (await httpClient()).post('users/me/contact-change/confirm', { json: body }).json<SessionRenewed>(),
};
