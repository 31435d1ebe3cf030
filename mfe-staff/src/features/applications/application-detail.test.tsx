import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, filesApi } from 'shared-api';
import { httpError, renderPage, signIn } from '../../testing/render';
import { makeApplication } from './fixtures';
import { ApplicationDetail } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, applicationsApi: { get: jest.fn(), update: jest.fn(), notes: jest.fn(), addNote: jest.fn(), reviewDocument: jest.fn() }, filesApi: { download: jest.fn() } };
});

const api = applicationsApi as jest.Mocked<typeof applicationsApi>;
const files = filesApi as jest.Mocked<typeof filesApi>;

beforeEach(() => {
  jest.resetAllMocks();
  // Nothing is downloaded unless a test says what the server answers.
  files.download.mockRejectedValue(new Error('not answered in this test'));
  api.notes.mockResolvedValue([]);
  Object.assign(URL, { createObjectURL: jest.fn((b: Blob) => `blob:${b.type}`), revokeObjectURL: jest.fn() });
});
afterEach(() => jest.useRealTimers());

const show = () => renderPage(<ApplicationDetail />, { path: '/applications/:id', route: '/applications/1' });

describe('application detail', () => {
  it('shows every section, the choices, payment and history', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(
      makeApplication(1, {
        status: 'PENDING_REVIEW',
        nationalRegNumber: '123456/10/1',
        history: [
          { id: 1, at: '2026-11-01T10:00:00.000Z', kind: 'STATUS', from: null, to: 'PENDING', note: 'Application submitted', actor: { id: 40, name: 'Applicant 1', role: 'USER' } },
          { id: 2, at: '2026-11-02T10:05:00.000Z', kind: 'PAYMENT', from: 'pending', to: 'successful', note: 'Payment completed (ZMW 150.75, REF-123456)', actor: null },
          { id: 3, at: '2026-11-02T10:05:00.000Z', kind: 'STATUS', from: 'PENDING', to: 'PENDING_REVIEW', note: 'Payment completed - application ready for review', actor: null },
          { id: 4, at: '2026-11-03T09:00:00.000Z', kind: 'NOTE', from: null, to: null, note: 'Internal note added', actor: { id: 7, name: 'Jane Banda', role: 'ADMIN' } },
        ],
      }),
    );
    show();
    expect(await screen.findByRole('heading', { name: 'Applicant 1' })).toBeInTheDocument();
    expect(screen.getAllByText('Pending review')[0]).toBeInTheDocument();
    for (const s of ['Personal Information', 'Program Information', 'Contact Information', 'Educational Background', 'Application Details', 'Attached Files', 'History'])
      expect(await screen.findByRole('region', { name: s })).toBeInTheDocument();
    const personal = screen.getByRole('region', { name: 'Personal Information' });
    // Every field the wizard collects, the gender and the NRC number included.
    expect(within(personal).getByText('Gender')).toBeInTheDocument();
    expect(within(personal).getByText('Female')).toBeInTheDocument();
    expect(within(personal).getByText('NRC Number')).toBeInTheDocument();
    expect(within(personal).getByText('123456/10/1')).toBeInTheDocument();
    for (const t of ['6 May 2004', 'Zambian', 'Lusaka Province', 'Zambia', 'Lusaka', '1 Nov 2026']) expect(within(personal).getByText(t)).toBeInTheDocument();
    // A Zambian number in its national form (one way to show phones).
    expect(within(screen.getByRole('region', { name: 'Contact Information' })).getByText('0971 000 000')).toBeInTheDocument();
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
    // The history speaks words, in Lusaka time, never codes.
    const steps = within(history).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(within(steps[0]).getByText('Application submitted — waiting for payment')).toBeInTheDocument();
    expect(within(steps[0]).getByText('1 Nov 2026, 12:00')).toBeInTheDocument();
    expect(within(steps[0]).getByText('by Applicant 1 (applicant)')).toBeInTheDocument();
    expect(within(steps[0]).queryByText('Application submitted')).not.toBeInTheDocument();
    expect(within(steps[1]).getByText('Payment received')).toBeInTheDocument();
    expect(within(steps[2]).getByText('Payment received — ready for review')).toBeInTheDocument();
    // Who wrote an internal note and when (issue 17 item 7); the text stays in the Notes panel.
    expect(within(steps[3]).getByText('Internal note added')).toBeInTheDocument();
    expect(within(steps[3]).getByText('by Jane Banda (admin)')).toBeInTheDocument();
    expect(history).not.toHaveTextContent(/PENDING|PENDING_REVIEW|successful|→/);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it('shows the payment receipt of a paid application and downloads its PDF', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'PENDING_REVIEW' }));
    const receipt = {
      receiptNumber: 'RCP-2026-000012',
      paidAt: '2026-11-25T12:05:00.000Z',
      paidAtText: '25 Nov 2026, 14:05 (Lusaka time)',
      amount: 150.75,
      currency: 'ZMW',
      channel: 'Mobile money',
      payer: '097****000',
      reference: 'REF-123456',
      providerReference: 'LSB123456',
      applicationId: 1,
      applicantName: 'Applicant 1',
      universityName: 'UNZA',
    };
    files.download.mockImplementation(async (url) =>
      url.endsWith('/receipt') ? new Blob([JSON.stringify(receipt)], { type: 'application/json' }) : new Blob(['%PDF-1.3'], { type: 'application/pdf' }),
    );
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show();
    const section = await screen.findByRole('region', { name: 'Payment Receipt' });
    for (const text of ['RCP-2026-000012', '25 Nov 2026, 14:05 (Lusaka time)', 'ZMW 150.75', 'Mobile money, 097****000', 'LSB123456', '#1, Applicant 1', 'UNZA'])
      expect(await within(section).findByText(text)).toBeInTheDocument();
    expect(files.download).toHaveBeenCalledWith('/api/applications/1/receipt');
    fireEvent.click(within(section).getByRole('button', { name: 'Download receipt' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(files.download).toHaveBeenCalledWith('/api/applications/1/receipt.pdf');
    click.mockRestore();
  });

  it('shows no receipt for an unpaid application', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'PENDING', paid: false, payment: null }));
    show();
    await screen.findByRole('heading', { name: 'Applicant 1' });
    expect(screen.queryByRole('region', { name: 'Payment Receipt' })).toBeNull();
    expect(files.download).not.toHaveBeenCalledWith('/api/applications/1/receipt');
  });

  it('flags a duplicate next to the status, and nothing when there is none', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValueOnce(makeApplication(1, { duplicate: true }));
    const first = show();
    await screen.findByRole('heading', { name: 'Applicant 1' });
    expect(screen.getByLabelText('Duplicate: this applicant has another open application to this university')).toHaveTextContent('Duplicate');
    first.unmount();
    api.get.mockResolvedValueOnce(makeApplication(1, { duplicate: false }));
    show();
    await screen.findByRole('heading', { name: 'Applicant 1' });
    expect(screen.queryByText('Duplicate')).toBeNull();
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
    await screen.findByText('Incomplete results');
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
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make offer' }));
    expect(within(dialog).getByText('Please choose a program')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Choice 2: Medicine' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make offer' }));
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith(1, { status: 'OFFERED', reviewNotes: 'Offer of a place in Medicine', programId: 12, offerType: 'UNCONDITIONAL', replyBy: expect.any(String) }),
    );
    await screen.findByText('Failed to update application status');
  });

  it('tells an ADMIN plainly that a program is full, and keeps the choice open', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { status: 'SUBMITTED', intake: { id: 3, name: '2027 January intake', closesAt: '2027-01-15T15:00:00.000Z' } }));
    api.update.mockRejectedValueOnce(httpError(409, { message: 'No places left in Medicine.' }));
    show();
    const programs = await screen.findByRole('region', { name: 'Program Information' });
    expect(within(programs).getByText('Intake')).toBeInTheDocument();
    expect(within(programs).getByText('2027 January intake')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Choice 2: Medicine' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make offer' }));
    expect(await within(dialog).findByText(/No places left in Medicine\./)).toBeInTheDocument();
    expect(within(dialog).getByText(/Choose another program, put the application on the waitlist, or decline it\./)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Reason to accept beyond capacity/ })).not.toBeInTheDocument();
    expect(api.update).toHaveBeenCalledTimes(1);
  });

  it('lets a SUPERUSER accept beyond capacity with a reason', async () => {
    signIn('SUPERUSER');
    api.get.mockResolvedValue(makeApplication(1, { status: 'SUBMITTED' }));
    api.update.mockRejectedValueOnce(httpError(409, { message: 'No places left in Medicine.' })).mockResolvedValueOnce(makeApplication(1, { status: 'APPROVED' }));
    show();
    // A legacy application without an intake shows none.
    expect(within(await screen.findByRole('region', { name: 'Program Information' })).queryByText('Intake')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Choice 2: Medicine' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make offer' }));
    expect(await within(dialog).findByText('No places left in Medicine.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer beyond capacity' }));
    expect(within(dialog).getByText('Please give a reason to accept beyond capacity')).toBeInTheDocument();
    expect(api.update).toHaveBeenCalledTimes(1);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason to accept beyond capacity/ }), 'Scholarship holder');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offer beyond capacity' }));
    await waitFor(() =>
      expect(api.update).toHaveBeenLastCalledWith(1, {
        status: 'OFFERED',
        reviewNotes: 'Offer of a place in Medicine',
        programId: 12,
        overrideReason: 'Scholarship holder',
        offerType: 'UNCONDITIONAL',
        replyBy: expect.any(String),
      }),
    );
    await screen.findByText('Offer made: the applicant is asked to accept it by the deadline');
  });

  it('says Application not found on 404, with a link to the list, and something went wrong otherwise', async () => {
    signIn('ADMIN');
    api.get.mockRejectedValueOnce(httpError(404));
    const view = show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Application not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all applications' })).toHaveAttribute('href', '/applications');
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
          { id: 1, fileName: 'front.png', fileType: 'image/png', documentType: 'NRC_FRONT', size: 10, url: '/api/files/1', status: 'PENDING', reason: null },
          { id: 2, fileName: 'results.pdf', fileType: 'application/pdf', documentType: 'ACADEMIC_RESULTS', size: 10, url: '/api/files/2', status: 'PENDING', reason: null },
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
