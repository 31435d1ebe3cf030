/**
 * Issue 19: each document uploads as soon as it is chosen, through the
 * resumable uploads (tus-js-client, mocked at its module boundary): progress
 * per document, a pause while offline and the resumption when the network
 * returns, and a submission that names the uploads instead of sending files.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, draftsApi, intakesApi, programsApi, universitiesApi } from 'shared-api';
import { DRAFT_KEY } from '../../lib/application-draft';
import { createMemoryFileStore, setFileStore } from '../../lib/file-store';
import { renderAt, signIn } from '../../test-utils';
import { uploadsMade, type UploadStandIn } from '../../testing/tus-client';
import { ApplicationWizard } from './components/ApplicationWizard';
import { completeDraft, pdf, png, program } from './testing/fixtures';

jest.mock('tus-js-client', () => jest.requireActual('../../testing/tus-client').tusClientStandIn());

jest.mock('shared-api', () => jest.requireActual('./testing/fixtures').wizardApiStandIn());

const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** The upload started for a file, once the lazily loaded client created it and started it. */
async function uploadOf(name: string): Promise<UploadStandIn> {
  let found: UploadStandIn | undefined;
  await waitFor(() => {
    found = uploadsMade.find((upload) => upload.file.name === name);
    expect(found?.start).toHaveBeenCalled();
  });
  return found!;
}

async function choose(label: RegExp, file: File) {
  fireEvent.change(await screen.findByLabelText(label), { target: { files: [file] } });
  await screen.findByText(new RegExp(`${file.name.replace('.', '\\.')} · `));
}

async function openFilesStep() {
  localStorage.setItem(DRAFT_KEY, JSON.stringify({ userId: 7, universityId: 3, step: 3 }));
  renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
  await screen.findByRole('heading', { name: 'Step 3 of 4: Files' });
}

beforeEach(() => {
  uploadsMade.length = 0;
  localStorage.clear();
  setOnline(true);
  setFileStore(createMemoryFileStore());
  signIn();
  (universitiesApi.get as jest.Mock).mockResolvedValue({ id: 3, name: 'University of Zambia' });
  (programsApi.ofUniversity as jest.Mock).mockResolvedValue([program(11, 'Computer Science')]);
  (applicationsApi.submit as jest.Mock).mockReset();
  (applicationsApi.ofUser as jest.Mock).mockResolvedValue([]);
  (intakesApi.ofUniversity as jest.Mock).mockResolvedValue([]);
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe('resumable document uploads', () => {
  it('starts uploading a document when it is chosen, in 256 KB chunks with the session token, and shows its progress', async () => {
    await openFilesStep();
    await choose(/Choose NRC back/, png('back.png'));
    const upload = await uploadOf('back.png');
    expect(upload.options.chunkSize).toBe(256 * 1024);
    expect(upload.options.metadata).toEqual({ documentType: 'NRC_BACK', filename: 'back.png' });
    expect(upload.options.retryDelays.length).toBeGreaterThan(2);
    const setHeader = jest.fn();
    upload.options.onBeforeRequest({ setHeader });
    expect(setHeader).toHaveBeenCalledWith('Authorization', 'Bearer token');

    act(() => upload.options.onProgress(40, 100));
    await screen.findByText('Uploading… 40%');
    expect(screen.getByRole('progressbar', { name: 'NRC back upload progress' })).toHaveAttribute('aria-valuenow', '40');
    act(() => {
      upload.url = '/api/uploads/0123456789abcdef0123456789abcdef';
      upload.options.onSuccess();
    });
    await screen.findByText('Uploaded');
  });

  it('waits for the network while offline and resumes by itself when it returns', async () => {
    await openFilesStep();
    await choose(/Choose NRC front or passport/, png('front.png'));
    const upload = await uploadOf('front.png');
    act(() => upload.options.onProgress(30, 100));
    await screen.findByText('Uploading… 30%');

    setOnline(false);
    await screen.findByText('Waiting for the network…');
    expect(upload.abort).toHaveBeenCalled();
    // A request failing meanwhile says the same while the browser is offline.
    act(() => upload.options.onError(new Error('network')));
    expect(screen.getByText('Waiting for the network…')).toBeInTheDocument();

    upload.start.mockClear();
    setOnline(true);
    await screen.findByText('Uploading… 30%');
    expect(upload.start).toHaveBeenCalledTimes(1);
  });

  it("says in the server's words why a document was refused", async () => {
    await openFilesStep();
    await choose(/Choose Certificate/, pdf('certificate.pdf'));
    const upload = await uploadOf('certificate.pdf');
    const refusal = Object.assign(new Error('refused'), {
      originalResponse: { getBody: () => JSON.stringify({ message: 'Each file must be at most 5 MB.', error: 'Payload Too Large' }) },
    });
    act(() => upload.options.onError(refusal));
    await screen.findByText('Each file must be at most 5 MB.');
  });

  it('links a finished upload to the server draft instead of uploading the file to it again; a failed one is uploaded to the draft', async () => {
    const saved = { draft: {}, files: [], updatedAt: '2026-03-02T08:30:00.000Z' };
    const save = draftsApi.save as jest.Mock;
    const linkUpload = draftsApi.linkUpload as jest.Mock;
    const putFile = draftsApi.putFile as jest.Mock;
    const pending = () => new Promise(() => undefined);
    save.mockImplementation(() => Promise.resolve(saved));
    linkUpload.mockImplementation(() => Promise.resolve(saved));
    putFile.mockImplementation(() => Promise.resolve(saved));
    try {
      await openFilesStep();
      const front = png('front.png');
      await choose(/Choose NRC front or passport/, front);
      const upload = await uploadOf('front.png');
      // Still uploading: the draft waits for it rather than taking the bytes itself.
      await act(() => new Promise((resolve) => setTimeout(resolve, 3500)));
      expect(linkUpload).not.toHaveBeenCalled();
      expect(putFile).not.toHaveBeenCalled();
      act(() => {
        upload.url = '/api/uploads/0123456789abcdef0123456789abcdef';
        upload.options.onSuccess();
      });
      await waitFor(() => expect(linkUpload).toHaveBeenCalledWith('NRC_FRONT', '0123456789abcdef0123456789abcdef'), { timeout: 8000 });
      expect(putFile).not.toHaveBeenCalled();

      // No finished upload to point at (the server refused it): the draft gets the file the old way.
      const certificate = pdf('certificate.pdf');
      await choose(/Choose Certificate/, certificate);
      const refused = await uploadOf('certificate.pdf');
      act(() => refused.options.onError(Object.assign(new Error('refused'), { originalResponse: { getBody: () => JSON.stringify({ message: 'The file could not be saved. Please try again.' }) } })));
      await waitFor(() => expect(putFile).toHaveBeenCalledWith('CERTIFICATE', certificate, 'certificate.pdf'), { timeout: 8000 });
      expect(putFile).toHaveBeenCalledTimes(1);
      expect(linkUpload).toHaveBeenCalledTimes(1);
    } finally {
      save.mockImplementation(pending);
      linkUpload.mockImplementation(pending);
      putFile.mockImplementation(pending);
    }
  }, 30_000);

  it('submits the upload ids instead of the files once all four are uploaded, waiting for the last one', async () => {
    const user = userEvent.setup();
    (applicationsApi.submit as jest.Mock).mockResolvedValue({ json: () => Promise.resolve({ id: 99, message: 'ok' }) });
    localStorage.setItem(DRAFT_KEY, JSON.stringify(completeDraft({ step: 3, email: 'ada@example.test', phone: '+260971234567', schoolProvince: 'Copperbelt', institution: 'Kitwe Boys' })));
    renderAt(<ApplicationWizard />, { path: '/apply/:universityId', url: '/apply/3' });
    await screen.findByRole('heading', { name: 'Step 3 of 4: Files' });
    const chosen: Array<[RegExp, File]> = [
      [/Choose NRC front or passport/, png('front.png')],
      [/Choose NRC back/, png('back.png')],
      [/Choose Academic results/, pdf('results.pdf')],
      [/Choose Certificate/, pdf('certificate.pdf')],
    ];
    for (const [label, file] of chosen) await choose(label, file);
    // One at a time: the first is sending, the others wait their turn.
    expect(await screen.findAllByText('Waiting to upload…')).toHaveLength(3);
    const ids = ['a', 'b', 'c', 'd'].map((c) => c.repeat(32));
    const uploads: UploadStandIn[] = [];
    // Three finish now, each starting when the one before it is done; the last one only after Submit.
    for (const [index, [, file]] of chosen.entries()) {
      const upload = await uploadOf(file.name);
      uploads.push(upload);
      expect(uploadsMade.filter((other) => other.start.mock.calls.length > 0)).toHaveLength(index + 1);
      if (index === 3) break;
      act(() => {
        upload.url = `/api/uploads/${ids[index]}`;
        upload.options.onSuccess();
      });
    }
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step 4 of 4: Review' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText('Waiting for your documents to finish uploading…');
    expect(applicationsApi.submit).not.toHaveBeenCalled();
    act(() => {
      uploads[3]!.url = `/api/uploads/${ids[3]}`;
      uploads[3]!.options.onSuccess();
    });
    expect(await screen.findByRole('heading', { name: 'Application Submitted' })).toBeInTheDocument();
    const form = (applicationsApi.submit as jest.Mock).mock.calls[0][0] as FormData;
    expect(form.getAll('files')).toEqual([]);
    const body = JSON.parse(await readText(form.get('application') as Blob));
    expect(body.documentUploads).toEqual({ NRC_FRONT: ids[0], NRC_BACK: ids[1], ACADEMIC_RESULTS: ids[2], CERTIFICATE: ids[3] });
  });
});
