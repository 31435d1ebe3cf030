import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, filesApi } from 'shared-api';
import { httpError, renderPage, signIn } from '../../testing/render';
import { makeApplication } from './fixtures';
import { ApplicationDetail } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, applicationsApi: { get: jest.fn(), update: jest.fn() }, filesApi: { download: jest.fn() } };
});

const api = applicationsApi as jest.Mocked<typeof applicationsApi>;
const files = filesApi as jest.Mocked<typeof filesApi>;

beforeEach(() => {
  jest.resetAllMocks();
  Object.assign(URL, { createObjectURL: jest.fn((b: Blob) => `blob:${b.type}`), revokeObjectURL: jest.fn() });
});
afterEach(() => jest.useRealTimers());

const show = () => renderPage(<ApplicationDetail />, { path: '/applications/:id', route: '/applications/1' });

describe('application detail', () => {
  it('shows every section, the choices, payment and history', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'PENDING_REVIEW' }));
    show();
    expect(await screen.findByRole('heading', { name: 'Applicant 1' })).toBeInTheDocument();
    expect(screen.getAllByText('Pending review')[0]).toBeInTheDocument();
    for (const s of ['Personal Information', 'Program Information', 'Contact Information', 'Educational Background', 'Application Details', 'Attached Files', 'History'])
      expect(screen.getByRole('region', { name: s })).toBeInTheDocument();
    const personal = screen.getByRole('region', { name: 'Personal Information' });
    for (const t of ['2004-05-06', 'Zambian', 'Lusaka Province', 'Zambia', 'Lusaka', '2026-11-01']) expect(within(personal).getByText(t)).toBeInTheDocument();
    const programs = screen.getByRole('region', { name: 'Program Information' });
    expect(within(programs).getByText('Choice 1')).toBeInTheDocument();
    expect(within(programs).getByText('Choice 2')).toBeInTheDocument();
    expect(within(programs).getByText(/Medicine \(7 years\)/)).toBeInTheDocument();
    const education = screen.getByRole('region', { name: 'Educational Background' });
    expect(within(education).getByText('Kabulonga Girls')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Application Details' });
    expect(within(details).getByText('Prefers evening classes')).toBeInTheDocument();
    expect(within(details).getByText('REF-123456')).toBeInTheDocument();
    expect(within(details).getByText('Successful')).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'History' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    expect(within(history).getByText('Payment completed - application ready for review')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it('hides Decline and Accept once decided', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'APPROVED', programNotes: null }));
    show();
    await screen.findByRole('heading', { name: 'Applicant 1' });
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(screen.queryByText('Program Notes')).not.toBeInTheDocument();
  });

  it('copies the email and shows a tick for 2 seconds', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1));
    show();
    await user.click(await screen.findByRole('button', { name: 'Copy email' }));
    expect(await navigator.clipboard.readText()).toBe('applicant1@example.com');
    expect(screen.getByRole('button', { name: 'Copy email: copied' })).toBeInTheDocument();
    expect(screen.getByTestId('copied-tick')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1900));
    expect(screen.getByTestId('copied-tick')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByTestId('copied-tick')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy email' })).toBeInTheDocument();
  });

  it('blocks a decline without a reason, then rejects with it and reloads', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValueOnce(makeApplication(1)).mockResolvedValueOnce(makeApplication(1, { status: 'REJECTED', reviewNotes: 'Incomplete results' }));
    api.update.mockResolvedValue(makeApplication(1, { status: 'REJECTED' }));
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('Please provide a reason for declining')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(api.update).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Incomplete results');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(1, { status: 'REJECTED', reviewNotes: 'Incomplete results' }));
    expect(await screen.findByText('Incomplete results')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('warns when there are no program choices to accept', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { programChoices: [] }));
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No Programs')).toBeInTheDocument();
    expect(within(dialog).getByText('This application has no program choices.')).toBeInTheDocument();
    expect(api.update).not.toHaveBeenCalled();
  });

  it('accepts into the chosen program (a choice is required) and reports a failure', async () => {
    signIn('SUPERUSER');
    api.get.mockResolvedValue(makeApplication(1, { status: 'SUBMITTED' }));
    api.update.mockRejectedValueOnce(new Error('x'));
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(within(dialog).getByText('Please choose a program')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Choice 2: Medicine' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledWith(1, { status: 'APPROVED', reviewNotes: 'Application Approved: admitted to Medicine', programId: 12 }));
    expect(await screen.findByText('Failed to update application status')).toBeInTheDocument();
  });

  it('says Application not found on 404 and something went wrong otherwise', async () => {
    signIn('ADMIN');
    api.get.mockRejectedValueOnce(httpError(404));
    const view = show();
    expect(await screen.findByText('Application not found')).toBeInTheDocument();
    view.unmount();
    api.get.mockRejectedValueOnce(httpError(500));
    show();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('something went wrong')).toBeInTheDocument();
  });

  it('loads the files as blobs and opens images in the lazy lightbox', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(
      makeApplication(1, {
        files: [
          { id: 1, fileName: 'front.png', fileType: 'image/png', documentType: 'NRC_FRONT', size: 10, url: '/api/files/1' },
          { id: 2, fileName: 'results.pdf', fileType: 'application/pdf', documentType: 'ACADEMIC_RESULTS', size: 10, url: '/api/files/2' },
        ],
      }),
    );
    files.download.mockImplementation(async (url) => new Blob(['x'], { type: url.endsWith('1') ? 'image/png' : 'application/pdf' }));
    show();
    const open = await screen.findByRole('button', { name: 'Open NRC front or passport' });
    expect(within(open).getByRole('img')).toHaveAttribute('src', 'blob:image/png');
    expect(screen.getByRole('link', { name: 'Open Academic results (PDF)' })).toHaveAttribute('href', 'blob:application/pdf');
    expect(files.download).toHaveBeenCalledWith('/api/files/1');
    await userEvent.click(open);
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument());
  });
});
