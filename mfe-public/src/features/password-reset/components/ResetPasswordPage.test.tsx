import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { authApi } from 'shared-api';
import ResetPasswordPage from './ResetPasswordPage';
import { httpError, renderAt } from '../../../testing/render';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  authApi: { requestReset: jest.fn(), resetPassword: jest.fn() },
}));

const api = authApi as jest.Mocked<typeof authApi>;

function renderPage() {
  return renderAt('/reset-password/tok-123', '/reset-password/:token', <ResetPasswordPage />);
}

function fill(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ResetPasswordPage', () => {
  beforeEach(() => api.resetPassword.mockReset());
  afterEach(() => jest.useRealTimers());

  it('has two labelled password fields and requires them', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^New Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAttribute('type', 'password');
    fill('', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password.');
    fill('Secret123!', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your password.');
    expect(api.resetPassword).not.toHaveBeenCalled();
  });

  it("refuses different passwords with 'Passwords do not match!'", () => {
    renderPage();
    fill('Secret123!', 'Secret124!');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match!');
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.resetPassword).not.toHaveBeenCalled();
  });

  it('sends the token and the new password, shows the toast, then goes to /login', async () => {
    jest.useFakeTimers();
    api.resetPassword.mockResolvedValue({ message: 'Password updated' });
    renderPage();
    fill('Secret123!', 'Secret123!');
    expect(screen.getByRole('button', { name: 'Resetting...' })).toBeDisabled();
    await act(async () => undefined);
    expect(api.resetPassword).toHaveBeenCalledWith({ token: 'tok-123', newPassword: 'Secret123!' });
    await screen.findByText('Password reset successfully.');
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("says a refused password in plain words, never as 'password: is too common…'", async () => {
    api.resetPassword.mockRejectedValue(httpError(400, { message: 'password: is too common and easy to guess; please choose another', error: 'Bad Request' }));
    renderPage();
    fill('password123', 'password123');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Choose a less common password/);
    expect(screen.queryByText(/^password: /)).toBeNull();
  });

  it("shows the server's message on failure", async () => {
    api.resetPassword.mockRejectedValue(httpError(400, { message: 'Invalid or expired token' }));
    renderPage();
    fill('Secret123!', 'Secret123!');
    await screen.findByText('Invalid or expired token');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to reset password.' without a server message", async () => {
    api.resetPassword.mockRejectedValue(httpError(500));
    renderPage();
    fill('Secret123!', 'Secret123!');
    await screen.findByText('Failed to reset password.');
  });

  it("says 'Something went wrong. Please try again.' when the call cannot be made", async () => {
    api.resetPassword.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage();
    fill('Secret123!', 'Secret123!');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.'));
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });
});
