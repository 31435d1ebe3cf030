import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { auditApi, universitiesApi, usersApi } from 'shared-api';
import App from './App';
import { getDashboardStats } from './features/dashboard/api/getDashboardStats';
import { signIn } from './testing/render';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return {
    ...actual,
    universitiesApi: { list: jest.fn() },
    auditApi: { list: jest.fn() },
    usersApi: { page: jest.fn() },
  };
});
jest.mock('./features/dashboard/api/getDashboardStats', () => ({ ...jest.requireActual('./features/dashboard/api/getDashboardStats'), getDashboardStats: jest.fn() }));

beforeEach(() => {
  jest.resetAllMocks();
  (universitiesApi.list as jest.Mock).mockResolvedValue([]);
  (usersApi.page as jest.Mock).mockResolvedValue({ items: [], total: 0, page: 1, size: 20 });
  (auditApi.list as jest.Mock).mockResolvedValue({ items: [], total: 0, page: 1, size: 20 });
  (getDashboardStats as jest.Mock).mockReturnValue(new Promise(() => undefined));
});

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

describe('staff routes', () => {
  it.each(['/universities/all', '/universities/add', '/universities/edit/3', '/audit'])('shows %s to an ADMIN as not allowed', async (path) => {
    signIn('ADMIN');
    at(path);
    await screen.findByText('You are not allowed to view this page.');
    expect(universitiesApi.list).not.toHaveBeenCalled();
    expect(auditApi.list).not.toHaveBeenCalled();
  });

  it('lets a SUPERUSER open the universities list and the audit log', async () => {
    signIn('SUPERUSER');
    const view = at('/universities/all');
    await screen.findByText('No Universities Found');
    view.unmount();
    at('/audit');
    await screen.findByText('No audit entries found.');
  });

  it('renders the dashboard and the users page on their paths', async () => {
    signIn('ADMIN');
    const view = at('/dashboard');
    await screen.findByText('Loading dashboard...');
    view.unmount();
    at('/users');
    await screen.findByText('No users found.');
  });

  it('refuses an applicant', async () => {
    signIn('USER');
    at('/dashboard');
    expect(screen.getByText('You are not allowed to view this page.')).toBeInTheDocument();
    expect(getDashboardStats).not.toHaveBeenCalled();
  });
});
