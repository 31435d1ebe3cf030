/**
 * Issue 22 items 2 to 4: Pay Fee only while a fee is owed and nothing is
 * under way; pending (amber, 'Check again' asks the server), failed (red,
 * the provider's reason, 'Try again'); the receipt once paid.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { filesApi, paymentsApi, type Application, type Payment } from 'shared-api';
import { authStore } from 'shared-auth';
import { PaymentActions, PaymentStatusBadge, paymentView } from './index';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  paymentsApi: { config: jest.fn(), initiate: jest.fn(), verify: jest.fn() },
  filesApi: { download: jest.fn() },
}));

const api = paymentsApi as jest.Mocked<typeof paymentsApi>;
const files = filesApi as jest.Mocked<typeof filesApi>;

function payment(overrides: Partial<Payment> = {}): Payment {
  return { reference: 'APP-12-REF001', amount: 150.75, currency: 'ZMW', status: 'pending', channel: 'mobile-money', paidAt: null, awaitingProvider: false, failureReason: null, ...overrides };
}

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
    nationality: 'Zambian',
    provice: 'Lusaka',
    province: 'Lusaka',
    country: 'Zambia',
    city: 'Lusaka',
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
    user: { id: 7, fullName: 'Ada Banda', email: 'ada@example.com', phone: null },
    files: [],
    history: [],
    ...overrides,
  };
}

const PENDING = 'Payment Pending — we are waiting for confirmation from your mobile money provider';

beforeEach(() => {
  jest.clearAllMocks();
  authStore.setState({ token: 'token', user: null, loading: false, loggingOut: false, selectedUniversity: null });
});

describe('Pay Fee only where a fee is owed', () => {
  it.each(['PENDING', 'SUBMITTED', 'PENDING_REVIEW'] as const)('offers Pay Fee for an unpaid %s application', (status) => {
    render(<PaymentActions application={application({ status })} />);
    expect(screen.getByRole('button', { name: 'Pay Fee' })).toBeInTheDocument();
    expect(screen.getByText('ZMW 150.75')).toBeInTheDocument();
  });

  it.each(['APPROVED', 'REJECTED'] as const)('offers nothing to pay for an unpaid %s application', (status) => {
    render(<PaymentActions application={application({ status })} />);
    expect(screen.queryByRole('button', { name: /Pay Fee|Try again/ })).toBeNull();
    expect(screen.queryByText('ZMW 150.75')).toBeNull();
  });

  it('offers nothing to pay once paid, but the receipt to download', async () => {
    const blob = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    files.download.mockResolvedValue(blob);
    URL.createObjectURL = jest.fn(() => 'blob:receipt');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<PaymentActions application={application({ status: 'PENDING_REVIEW', paid: true, payment: payment({ status: 'successful' }) })} />);
    expect(screen.queryByRole('button', { name: /Pay Fee|Try again|Check again/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download receipt' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(files.download).toHaveBeenCalledWith('/api/applications/12/receipt.pdf');
    click.mockRestore();
  });

  it('says so when the receipt cannot be downloaded', async () => {
    files.download.mockRejectedValue(new Error('offline'));
    render(<PaymentActions application={application({ status: 'PENDING_REVIEW', paid: true, payment: payment({ status: 'successful' }) })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download receipt' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not download the receipt. Please try again.');
  });

  it('a checkout closed before paying is no payment: grey Not Paid and Pay Fee', () => {
    const app = application({ payment: payment({ status: 'pending', awaitingProvider: false }) });
    render(
      <>
        <PaymentStatusBadge status={paymentView(app).badgeStatus} />
        <PaymentActions application={app} />
      </>,
    );
    expect(screen.getByText('Not Paid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Fee' })).toBeInTheDocument();
    expect(screen.queryByText(PENDING)).toBeNull();
  });
});

describe('a payment under way', () => {
  it('shows the amber pending notice, no Pay Fee, and Check again asks the server then reloads', async () => {
    const onChanged = jest.fn();
    const app = application({ payment: payment({ awaitingProvider: true }) });
    api.verify.mockResolvedValue({
      status: 'pending',
      reference: 'APP-12-REF001',
      amount: 150.75,
      currency: 'ZMW',
      applicationId: 12,
      applicationStatus: 'PENDING',
      message: 'The payment is not confirmed yet.',
      awaitingProvider: true,
      failureReason: null,
    });
    render(
      <>
        <PaymentStatusBadge status={paymentView(app).badgeStatus} />
        <PaymentActions application={app} onChanged={onChanged} />
      </>,
    );
    expect(screen.getByText(PENDING)).toBeInTheDocument();
    expect(screen.getByText('Pending').closest('[data-kind]')).toHaveAttribute('data-kind', 'pending');
    expect(screen.queryByRole('button', { name: 'Pay Fee' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(api.verify).toHaveBeenCalledWith('APP-12-REF001');
    await screen.findByText(/Still waiting \(checked at \d\d:\d\d\)\. You do not need to pay again/);
    expect(api.initiate).not.toHaveBeenCalled();
  });

  it('says plainly when the check cannot reach the provider', async () => {
    const { HTTPError } = jest.requireActual('ky');
    const error = new HTTPError({ status: 502, statusText: '' }, { method: 'GET', url: 'http://localhost/api/payments/verify/x' }, {});
    error.data = { message: 'Could not reach the payment provider. Please try again.' };
    api.verify.mockRejectedValue(error);
    render(<PaymentActions application={application({ payment: payment({ awaitingProvider: true }) })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText('Could not reach the payment provider. Please try again. Check again in a minute.');
  });
});

describe('a failed payment', () => {
  it("is red with the provider's reason and Try again", () => {
    const app = application({ payment: payment({ status: 'failed', failureReason: 'Insufficient funds' }) });
    render(
      <>
        <PaymentStatusBadge status={paymentView(app).badgeStatus} />
        <PaymentActions application={app} />
      </>,
    );
    expect(screen.getByText('Failed').closest('[data-kind]')).toHaveAttribute('data-kind', 'failed');
    expect(screen.getByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByText('Insufficient funds')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Fee' })).toBeNull();
  });

  it('offers no Try again once the application is decided', () => {
    render(<PaymentActions application={application({ status: 'REJECTED', payment: payment({ status: 'failed', failureReason: 'Insufficient funds' }) })} />);
    expect(screen.getByText('Insufficient funds')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
