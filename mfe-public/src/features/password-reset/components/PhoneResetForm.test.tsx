import { fireEvent, screen } from '@testing-library/react';
import { requestResetCode } from '../api/requestResetCode';
import { resetPasswordWithCode } from '../api/resetPasswordWithCode';
import ForgotPasswordPage from './ForgotPasswordPage';
import { httpError, renderAt } from '../../../testing/render';

jest.mock('../api/requestResetCode', () => ({ requestResetCode: jest.fn() }));
jest.mock('../api/resetPasswordWithCode', () => ({ resetPasswordWithCode: jest.fn() }));
const ask = requestResetCode as jest.MockedFunction<typeof requestResetCode>;
const reset = resetPasswordWithCode as jest.MockedFunction<typeof resetPasswordWithCode>;
const SAME_ANSWER = 'If an account exists for this phone number, a reset code has been sent by SMS.';

async function openPhoneForm() {
  renderAt('/forgot-password', '/forgot-password', <ForgotPasswordPage />);
  fireEvent.click(screen.getByRole('button', { name: 'Use my phone instead' }));
  return screen.findByLabelText(/Phone Number/);
}

describe('ForgotPasswordPage: use my phone instead', () => {
  beforeEach(() => {
    ask.mockReset();
    reset.mockReset();
  });

  it('asks for the number, shows the server answer, then sets the password with the code', async () => {
    ask.mockResolvedValue({ message: SAME_ANSWER });
    reset.mockResolvedValue({ message: 'Password reset successfully.' });
    const phone = await openPhoneForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send Code by SMS' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your phone number.');
    expect(ask).not.toHaveBeenCalled();

    fireEvent.change(phone, { target: { value: ' 0977 123 456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Code by SMS' }));
    await screen.findByText(SAME_ANSWER);
    expect(ask).toHaveBeenCalledWith('0977 123 456');
    expect(screen.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();

    fireEvent.change(screen.getByLabelText(/6-digit code/), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6 digits of the code we sent.');
    fireEvent.change(screen.getByLabelText(/6-digit code/), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: 'Fresh-Passphrase-93' } });
    fireEvent.change(screen.getByLabelText(/^Confirm New Password/), { target: { value: 'Fresh-Passphrase-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match!');
    fireEvent.change(screen.getByLabelText(/^Confirm New Password/), { target: { value: 'Fresh-Passphrase-93' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByText('Password reset successfully.');
    expect(screen.getByRole('status')).toHaveTextContent('Password reset successfully.');
    expect(reset).toHaveBeenCalledWith({ phone: '0977 123 456', code: '123456', newPassword: 'Fresh-Passphrase-93' });
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's words for a wrong or expired code, and goes back to the e-mail form", async () => {
    ask.mockResolvedValue({ message: SAME_ANSWER });
    reset.mockRejectedValue(httpError(400, { message: 'This code is not valid or has expired. Ask for a new code.' }));
    const phone = await openPhoneForm();
    fireEvent.change(phone, { target: { value: '0977123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Code by SMS' }));
    await screen.findByText(SAME_ANSWER);
    fireEvent.change(screen.getByLabelText(/6-digit code/), { target: { value: '000000' } });
    fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: 'Fresh-Passphrase-93' } });
    fireEvent.change(screen.getByLabelText(/^Confirm New Password/), { target: { value: 'Fresh-Passphrase-93' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not valid or has expired. Ask for a new code.');
    fireEvent.click(screen.getByRole('button', { name: 'Use my email instead' }));
    expect(screen.getByLabelText(/Email Address/)).toBeInTheDocument();
  });
});
