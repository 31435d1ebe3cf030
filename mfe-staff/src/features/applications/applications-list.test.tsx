import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, filesApi } from 'shared-api';
import { renderPage, signIn } from '../../testing/render';
import { makeApplication } from './fixtures';
import { ApplicationsList } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return {
    ...actual,
    applicationsApi: { page: jest.fn(), exportCsvUrl: actual.applicationsApi.exportCsvUrl },
    filesApi: { download: jest.fn() },
  };
});

const api = applicationsApi as jest.Mocked<typeof applicationsApi>;
const files = filesApi as jest.Mocked<typeof filesApi>;

beforeEach(() => jest.resetAllMocks());

function page(items = [makeApplication(1)], total = items.length) {
  return { items, total, page: 1, size: 20 };
}

describe('applications list', () => {
  it('flags duplicate applications in the list', async () => {
    signIn('SUPERUSER');
    api.page.mockResolvedValue(page([makeApplication(1, { duplicate: true }), makeApplication(2, { duplicate: false })]));
    renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });
    const row1 = (await screen.findByText('Applicant 1')).closest('tr') as HTMLElement;
    expect(within(row1).getByText('Duplicate')).toBeInTheDocument();
    expect(within(row1).getByLabelText(/^Duplicate: this applicant has another open application/)).toBeInTheDocument();
    const row2 = screen.getByText('Applicant 2').closest('tr') as HTMLElement;
    expect(within(row2).queryByText('Duplicate')).toBeNull();
  });

  it('shows the columns, badges, payment and the view action, paged by 20 on the server', async () => {
    signIn('SUPERUSER');
    api.page.mockResolvedValue(page([makeApplication(1), makeApplication(2, { status: 'REJECTED', payment: null })]));
    renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });
    expect(screen.getByRole('heading', { name: 'Applications' })).toBeInTheDocument();
    await screen.findByText('Applicant 1');
    for (const h of ['Applicant Name', 'Program', 'Applicant Cell', 'Applicant Email', 'Date Applied', 'Status', 'Payment Status', 'Actions'])
      expect(screen.getByRole('columnheader', { name: h })).toBeInTheDocument();
    const row2 = screen.getByText('Applicant 2').closest('tr') as HTMLElement;
    expect(within(row2).getByText('Rejected')).toBeInTheDocument();
    expect(within(row2).getByText('No Payment')).toBeInTheDocument();
    const row1 = screen.getByText('Applicant 1').closest('tr') as HTMLElement;
    expect(within(row1).getByText('REF-123456')).toBeInTheDocument();
    expect(within(row1).getByRole('cell', { name: 'Law' })).toBeInTheDocument();
    expect(within(row1).getByText('Successful')).toBeInTheDocument();
    expect(within(row1).getByText('1 Nov 2026')).toBeInTheDocument();
    expect(api.page).toHaveBeenCalledWith({ page: 1, size: 20 });
    await userEvent.click(within(row1).getByRole('link', { name: 'View application of Applicant 1' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/applications/1');
  });

  it('shows an application waiting for a new document with its amber badge (issue 17)', async () => {
    signIn('ADMIN');
    api.page.mockResolvedValue(page([makeApplication(3, { status: 'DOCUMENTS_REQUESTED' })]));
    renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });
    const row = (await screen.findByText('Applicant 3')).closest('tr') as HTMLElement;
    const badge = within(row).getByText('Documents requested');
    expect(badge.closest('.MuiChip-root')).toHaveStyle({ backgroundColor: '#ff8f00' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'DOCUMENTS_REQUESTED');
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'DOCUMENTS_REQUESTED' })));
  });

  it('hides submitted applications from an ADMIN', async () => {
    signIn('ADMIN');
    api.page.mockResolvedValue(page([makeApplication(1), makeApplication(2, { status: 'SUBMITTED' })]));
    renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });
    await screen.findByText('Applicant 1');
    expect(screen.queryByText('Applicant 2')).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Submitted' })).not.toBeInTheDocument();
  });

  it('sends the status, dates, search and the selected university to the server', async () => {
    signIn('SUPERUSER', { selectedUniversity: 5 });
    api.page.mockResolvedValue(page());
    renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });
    await screen.findByText('Applicant 1');
    expect(api.page).toHaveBeenLastCalledWith({ page: 1, size: 20, universityId: 5 });
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Pending', 'Approved', 'Rejected', 'Pending review', 'Documents requested', 'Offer made', 'Waitlisted', 'Offer declined', 'Offer lapsed', 'Submitted']);
    await userEvent.selectOptions(status, 'PENDING_REVIEW');
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'PENDING_REVIEW' })));
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'mwale' } });
    await waitFor(() =>
      expect(api.page).toHaveBeenLastCalledWith({
        page: 1,
        size: 20,
        status: 'PENDING_REVIEW',
        from: '2026-11-01',
        to: '2026-11-30',
        search: 'mwale',
        universityId: 5,
      }),
    );
  });

  it('says when the start date is after the end date, and asks nothing of the server', async () => {
    signIn('SUPERUSER');
    api.page.mockResolvedValue(page());
    renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });
    await screen.findByText('Applicant 1');
    const calls = api.page.mock.calls.length;
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-01' } });
    await screen.findByText('The start date is after the end date.');
    expect(screen.getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await act(async () => {});
    expect(api.page.mock.calls.length).toBe(calls + 1); // the start date alone; never the backwards range
    expect(api.page).not.toHaveBeenCalledWith(expect.objectContaining({ from: '2026-11-30', to: '2026-11-01' }));
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-12-01' } });
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith({ page: 1, size: 20, from: '2026-11-30', to: '2026-12-01' }));
    expect(screen.queryByText('The start date is after the end date.')).not.toBeInTheDocument();
  });

  it('moves to the next page on the server, the page shown and the pager in place until it arrives', async () => {
    signIn('SUPERUSER');
    let answerPage2: () => void = () => undefined;
    api.page.mockImplementation((query) =>
      query.page === 1 ? Promise.resolve(page([makeApplication(1)], 45)) : new Promise((resolve) => (answerPage2 = () => resolve({ ...page([makeApplication(21)], 45), page: 2 }))),
    );
    renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });
    await screen.findByText('1–20 of 45');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith({ page: 2, size: 20 }));
    // No spinner in the table's place: the pager stays under the finger, the old rows dimmed and busy.
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeInTheDocument();
    expect(screen.getByText('Applicant 1').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    await act(async () => answerPage2());
    expect(await screen.findByText('Applicant 21')).toBeInTheDocument();
    expect(screen.getByText('Applicant 21').closest('[aria-busy]')).toBeNull();
  });

  it('shows the empty text and the load failure dialog', async () => {
    signIn('ADMIN');
    api.page.mockResolvedValueOnce(page([]));
    const view = renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });
    await screen.findByText('No applications found.');
    view.unmount();
    api.page.mockRejectedValueOnce(new Error('down'));
    renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Failed to fetch applications')).toBeInTheDocument();
  });

  it('exports the filtered list as CSV with the token-carrying client', async () => {
    signIn('ADMIN');
    api.page.mockResolvedValue(page());
    files.download.mockResolvedValue(new Blob(['a,b'], { type: 'text/csv' }));
    const createObjectURL = jest.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });
    await screen.findByText('Applicant 1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'APPROVED');
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    });
    expect(files.download).toHaveBeenCalledWith('/api/applications/export.csv?status=APPROVED');
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });
});
