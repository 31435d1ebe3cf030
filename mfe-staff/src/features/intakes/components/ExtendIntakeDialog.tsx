import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { type Intake } from 'shared-api';
import { fromLusakaInput, toLusakaInput } from 'shared-api/intakes';

/**
 * A new closing time for an intake (typed in Lusaka time). `onSave` answers
 * the refusal to show, or null once saved.
 */
export function ExtendIntakeDialog({ intake, onClose, onSave }: { intake: Intake; onClose: () => void; onSave: (closesAt: string) => Promise<string | null> }) {
  const titleId = useId();
  const [value, setValue] = useState(() => toLusakaInput(intake.closesAt));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const closesAt = fromLusakaInput(value);
    if (!closesAt) return setError('Enter a real date and time');
    if (closesAt <= new Date(intake.opensAt).toISOString()) return setError('The closing date must be after the opening date');
    setBusy(true);
    const refusal = await onSave(closesAt);
    setBusy(false);
    if (refusal) setError(refusal);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Extend {intake.name}</DialogTitle>
      <DialogContent>
        <TextField
          label="New closing time"
          type="datetime-local"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? 'Lusaka time (CAT)'}
          fullWidth
          sx={{ mt: 1 }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          Save closing time
        </Button>
      </DialogActions>
    </Dialog>
  );
}
