/**
 * Issue 16 item 4: beside Pay Fee, 'Have a fee waiver code?' opens a small
 * dialog; an accepted code marks the application paid by waiver (the page
 * reloads it), a refused one says why under the field.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { feeWaiversApi, paymentsApi, type Application } from 'shared-api';
import { authStore, clearNotices } from 'shared-auth';
import { NoticeStack } from 'shared-auth/ui';
import { httpError } from '../../../test-utils';
import { PaymentActions } from './index';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  paymentsApi: { config: jest.fn(), initiate: jest.fn(), verify: jest.fn() },
  feeWaiversApi: { apply: jest.fn() },
}));

const waivers = feeWaiversApi as jest.Mocked<typeof feeWaiversApi>;

function application(overrides: Partial<Application> = {}): Application {
  const date = '2026-01-05T00:00:00.000Z';
  return {
    id: 12,
    status: 'PENDING',
    fullName: 'Ada Banda',
    applicantName: 'Ada Banda',
    gender: 'Female',
    email: 'ada@example.com',
    phoneNumber: '0971234567',
    dateOfBirth: '2004-05-06',
    nationality: 'Kenyan',
    provice: 'Lusaka',
    province: 'Lusaka',
    country: 'Kenya',
    city: 'Nairobi',
    applicationDate: date,
    createdAt: date,
    submittedAt: date,
    lastUpdated: date,
    highestQualification: 'Grade 12',
    institutionAttended: 'Kabulonga',
    submissionDetails: null,
    programNotes: null,
    reviewNotes: null,
    universityId: 3,
    university: { id: 3, name: 'University of Zambia' },
    programId: null,
    program: null,
    programChoices: [],
    paid: false,
    payment: null,
    fee: { amount: 60, currency: 'USD', category: 'INTERNATIONAL' },
    user: { id: 7, fullName: 'Ada Banda', email: 'ada@example.com', phone: null },
    files: [],
    history: [],
    ...overrides,
  };
}

beforeEach(() => {
  jest.clearAllMocks();
  clearNotices();
  authStore.setState({ token: 'token', user: null, loading: false, loggingOut: false, selectedUniversity: null });
});

describe('a fee waiver code instead of paying', () => {
  it('is offered beside Pay Fee; an accepted code reloads the application and pays nothing', async () => {
    const user = userEvent.setup();
    const onChanged = jest.fn();
    waivers.apply.mockResolvedValue({ message: 'Fee waived: your application is ready for review.', applicationId: 12, applicationStatus: 'PENDING_REVIEW' });
    render(
      <>
        <PaymentActions application={application()} onChanged={onChanged} />
        <NoticeStack />
      </>,
    );
    expect(screen.getByText('USD 60.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Fee' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Have a fee waiver code?' }));
    const dialog = screen.getByRole('dialog', { name: 'Use a fee waiver code' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Fee waiver code' }), 'k7xm2qpa');
    await user.click(within(dialog).getByRole('button', { name: 'Apply code' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(waivers.apply).toHaveBeenCalledWith(12, 'k7xm2qpa');
    expect(paymentsApi.initiate).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('Fee waived: your application is ready for review.');
  });

  it('says under the field why a code was refused, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const onChanged = jest.fn();
    waivers.apply.mockRejectedValueOnce(httpError(409, { message: 'code: this fee waiver code has expired.' }));
    render(<PaymentActions application={application()} onChanged={onChanged} />);
    await user.click(screen.getByRole('button', { name: 'Have a fee waiver code?' }));
    const dialog = screen.getByRole('dialog', { name: 'Use a fee waiver code' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply code' }));
    expect(within(dialog).getByText('Enter the fee waiver code you were given.')).toBeInTheDocument();
    expect(waivers.apply).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Fee waiver code' }), 'OLDCODE9');
    await user.click(within(dialog).getByRole('button', { name: 'Apply code' }));
    expect(await within(dialog).findByText('This fee waiver code has expired.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Fee waiver code' })).toHaveAttribute('aria-invalid', 'true');
    expect(onChanged).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an application paid by waiver shows it, with no Pay Fee and no code to enter', () => {
    render(
      <PaymentActions
        application={application({
          paid: true,
          waived: true,
          status: 'PENDING_REVIEW',
          payment: { reference: 'WAIVER-12-ABCDEFGH', amount: 0, currency: 'USD', status: 'successful', channel: 'waiver', paidAt: null, awaitingProvider: false, failureReason: null },
        })}
      />,
    );
    expect(screen.getByText('Fee waived with a fee waiver code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Fee' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Have a fee waiver code?' })).toBeNull();
  });
});
