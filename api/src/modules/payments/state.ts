/**
 * What a payment means for the person looking at it, from what the provider
 * last said (issue 22: payment states that cannot mislead). One place, so the
 * application pages and the verify answer never disagree.
 */

/** Provider statuses of a collection that is under way: money may still arrive. */
const IN_FLIGHT = new Set(['pending', 'otp-required', 'pay-offline', '3ds-auth-required']);

export const MISMATCH_REASON = 'The amount or currency paid did not match the fee.';
export const DECLINED_REASON = 'The payment provider declined the payment.';

export function paymentState(payment: { status: string; providerStatus: string | null; providerReason: string | null }): {
  awaitingProvider: boolean;
  failureReason: string | null;
} {
  const awaitingProvider = payment.status === 'pending' && payment.providerStatus !== null && IN_FLIGHT.has(payment.providerStatus);
  let failureReason: string | null = null;
  if (payment.status === 'failed') {
    // The provider took the money but it was not the fee: say so, not "declined".
    if (payment.providerStatus === 'successful') failureReason = MISMATCH_REASON;
    else failureReason = payment.providerReason?.trim() ? payment.providerReason.trim().slice(0, 300) : DECLINED_REASON;
  }
  return { awaitingProvider, failureReason };
}

/** The provider's reason from a stored status payload (Lenco's `reasonForFailure`). */
export function providerReasonOf(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object') return null;
  const data = (payload as { data?: { reasonForFailure?: unknown } }).data ?? (payload as { reasonForFailure?: unknown });
  const reason = (data as { reasonForFailure?: unknown }).reasonForFailure;
  return typeof reason === 'string' ? reason : null;
}
