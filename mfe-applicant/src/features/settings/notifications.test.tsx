import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationPreferences } from 'shared-api';
import { httpError, renderAt, signIn } from '../../test-utils';
import { getNotificationPreferences } from './api/getNotificationPreferences';
import { putNotificationPreferences } from './api/putNotificationPreferences';
import { NotificationSettings } from './components/NotificationSettings';

jest.mock('./api/getNotificationPreferences', () => ({ getNotificationPreferences: jest.fn() }));
jest.mock('./api/putNotificationPreferences', () => ({ putNotificationPreferences: jest.fn() }));
const get = getNotificationPreferences as jest.MockedFunction<typeof getNotificationPreferences>;
const put = putNotificationPreferences as jest.MockedFunction<typeof putNotificationPreferences>;

const DEFAULTS: NotificationPreferences = {
  events: [
    { event: 'SUBMITTED', sms: false, email: true },
    { event: 'PAYMENT', sms: true, email: true },
    { event: 'DOCUMENTS', sms: false, email: true },
    { event: 'DECISION', sms: true, email: true },
    { event: 'OFFER_LAPSING', sms: true, email: true },
    { event: 'INTAKE_CLOSING', sms: true, email: true },
    { event: 'ACCOUNT_ARCHIVED', sms: true, email: true },
  ],
  phone: '+260977123456',
  smsConsentAt: null,
  smsAvailable: true,
};

beforeEach(() => {
  jest.resetAllMocks();
  signIn();
});

const show = () => renderAt(<NotificationSettings />, { path: '/settings', url: '/settings' });

describe('Settings → Notifications', () => {
  it('shows SMS and e-mail for each of the seven events with the defaults, and the number in its national form', async () => {
    get.mockResolvedValueOnce(DEFAULTS);
    show();
    expect(await screen.findByRole('switch', { name: 'SMS: Payment received or failed' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'SMS: Decision on an application' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'SMS: Application submitted' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'SMS: A document needs a new file' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'E-mail: Application submitted' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'SMS: An offer lapses in 48 hours' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'SMS: An intake is closing soon' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'E-mail: Account archived or restored' })).toBeChecked();
    const table = screen.getByRole('table', { name: 'Notification channels per event' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(7);
    expect(within(table).getAllByRole('switch', { name: /^E-mail:/ })).toHaveLength(7);
    expect(screen.queryByText('No e-mail')).not.toBeInTheDocument();
    expect(screen.getByText('0977 123 456')).toBeInTheDocument();
    expect(screen.getByText(/By saving with an SMS turned on, you agree/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save notification settings' })).toBeDisabled();
  });

  it('turning SMS off for payments saves that choice only, and shows the consent time the server recorded', async () => {
    const user = userEvent.setup();
    get.mockResolvedValueOnce(DEFAULTS);
    const saved: NotificationPreferences = { ...DEFAULTS, events: DEFAULTS.events.map((c) => (c.event === 'PAYMENT' ? { ...c, sms: false } : c)), smsConsentAt: '2026-11-26T10:15:00.000Z' };
    put.mockResolvedValueOnce(saved);
    show();
    await user.click(await screen.findByRole('switch', { name: 'SMS: Payment received or failed' }));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(put).toHaveBeenCalledWith({ events: saved.events });
    await screen.findByText('Your notification settings have been saved.');
    expect(screen.getByRole('switch', { name: 'SMS: Payment received or failed' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'SMS: Decision on an application' })).toBeChecked();
    expect(screen.getByText(/You agreed to receive text messages on/)).toBeInTheDocument();
  });

  it('shows the server words when saving fails, and keeps the choice', async () => {
    const user = userEvent.setup();
    get.mockResolvedValueOnce(DEFAULTS);
    put.mockRejectedValueOnce(httpError(503, { message: 'The service is busy. Please try again in a minute.' }));
    show();
    await user.click(await screen.findByRole('switch', { name: 'E-mail: Decision on an application' }));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    await screen.findByText('The service is busy. Please try again in a minute.');
    expect(screen.getByRole('switch', { name: 'E-mail: Decision on an application' })).not.toBeChecked();
  });

  it('without a phone, SMS switches are off limits and say why', async () => {
    get.mockResolvedValueOnce({ ...DEFAULTS, phone: null });
    show();
    await screen.findByText(/Add a phone number above to receive text messages \(SMS\)\./);
    const table = screen.getByRole('table', { name: 'Notification channels per event' });
    for (const toggle of within(table).getAllByRole('switch', { name: /^SMS:/ })) expect(toggle).toBeDisabled();
  });
});
