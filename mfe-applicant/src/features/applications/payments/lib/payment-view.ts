/**
 * What the applicant is shown for an application's fee, from the server's
 * facts (issue 22: payment states that cannot mislead):
 * - paid: the fee is paid (green);
 * - pending: the provider holds a payment that may still complete (amber), so
 *   no second payment is offered until it resolves;
 * - failed: the last attempt failed (red), with the provider's reason;
 * - none: nothing paid and nothing under way (a checkout closed before paying
 *   is no payment at all).
 * `canPay`: a fee is still owed and nothing is under way.
 */
import { DECIDABLE_STATUSES, type Application, type ApplicationStatus } from 'shared-api';

export type PaymentViewKind = 'paid' | 'pending' | 'failed' | 'none';

export interface PaymentView {
  kind: PaymentViewKind;
  /** The status the badge shows (spec §4 colours): null is grey 'Not Paid'. */
  badgeStatus: string | null;
  canPay: boolean;
  reference: string | null;
  failureReason: string | null;
}

export const PENDING_TEXT = 'Payment Pending — we are waiting for confirmation from your mobile money provider';

export function paymentView(application: Pick<Application, 'status' | 'paid' | 'payment'>): PaymentView {
  const payment = application.payment;
  const reference = payment?.reference ?? null;
  if (application.paid || payment?.status === 'successful') {
    return { kind: 'paid', badgeStatus: 'successful', canPay: false, reference, failureReason: null };
  }
  // The rule of shared-api's feeOwed, which the server applies (409 otherwise).
  // Written here from DECIDABLE_STATUSES because this remote runs on the shell's
  // copy of shared-api, which may be older than this remote and lack feeOwed.
  const owed = !application.paid && DECIDABLE_STATUSES.includes(application.status.toUpperCase() as ApplicationStatus);
  if (payment?.status === 'pending' && payment.awaitingProvider) {
    return { kind: 'pending', badgeStatus: 'pending', canPay: false, reference, failureReason: null };
  }
  if (payment?.status === 'failed') {
    return { kind: 'failed', badgeStatus: 'failed', canPay: owed, reference, failureReason: payment.failureReason ?? null };
  }
  return { kind: 'none', badgeStatus: null, canPay: owed, reference, failureReason: null };
}
