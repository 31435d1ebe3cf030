import { applicationsApi, type ApplicationCreate } from 'shared-api';
import { httpError } from '../../../test-utils';
import { buildApplicationForm, submitApplication, uploadProgressSupported } from './submit';

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

function setProtocol(protocol: string | null) {
  Object.defineProperty(performance, 'getEntriesByType', {
    configurable: true,
    value: () => (protocol === null ? [] : [{ nextHopProtocol: protocol }]),
  });
}

beforeEach(() => {
  submit.mockReset();
  setProtocol('http/1.1');
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

  it('asks ky for upload progress only over HTTP/2 or HTTP/3 (streamed bodies fail over HTTP/1.1 in Chromium)', async () => {
    expect(uploadProgressSupported()).toBe(false);
    submit.mockResolvedValue(answer({ id: 1 }));
    const onProgress = jest.fn();
    await submitApplication(application, files, onProgress);
    expect(submit.mock.calls[0][1]).toBeUndefined();

    const streams = globalThis as { ReadableStream?: unknown; TransformStream?: unknown };
    const saved = { ReadableStream: streams.ReadableStream, TransformStream: streams.TransformStream };
    streams.ReadableStream ??= function ReadableStream() {};
    streams.TransformStream ??= function TransformStream() {};
    try {
      setProtocol('h2');
      expect(uploadProgressSupported()).toBe(true);
      await submitApplication(application, files, onProgress);
      const options = submit.mock.calls[1][1] as { onUploadProgress: (p: { percent: number }) => void };
      options.onUploadProgress({ percent: 0.426 });
      expect(onProgress).toHaveBeenCalledWith(43);
    } finally {
      streams.ReadableStream = saved.ReadableStream;
      streams.TransformStream = saved.TransformStream;
    }
  });
});
