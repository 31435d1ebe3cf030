import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authApi, usersApi } from 'shared-api';
import { LOGOUT_EVENT } from 'shared-auth';
import { httpError, renderAt, signIn } from '../../test-utils';
import { ProfilePage } from './components/ProfilePage';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  usersApi: { get: jest.fn(), exportMine: jest.fn(), deleteMine: jest.fn() },
  authApi: { logoutEverywhere: jest.fn(), logout: jest.fn() },
}));

/** The logout requests the page sends to the shell. */
function logoutRequests() {
  const seen: Array<{ reason?: string; notice?: string }> = [];
  const listener = (event: Event) => seen.push((event as CustomEvent<{ reason?: string; notice?: string }>).detail);
  window.addEventListener(LOGOUT_EVENT, listener);
  return { seen, stop: () => window.removeEventListener(LOGOUT_EVENT, listener) };
}

const user = {
  id: 7,
  userId: 7,
  firstName: 'Ada',
  lastName: 'Banda',
  fullName: 'Ada Banda',
  email: 'ada@example.com',
  phone: null,
  role: 'USER',
  enabled: true,
  universityId: null,
  createdAt: '2026-01-01',
};

beforeEach(() => {
  jest.clearAllMocks();
  signIn({ phone: null });
});

describe('profile', () => {
  it('shows the account with Not provided for missing values and status Active', async () => {
    (usersApi.get as jest.Mock).mockResolvedValue({ ...user, fullName: '', firstName: '', lastName: '' });
    renderAt(<ProfilePage />, { path: '/profile', url: '/profile' });
    await screen.findByText('ada@example.com');
    expect(usersApi.get).toHaveBeenCalledWith(7);
    expect(screen.getAllByText('Not provided')).toHaveLength(2);
    expect(screen.getByText('USER')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
  });

  // Shown before the details, the account's actions were pushed down by them under a tap.
  it("shows the account's actions together with its details, not before", async () => {
    let answer: (profile: unknown) => void = () => undefined;
    (usersApi.get as jest.Mock).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderAt(<ProfilePage />, { path: '/profile', url: '/profile' });
    await waitFor(() => expect(usersApi.get).toHaveBeenCalledWith(7));
    expect(screen.queryByRole('button', { name: 'Download my data' })).toBeNull();
    answer(user);
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('shows a Zambian phone number in its national form', async () => {
    (usersApi.get as jest.Mock).mockResolvedValue({ ...user, phone: '+260977123456' });
    renderAt(<ProfilePage />, { path: '/profile', url: '/profile' });
    await screen.findByText('0977 123 456');
  });

  it('reports a failed load', async () => {
    (usersApi.get as jest.Mock).mockRejectedValue(httpError(500));
    renderAt(<ProfilePage />, { path: '/profile', url: '/profile' });
    await screen.findByText('Failed to load profile data');
    expect(screen.getByText('Failed to fetch user data.')).toBeInTheDocument();
  });

  it('handles a failing export', async () => {
    const actor = userEvent.setup();
    (usersApi.get as jest.Mock).mockResolvedValue(user);
    (usersApi.exportMine as jest.Mock).mockRejectedValue(httpError(404, { message: 'Not Found' }));
    renderAt(<ProfilePage />, { path: '/profile', url: '/profile' });
    await actor.click(await screen.findByRole('button', { name: 'Download my data' }));
    await screen.findByText('Not Found');
  });

  it('asks for the password before deleting, says when it is wrong, and keeps the session', async () => {
    const actor = userEvent.setup();
    (usersApi.get as jest.Mock).mockResolvedValue(user);
    (usersApi.deleteMine as jest.Mock).mockRejectedValue(httpError(400, { message: 'The password is not correct. Your account has not been deleted.' }));
    const requests = logoutRequests();
    renderAt(<ProfilePage />, { path: '/profile', url: '/profile' });
    await actor.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    const confirm = within(dialog).getByRole('button', { name: 'Yes, delete it!' });
    expect(confirm).toBeDisabled();
    await actor.type(within(dialog).getByLabelText(/^Password/), 'Wrong-password-1');
    await actor.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password is not correct. Your account has not been deleted.');
    expect(usersApi.deleteMine).toHaveBeenCalledWith('Wrong-password-1');
    expect(requests.seen).toEqual([]);
    await actor.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    requests.stop();
  });

  it('deletes the account with the password and hands the confirmation to /login, without a logout call', async () => {
    const actor = userEvent.setup();
    (usersApi.get as jest.Mock).mockResolvedValue(user);
    (usersApi.deleteMine as jest.Mock).mockResolvedValue({ message: 'Your account and personal data have been deleted.' });
    const requests = logoutRequests();
    renderAt(<ProfilePage />, { path: '/profile', url: '/profile' });
    await actor.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(usersApi.deleteMine).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    await actor.type(within(dialog).getByLabelText(/^Password/), 'Correct-Horse-42{Enter}');
    await waitFor(() => expect(requests.seen).toHaveLength(1));
    expect(usersApi.deleteMine).toHaveBeenCalledWith('Correct-Horse-42');
    expect(requests.seen[0]).toEqual({ reason: 'ended', notice: 'Your account and personal data have been deleted.' });
    requests.stop();
  });

  it('signs out on every device, then ends this session without a logout call', async () => {
    const actor = userEvent.setup();
    (usersApi.get as jest.Mock).mockResolvedValue(user);
    (authApi.logoutEverywhere as jest.Mock).mockResolvedValue({ message: 'You have been signed out on every device.' });
    const requests = logoutRequests();
    renderAt(<ProfilePage />, { path: '/profile', url: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Signed-in devices' })).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(requests.seen).toHaveLength(1));
    expect(authApi.logoutEverywhere).toHaveBeenCalledTimes(1);
    expect(authApi.logout).not.toHaveBeenCalled();
    expect(requests.seen[0]).toEqual({ reason: 'ended', notice: 'You have been signed out on every device.' });
    requests.stop();
  });

  it('says so when signing out everywhere fails, and stays signed in', async () => {
    const actor = userEvent.setup();
    (usersApi.get as jest.Mock).mockResolvedValue(user);
    (authApi.logoutEverywhere as jest.Mock).mockRejectedValue(new TypeError('network down'));
    const requests = logoutRequests();
    renderAt(<ProfilePage />, { path: '/profile', url: '/profile' });
    await actor.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await screen.findByText('Could not sign you out everywhere. Please try again.');
    expect(requests.seen).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeEnabled();
    requests.stop();
  });
});
