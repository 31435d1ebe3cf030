import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { ProgramChoice } from 'shared-api';

/** Decline: a reason is required (spec §5); it becomes the review notes. */
export function DeclineDialog({
  open,
  busy,
  onCancel,
  onDecline,
  title = 'Decline Application',
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onDecline: (reason: string) => void;
  /** 'Decline 5 applications' for a bulk decline. */
  title?: string;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const submit = () => {
    if (!reason.trim()) {
      setError(true);
      return;
    }
    onDecline(reason.trim());
  };
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="decline-title" fullWidth maxWidth="sm">
      <DialogTitle id="decline-title">{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          label="Reason for declining"
          required
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(false);
          }}
          error={error}
          helperText={error ? 'Please provide a reason for declining' : undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={submit} disabled={busy}>
          Decline
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A refusal to accept into one program: its places are all taken (409). */
export interface AcceptRefusal {
  programId: number;
  message: string;
}

/**
 * Accept: one of the applicant's program choices must be chosen. When the
 * server refused the program as full, the dialog says so; a SUPERUSER may
 * send it again with a reason, which the history records.
 */
export function AcceptDialog({
  open,
  busy,
  choices,
  refusal,
  canOverride,
  onCancel,
  onAccept,
}: {
  open: boolean;
  busy: boolean;
  choices: ProgramChoice[];
  refusal?: AcceptRefusal | null;
  canOverride?: boolean;
  onCancel: () => void;
  onAccept: (choice: ProgramChoice, notes: string, overrideReason?: string) => void;
}) {
  const [selected, setSelected] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const sorted = [...choices].sort((a, b) => a.priority - b.priority);
  const refusedHere = refusal && String(refusal.programId) === selected ? refusal : null;
  const overriding = Boolean(refusedHere && canOverride);
  const submit = () => {
    const choice = sorted.find((c) => String(c.programId) === selected);
    if (!choice) {
      setError(true);
      return;
    }
    if (overriding && !reason.trim()) {
      setReasonMissing(true);
      return;
    }
    onAccept(choice, notes.trim() || `Application Approved: admitted to ${choice.programName}`, overriding ? reason.trim() : undefined);
  };
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="accept-title" fullWidth maxWidth="sm">
      <DialogTitle id="accept-title">Accept Application</DialogTitle>
      <DialogContent>
        {refusedHere && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {refusedHere.message}
            {!canOverride && ' Choose another program, or decline the application.'}
          </Alert>
        )}
        <FormControl error={error} required>
          <FormLabel id="accept-program-label">Program to admit the applicant to</FormLabel>
          <RadioGroup
            aria-labelledby="accept-program-label"
            value={selected}
            onChange={(e) => {
              setSelected(e.target.value);
              setError(false);
            }}
          >
            {sorted.map((c) => (
              <FormControlLabel key={c.id} value={String(c.programId)} control={<Radio />} label={`Choice ${c.priority}: ${c.programName}`} />
            ))}
          </RadioGroup>
          {error && <FormHelperText>Please choose a program</FormHelperText>}
        </FormControl>
        <TextField
          label="Notes for the applicant"
          helperText="Optional; when empty the applicant is told: Application Approved: admitted to the chosen program"
          multiline
          minRows={2}
          fullWidth
          margin="dense"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
        {overriding && (
          <TextField
            label="Reason to accept beyond capacity"
            required
            multiline
            minRows={2}
            fullWidth
            margin="dense"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonMissing(false);
            }}
            error={reasonMissing}
            helperText={reasonMissing ? 'Please give a reason to accept beyond capacity' : 'Recorded in the history of the application'}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="success" variant="contained" onClick={submit} disabled={busy}>
          {overriding ? 'Accept beyond capacity' : 'Accept'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
