/** 'Pay Fee' with the fee shown before paying (spec §9: 'ZMW 150.75'). */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { APPLICATION_FEE_LABEL, type Application } from 'shared-api';
import { usePayFee } from '../hooks/usePayFee';
import { PaymentDialog } from './PaymentDialog';

export interface PayFeeButtonProps {
  application: Application;
  /** Called once the server confirmed the payment (for example to reload the list). */
  onPaid?: () => void;
}

export function PayFeeButton({ application, onPaid }: PayFeeButtonProps) {
  const { pay, busy, dialog, closeDialog } = usePayFee(application, onPaid);
  const feeId = useId();
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={feeId} variant="body2" component="span" sx={{ fontWeight: 600 }}>
          {APPLICATION_FEE_LABEL}
        </Typography>
        <Button variant="contained" color="secondary" onClick={() => void pay()} disabled={busy} aria-describedby={feeId}>
          {busy ? 'Processing...' : 'Pay Fee'}
        </Button>
      </Stack>
      <PaymentDialog state={dialog} onClose={closeDialog} />
    </>
  );
}
