/** Issue 17 on the staff detail page: documents verified or rejected one by one, and reviewer notes. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, filesApi, type Application, type ApplicationFile } from 'shared-api';
import { httpError, renderPage, signIn } from '../../testing/render';
import { makeApplication } from './fixtures';
import { ApplicationDetail } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, applicationsApi: { get: jest.fn(), update: jest.fn(), notes: jest.fn(), addNote: jest.fn(), reviewDocument: jest.fn() }, filesApi: { download: jest.fn() } };
});

const api = applicationsApi as jest.Mocked<typeof applicationsApi>;
const files = filesApi as jest.Mocked<typeof filesApi>;

const doc = (id: number, documentType: ApplicationFile['documentType'], extra: Partial<ApplicationFile> = {}): ApplicationFile => ({
  id,
  fileName: `${documentType.toLowerCase()}.png`,
  fileType: 'image/png',
  documentType,
  size: 10,
  url: `/api/files/${id}`,
  status: 'PENDING',
  reason: null,
  ...extra,
});
const FOUR = [doc(1, 'NRC_FRONT'), doc(2, 'NRC_BACK'), doc(3, 'ACADEMIC_RESULTS'), doc(4, 'CERTIFICATE')];

beforeEach(() => {
  jest.resetAllMocks();
  files.download.mockImplementation(async () => new Blob(['x'], { type: 'image/png' }));
  api.notes.mockResolvedValue([]);
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:image/png'), revokeObjectURL: jest.fn() });
});

const show = () => renderPage(<ApplicationDetail />, { path: '/applications/:id', route: '/applications/1' });
const documentItem = async (label: string) => within(await screen.findByRole('list', { name: 'Attached Files' })).findByRole('listitem', { name: label });

describe('documents checked one by one', () => {
  it('shows each document with its status and verifies one', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'PENDING_REVIEW', files: FOUR }));
    const verified: Application = makeApplication(1, { status: 'PENDING_REVIEW', files: [doc(1, 'NRC_FRONT', { status: 'VERIFIED' }), ...FOUR.slice(1)] });
    api.reviewDocument.mockResolvedValue(verified);
    show();
    const front = await documentItem('NRC front or passport');
    expect(within(front).getByText('Pending')).toBeInTheDocument();
    for (const label of ['NRC back', 'Academic results', 'Certificate']) expect(within(await documentItem(label)).getByRole('button', { name: `Verify ${label}` })).toBeInTheDocument();
    await userEvent.click(within(front).getByRole('button', { name: 'Verify NRC front or passport' }));
    expect(api.reviewDocument).toHaveBeenCalledWith(1, 1, { status: 'VERIFIED' });
    await waitFor(() => expect(within(front).getByText('Verified')).toBeInTheDocument());
    expect(within(front).getByRole('button', { name: 'Verify NRC front or passport' })).toBeDisabled();
  });

  it('rejects a document only with a reason, and shows the application as documents requested', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'PENDING_REVIEW', files: FOUR }));
    const reason = 'NRC back is unreadable — please upload a clearer photo';
    api.reviewDocument.mockResolvedValue(makeApplication(1, { status: 'DOCUMENTS_REQUESTED', files: [FOUR[0]!, doc(2, 'NRC_BACK', { status: 'REJECTED', reason }), ...FOUR.slice(2)] }));
    show();
    const back = await documentItem('NRC back');
    await userEvent.click(within(back).getByRole('button', { name: 'Reject NRC back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject NRC back' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    expect(within(dialog).getByText('Please say why the document is rejected')).toBeInTheDocument();
    expect(api.reviewDocument).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for rejecting/ }), reason);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    expect(api.reviewDocument).toHaveBeenCalledWith(1, 2, { status: 'REJECTED', reason });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(back).getByText('Rejected')).toBeInTheDocument();
    expect(within(back).getByText(reason)).toBeInTheDocument();
    expect(screen.getAllByText('Documents requested')[0]).toBeInTheDocument();
    // Only that document carries the reason.
    expect(within(await documentItem('Certificate')).queryByText(reason)).not.toBeInTheDocument();
  });

  it("keeps the dialog open and says the server's refusal", async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'PENDING_REVIEW', files: FOUR }));
    api.reviewDocument.mockRejectedValue(httpError(409, { message: 'This application has already been decided (APPROVED); its documents can no longer change.' }));
    show();
    await userEvent.click(within(await documentItem('Certificate')).getByRole('button', { name: 'Reject Certificate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Certificate' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for rejecting/ }), 'Not certified');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject document' }));
    await screen.findByText('This application has already been decided (APPROVED); its documents can no longer change.');
  });

  it('offers no Verify or Reject once the application is decided, but still shows each status', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'APPROVED', files: FOUR.map((f) => ({ ...f, status: 'VERIFIED' as const })) }));
    show();
    const front = await documentItem('NRC front or passport');
    expect(within(front).getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Verify / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reject / })).not.toBeInTheDocument();
  });
});

describe('reviewer notes', () => {
  it('lists the notes with author and time and adds one', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'PENDING_REVIEW' }));
    api.notes.mockResolvedValue([{ id: 1, at: '2026-11-03T08:30:00.000Z', text: 'Results need a second look', author: { id: 5, name: 'Mutinta Registrar' } }]);
    api.addNote.mockResolvedValue({ id: 2, at: '2026-11-03T09:00:00.000Z', text: 'Called the school: genuine', author: { id: 5, name: 'Mutinta Registrar' } });
    show();
    const panel = await screen.findByRole('region', { name: 'Notes' });
    const list = await within(panel).findByRole('list', { name: 'Reviewer notes' });
    expect(within(list).getByText('Results need a second look')).toBeInTheDocument();
    expect(within(list).getByText(/Mutinta Registrar/)).toBeInTheDocument();
    expect(within(list).getByText('3 Nov 2026, 10:30')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(within(panel).getByText('Write a note first')).toBeInTheDocument();
    expect(api.addNote).not.toHaveBeenCalled();
    await userEvent.type(within(panel).getByRole('textbox', { name: 'New note' }), 'Called the school: genuine');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(api.addNote).toHaveBeenCalledWith(1, { text: 'Called the school: genuine' });
    expect(await within(list).findByText('Called the school: genuine')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'New note' })).toHaveValue('');
  });

  it("says the server's refusal under the field", async () => {
    signIn('SUPERUSER');
    api.get.mockResolvedValue(makeApplication(1, { status: 'PENDING_REVIEW' }));
    api.addNote.mockRejectedValue(httpError(400, { message: 'text: must not contain control characters' }));
    show();
    const panel = await screen.findByRole('region', { name: 'Notes' });
    expect(await within(panel).findByText('No notes yet.')).toBeInTheDocument();
    await userEvent.type(within(panel).getByRole('textbox', { name: 'New note' }), 'x');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    expect(await within(panel).findByText('Remove the special characters from this field')).toBeInTheDocument();
    expect(within(panel).queryByText(/text:/)).not.toBeInTheDocument();
  });
});
