/**
 * What the wizard's tests share: the stand-in for shared-api (no server draft,
 * draft saves accepted, each a new version holding no documents) and sample
 * programs and files.
 * A test file mocks with it as
 *   jest.mock('shared-api', () => jest.requireActual('./testing/fixtures').wizardApiStandIn());
 * (a jest.mock factory may only reach other modules through require).
 */
import type { Program } from 'shared-api';
import { getFileStore } from '../../../lib/file-store';

export function wizardApiStandIn() {
  let version = 0;
  const accepted = (draft: Record<string, unknown> = {}) => Promise.resolve({ draft, files: [], updatedAt: new Date(Date.UTC(2026, 2, 2, 9, 0, ++version)).toISOString() });
  return {
    ...jest.requireActual('shared-api'),
    universitiesApi: { get: jest.fn() },
    programsApi: { ofUniversity: jest.fn() },
    applicationsApi: { submit: jest.fn(), ofUser: jest.fn() },
    draftsApi: {
      get: jest.fn(() => Promise.reject(Object.assign(new Error('Not Found'), { name: 'HTTPError', response: { status: 404 } }))),
      save: jest.fn(({ updatedAt: _seen, ...draft }: Record<string, unknown>) => accepted(draft)),
      putFile: jest.fn(() => accepted()),
      linkUpload: jest.fn(() => accepted()),
      removeFile: jest.fn(() => accepted()),
      remove: jest.fn(() => Promise.resolve()),
      downloadFile: jest.fn(),
    },
    intakesApi: { ofUniversity: jest.fn() },
  };
}

export const program = (id: number, name: string) =>
  ({ id, _id: id, name, description: '', duration: '4 years', durationYears: 4, requirements: null, careerOpportunities: null, universityId: 3 }) as Program;
/** The smallest file the wizard's content check takes as a PNG / a PDF. */
export const png = (name = 'front.png') => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
export const pdf = (name = 'results.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

/** A draft filled up to its documents, as the wizard keeps it on the phone; a test overrides what it needs. */
export function completeDraft(overrides: Record<string, unknown> = {}) {
  return {
    userId: 7,
    universityId: 3,
    programIds: [11],
    fullName: 'Ada Banda',
    gender: 'Female',
    email: 'ada@example.com',
    phone: '0971234567',
    dateOfBirth: '2004-05-06',
    country: 'Zambia',
    province: 'Lusaka',
    city: 'Lusaka',
    nationality: 'Zambian',
    nationalRegNumber: '123456/10/1',
    schoolProvince: 'Lusaka',
    qualification: 'Grade 12',
    institution: 'Kabulonga',
    grade12Results: [
      { subject: 'English Language', grade: 3 },
      { subject: 'Mathematics', grade: 1 },
      { subject: 'Biology', grade: 2 },
      { subject: 'Chemistry', grade: 3 },
      { subject: 'Physics', grade: 4 },
    ],
    step: 4,
    ...overrides,
  };
}

/** The four documents in the wizard's file store, as if chosen before a reload. */
export async function storeFourDocuments() {
  const store = getFileStore();
  await store.put('NRC_FRONT', png('a.png'));
  await store.put('NRC_BACK', png('b.png'));
  await store.put('ACADEMIC_RESULTS', pdf('c.pdf'));
  await store.put('CERTIFICATE', pdf('d.pdf'));
}
