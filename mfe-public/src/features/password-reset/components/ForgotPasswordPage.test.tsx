import { act, fireEvent, screen } from '@testing-library/react';
import { authApi } from 'shared-api';
import ForgotPasswordPage from './ForgotPasswordPage';
import { httpError, renderAt } from '../../../testing/render';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  authApi: { requestReset: jest.fn(), resetPassword: jest.fn() },
}));

const api = authApi as jest.Mocked<typeof authApi>;

function renderPage() {
  return renderAt('/forgot-password', '/forgot-password', <ForgotPasswordPage />);
}

describe('ForgotPasswordPage', () => {
  beforeEach(() => api.requestReset.mockReset());
  afterEach(() => jest.useRealTimers());

  it('asks for the email when it is empty, and links back to login', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address.');
    expect(api.requestReset).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('shows the sending state, the success text and a 120-second cooldown counting down', async () => {
    jest.useFakeTimers();
    let resolve!: (value: { message: string }) => void;
    api.requestReset.mockReturnValue(new Promise((res) => (resolve = res)));
    renderPage();
    fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: ' ada@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(api.requestReset).toHaveBeenCalledWith('ada@example.com');

    await act(async () => resolve({ message: 'ok' }));
    expect(screen.getByRole('status')).toHaveTextContent('Password reset link sent to your email.');
    expect(screen.getByText('Please wait 120 second(s) before trying again.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email Address/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();

    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText('Please wait 119 second(s) before trying again.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText('Please wait 118 second(s) before trying again.')).toBeInTheDocument();
    for (let i = 0; i < 117; i += 1) act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText('Please wait 1 second(s) before trying again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText(/Please wait/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Email Address/)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });

  it("says 'Something went wrong. Please try again.' on failure, with no cooldown", async () => {
    api.requestReset.mockRejectedValue(httpError(500, { message: 'SMTP down' }));
    renderPage();
    fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.queryByText(/Please wait/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });
});
