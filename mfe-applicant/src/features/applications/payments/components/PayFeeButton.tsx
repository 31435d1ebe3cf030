/** 'Pay Fee' with the fee shown before paying: the application's own fee (spec §9: 'ZMW 150.75' when the intake sets none). */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { APPLICATION_FEE, type Application } from 'shared-api';
import { feeLabel } from 'shared-api/fees';
import { usePayFee } from '../hooks/usePayFee';
import { FeeWaiverAction } from './FeeWaiverDialog';
import { PaymentDialog } from './PaymentDialog';

export interface PayFeeButtonProps {
  application: Application;
  /** Called once the applicant has read the outcome, whatever it was (for example to reload the list). */
  onChanged?: () => void;
  /** 'Pay Fee', or 'Try again' after a failed payment. */
  label?: string;
}

export function PayFeeButton({ application, onChanged, label = 'Pay Fee' }: PayFeeButtonProps) {
  const { pay, busy, dialog, closeDialog } = usePayFee(application, onChanged);
  const feeId = useId();
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={feeId} variant="body2" component="span" sx={{ fontWeight: 600 }}>
          {feeLabel(application?.fee ?? APPLICATION_FEE)}
        </Typography>
        <Button variant="contained" color="secondary" onClick={() => void pay()} disabled={busy} aria-describedby={feeId}>
          {busy ? 'Processing...' : label}
        </Button>
        {application && <FeeWaiverAction application={application} onChanged={onChanged} />}
      </Stack>
      <PaymentDialog state={dialog} onClose={closeDialog} />
    </>
  );
}
