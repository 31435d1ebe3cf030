import { screen, within } from '@testing-library/react';
import { PreloadedResponsesProvider, universitiesApi } from 'shared-api';
import { renderPage, signIn } from '../../testing/render';
import { getDashboardStats } from './api/getDashboardStats';
import { STATS as stats } from './fixtures';
import { Dashboard } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, universitiesApi: { list: jest.fn() } };
});
jest.mock('./api/getDashboardStats', () => ({ ...jest.requireActual('./api/getDashboardStats'), getDashboardStats: jest.fn() }));

const api = { stats: getDashboardStats as jest.MockedFunction<typeof getDashboardStats> };
const universities = universitiesApi as jest.Mocked<typeof universitiesApi>;

// The charts' code (@mui/x-charts) is the largest a test here loads: transpiling it on its
// first import took longer than an async query waits, on a loaded machine, so it is loaded
// before the tests rather than inside the first one's wait.
beforeAll(async () => {
  await import('./components/DashboardCharts');
});

beforeEach(() => {
  jest.resetAllMocks();
  universities.list.mockResolvedValue([{ id: 1, name: 'UNZA', location: null, website: null, contactInfo: null, about: null, imageUrl: null }]);
});

describe('dashboard', () => {
  it('shows the SUPERUSER counters, four cards and the charts from one live call, and caches universities', async () => {
    signIn('SUPERUSER', { selectedUniversity: 2 });
    api.stats.mockResolvedValue(stats);
    renderPage(<Dashboard />, { path: '/dashboard', route: '/dashboard' });
    expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
    const summary = await screen.findByRole('list', { name: 'Summary' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['3Universities', '17Programs', '61Courses', '205Students']);
    const nav = screen.getByRole('navigation', { name: 'Dashboard shortcuts' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/universities/all', '/programs', '/courses', '/students/all']);
    expect(await screen.findByRole('figure', { name: 'Programs by Faculty' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Student Distribution' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Applications by Status' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Submissions in the Last 7 Days' })).toBeInTheDocument();
    expect(screen.getByText('Medicine: 13')).toBeInTheDocument();
    expect(screen.getByText('Approved: 200')).toBeInTheDocument();
    // Every status in words (issue 22: no codes), and days as dates are shown everywhere ('17 Nov').
    expect(screen.getByText('Offer made: 7')).toBeInTheDocument();
    expect(screen.getByText('Offer lapsed: 2')).toBeInTheDocument();
    expect(screen.getByText('17 Nov: 9')).toBeInTheDocument();
    expect(screen.queryByText(/OFFER|11-17/)).toBeNull();
    expect(api.stats).toHaveBeenCalledTimes(1);
    expect(api.stats).toHaveBeenCalledWith(2);
    expect(localStorage.getItem('universities')).toBe(JSON.stringify([{ id: 1, name: 'UNZA' }]));
  });

  // Decision 013: the server renders the dashboard for its person with the unscoped figures in the page.
  it('shows the figures the server rendered it with at once, and does not ask for them again', async () => {
    signIn('ADMIN');
    renderPage(
      <PreloadedResponsesProvider responses={{ '/api/dashboard/stats': stats }}>
        <Dashboard />
      </PreloadedResponsesProvider>,
      { path: '/dashboard', route: '/dashboard' },
    );
    expect(screen.queryByText('Loading dashboard...')).not.toBeInTheDocument();
    const summary = screen.getByRole('list', { name: 'Summary' });
    expect(within(summary).getByText('17')).toBeInTheDocument();
    expect(await screen.findByRole('figure', { name: 'Programs by Faculty' })).toBeInTheDocument();
    expect(api.stats).not.toHaveBeenCalled();
  });

  it("asks for a selected university's figures, never showing the unscoped ones the page came with", async () => {
    signIn('SUPERUSER', { selectedUniversity: 2 });
    api.stats.mockResolvedValue({ ...stats, programs: 5 });
    renderPage(
      <PreloadedResponsesProvider responses={{ '/api/dashboard/stats': stats }}>
        <Dashboard />
      </PreloadedResponsesProvider>,
      { path: '/dashboard', route: '/dashboard' },
    );
    expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
    const summary = await screen.findByRole('list', { name: 'Summary' });
    expect(within(summary).getByText('5')).toBeInTheDocument();
    expect(within(summary).queryByText('17')).not.toBeInTheDocument();
    expect(api.stats).toHaveBeenCalledWith(2);
  });

  it('shows the ADMIN counters, three cards and no student distribution', async () => {
    signIn('ADMIN', { selectedUniversity: 2 });
    api.stats.mockResolvedValue(stats);
    renderPage(<Dashboard />, { path: '/dashboard', route: '/dashboard' });
    const summary = await screen.findByRole('list', { name: 'Summary' });
    expect(within(summary).getAllByRole('listitem')).toHaveLength(3);
    expect(within(summary).queryByText('Universities')).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard shortcuts' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/programs', '/courses', '/students/all']);
    expect(await screen.findByRole('figure', { name: 'Programs by Faculty' })).toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: 'Student Distribution' })).not.toBeInTheDocument();
    expect(api.stats).toHaveBeenCalledWith(null);
  });

  it('shows an error when the statistics fail', async () => {
    signIn('ADMIN');
    api.stats.mockRejectedValue(new Error('down'));
    renderPage(<Dashboard />, { path: '/dashboard', route: '/dashboard' });
    await screen.findByText('Failed to load dashboard statistics');
  });
});

describe('dashboard charts without figures', () => {
  it("says 'No data yet.' instead of drawing an empty ring or a bare axis", async () => {
    const { default: DashboardCharts } = await import('./components/DashboardCharts');
    const { render, screen, within } = await import('@testing-library/react');
    render(
      <DashboardCharts
        variant="admin"
        stats={
          {
            programsByFaculty: [{ label: 'School of Law', value: 2 }],
            applicationsByStatus: [
              { status: 'PENDING', value: 0 },
              { status: 'APPROVED', value: 0 },
            ],
            submissionsLast7Days: [{ date: '2026-11-25', value: 0 }],
            studentsByUniversity: [],
          } as never
        }
      />,
    );
    expect(within(screen.getByRole('figure', { name: 'Applications by Status' })).getByText('No data yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'Submissions in the Last 7 Days' })).getByText('No data yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'Programs by Faculty' })).queryByText('No data yet.')).not.toBeInTheDocument();
  });
});
