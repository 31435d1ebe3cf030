import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountApi } from 'shared-api';
import { SESSION_RENEWED_EVENT } from 'shared-auth';
import { httpError, renderAt, signIn } from '../../test-utils';
import { SettingsPage } from './components/SettingsPage';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  accountApi: { changePassword: jest.fn(), startContactChange: jest.fn(), confirmContactChange: jest.fn() },
}));
// The Notifications section loads its own data (notifications.test.tsx covers it).
jest.mock('./api/getNotificationPreferences', () => ({ getNotificationPreferences: () => new Promise(() => {}) }));
const api = accountApi as jest.Mocked<typeof accountApi>;

const renewals: string[] = [];
const onRenewal = (event: Event) => renewals.push((event as CustomEvent<{ token: string }>).detail.token);
beforeEach(() => {
  jest.resetAllMocks();
  renewals.length = 0;
  window.addEventListener(SESSION_RENEWED_EVENT, onRenewal);
  signIn();
});
afterEach(() => window.removeEventListener(SESSION_RENEWED_EVENT, onRenewal));

const show = () => renderAt(<SettingsPage />, { path: '/settings', url: '/settings' });

describe('settings', () => {
  it('is no longer a placeholder: password, e-mail, phone and the way to the data export', () => {
    show();
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Settings functionality is coming soon.')).not.toBeInTheDocument();
    for (const section of ['Password', 'E-mail address', 'Phone number', 'Notifications', 'Your data and devices']) expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Your data and devices' })).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(screen.getByRole('region', { name: 'Your data and devices' })).getByText(/sign out on every device/)).toBeInTheDocument();
  });

  it('changes the password with the current one, and shows the server words when it is wrong', async () => {
    const user = userEvent.setup();
    show();
    const form = screen.getByRole('region', { name: 'Password' });
    api.changePassword.mockRejectedValueOnce(httpError(400, { message: 'The current password is not correct.' }));
    await user.type(within(form).getByLabelText(/^Current password/), 'wrong-one-1');
    await user.type(within(form).getByLabelText(/^New password/), 'Brand-New-Secret-77');
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'Brand-New-Secret-7');
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(api.changePassword).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText(/^Confirm new password/), '7');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The current password is not correct.')).toBeInTheDocument();
    expect(api.changePassword).toHaveBeenCalledWith({ currentPassword: 'wrong-one-1', newPassword: 'Brand-New-Secret-77' });
    expect(renewals).toEqual([]);

    api.changePassword.mockResolvedValueOnce({ message: 'Your password has been changed. You have been signed out on every other device.', token: 'renewed' });
    await user.clear(within(form).getByLabelText(/^Current password/));
    await user.type(within(form).getByLabelText(/^Current password/), 'Correct-Horse-42');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await screen.findByText('Your password has been changed. You have been signed out on every other device.');
    expect(renewals).toEqual(['renewed']);
    expect(within(form).getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('changes the e-mail after the 6-digit code sent to the new address', async () => {
    const user = userEvent.setup();
    show();
    const form = screen.getByRole('region', { name: 'E-mail address' });
    expect(within(form).getByText('ada@example.com')).toBeInTheDocument();
    api.startContactChange.mockResolvedValue({ message: 'We sent a 6-digit code to the new e-mail address. Enter it to confirm the change.', ticket: 'T1', sentTo: 'ada@new.zm' });
    await user.type(within(form).getByLabelText(/^New e-mail address/), 'ada@new.zm');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(api.startContactChange).toHaveBeenCalledWith({ kind: 'email', value: 'ada@new.zm' });
    expect(await within(form).findByText('We sent a 6-digit code to the new e-mail address. Enter it to confirm the change.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/^6-digit code/), '12a');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(within(form).getByText('Enter the 6 digits we sent.')).toBeInTheDocument();
    expect(api.confirmContactChange).not.toHaveBeenCalled();

    api.confirmContactChange.mockRejectedValueOnce(httpError(400, { message: 'That code is not correct. Check the e-mail and try again.' }));
    await user.clear(within(form).getByLabelText(/^6-digit code/));
    await user.type(within(form).getByLabelText(/^6-digit code/), '123456');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByText('That code is not correct. Check the e-mail and try again.')).toBeInTheDocument();

    api.confirmContactChange.mockResolvedValueOnce({ message: 'Your e-mail address has been changed.', token: 'renewed-email' });
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Your e-mail address has been changed.');
    expect(api.confirmContactChange).toHaveBeenLastCalledWith({ ticket: 'T1', code: '123456' });
    expect(renewals).toEqual(['renewed-email']);
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Send code' })).toBeInTheDocument());
  });

  it('shows the current phone number in its national form, as every other page does', () => {
    signIn({ phone: '+260977123456' });
    show();
    const form = screen.getByRole('region', { name: 'Phone number' });
    expect(within(form).getByText('0977 123 456')).toBeInTheDocument();
    expect(within(form).queryByText(/\+260/)).not.toBeInTheDocument();
  });

  it('asks for a phone code and shows a refused number in plain words', async () => {
    const user = userEvent.setup();
    show();
    const form = screen.getByRole('region', { name: 'Phone number' });
    api.startContactChange.mockRejectedValueOnce(httpError(400, { message: 'value: must be a phone number' }));
    await user.type(within(form).getByLabelText(/^New phone number/), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(api.startContactChange).toHaveBeenCalledWith({ kind: 'phone', value: 'abc' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter a valid phone number, like 0977 123 456 or +260 977 123 456');
    expect(within(form).queryByText(/value:/)).not.toBeInTheDocument();
  });
});
