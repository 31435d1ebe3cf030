/**
 * What the wizard's tests share: the stand-in for shared-api (no server draft,
 * draft saves accepted and never answered) and sample programs and files.
 * A test file mocks with it as
 *   jest.mock('shared-api', () => jest.requireActual('./testing/fixtures').wizardApiStandIn());
 * (a jest.mock factory may only reach other modules through require).
 */
import type { Program } from 'shared-api';

export function wizardApiStandIn() {
  const never = () => new Promise(() => undefined);
  return {
    ...jest.requireActual('shared-api'),
    universitiesApi: { get: jest.fn() },
    programsApi: { ofUniversity: jest.fn() },
    applicationsApi: { submit: jest.fn(), ofUser: jest.fn() },
    draftsApi: {
      get: jest.fn(() => Promise.reject(Object.assign(new Error('Not Found'), { name: 'HTTPError', response: { status: 404 } }))),
      save: jest.fn(never),
      putFile: jest.fn(never),
      linkUpload: jest.fn(never),
      removeFile: jest.fn(never),
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
