/**
 * The fee part of an application card and detail: Pay Fee while a fee is
 * owed and nothing is under way; the amber pending notice with 'Check again'
 * while the provider holds a payment; the red failure with the provider's
 * reason and 'Try again'; once paid, 'Download receipt'. Nothing to pay when
 * no fee is due.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorStatus, errorText, filesApi, paymentsApi, type Application } from 'shared-api';
import { saveBlob } from '../../../../lib/format';
import { paymentView, PENDING_TEXT } from '../lib/payment-view';
import { PayFeeButton } from './PayFeeButton';

const PENDING_COLOUR = '#ffb300';
const FAILED_COLOUR = '#c62828';

export interface PaymentActionsProps {
  application: Application;
  /** Called whenever the payment may have changed, to reload the application. */
  onChanged?: () => void;
}

function useCheckAgain(reference: string | null, onChanged?: () => void) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const check = useCallback(async () => {
    if (!reference || busy) return;
    setBusy(true);
    setNote(null);
    try {
      const result = await paymentsApi.verify(reference);
      if (!mounted.current) return;
      if (result.status === 'pending') {
        const at = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Lusaka' }).format(new Date());
        setNote(`Still waiting (checked at ${at}). You do not need to pay again; check again in a minute.`);
      }
      onChanged?.();
    } catch (error) {
      if (!mounted.current) return;
      const status = errorStatus(error);
      setNote(status === 401 ? 'Your session has ended. Please log in again.' : `${errorText(error, 'Could not reach the payment provider.')} Check again in a minute.`);
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, [busy, onChanged, reference]);
  return { check, busy, note };
}

/** The receipt PDF (issue 22), through the files download (the shell's shared-api has no receipt call yet). */
function ReceiptButton({ applicationId }: { applicationId: number }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      saveBlob(await filesApi.download(`/api/applications/${applicationId}/receipt.pdf`), `receipt-application-${applicationId}.pdf`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Button variant="outlined" onClick={() => void download()} disabled={busy}>
        {busy ? 'Downloading...' : 'Download receipt'}
      </Button>
      {failed && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          Could not download the receipt. Please try again.
        </Typography>
      )}
    </Box>
  );
}

export function PaymentActions({ application, onChanged }: PaymentActionsProps) {
  const view = paymentView(application);
  const { check, busy, note } = useCheckAgain(view.reference, onChanged);

  if (view.kind === 'pending') {
    return (
      <Box role="status" sx={{ border: `2px solid ${PENDING_COLOUR}`, bgcolor: '#fff8e1', color: '#1a1a1a', borderRadius: 1, p: 1.5, width: '100%' }}>
        <Typography sx={{ fontWeight: 600 }}>{PENDING_TEXT}</Typography>
        {view.reference && <Typography variant="body2">Reference: {view.reference}</Typography>}
        <Button variant="outlined" color="inherit" onClick={() => void check()} disabled={busy} sx={{ mt: 1 }}>
          {busy ? 'Checking...' : 'Check again'}
        </Button>
        {note && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {note}
          </Typography>
        )}
      </Box>
    );
  }
  if (view.kind === 'failed') {
    return (
      <Box sx={{ border: `2px solid ${FAILED_COLOUR}`, bgcolor: '#ffebee', color: '#1a1a1a', borderRadius: 1, p: 1.5, width: '100%' }}>
        <Typography sx={{ fontWeight: 600, color: FAILED_COLOUR }}>Payment failed</Typography>
        <Typography variant="body2">{view.failureReason ?? 'The payment provider declined the payment.'}</Typography>
        {view.canPay && (
          <Box sx={{ mt: 1 }}>
            <PayFeeButton application={application} onChanged={onChanged} label="Try again" />
          </Box>
        )}
      </Box>
    );
  }
  if (view.kind === 'paid' && application.waived) {
    return (
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          Fee waived with a fee waiver code
        </Typography>
        <ReceiptButton applicationId={application.id} />
      </Box>
    );
  }
  if (view.kind === 'paid') return <ReceiptButton applicationId={application.id} />;
  if (view.kind === 'none' && view.canPay) return <PayFeeButton application={application} onChanged={onChanged} />;
  return null;
}
