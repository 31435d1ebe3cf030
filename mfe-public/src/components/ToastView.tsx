import type { Ref } from 'react';
import Snackbar from '@mui/material/Snackbar';
import Alert, { type AlertColor } from '@mui/material/Alert';
import { TIMINGS } from 'shared-api';

export interface ToastViewProps {
  id: number;
  message: string;
  severity: AlertColor;
  open: boolean;
  onClose: () => void;
  alertRef: Ref<HTMLDivElement>;
}

/** The visible toast: top-right, closes by itself after 5000 ms (spec §9). Loaded on first use. */
export default function ToastView({ id, message, severity, open, onClose, alertRef }: ToastViewProps) {
  return (
    <Snackbar
      key={id}
      open={open}
      autoHideDuration={TIMINGS.toastMs}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Alert
        ref={alertRef}
        tabIndex={-1}
        severity={severity}
        variant="standard"
        onClose={onClose}
        sx={{ width: '100%', maxWidth: 420, boxShadow: 6, '&:focus-visible': { outline: '3px solid #14213d', outlineOffset: 2 } }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
