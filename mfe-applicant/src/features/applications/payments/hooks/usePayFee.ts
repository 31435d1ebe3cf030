/**
 * The whole fee payment: preconditions, widget configuration, loading the
 * provider's script, opening a reference, the checkout and the server-side
 * verification — each outcome ends in one dialog with the spec's texts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { APPLICATION_FEE, errorText, errorStatus, FALLBACK_CUSTOMER_PHONE, PAYMENT_CHANNELS, paymentsApi, TIMINGS, type Application, type PaymentConfig } from 'shared-api';
import { requestLogout, useAuth } from 'shared-auth';
import type { PaymentDialogState } from '../components/PaymentDialog';
import { MESSAGES } from '../lib/messages';
import { PENDING_TEXT } from '../lib/payment-view';
import { loadLencoWidget, type LencoPay } from '../lib/widget';

const NO_LOGOUT = { skipLogoutOn401: true } as const;
const CANCELLED_TEXT = 'The payment window was closed before the payment was completed.';

function splitName(fullName: string | null | undefined): { firstName: string; lastName: string } {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: 'Applicant', lastName: 'Applicant' };
  return { firstName: parts[0]!, lastName: parts.length > 1 ? parts.slice(1).join(' ') : parts[0]! };
}

function failureText(prefix: string, error: unknown): string {
  const status = errorStatus(error);
  const detail = errorText(error, error instanceof Error && !status ? error.message : '');
  return `${prefix}${status ? ` (${status})` : ''}${detail ? `: ${detail}` : ''}`;
}

export function usePayFee(application: Application | null | undefined, onChanged?: () => void) {
  const token = useAuth((s) => s.token);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<PaymentDialogState | null>(null);
  const mounted = useRef(true);
  const logoutTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const show = useCallback((state: PaymentDialogState | null) => {
    if (mounted.current) setDialog(state);
  }, []);
  const close = useCallback(() => setDialog(null), []);
  const dismiss = useCallback(() => {
    const onDismiss = dialog?.onDismiss;
    setDialog(null);
    onDismiss?.();
  }, [dialog]);
  const finish = useCallback(() => {
    if (mounted.current) setBusy(false);
  }, []);

  const sessionExpired = useCallback(() => {
    show({ title: 'Session Expired', text: MESSAGES.sessionExpired, tone: 'error' });
    if (!logoutTimer.current) {
      logoutTimer.current = setTimeout(() => {
        logoutTimer.current = null;
        requestLogout('expired');
      }, TIMINGS.sessionExpiredRedirectMs);
    }
  }, [show]);

  /** The amber 'Payment Pending' dialog: money may be on its way, so nothing says cancelled or failed. */
  const showPending = useCallback(
    (reference: string) =>
      show({
        title: MESSAGES.pending,
        text: `${PENDING_TEXT}.\nYou do not need to pay again: this application shows the payment as pending until they confirm, and 'Check again' asks them now.\nReference: ${reference}`,
        tone: 'warning',
        onDismiss: onChanged,
      }),
    [onChanged, show],
  );

  const verify = useCallback(
    /**
     * 'success': the widget reported a payment; 'closed': the checkout was
     * closed; 'pending': the widget said the payment awaits confirmation. The
     * server asks the provider in every case, and the dialog says what it
     * answered, once, with what to do next.
     */
    async (reference: string, after: 'success' | 'closed' | 'pending' = 'success') => {
      try {
        const result = await paymentsApi.verify(reference, NO_LOGOUT);
        if (result.status === 'successful') {
          if (result.applicationStatus === 'PENDING' || result.applicationStatus === 'SUBMITTED') {
            // Paid, but the application did not move: the applicant needs support.
            show({ title: 'Payment Received', text: `${MESSAGES.supportWarning}\nReference: ${reference}`, tone: 'warning', onDismiss: onChanged });
          } else {
            // The list reloads once the applicant has read the dialog: reloading first would unmount this button and its dialog.
            show({
              title: 'Payment Successful',
              text: `Your payment of ${result.currency} ${result.amount.toFixed(2)} was received. Your application is now ready for review.\nReference: ${reference}`,
              tone: 'success',
              onDismiss: onChanged,
            });
          }
        } else if (result.status === 'pending') {
          // Closed before anything was paid: the only case that is a cancellation.
          if (after === 'closed' && !result.awaitingProvider) show({ title: MESSAGES.cancelled, text: CANCELLED_TEXT, tone: 'info', onDismiss: onChanged });
          else showPending(reference);
        } else if (result.status === 'failed') {
          show({
            title: MESSAGES.verificationFailed,
            text: `The payment did not go through: ${result.failureReason ?? 'the payment provider declined it.'}\nNo fee was taken for this application. Press 'Try again' to pay again.\nReference: ${reference}`,
            tone: 'error',
            onDismiss: onChanged,
          });
        } else {
          show({ title: MESSAGES.verificationFailed, text: `${result.message}\nReference: ${reference}`, tone: 'error', onDismiss: onChanged });
        }
      } catch (error) {
        if (errorStatus(error) === 401) sessionExpired();
        else if (after === 'pending') showPending(reference);
        else
          show({
            title: MESSAGES.verificationError,
            text: `${failureText(MESSAGES.verifyFailed, error)}\nIf money left your account it will still be recorded: open this application in a few minutes to see the payment.\nReference: ${reference}`,
            tone: 'error',
            onDismiss: onChanged,
          });
      } finally {
        finish();
      }
    },
    [finish, onChanged, sessionExpired, show, showPending],
  );

  const openCheckout = useCallback(
    (widget: LencoPay, config: PaymentConfig, payment: { reference: string; amount: number; currency: string }, email: string) => {
      const app = application!;
      try {
        widget.getPaid({
          key: config.publicKey,
          reference: payment.reference,
          email,
          amount: payment.amount,
          currency: payment.currency,
          channels: [...PAYMENT_CHANNELS],
          customer: { ...splitName(app.fullName || app.user?.fullName), phone: app.user?.phone || FALLBACK_CUSTOMER_PHONE },
          onSuccess: (response) => {
            void verify(response?.reference || payment.reference);
          },
          onClose: () => {
            void verify(payment.reference, 'closed');
          },
          onConfirmationPending: () => {
            // The server asks the provider now, so the application shows the payment as pending from here on.
            void verify(payment.reference, 'pending');
          },
        });
      } catch {
        show({ title: 'Error', text: MESSAGES.gatewayError, tone: 'error' });
        finish();
      }
    },
    [application, finish, show, verify],
  );

  const pay = useCallback(async () => {
    if (busy) return;
    const app = application;
    const email = app ? app.email || app.user?.email || '' : '';
    const phone = app ? app.phoneNumber || app.user?.phone || '' : '';
    const precondition = !app
      ? MESSAGES.noApplication
      : !app.id
        ? MESSAGES.noApplicationId
        : !email.trim()
          ? MESSAGES.noEmail
          : !phone.trim()
            ? MESSAGES.noPhone
            : !token
              ? MESSAGES.authRequired
              : null;
    if (precondition || !app) {
      show({ title: 'Error', text: precondition ?? MESSAGES.noApplication, tone: 'error' });
      return;
    }
    setBusy(true);
    let config: PaymentConfig;
    try {
      config = await paymentsApi.config();
    } catch (error) {
      if (errorStatus(error) === 401) sessionExpired();
      else show({ title: 'Error', text: errorText(error, MESSAGES.gatewayError), tone: 'error' });
      finish();
      return;
    }
    const widget = await loadLencoWidget(config.widgetUrl);
    if (!widget) {
      show({ title: 'Error', text: MESSAGES.gatewayNotLoaded, tone: 'error' });
      finish();
      return;
    }
    try {
      // The spec's body carries the fee as shown; the server sets the amount and currency itself (the intake's fee for this applicant) and answers them.
      const shown = app.fee ?? APPLICATION_FEE;
      const payment = await paymentsApi.initiate({ applicationId: app.id, email, amount: shown.amount, currency: shown.currency }, NO_LOGOUT);
      openCheckout(widget, config, payment, email);
    } catch (error) {
      const status = errorStatus(error);
      // Only an open reference nothing is under way on: a failed one is over, and one the provider holds must not be paid twice.
      const existing = app.payment?.reference && app.payment.status === 'pending' && !app.payment.awaitingProvider ? app.payment.reference : null;
      if (status === 401) {
        sessionExpired();
        finish();
      } else if (status === 500 && existing) {
        show({
          title: MESSAGES.initiateFailed,
          text: `${failureText(MESSAGES.initiateFailed, error)}\nThis application already has a payment reference (${existing}). Do you want to use the existing payment reference?`,
          tone: 'warning',
          onDismiss: finish,
          actions: [
            {
              label: 'Cancel',
              onClick: () => {
                close();
                finish();
              },
            },
            {
              label: 'Use existing reference',
              primary: true,
              onClick: () => {
                close();
                // The existing reference was opened for the fee stored with it.
                const owed = app.payment?.reference === existing ? app.payment : (app.fee ?? APPLICATION_FEE);
                openCheckout(widget, config, { reference: existing, amount: owed.amount, currency: owed.currency }, email);
              },
            },
          ],
        });
      } else {
        // A 409 means the application changed meanwhile (paid, decided, a payment under way): reload it after reading.
        show({ title: MESSAGES.initiateFailed, text: failureText(MESSAGES.initiateFailed, error), tone: 'error', onDismiss: status === 409 ? onChanged : undefined });
        finish();
      }
    }
  }, [application, busy, close, finish, onChanged, openCheckout, sessionExpired, show, token]);

  return { pay, busy, dialog, closeDialog: dismiss };
}
