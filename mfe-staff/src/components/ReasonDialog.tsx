import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';

/**
 * A refusal that needs a reason (declining an application, rejecting a
 * document): the reason is required, as the server requires it, and the
 * button stays off while the request is on its way.
 */
export function ReasonDialog({
  title,
  intro,
  label,
  missing,
  hint,
  confirmText,
  minRows = 3,
  maxLength,
  busy,
  onCancel,
  onSubmit,
}: {
  title: string;
  intro?: string;
  label: string;
  /** Shown under the field when it is sent empty. */
  missing: string;
  hint?: string;
  confirmText: string;
  minRows?: number;
  maxLength?: number;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const submit = () => {
    if (!reason.trim()) {
      setError(true);
      return;
    }
    onSubmit(reason.trim());
  };
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {intro && <DialogContentText sx={{ mb: 1 }}>{intro}</DialogContentText>}
        <TextField
          autoFocus
          label={label}
          required
          multiline
          minRows={minRows}
          fullWidth
          margin="dense"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(false);
          }}
          slotProps={maxLength ? { htmlInput: { maxLength } } : undefined}
          error={error}
          helperText={error ? missing : hint}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={submit} disabled={busy}>
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
