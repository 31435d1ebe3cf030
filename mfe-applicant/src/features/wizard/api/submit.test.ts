import { applicationsApi, type ApplicationCreate } from 'shared-api';
import { httpError } from '../../../test-utils';
import { buildApplicationForm, submitApplication } from './submit';
import { fetchReportingUploadProgress } from './upload-transport';

jest.mock('./upload-transport', () => ({ fetchReportingUploadProgress: jest.fn(() => jest.fn()) }));
jest.mock('shared-api', () => ({ ...jest.requireActual('shared-api'), applicationsApi: { submit: jest.fn() } }));

const files = {
  NRC_FRONT: new File(['a'], 'a.png', { type: 'image/png' }),
  NRC_BACK: new File(['b'], 'b.png', { type: 'image/png' }),
  ACADEMIC_RESULTS: new File(['c'], 'c.pdf', { type: 'application/pdf' }),
  CERTIFICATE: new File(['d'], 'd.pdf', { type: 'application/pdf' }),
};
const application = { programIds: [1], email: 'a@b.zm' } as ApplicationCreate;
const submit = applicationsApi.submit as jest.Mock;
const answer = (body: unknown) => ({ json: () => (body instanceof Error ? Promise.reject(body) : Promise.resolve(body)) });

beforeEach(() => {
  submit.mockReset();
});

describe('submitting an application', () => {
  it('builds one form: the JSON part, then the four files in document order', () => {
    const form = buildApplicationForm(application, files);
    expect((form.get('application') as Blob).type).toBe('application/json');
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.png', 'c.pdf', 'd.pdf']);
    expect(() => buildApplicationForm(application, { NRC_FRONT: files.NRC_FRONT })).toThrow('Missing file NRC_BACK');
  });

  it('reads the outcome: created, unclear, refused with the server text, network failure', async () => {
    submit.mockResolvedValueOnce(answer({ message: 'Application submitted', id: 42 }));
    await expect(submitApplication(application, files)).resolves.toEqual({ kind: 'ok', id: 42 });
    submit.mockResolvedValueOnce(answer(new SyntaxError('Unexpected end of JSON input')));
    await expect(submitApplication(application, files)).resolves.toEqual({ kind: 'unclear' });
    submit.mockResolvedValueOnce(answer({ unexpected: true }));
    await expect(submitApplication(application, files)).resolves.toEqual({ kind: 'unclear' });
    submit.mockRejectedValueOnce(httpError(413, { message: 'Each file must be at most 5 MB.' }));
    await expect(submitApplication(application, files)).resolves.toEqual({ kind: 'failed', message: 'Failed to submit application: Each file must be at most 5 MB.' });
    submit.mockRejectedValueOnce(httpError(500));
    await expect(submitApplication(application, files)).resolves.toEqual({ kind: 'failed', message: 'Failed to submit application (500)' });
    submit.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(submitApplication(application, files)).resolves.toEqual({ kind: 'network', message: 'Something went wrong. Please try again.' });
  });

  it('says a refused Grade 12 row in the server\'s words, as "Grade 12 results: …"', async () => {
    submit.mockRejectedValueOnce(httpError(400, { message: 'grade12Results: English Language must be among the subjects.' }));
    await expect(submitApplication(application, files)).resolves.toEqual({ kind: 'failed', message: 'Failed to submit application: Grade 12 results: English Language must be among the subjects.' });
    submit.mockRejectedValueOnce(httpError(400, { message: 'grade12Results: the grade of Physics must be a whole number from 1 (best) to 9.' }));
    await expect(submitApplication(application, files)).resolves.toEqual({
      kind: 'failed',
      message: 'Failed to submit application: Grade 12 results: The grade of Physics must be a whole number from 1 (best) to 9.',
    });
  });

  it('says a 409 as the server says it, with the first application when it names one', async () => {
    submit.mockRejectedValueOnce(httpError(409, { message: 'Applications for this intake are closed.' }));
    await expect(submitApplication(application, files)).resolves.toEqual({ kind: 'refused', message: 'Applications for this intake are closed.', applicationId: null });
    submit.mockRejectedValueOnce(httpError(409, { message: 'You have already applied to this intake.', applicationId: 55 }));
    await expect(submitApplication(application, files)).resolves.toEqual({ kind: 'refused', message: 'You have already applied to this intake.', applicationId: 55 });
  });

  it('sends through ky with a fetch that reports upload progress, as whole percents', async () => {
    submit.mockResolvedValue(answer({ id: 1 }));
    await submitApplication(application, files);
    expect(submit.mock.calls[0][1]).toBeUndefined();

    const onProgress = jest.fn();
    await submitApplication(application, files, onProgress);
    expect(submit.mock.calls[1][1]).toEqual({ fetch: expect.any(Function) });
    const report = (fetchReportingUploadProgress as jest.Mock).mock.calls[0][0] as (sent: number, total: number) => void;
    report(426, 1000);
    report(1000, 1000);
    expect(onProgress.mock.calls).toEqual([[43], [100]]);
  });
});
