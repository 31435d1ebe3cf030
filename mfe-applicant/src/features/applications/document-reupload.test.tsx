/** Issue 17 for the applicant: a rejected document shows its reason and takes a new file, with the wizard's rules. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { applicationsApi, wrongDocumentTypeMessage, type Application, type ApplicationFile } from 'shared-api';
import { TOO_LARGE_MESSAGE } from '../../lib/document-check';
import { createMemoryFileStore, setFileStore } from '../../lib/file-store';
import { httpError, renderAt, signIn } from '../../test-utils';
import { ApplicationDetail } from './components/ApplicationDetail';
import { ApplicationsList } from './components/ApplicationsList';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  applicationsApi: { ofUser: jest.fn(), get: jest.fn(), replaceDocument: jest.fn() },
  filesApi: { download: jest.fn() },
  universitiesApi: { get: jest.fn(() => Promise.resolve({ id: 3, name: 'University of Zambia' })) },
  intakesApi: { ofUniversity: jest.fn(() => Promise.resolve([])) },
}));

const api = applicationsApi as jest.Mocked<typeof applicationsApi>;
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
  jest.resetAllMocks();
  signIn();
  setFileStore(createMemoryFileStore());
});

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
    expect(await screen.findByText('Documents Requested')).toBeInTheDocument();
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
    expect(api.replaceDocument).not.toHaveBeenCalled();
  });

  it('uploads the new file and shows the application back in review', async () => {
    api.get.mockResolvedValue(app());
    api.replaceDocument.mockResolvedValue(
      app({ status: 'PENDING_REVIEW', files: [doc(1, 'NRC_FRONT', { status: 'VERIFIED' }), doc(2, 'NRC_BACK', { fileName: 'clear.png' }), doc(3, 'ACADEMIC_RESULTS'), doc(4, 'CERTIFICATE')] }),
    );
    showDetail();
    await screen.findByText(REASON);
    choose('NRC back', new File([PNG], 'clear.png', { type: 'image/png' }));
    await waitFor(() => expect(api.replaceDocument).toHaveBeenCalledTimes(1));
    const [applicationId, documentId, form] = api.replaceDocument.mock.calls[0]!;
    expect([applicationId, documentId]).toEqual([5, 2]);
    expect((form.get('file') as File).name).toBe('clear.png');
    expect(await screen.findByText('Pending Review')).toBeInTheDocument();
    expect(screen.queryByText(REASON)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload a new file' })).toBeNull();
    expect(within(documentItem('NRC back')).getByText(/clear\.png/)).toBeInTheDocument();
  });

  it("says the server's refusal on that document", async () => {
    api.get.mockResolvedValue(app());
    api.replaceDocument.mockRejectedValue(httpError(409, { message: 'This document is waiting for review: only a document the university asked you to replace can be uploaded again.' }));
    showDetail();
    await screen.findByText(REASON);
    choose('NRC back', new File([PNG], 'clear.png', { type: 'image/png' }));
    expect(await within(documentItem('NRC back')).findByText(/only a document the university asked you to replace/)).toBeInTheDocument();
  });
});
