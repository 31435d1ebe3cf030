/** Issue 17 item 4 for staff: the Points column, sort and filter of the list, the results table and the ceiling flag. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationsApi, filesApi } from 'shared-api';
import { renderPage, signIn } from '../../testing/render';
import { makeApplication } from './fixtures';
import { ApplicationDetail, ApplicationsList } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return {
    ...actual,
    applicationsApi: { page: jest.fn(), get: jest.fn(), update: jest.fn(), notes: jest.fn(), exportCsvUrl: actual.applicationsApi.exportCsvUrl },
    filesApi: { download: jest.fn() },
  };
});

const api = applicationsApi as jest.Mocked<typeof applicationsApi>;

const RESULTS = [
  { subject: 'English Language' as const, grade: 3 },
  { subject: 'Mathematics' as const, grade: 1 },
  { subject: 'Biology' as const, grade: 2 },
  { subject: 'Chemistry' as const, grade: 4 },
  { subject: 'Physics' as const, grade: 6 },
  { subject: 'Geography' as const, grade: 9 },
];

beforeEach(() => {
  jest.resetAllMocks();
  (filesApi.download as jest.Mock).mockRejectedValue(new Error('not answered in this test'));
  api.notes.mockResolvedValue([]);
});

describe('applications list: Grade 12 points', () => {
  it('shows a Points column and the ceiling flag', async () => {
    signIn('ADMIN');
    api.page.mockResolvedValue({
      items: [makeApplication(1, { points: 16, pointsAboveCeiling: true }), makeApplication(2, { points: null, pointsAboveCeiling: false })],
      total: 2,
      page: 1,
      size: 20,
    });
    renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });
    const row1 = (await screen.findByText('Applicant 1')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Points' })).toBeInTheDocument();
    expect(within(row1).getByRole('cell', { name: '16' })).toBeInTheDocument();
    expect(within(row1).getByText("Above the program's ceiling")).toBeInTheDocument();
    const row2 = screen.getByText('Applicant 2').closest('tr') as HTMLElement;
    expect(within(row2).queryByText("Above the program's ceiling")).toBeNull();
    expect(within(row2).getByRole('cell', { name: '—' })).toBeInTheDocument();
  });

  it('sorts by points and filters by a maximum, asking the server; a bound out of range is not sent', async () => {
    signIn('ADMIN');
    api.page.mockResolvedValue({ items: [makeApplication(1, { points: 12 })], total: 1, page: 1, size: 20 });
    renderPage(<ApplicationsList />, { path: '/applications', route: '/applications' });
    await screen.findByText('Applicant 1');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'points');
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith({ sort: 'points', page: 1, size: 20 }));
    const bound = screen.getByRole('spinbutton', { name: 'Max points' });
    await userEvent.type(bound, '3');
    expect(screen.getByText('Enter a whole number from 5 to 45')).toBeInTheDocument();
    await userEvent.type(bound, '0');
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith({ sort: 'points', maxPoints: 30, page: 1, size: 20 }));
    expect(api.page).not.toHaveBeenCalledWith(expect.objectContaining({ maxPoints: 3 }));
    expect(screen.getByText('Grade 12 best five, lower is better')).toBeInTheDocument();
  });
});

describe('application detail: Grade 12 results', () => {
  const show = () => renderPage(<ApplicationDetail />, { path: '/applications/:id', route: '/applications/1' });

  it('shows the results table, the points and the ceiling flag', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { grade12Results: RESULTS, points: 16, pointsAboveCeiling: true }));
    show();
    const region = await screen.findByRole('region', { name: 'Grade 12 Results' });
    const table = within(region).getByRole('table', { name: 'Grade 12 results' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(RESULTS.length + 1);
    expect(within(rows[1]).getByText('English Language')).toBeInTheDocument();
    expect(within(rows[1]).getByText('3')).toBeInTheDocument();
    expect(within(rows[6]).getByText('Geography')).toBeInTheDocument();
    expect(within(region).getByText('Best five: 16 points')).toBeInTheDocument();
    expect(within(region).getByText("Above the program's ceiling")).toBeInTheDocument();
    // Also beside the status at the top of the page.
    expect(screen.getAllByText("Above the program's ceiling")).toHaveLength(2);
  });

  it('says when an application came without results', async () => {
    signIn('ADMIN');
    api.get.mockResolvedValue(makeApplication(1, { grade12Results: [], points: null, pointsAboveCeiling: false }));
    show();
    const region = await screen.findByRole('region', { name: 'Grade 12 Results' });
    expect(within(region).getByText('No Grade 12 results were given with this application.')).toBeInTheDocument();
    expect(screen.queryByText("Above the program's ceiling")).toBeNull();
  });
});
