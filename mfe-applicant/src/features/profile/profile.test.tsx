import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usersApi } from 'shared-api';
import { LOGOUT_EVENT } from 'shared-auth';
import { httpError, renderAt, signIn } from '../../test-utils';
import { ProfilePage } from './components/ProfilePage';
import { SettingsPage } from '../settings/components/SettingsPage';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  usersApi: { get: jest.fn(), exportMine: jest.fn(), deleteMine: jest.fn() },
}));

const user = { id: 7, userId: 7, firstName: 'Ada', lastName: 'Banda', fullName: 'Ada Banda', email: 'ada@example.com', phone: null, role: 'USER', enabled: true, universityId: null, createdAt: '2026-01-01' };

beforeEach(() => signIn({ phone: null }));

describe('profile', () => {
  it('shows the account with Not provided for missing values and status Active', async () => {
    (usersApi.get as jest.Mock).mockResolvedValue({ ...user, fullName: '' , firstName: '', lastName: '' });
    renderAt(<ProfilePage />, { path: '/profile', url: '/profile' });
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(usersApi.get).toHaveBeenCalledWith(7);
    expect(screen.getAllByText('Not provided')).toHaveLength(2);
    expect(screen.getByText('USER')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
  });

  it('reports a failed load', async () => {
    (usersApi.get as jest.Mock).mockRejectedValue(httpError(500));
    renderAt(<ProfilePage />, { path: '/profile', url: '/profile' });
    expect(await screen.findByText('Failed to load profile data')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch user data.')).toBeInTheDocument();
  });

  it('handles a failing export and deletes the account after confirmation', async () => {
    const actor = userEvent.setup();
    (usersApi.get as jest.Mock).mockResolvedValue(user);
    (usersApi.exportMine as jest.Mock).mockRejectedValue(httpError(404, { message: 'Not Found' }));
    (usersApi.deleteMine as jest.Mock).mockResolvedValue({ message: 'deleted' });
    const onLogout = jest.fn();
    window.addEventListener(LOGOUT_EVENT, onLogout);
    renderAt(<ProfilePage />, { path: '/profile', url: '/profile' });
    await actor.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Not Found')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(usersApi.deleteMine).not.toHaveBeenCalled();
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(onLogout).toHaveBeenCalled());
    expect(usersApi.deleteMine).toHaveBeenCalledTimes(1);
    window.removeEventListener(LOGOUT_EVENT, onLogout);
  });
});

describe('settings', () => {
  it('is a placeholder', () => {
    renderAt(<SettingsPage />, { path: '/settings', url: '/settings' });
    expect(screen.getByText('Settings functionality is coming soon.')).toBeInTheDocument();
  });
});
