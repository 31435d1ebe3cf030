/**
 * Issue 17 for the applicant: a rejected document shows its reason and takes
 * a new file, with the wizard's rules, sent resumably as the wizard's are
 * (issue 19; tus-js-client mocked at its module boundary).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { applicationsApi, wrongDocumentTypeMessage, type Application, type ApplicationFile } from 'shared-api';
import { TOO_LARGE_MESSAGE } from '../../lib/document-check';
import { createMemoryFileStore, setFileStore } from '../../lib/file-store';
import { httpError, renderAt, signIn } from '../../test-utils';
import { uploadsMade, type UploadStandIn } from '../../testing/tus-client';
import { ApplicationDetail } from './components/ApplicationDetail';
import { ApplicationsList } from './components/ApplicationsList';
import { replaceDocumentWithUpload } from './api/replaceDocumentWithUpload';

jest.mock('tus-js-client', () => jest.requireActual('../../testing/tus-client').tusClientStandIn());
jest.mock('./api/replaceDocumentWithUpload', () => ({ replaceDocumentWithUpload: jest.fn() }));
jest.mock('./api/getApplicationOffer', () => ({ getApplicationOffer: jest.fn(() => Promise.resolve({ offer: null, letters: [] })) }));

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  applicationsApi: { ofUser: jest.fn(), get: jest.fn() },
  filesApi: { download: jest.fn() },
  universitiesApi: { get: jest.fn(() => Promise.resolve({ id: 3, name: 'University of Zambia' })) },
  intakesApi: { ofUniversity: jest.fn(() => Promise.resolve([])) },
}));

const api = applicationsApi as jest.Mocked<typeof applicationsApi>;
const replaceMock = replaceDocumentWithUpload as jest.MockedFunction<typeof replaceDocumentWithUpload>;
const REASON = 'NRC back is unreadable — please upload a clearer photo';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

const doc = (id: number, documentType: ApplicationFile['documentType'], extra: Partial<ApplicationFile> = {}): ApplicationFile => ({
  id,
  fileName: `${documentType.toLowerCase()}.png`,
  fileType: 'image/png',
  documentType,
  size: 2048,
  url: `/api/files/${id}`,
  status: 'PENDING',
  reason: null,
  ...extra,
});

function app(overrides: Partial<Application> = {}): Application {
  const date = '2026-11-01T10:00:00.000Z';
  return {
    id: 5,
    status: 'DOCUMENTS_REQUESTED',
    fullName: 'Ada Banda',
    applicantName: 'Ada Banda',
    gender: 'Female',
    email: 'ada@example.com',
    phoneNumber: '0971234567',
    dateOfBirth: '2004-05-06',
    nationality: 'Zambian',
    provice: 'Lusaka',
    province: 'Lusaka',
    country: 'Zambia',
    city: 'Lusaka',
    applicationDate: date,
    createdAt: date,
    submittedAt: date,
    lastUpdated: date,
    highestQualification: 'Grade 12',
    institutionAttended: 'Kabulonga Girls',
    submissionDetails: null,
    programNotes: null,
    reviewNotes: null,
    universityId: 3,
    university: { id: 3, name: 'University of Zambia' },
    programId: 11,
    program: { id: 11, name: 'Law', duration: '4 years' },
    programChoices: [],
    paid: true,
    payment: null,
    user: { id: 7, fullName: 'Ada Banda', email: 'ada@example.com', phone: null },
    files: [doc(1, 'NRC_FRONT', { status: 'VERIFIED' }), doc(2, 'NRC_BACK', { status: 'REJECTED', reason: REASON }), doc(3, 'ACADEMIC_RESULTS'), doc(4, 'CERTIFICATE')],
    history: [
      { id: 1, at: date, kind: 'DOCUMENT', from: 'PENDING', to: 'REJECTED', note: `NRC back rejected: ${REASON}`, actor: { id: 2, name: 'Registrar', role: 'ADMIN' } },
      { id: 2, at: date, kind: 'STATUS', from: 'PENDING_REVIEW', to: 'DOCUMENTS_REQUESTED', note: 'New file requested: NRC back', actor: { id: 2, name: 'Registrar', role: 'ADMIN' } },
    ],
    ...overrides,
  };
}

beforeEach(() => {
  jest.clearAllMocks();
  uploadsMade.length = 0;
  setOnline(true);
  signIn();
  setFileStore(createMemoryFileStore());
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

/** The resumable upload of the chosen file, once it has started sending. */
async function startedUpload(): Promise<UploadStandIn> {
  await waitFor(() => expect(uploadsMade[0]?.start).toHaveBeenCalled());
  return uploadsMade[0]!;
}

const showDetail = () => renderAt(<ApplicationDetail />, { path: '/applications/:applicationId', url: '/applications/5' });
const documentItem = (label: string) => within(screen.getByRole('list', { name: 'Documents' })).getByRole('listitem', { name: label });
const choose = (label: string, file: File) => fireEvent.change(screen.getByLabelText(`New file for ${label}`), { target: { files: [file] } });

describe('a document the university asked for again', () => {
  it('shows Documents Requested in amber in the list', async () => {
    api.ofUser.mockResolvedValue([app()]);
    renderAt(<ApplicationsList />, { path: '/applications', url: '/applications' });
    const badge = await screen.findByText('Documents Requested');
    expect(badge.closest('[data-colour]')).toHaveAttribute('data-colour', 'amber');
  });

  it('shows the reason on that document only, with one upload control', async () => {
    api.get.mockResolvedValue(app());
    showDetail();
    await screen.findByText('Documents Requested');
    await screen.findByRole('list', { name: 'Documents' });
    const back = documentItem('NRC back');
    expect(within(back).getByText(REASON)).toBeInTheDocument();
    expect(within(back).getByRole('button', { name: 'Upload a new file' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Upload a new file' })).toHaveLength(1);
    for (const label of ['NRC front or passport', 'Academic results', 'Certificate']) expect(within(documentItem(label)).queryByText(REASON)).toBeNull();
    expect(within(documentItem('NRC front or passport')).getByText(/Verified/)).toBeInTheDocument();
    expect(within(documentItem('Certificate')).getByText(/Waiting for review/)).toBeInTheDocument();
  });

  it("refuses a file by the wizard's rules before sending it", async () => {
    api.get.mockResolvedValue(app());
    showDetail();
    await screen.findByText(REASON);
    choose('NRC back', new File(['<html><body>not an image</body></html>'], 'back.png', { type: 'image/png' }));
    expect(await within(documentItem('NRC back')).findByText(wrongDocumentTypeMessage('NRC back'))).toBeInTheDocument();
    choose('NRC back', new File([PNG, new Uint8Array(5 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    expect(await within(documentItem('NRC back')).findByText(TOO_LARGE_MESSAGE)).toBeInTheDocument();
    expect(uploadsMade).toHaveLength(0);
  });

  it('sends the new file resumably, with its progress, and shows the application back in review', async () => {
    api.get.mockResolvedValue(app());
    replaceMock.mockResolvedValue(
      app({ status: 'PENDING_REVIEW', files: [doc(1, 'NRC_FRONT', { status: 'VERIFIED' }), doc(2, 'NRC_BACK', { fileName: 'clear.png' }), doc(3, 'ACADEMIC_RESULTS'), doc(4, 'CERTIFICATE')] }),
    );
    showDetail();
    await screen.findByText(REASON);
    choose('NRC back', new File([PNG], 'clear.png', { type: 'image/png' }));
    const upload = await startedUpload();
    expect([upload.file.name, upload.options.metadata.documentType]).toEqual(['clear.png', 'NRC_BACK']);
    // Used at once: the same file chosen again after another rejection is a new upload, not this finished one.
    expect(upload.options.removeFingerprintOnSuccess).toBe(true);
    act(() => upload.options.onProgress(8, 16));
    expect(within(documentItem('NRC back')).getByText('Uploading… 50%')).toBeInTheDocument();
    expect(within(documentItem('NRC back')).getByRole('progressbar', { name: 'NRC back upload progress' })).toHaveAttribute('aria-valuenow', '50');
    upload.url = '/api/uploads/0123456789abcdef0123456789abcdef';
    act(() => upload.options.onSuccess());
    await waitFor(() => expect(replaceMock).toHaveBeenCalledWith(5, 2, '0123456789abcdef0123456789abcdef'));
    await screen.findByText('Pending Review');
    expect(screen.queryByText(REASON)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload a new file' })).toBeNull();
    expect(within(documentItem('NRC back')).getByText(/clear\.png/)).toBeInTheDocument();
  });

  it('waits for the network when it goes, and carries on when it returns', async () => {
    api.get.mockResolvedValue(app());
    showDetail();
    await screen.findByText(REASON);
    choose('NRC back', new File([PNG], 'clear.png', { type: 'image/png' }));
    const upload = await startedUpload();
    setOnline(false);
    act(() => upload.options.onError(new Error('network')));
    expect(await within(documentItem('NRC back')).findByText('Waiting for the network…')).toBeInTheDocument();
    expect(upload.start).toHaveBeenCalledTimes(1);
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(upload.start).toHaveBeenCalledTimes(2));
    expect(within(documentItem('NRC back')).queryByText('Waiting for the network…')).toBeNull();
  });

  it("says the server's refusal on that document", async () => {
    api.get.mockResolvedValue(app());
    replaceMock.mockRejectedValue(httpError(409, { message: 'This document is waiting for review: only a document the university asked you to replace can be uploaded again.' }));
    showDetail();
    await screen.findByText(REASON);
    choose('NRC back', new File([PNG], 'clear.png', { type: 'image/png' }));
    const upload = await startedUpload();
    upload.url = '/api/uploads/0123456789abcdef0123456789abcdef';
    act(() => upload.options.onSuccess());
    expect(await within(documentItem('NRC back')).findByText(/only a document the university asked you to replace/)).toBeInTheDocument();
  });

  it("says the upload's own refusal, and lets the applicant choose again", async () => {
    api.get.mockResolvedValue(app());
    showDetail();
    await screen.findByText(REASON);
    choose('NRC back', new File([PNG], 'clear.png', { type: 'image/png' }));
    const upload = await startedUpload();
    act(() => upload.options.onError(Object.assign(new Error('refused'), { originalResponse: { getBody: () => JSON.stringify({ message: 'The storage is full. Please try again later.' }) } })));
    expect(await within(documentItem('NRC back')).findByText('The storage is full. Please try again later.')).toBeInTheDocument();
    expect(within(documentItem('NRC back')).getByRole('button', { name: 'Upload a new file' })).toBeEnabled();
    expect(replaceMock).not.toHaveBeenCalled();
  });
});
