import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'ky';
import { FALLBACK_CUSTOMER_PHONE, paymentsApi, type Application } from 'shared-api';
import { authStore, LOGOUT_EVENT } from 'shared-auth';
import { PayFeeButton, PaymentStatusBadge } from './index';
import { loadLencoWidget, type LencoPayOptions } from './lib/widget';

jest.mock('shared-api', () => ({
  ...jest.requireActual('shared-api'),
  paymentsApi: { config: jest.fn(), initiate: jest.fn(), verify: jest.fn() },
}));

const api = paymentsApi as jest.Mocked<typeof paymentsApi>;
const CONFIG = { publicKey: 'pub-test', widgetUrl: '/sandbox/lenco/js/v1/inline.js', amount: 150.75, currency: 'ZMW', sandbox: true };

function httpError(status: number, data?: unknown): HTTPError {
  const error = new HTTPError({ status, statusText: '' } as never, { method: 'POST', url: 'http://localhost/api/payments/initiate' } as never, {} as never);
  error.data = data;
  return error;
}

function application(overrides: Partial<Application> = {}): Application {
  const date = '2026-01-05T00:00:00.000Z';
  return {
    id: 12,
    status: 'PENDING',
    fullName: 'Ada Mwila Banda',
    applicantName: 'Ada Mwila Banda',
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
    user: { id: 7, fullName: 'Ada Mwila Banda', email: 'ada@example.com', phone: null },
    files: [],
    history: [],
    ...overrides,
  };
}

let lastOptions: LencoPayOptions | null = null;
const getPaid = jest.fn((options: LencoPayOptions) => {
  lastOptions = options;
});

beforeEach(() => {
  jest.clearAllMocks();
  lastOptions = null;
  window.LencoPay = { getPaid };
  authStore.setState({ token: 'token', user: null, loading: false, loggingOut: false, selectedUniversity: null });
  api.config.mockResolvedValue(CONFIG);
  api.initiate.mockResolvedValue({ reference: 'APP-12-ABC123', amount: 150.75, currency: 'ZMW' });
  api.verify.mockResolvedValue({
    status: 'successful',
    reference: 'APP-12-ABC123',
    amount: 150.75,
    currency: 'ZMW',
    applicationId: 12,
    applicationStatus: 'PENDING_REVIEW',
    message: 'Payment verified successfully.',
    awaitingProvider: false,
    failureReason: null,
  });
});

afterEach(() => {
  delete window.LencoPay;
  document.head.querySelectorAll('script[data-lenco-widget]').forEach((s) => s.remove());
  jest.useRealTimers();
});

async function clickPay() {
  fireEvent.click(screen.getByRole('button', { name: 'Pay Fee' }));
}

async function openWidget(app = application(), onChanged?: () => void) {
  render(<PayFeeButton application={app} onChanged={onChanged} />);
  await clickPay();
  await waitFor(() => expect(getPaid).toHaveBeenCalled());
  return lastOptions!;
}

function dialog() {
  return screen.getByRole('dialog');
}

describe('PayFeeButton', () => {
  it("shows 'ZMW 150.75' before paying", () => {
    render(<PayFeeButton application={application()} />);
    expect(screen.getByText('ZMW 150.75')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Fee' })).toHaveAccessibleDescription('ZMW 150.75');
  });

  it.each([
    ['Application ID is missing', application({ id: 0 })],
    ['User email is required for payment', application({ email: '', user: { id: 7, fullName: 'Ada', email: '', phone: null } })],
    ['Phone number is required for payment', application({ phoneNumber: '', user: { id: 7, fullName: 'Ada', email: 'a@b.c', phone: null } })],
  ])('refuses to start without its preconditions: %s', async (text, app) => {
    render(<PayFeeButton application={app} />);
    await clickPay();
    await screen.findByText(text);
    expect(api.config).not.toHaveBeenCalled();
    expect(api.initiate).not.toHaveBeenCalled();
  });

  it("says 'No application data available' without an application", async () => {
    render(<PayFeeButton application={null as unknown as Application} />);
    await clickPay();
    await screen.findByText('No application data available');
  });

  it('asks to sign in again when there is no session', async () => {
    authStore.setState({ token: null });
    render(<PayFeeButton application={application()} />);
    await clickPay();
    await screen.findByText('Authentication required. Please log in again.');
    expect(api.initiate).not.toHaveBeenCalled();
  });

  it('opens the widget with the reference, email, amount, currency, both channels and the customer (fallback phone)', async () => {
    const options = await openWidget();
    expect(api.initiate).toHaveBeenCalledWith({ applicationId: 12, email: 'ada@example.com', amount: 150.75, currency: 'ZMW' }, { skipLogoutOn401: true });
    expect(options).toMatchObject({
      key: 'pub-test',
      reference: 'APP-12-ABC123',
      email: 'ada@example.com',
      amount: 150.75,
      currency: 'ZMW',
      channels: ['card', 'mobile-money'],
      customer: { firstName: 'Ada', lastName: 'Mwila Banda', phone: FALLBACK_CUSTOMER_PHONE },
    });
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it("shows the application's own fee (the intake's, for the applicant's category) and pays in the currency the server answers", async () => {
    api.initiate.mockResolvedValue({ reference: 'APP-12-USD', amount: 60, currency: 'USD' });
    api.verify.mockResolvedValue({
      status: 'successful',
      reference: 'APP-12-USD',
      amount: 60,
      currency: 'USD',
      applicationId: 12,
      applicationStatus: 'PENDING_REVIEW',
      message: 'Payment verified successfully.',
      awaitingProvider: false,
      failureReason: null,
    });
    const kenyan = application({ nationality: 'Kenyan', fee: { amount: 60, currency: 'USD', category: 'INTERNATIONAL' } });
    render(<PayFeeButton application={kenyan} />);
    expect(screen.getByText('USD 60.00')).toBeInTheDocument();
    expect(screen.queryByText('ZMW 150.75')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay Fee' })).toHaveAccessibleDescription('USD 60.00');
    await clickPay();
    await waitFor(() => expect(getPaid).toHaveBeenCalled());
    expect(api.initiate).toHaveBeenCalledWith({ applicationId: 12, email: 'ada@example.com', amount: 60, currency: 'USD' }, { skipLogoutOn401: true });
    expect(lastOptions).toMatchObject({ reference: 'APP-12-USD', amount: 60, currency: 'USD' });
    await act(async () => lastOptions!.onSuccess?.({ reference: 'APP-12-USD' }));
    expect(await within(dialog()).findByText(/Your payment of USD 60\.00 was received/)).toBeInTheDocument();
  });

  it("uses the applicant's own phone for the customer when there is one", async () => {
    const options = await openWidget(application({ user: { id: 7, fullName: 'Ada Banda', email: 'ada@example.com', phone: '0977000111' } }));
    expect(options.customer.phone).toBe('0977000111');
  });

  it('verifies on success with the server and shows the success dialog', async () => {
    const onPaid = jest.fn();
    const options = await openWidget(application(), onPaid);
    act(() => options.onSuccess({ reference: 'APP-12-ABC123' }));
    await screen.findByText('Payment Successful');
    expect(api.verify).toHaveBeenCalledWith('APP-12-ABC123', { skipLogoutOn401: true });
    expect(onPaid).not.toHaveBeenCalled();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pay Fee' })).toBeEnabled();
  });

  it("shows 'Payment Verification Failed' when the server does not report successful", async () => {
    api.verify.mockResolvedValue({
      status: 'failed',
      reference: 'APP-12-ABC123',
      amount: 150.75,
      currency: 'ZMW',
      applicationId: 12,
      applicationStatus: 'PENDING',
      message: 'The payment failed.',
      awaitingProvider: false,
      failureReason: null,
    });
    const onPaid = jest.fn();
    const options = await openWidget(application(), onPaid);
    act(() => options.onSuccess({ reference: 'APP-12-ABC123' }));
    await screen.findByText('Payment Verification Failed');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("shows 'Verification Error' when the verification call fails", async () => {
    api.verify.mockRejectedValue(httpError(502, { message: 'Could not reach the payment provider. Please try again.' }));
    const options = await openWidget();
    act(() => options.onSuccess(undefined));
    await screen.findByText('Verification Error');
    expect(dialog()).toHaveTextContent('Failed to verify payment (502): Could not reach the payment provider. Please try again.');
    expect(api.verify).toHaveBeenCalledWith('APP-12-ABC123', { skipLogoutOn401: true });
  });

  it('warns to contact support when the payment was received but the application did not move', async () => {
    api.verify.mockResolvedValue({
      status: 'successful',
      reference: 'APP-12-ABC123',
      amount: 150.75,
      currency: 'ZMW',
      applicationId: 12,
      applicationStatus: 'PENDING',
      message: 'ok',
      awaitingProvider: false,
      failureReason: null,
    });
    const onPaid = jest.fn();
    const options = await openWidget(application(), onPaid);
    act(() => options.onSuccess({ reference: 'APP-12-ABC123' }));
    await screen.findByText(/Payment was received but we could not update your application\. Please contact support with your payment reference\./);
    expect(dialog()).toHaveTextContent('APP-12-ABC123');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it("shows 'Payment Cancelled' when the checkout is closed before anything was paid, and the pending notice while confirmation is pending", async () => {
    api.verify.mockResolvedValue({
      status: 'pending',
      reference: 'APP-12-ABC123',
      amount: 150.75,
      currency: 'ZMW',
      applicationId: 12,
      applicationStatus: 'PENDING',
      message: 'The payment is not confirmed yet.',
      awaitingProvider: false,
      failureReason: null,
    });
    const onChanged = jest.fn();
    const options = await openWidget(application(), onChanged);
    act(() => options.onClose());
    await screen.findByText('Payment Cancelled');
    expect(api.verify).toHaveBeenCalledWith('APP-12-ABC123', { skipLogoutOn401: true });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChanged).toHaveBeenCalledTimes(1);

    api.verify.mockResolvedValue({
      status: 'pending',
      reference: 'APP-12-ABC123',
      amount: 150.75,
      currency: 'ZMW',
      applicationId: 12,
      applicationStatus: 'PENDING',
      message: 'The payment is not confirmed yet.',
      awaitingProvider: true,
      failureReason: null,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pay Fee' }));
    await waitFor(() => expect(getPaid).toHaveBeenCalledTimes(2));
    act(() => lastOptions!.onConfirmationPending());
    await screen.findByText('Payment Pending');
    // The server is asked at once, so the application shows the payment as pending from now on.
    expect(api.verify).toHaveBeenCalledTimes(2);
    expect(dialog()).toHaveTextContent('Payment Pending — we are waiting for confirmation from your mobile money provider');
    expect(dialog()).not.toHaveTextContent('Cancelled');
  });

  it("closing the checkout while a payment is pending at the provider never says 'Payment Cancelled'", async () => {
    api.verify.mockResolvedValue({
      status: 'pending',
      reference: 'APP-12-ABC123',
      amount: 150.75,
      currency: 'ZMW',
      applicationId: 12,
      applicationStatus: 'PENDING',
      message: 'The payment is not confirmed yet.',
      awaitingProvider: true,
      failureReason: null,
    });
    const options = await openWidget();
    act(() => options.onClose());
    await screen.findByText('Payment Pending');
    expect(screen.queryByText('Payment Cancelled')).toBeNull();
  });

  it("a checkout closed after a declined payment says once what happened, with the provider's reason and the next step", async () => {
    api.verify.mockResolvedValue({
      status: 'failed',
      reference: 'APP-12-ABC123',
      amount: 150.75,
      currency: 'ZMW',
      applicationId: 12,
      applicationStatus: 'PENDING',
      message: 'The payment failed.',
      awaitingProvider: false,
      failureReason: 'Insufficient funds',
    });
    const onChanged = jest.fn();
    const options = await openWidget(application(), onChanged);
    act(() => options.onClose());
    await screen.findByText('Payment Verification Failed');
    expect(dialog()).toHaveTextContent("The payment did not go through: Insufficient funds No fee was taken for this application. Press 'Try again' to pay again.");
    expect(dialog()).not.toHaveTextContent('The payment failed.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay Fee' })).toBeEnabled());
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("a check that cannot reach the provider after the checkout closed says so with a next step, not 'Payment Cancelled'", async () => {
    api.verify.mockRejectedValue(httpError(502, { message: 'Could not reach the payment provider. Please try again.' }));
    const options = await openWidget();
    act(() => options.onClose());
    await screen.findByText('Verification Error');
    expect(dialog()).toHaveTextContent('If money left your account it will still be recorded');
    expect(screen.queryByText('Payment Cancelled')).toBeNull();
  });

  it("shows 'Payment gateway error. Please try again.' when the widget throws", async () => {
    getPaid.mockImplementationOnce(() => {
      throw new Error('widget crashed');
    });
    render(<PayFeeButton application={application()} />);
    await clickPay();
    await screen.findByText('Payment gateway error. Please try again.');
  });

  it('loads the script and gives up after 20 checks every 500 ms', async () => {
    jest.useFakeTimers();
    delete window.LencoPay;
    render(<PayFeeButton application={application()} />);
    await clickPay();
    await act(async () => {
      await Promise.resolve();
    });
    const script = document.head.querySelector<HTMLScriptElement>('script[data-lenco-widget]');
    expect(script?.getAttribute('src')).toBe('/sandbox/lenco/js/v1/inline.js');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(9_500);
    });
    expect(screen.queryByText('Payment gateway not loaded. Please refresh and try again.')).not.toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(600);
    });
    expect(screen.getByText('Payment gateway not loaded. Please refresh and try again.')).toBeInTheDocument();
    expect(api.initiate).not.toHaveBeenCalled();
  });

  it('picks the widget up as soon as the script defines it', async () => {
    jest.useFakeTimers();
    delete window.LencoPay;
    const found = loadLencoWidget('/w.js');
    await jest.advanceTimersByTimeAsync(1_000);
    window.LencoPay = { getPaid };
    await jest.advanceTimersByTimeAsync(500);
    await expect(found).resolves.toBe(window.LencoPay);
    expect(document.head.querySelectorAll('script[data-lenco-widget]')).toHaveLength(1);
  });

  it("on a 401 shows 'Session expired. Please log in again.' and asks the shell to log out after 2 s", async () => {
    jest.useFakeTimers();
    api.initiate.mockRejectedValue(httpError(401, { message: 'Authentication required. Please log in again.' }));
    const logout = jest.fn();
    window.addEventListener(LOGOUT_EVENT, logout);
    render(<PayFeeButton application={application()} />);
    await clickPay();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(api.initiate).toHaveBeenCalledWith(expect.anything(), { skipLogoutOn401: true });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1_900);
    });
    expect(logout).not.toHaveBeenCalled();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(200);
    });
    expect(logout).toHaveBeenCalledTimes(1);
    expect((logout.mock.calls[0][0] as CustomEvent).detail).toEqual({ reason: 'expired' });
    window.removeEventListener(LOGOUT_EVENT, logout);
  });

  it('on a 500 offers to use the existing payment reference', async () => {
    api.initiate.mockRejectedValue(httpError(500, { message: 'Internal server error' }));
    const app = application({ payment: { reference: 'APP-12-OLD999', amount: 150.75, currency: 'ZMW', status: 'pending', channel: null, paidAt: null, awaitingProvider: false, failureReason: null } });
    render(<PayFeeButton application={app} />);
    await clickPay();
    await screen.findByText(/Do you want to use the existing payment reference\?/);
    expect(dialog()).toHaveTextContent('Failed to initiate payment (500): Internal server error');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Use existing reference' }));
    await waitFor(() => expect(getPaid).toHaveBeenCalled());
    expect(lastOptions).toMatchObject({ reference: 'APP-12-OLD999', amount: 150.75, currency: 'ZMW', key: 'pub-test' });
  });

  it('on a 500 without an existing reference, and on other failures, shows the failure with status and message', async () => {
    api.initiate.mockRejectedValue(httpError(500, { message: 'Internal server error' }));
    render(<PayFeeButton application={application()} />);
    await clickPay();
    await screen.findByText('Failed to initiate payment (500): Internal server error');
    expect(screen.queryByRole('button', { name: 'Use existing reference' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'OK' }));
    api.initiate.mockRejectedValue(httpError(409, { message: 'This application has already been paid.' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay Fee' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Pay Fee' }));
    await screen.findByText('Failed to initiate payment (409): This application has already been paid.');
    expect(getPaid).not.toHaveBeenCalled();
  });

  it('never offers to reuse a failed reference', async () => {
    api.initiate.mockRejectedValue(httpError(500, { message: 'Internal server error' }));
    render(
      <PayFeeButton
        application={application({
          payment: { reference: 'APP-12-OLD999', amount: 150.75, currency: 'ZMW', status: 'failed', channel: null, paidAt: null, awaitingProvider: false, failureReason: 'Declined' },
        })}
      />,
    );
    await clickPay();
    await screen.findByText('Failed to initiate payment (500): Internal server error');
    expect(screen.queryByRole('button', { name: 'Use existing reference' })).toBeNull();
  });

  it('dismissing the reuse offer re-enables the button', async () => {
    api.initiate.mockRejectedValue(httpError(500, {}));
    render(
      <PayFeeButton
        application={application({
          payment: { reference: 'APP-12-OLD999', amount: 150.75, currency: 'ZMW', status: 'pending', channel: null, paidAt: null, awaitingProvider: false, failureReason: null },
        })}
      />,
    );
    await clickPay();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay Fee' })).toBeEnabled());
    expect(getPaid).not.toHaveBeenCalled();
  });
});

describe('PaymentStatusBadge', () => {
  it.each([
    ['successful', 'Successful', 'successful'],
    ['pending', 'Pending', 'pending'],
    ['failed', 'Failed', 'failed'],
    ['expired', 'Failed', 'failed'],
    ['otp-required', 'Failed', 'failed'],
    [null, 'Not Paid', 'none'],
    [undefined, 'Not Paid', 'none'],
  ])('%s → %s', (status, label, kind) => {
    render(<PaymentStatusBadge status={status} />);
    const badge = screen.getByText(label).closest('[data-kind]');
    expect(badge).toHaveAttribute('data-kind', kind);
  });

  it('uses the spec colours: green, amber, red, grey', () => {
    const { rerender } = render(<PaymentStatusBadge status="successful" />);
    expect(screen.getByText('Successful').closest('[data-kind]')).toHaveStyle({ backgroundColor: '#2e7d32' });
    rerender(<PaymentStatusBadge status="pending" />);
    expect(screen.getByText('Pending').closest('[data-kind]')).toHaveStyle({ backgroundColor: '#ffb300' });
    rerender(<PaymentStatusBadge status="failed" />);
    expect(screen.getByText('Failed').closest('[data-kind]')).toHaveStyle({ backgroundColor: '#c62828' });
    rerender(<PaymentStatusBadge />);
    expect(screen.getByText('Not Paid').closest('[data-kind]')).toHaveStyle({ backgroundColor: '#757575' });
  });
});
