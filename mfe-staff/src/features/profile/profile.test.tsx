import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authApi, usersApi } from 'shared-api';
import { LOGOUT_EVENT } from 'shared-auth';
import { renderPage, signIn } from '../../testing/render';
import { Profile } from './index';

jest.mock('shared-api', () => {
  const actual = jest.requireActual('shared-api');
  return { ...actual, usersApi: { get: jest.fn() }, authApi: { logoutEverywhere: jest.fn(), logout: jest.fn() } };
});
const api = usersApi as jest.Mocked<typeof usersApi>;
beforeEach(() => jest.resetAllMocks());

describe('profile', () => {
  it('shows the profile with Active status and Not provided for missing values', async () => {
    signIn('ADMIN', { id: 12 });
    api.get.mockResolvedValue({
      id: 12,
      userId: 12,
      firstName: 'Ada',
      lastName: 'Phiri',
      fullName: 'Ada Phiri',
      email: 'ada@unza.zm',
      phone: null,
      role: 'ADMIN',
      enabled: true,
      universityId: 7,
      createdAt: '2026-01-01',
    });
    renderPage(<Profile />, { path: '/profile', route: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Ada Phiri' })).toBeInTheDocument();
    const list = screen.getByText('Full Name').closest('dl') as HTMLElement;
    expect(within(list).getByText('ada@unza.zm')).toBeInTheDocument();
    expect(within(list).getByText('Not provided')).toBeInTheDocument();
    expect(within(list).getByText('ADMIN')).toBeInTheDocument();
    expect(within(list).getByText('12')).toBeInTheDocument();
    expect(within(list).getByText('Active')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith(12);
  });

  it('falls back to the session and says the load failed', async () => {
    signIn('SUPERUSER', { id: 3 });
    api.get.mockRejectedValue(new Error('x'));
    renderPage(<Profile />, { path: '/profile', route: '/profile' });
    await screen.findByText('Failed to load profile data');
    expect(screen.getByText('superuser@example.com')).toBeInTheDocument();
  });

  it('signs out on every device, then ends this session without a logout call', async () => {
    signIn('ADMIN', { id: 12 });
    api.get.mockResolvedValue({
      id: 12,
      userId: 12,
      firstName: 'Ada',
      lastName: 'Phiri',
      fullName: 'Ada Phiri',
      email: 'ada@unza.zm',
      phone: null,
      role: 'ADMIN',
      enabled: true,
      universityId: 7,
      createdAt: '2026-01-01',
    });
    (authApi.logoutEverywhere as jest.Mock).mockResolvedValue({ message: 'You have been signed out on every device.' });
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(LOGOUT_EVENT, listener);
    renderPage(<Profile />, { path: '/profile', route: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Signed-in devices' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(seen).toEqual([{ reason: 'ended', notice: 'You have been signed out on every device.' }]));
    expect(authApi.logout).not.toHaveBeenCalled();
    window.removeEventListener(LOGOUT_EVENT, listener);
  });

  it('says so when signing out everywhere fails', async () => {
    signIn('SUPERUSER', { id: 3 });
    api.get.mockRejectedValue(new Error('x'));
    (authApi.logoutEverywhere as jest.Mock).mockRejectedValue(new TypeError('network down'));
    renderPage(<Profile />, { path: '/profile', route: '/profile' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await screen.findByText('Could not sign you out everywhere. Please try again.');
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeEnabled();
  });
});
