import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { authApi } from 'shared-api';
import { authStore, TOKEN_KEY } from 'shared-auth';
import { makeToken, renderAt, signInAs, signOutStore } from '../../../test-utils';
import { LoginPage } from './LoginPage';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  authApi: { login: jest.fn(), register: jest.fn(), logout: jest.fn() },
}));
const login = authApi.login as jest.MockedFunction<typeof authApi.login>;

function httpError(status: number, data?: object) {
  return Object.assign(new Error(`HTTP ${status}`), { name: 'HTTPError', data, response: { status } });
}

function renderLogin() {
  return renderAt(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/dashboard" element={<p>dashboard page</p>} />
    </Routes>,
    '/login',
  );
}

async function fillAndSubmit(email: string, password: string) {
  if (email) fireEvent.change(screen.getByLabelText(/email/i), { target: { value: email } });
  if (password) fireEvent.change(screen.getByLabelText(/password/i), { target: { value: password } });
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  signOutStore();
  login.mockReset();
});

describe('LoginPage', () => {
  it('shows the Sign In form with labelled fields and its links', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText(/email/i)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/password/i)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: /forgot password/i })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: /create one/i })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'UniPortal home' })).toHaveAttribute('href', '/home');
  });

  it('asks for both fields and sends nothing when one is empty', async () => {
    renderLogin();
    await fillAndSubmit('someone@example.org', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(login).not.toHaveBeenCalled();
  });

  it('clears local storage, disables the inputs while signing in, stores the token and goes to /dashboard', async () => {
    localStorage.setItem('selectedUniversity', '3');
    localStorage.setItem('something', 'else');
    const token = makeToken({ role: 'USER' });
    let resolve!: (value: { token: string; message: string }) => void;
    login.mockReturnValue(new Promise((r) => (resolve = r)) as ReturnType<typeof authApi.login>);
    renderLogin();
    await fillAndSubmit('Someone@Example.org ', 'secret-password');

    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByLabelText(/email/i)).toBeDisabled();
    expect(screen.getByLabelText(/password/i)).toBeDisabled();
    expect(localStorage.getItem('selectedUniversity')).toBeNull();
    expect(localStorage.getItem('something')).toBeNull();
    expect(login).toHaveBeenCalledWith({ email: 'Someone@Example.org', password: 'secret-password' });

    resolve({ token, message: 'ok' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(authStore.getState().user?.role).toBe('USER');
  });

  it("shows the server's message, else its error, else 'Login Failed'", async () => {
    login.mockRejectedValueOnce(httpError(401, { message: 'Invalid credentials', error: 'Unauthorized' }));
    renderLogin();
    await fillAndSubmit('a@b.co', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();

    login.mockRejectedValueOnce(httpError(401, { error: 'Unauthorized' }));
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Unauthorized'));

    login.mockRejectedValueOnce(httpError(500));
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login Failed'));
  });

  it("falls back to 'Login failed. Please try again.' for a network failure or an unusable token", async () => {
    login.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderLogin();
    await fillAndSubmit('a@b.co', 'password1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');

    login.mockResolvedValueOnce({ token: 'not-a-token', message: 'ok' });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed. Please try again.'));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(authStore.getState().user).toBeNull();
  });

  it('sends a signed-in user to /dashboard, saying so', async () => {
    signInAs('ADMIN');
    renderLogin();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it('shows Redirecting to dashboard... while it redirects', () => {
    signInAs('USER');
    renderAt(<LoginPage />, '/login');
    expect(screen.getByText('Redirecting to dashboard...')).toBeInTheDocument();
  });
});
