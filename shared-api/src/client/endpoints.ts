/**
 * One typed function per call of spec §7. Types come from the contract with
 * `import type`, so no zod code reaches the browser through this module.
 */
import type {
  Application,
  ApplicationListQuery,
  ApplicationUpdate,
  AuditEntry,
  Course,
  CourseCreate,
  CourseUpdate,
  DashboardStats,
  LoginResponse,
  MessageBody,
  Paged,
  PaymentConfig,
  PaymentInitiateResponse,
  PaymentVerifyResponse,
  Program,
  ProgramInput,
  RegisterRequest,
  StudentListItem,
  University,
  UniversityInput,
  User,
  UserUpdate,
} from '../contract/schemas';
import { http, type CallOptions } from './http';

type Query = Record<string, string | number | undefined>;
function searchParams(query: Query | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') out[key] = String(value);
  return out;
}

export const authApi = {
  login: (body: { email: string; password: string }) => http.post('auth/login', { json: body }).json<LoginResponse>(),
  register: (body: RegisterRequest) => http.post('auth/register', { json: body }).json<MessageBody>(),
  requestReset: (email: string) => http.post('auth/request-reset', { json: { email } }).json<MessageBody>(),
  resetPassword: (body: { token: string; newPassword: string }) => http.post('auth/reset-password', { json: body }).json<MessageBody>(),
  logout: () => http.post('auth/logout').json<MessageBody>(),
};

/** The public university list, also embedded in the pre-rendered /universities page. */
export const UNIVERSITIES_PATH = 'universities';

export const universitiesApi = {
  list: (options?: CallOptions) => http.get(UNIVERSITIES_PATH, options).json<University[]>(),
  get: (id: number | string) => http.get(`universities/${id}`).json<University>(),
  create: (body: UniversityInput) => http.post('universities', { json: body }).json<University>(),
  update: (id: number | string, body: UniversityInput) => http.put(`universities/${id}`, { json: body }).json<University>(),
  remove: (id: number | string) => http.delete(`universities/${id}`).json<MessageBody>(),
};

export const programsApi = {
  list: () => http.get('programs').json<Program[]>(),
  page: (query: Query) => http.get('programs', { searchParams: searchParams(query) }).json<Paged<Program>>(),
  get: (id: number | string) => http.get(`programs/${id}`).json<Program>(),
  ofUniversity: (universityId: number | string) => http.get(`programs/university/${universityId}`).json<Program[]>(),
  create: (body: ProgramInput) => http.post('programs', { json: body }).json<Program>(),
  update: (id: number | string, body: ProgramInput) => http.put(`programs/${id}`, { json: body }).json<Program>(),
  remove: (id: number | string) => http.delete(`programs/${id}`).json<MessageBody>(),
};

export const coursesApi = {
  list: () => http.get('courses').json<Course[]>(),
  get: (id: number | string) => http.get(`courses/${id}`).json<Course>(),
  ofProgram: (programId: number | string) => http.get(`courses/program/${programId}`).json<Course[]>(),
  create: (body: CourseCreate) => http.post('courses', { json: body }).json<Course>(),
  update: (id: number | string, body: CourseUpdate) => http.put(`courses/${id}`, { json: body }).json<Course>(),
  remove: (id: number | string) => http.delete(`courses/${id}`).json<MessageBody>(),
};

export const usersApi = {
  list: () => http.get('users').json<User[]>(),
  page: (query: Query) => http.get('users', { searchParams: searchParams(query) }).json<Paged<User>>(),
  get: (id: number | string) => http.get(`users/${id}`).json<User>(),
  update: (id: number | string, body: UserUpdate) => http.put(`users/${id}`, { json: body }).json<User>(),
  students: (query: Query) => http.get('users/students', { searchParams: searchParams(query) }).json<Paged<StudentListItem>>(),
  exportMine: () => http.get('users/me/export').json<unknown>(),
  deleteMine: () => http.delete('users/me').json<MessageBody>(),
};

export const applicationsApi = {
  list: () => http.get('applications').json<Application[]>(),
  page: (query: ApplicationListQuery) =>
    http.get('applications', { searchParams: searchParams(query as Query) }).json<Paged<Application>>(),
  get: (id: number | string, options?: CallOptions) => http.get(`applications/${id}`, options).json<Application>(),
  ofUser: (userId: number | string, options?: CallOptions) => http.get(`applications/user/${userId}`, options).json<Application[]>(),
  update: (id: number | string, body: ApplicationUpdate) => http.put(`applications/${id}`, { json: body }).json<Application>(),
  /** Multipart: part 'application' (JSON) and one 'files' part per document. */
  submit: (form: FormData, options?: CallOptions) => http.post('applications', { body: form, timeout: 300_000, retry: 0, ...options }),
  exportCsvUrl: (query: ApplicationListQuery) => `/api/applications/export.csv?${new URLSearchParams(searchParams(query as Query))}`,
};

export const filesApi = {
  ofApplication: (applicationId: number | string) => http.get(`files/application/${applicationId}`).json<Application['files']>(),
  /** Downloads one file as a Blob (the bearer token cannot ride on a plain link). */
  download: (url: string) => http.get(url.replace(/^\/api\//, '')).blob(),
};

export const paymentsApi = {
  config: () => http.get('payments/config').json<PaymentConfig>(),
  initiate: (body: { applicationId: number; email: string; amount: number; currency: string }, options?: CallOptions) =>
    http.post('payments/initiate', { json: body, ...options }).json<PaymentInitiateResponse>(),
  verify: (reference: string, options?: CallOptions) => http.get(`payments/verify/${reference}`, options).json<PaymentVerifyResponse>(),
};

export const subscribersApi = {
  count: () => http.get('subscribers/count').json<{ count: number }>(),
  create: (body: { name: string; email: string }) => http.post('subscribers', { json: body }).json<MessageBody>(),
};

export const dashboardApi = {
  stats: (universityId?: number | null) =>
    http.get('dashboard/stats', { searchParams: searchParams({ universityId: universityId ?? undefined }) }).json<DashboardStats>(),
};

export const auditApi = {
  list: (query: Query) => http.get('audit', { searchParams: searchParams(query) }).json<Paged<AuditEntry>>(),
};
