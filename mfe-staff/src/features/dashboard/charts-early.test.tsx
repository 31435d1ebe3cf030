import { screen } from '@testing-library/react';
import { universitiesApi } from 'shared-api';
import { renderPage, signIn } from '../../testing/render';
import { getDashboardStats } from './api/getDashboardStats';
import { Dashboard } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, universitiesApi: { list: jest.fn() } };
});
jest.mock('./api/getDashboardStats', () => ({ ...jest.requireActual('./api/getDashboardStats'), getDashboardStats: jest.fn() }));

// Evaluated when the dashboard asks for the charts' code.
const chartsRequested = jest.fn();
jest.mock('./components/DashboardCharts', () => {
  chartsRequested();
  return { __esModule: true, default: () => null };
});

// On a slow network the charts' code (the largest of the page) must not wait
// for the figures: both are asked for together.
it("asks for the charts' code while the figures are still on their way", async () => {
  (universitiesApi.list as jest.Mock).mockResolvedValue([]);
  (getDashboardStats as jest.Mock).mockReturnValue(new Promise(() => undefined));
  signIn('SUPERUSER', { selectedUniversity: 2 });
  renderPage(<Dashboard />, { path: '/dashboard', route: '/dashboard' });
  expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
  expect(getDashboardStats).toHaveBeenCalled();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(chartsRequested).toHaveBeenCalledTimes(1);
  expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
});
