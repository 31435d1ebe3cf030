/**
 * 'Have a fee waiver code?' beside Pay Fee (issue 16 item 4): a small dialog
 * where the applicant enters a code a university gave them. The server checks
 * it; accepted, the application is paid by waiver (no payment is made) and
 * the page reloads it; refused, the reason shows under the field.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { errorStatus, errorText, feeWaiversApi, type Application } from 'shared-api';
import { notify } from 'shared-auth';

/** 'code: this fee waiver code has expired.' reads 'This fee waiver code has expired.' */
export function codeProblemText(message: string): string {
  const text = message.replace(/^code:\s*/i, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function FeeWaiverAction({ application, onChanged }: { application: Pick<Application, 'id'>; onChanged?: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setOpen(false);
    setCode('');
    setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setProblem('Enter the fee waiver code you were given.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await feeWaiversApi.apply(application.id, code.trim());
      notify(result.message, 'success');
      setBusy(false);
      setOpen(false);
      setCode('');
      onChanged?.();
    } catch (err) {
      setBusy(false);
      const status = errorStatus(err);
      const message = errorText(err, 'Could not apply the code. Please try again.');
      setProblem(status === 400 || status === 409 ? codeProblemText(message) : message);
    }
  };

  return (
    <>
      <Button variant="text" onClick={() => setOpen(true)}>
        Have a fee waiver code?
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="xs">
        <form noValidate onSubmit={(e) => void submit(e)}>
          <DialogTitle id={`${id}-title`}>Use a fee waiver code</DialogTitle>
          <DialogContent>
            <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
              If the university gave you a fee waiver code, enter it here instead of paying. Your application is then ready for review.
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              label="Fee waiver code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={Boolean(problem)}
              helperText={problem ?? ' '}
              slotProps={{ htmlInput: { autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: 40 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Applying...' : 'Apply code'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
