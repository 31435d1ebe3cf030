/** The payment feature's own small SweetAlert-like dialog. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export type DialogTone = 'success' | 'info' | 'warning' | 'error';

export interface DialogAction {
  label: string;
  onClick: () => void;
  primary?: boolean;
}

export interface PaymentDialogState {
  title: string;
  text: string;
  tone: DialogTone;
  /** Defaults to a single 'OK' that closes the dialog. */
  actions?: DialogAction[];
  /** Runs when the dialog is dismissed without choosing an action (Escape, backdrop, OK). */
  onDismiss?: () => void;
}

const TONE_COLOUR: Record<DialogTone, string> = { success: '#2e7d32', info: '#14213d', warning: '#b26a00', error: '#c62828' };

export function PaymentDialog({ state, onClose }: { state: PaymentDialogState | null; onClose: () => void }) {
  const id = useId();
  const actions = state?.actions ?? [{ label: 'OK', onClick: onClose, primary: true }];
  return (
    <Dialog open={state !== null} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      {state && (
        <>
          <DialogTitle id={`${id}-title`} sx={{ color: TONE_COLOUR[state.tone] }}>
            {state.title}
          </DialogTitle>
          <DialogContent>
            <DialogContentText id={`${id}-text`} sx={{ whiteSpace: 'pre-line' }}>
              {state.text}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            {actions.map((action) => (
              <Button key={action.label} onClick={action.onClick} variant={action.primary ? 'contained' : 'text'}>
                {action.label}
              </Button>
            ))}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
