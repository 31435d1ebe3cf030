import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export type DialogIcon = 'success' | 'error' | 'warning' | 'info' | 'question';

export interface SweetDialogOptions {
  title: string;
  text?: string;
  icon?: DialogIcon;
  /** Text of the confirm button (default 'OK'). */
  confirmText?: string;
  /** When set, a cancel button is shown with this text. */
  cancelText?: string;
}

const ICONS: Record<DialogIcon, { symbol: string; color: string }> = {
  success: { symbol: '✓', color: '#2e7d32' },
  error: { symbol: '✕', color: '#d32f2f' },
  warning: { symbol: '!', color: '#ed6c02' },
  info: { symbol: 'i', color: '#0288d1' },
  question: { symbol: '?', color: '#607d8b' },
};

/** A SweetAlert-like dialog: a round icon, a title, a text, confirm and optional cancel. */
export function SweetDialog({ open, options, onClose }: { open: boolean; options: SweetDialogOptions | null; onClose: (confirmed: boolean) => void }) {
  const titleId = useId();
  const textId = useId();
  const icon = options?.icon ? ICONS[options.icon] : null;
  return (
    <Dialog open={open && options !== null} onClose={() => onClose(false)} aria-labelledby={titleId} aria-describedby={options?.text ? textId : undefined} maxWidth="xs" fullWidth>
      {icon && (
        <Box
          aria-hidden="true"
          sx={{
            mx: 'auto',
            mt: 3,
            width: 64,
            height: 64,
            borderRadius: '50%',
            border: `4px solid ${icon.color}`,
            color: icon.color,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 32,
            fontWeight: 700,
          }}
        >
          {icon.symbol}
        </Box>
      )}
      <DialogTitle id={titleId} sx={{ textAlign: 'center' }}>
        {options?.title}
      </DialogTitle>
      {options?.text && (
        <DialogContent>
          <DialogContentText id={textId} sx={{ textAlign: 'center' }}>
            {options.text}
          </DialogContentText>
        </DialogContent>
      )}
      <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1 }}>
        <Button variant="contained" onClick={() => onClose(true)} autoFocus>
          {options?.confirmText ?? 'OK'}
        </Button>
        {options?.cancelText && (
          <Button variant="outlined" color="error" onClick={() => onClose(false)}>
            {options.cancelText}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
