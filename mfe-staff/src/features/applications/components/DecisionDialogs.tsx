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
import { DEFAULT_OFFER_REPLY_DAYS, type OfferType, type ProgramChoice } from 'shared-api';
import { fromLusakaInput, toLusakaInput } from 'shared-api/intakes';
import { ReasonDialog } from '../../../components/ReasonDialog';

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
  if (!open) return null;
  return <ReasonDialog title={title} label="Reason for declining" missing="Please provide a reason for declining" confirmText="Decline" busy={busy} onCancel={onCancel} onSubmit={onDecline} />;
}

/** A refusal to accept into one program: its places are all taken (409). */
export interface AcceptRefusal {
  programId: number;
  message: string;
}

/** The terms of an offer as the dialog sends them (issue 17). */
export interface OfferChoice {
  offerType: OfferType;
  conditions?: string;
  /** ISO instant. */
  replyBy: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Accept: one of the applicant's program choices must be chosen. Accepting
 * makes an offer (issue 17): unconditional, or conditional with its
 * conditions, and a reply deadline in Lusaka time (14 days from now unless
 * changed). In `waitlist` mode the dialog puts the application on the
 * program's waitlist instead. When the server refused the program as full,
 * the dialog says so; a SUPERUSER may send it again with a reason, which the
 * history records.
 */
export function AcceptDialog({
  open,
  busy,
  choices,
  refusal,
  canOverride,
  mode = 'offer',
  onCancel,
  onAccept,
}: {
  open: boolean;
  busy: boolean;
  choices: ProgramChoice[];
  refusal?: AcceptRefusal | null;
  canOverride?: boolean;
  mode?: 'offer' | 'waitlist';
  onCancel: () => void;
  onAccept: (choice: ProgramChoice, notes: string, overrideReason?: string, offer?: OfferChoice) => void;
}) {
  const [selected, setSelected] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [offerType, setOfferType] = useState<OfferType>('UNCONDITIONAL');
  const [conditions, setConditions] = useState('');
  const [conditionsMissing, setConditionsMissing] = useState(false);
  const [replyBy, setReplyBy] = useState(() => toLusakaInput(new Date(Date.now() + DEFAULT_OFFER_REPLY_DAYS * DAY_MS)));
  const [replyByProblem, setReplyByProblem] = useState('');
  const offering = mode === 'offer';
  const sorted = [...choices].sort((a, b) => a.priority - b.priority);
  const refusedHere = refusal && String(refusal.programId) === selected ? refusal : null;
  const overriding = Boolean(refusedHere && canOverride);
  const submit = () => {
    const choice = sorted.find((c) => String(c.programId) === selected);
    let invalid = false;
    if (!choice) {
      setError(true);
      invalid = true;
    }
    if (overriding && !reason.trim()) {
      setReasonMissing(true);
      invalid = true;
    }
    let offer: OfferChoice | undefined;
    if (offering) {
      if (offerType === 'CONDITIONAL' && !conditions.trim()) {
        setConditionsMissing(true);
        invalid = true;
      }
      const instant = fromLusakaInput(replyBy);
      if (!instant) {
        setReplyByProblem('Please give the date and time the applicant must answer by');
        invalid = true;
      } else if (Date.parse(instant) <= Date.now()) {
        setReplyByProblem('The reply deadline must be in the future');
        invalid = true;
      } else {
        offer = { offerType, replyBy: instant, ...(offerType === 'CONDITIONAL' ? { conditions: conditions.trim() } : {}) };
      }
    }
    if (invalid || !choice) return;
    const fallback = offering ? `Offer of a place in ${choice.programName}` : `Waitlisted for ${choice.programName}`;
    onAccept(choice, notes.trim() || fallback, overriding ? reason.trim() : undefined, offer);
  };
  const title = offering ? 'Make an offer' : 'Put on the waitlist';
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="accept-title" fullWidth maxWidth="sm">
      <DialogTitle id="accept-title">{title}</DialogTitle>
      <DialogContent>
        {refusedHere && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {refusedHere.message}
            {!canOverride && (offering ? ' Choose another program, put the application on the waitlist, or decline it.' : ' Choose another program, or decline the application.')}
          </Alert>
        )}
        <FormControl error={error} required>
          <FormLabel id="accept-program-label">{offering ? 'Program to offer a place in' : 'Program to wait for'}</FormLabel>
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
        {offering && (
          <>
            <FormControl sx={{ display: 'block', mt: 2 }}>
              <FormLabel id="offer-type-label">Offer type</FormLabel>
              <RadioGroup row aria-labelledby="offer-type-label" value={offerType} onChange={(e) => setOfferType(e.target.value as OfferType)}>
                <FormControlLabel value="UNCONDITIONAL" control={<Radio />} label="Unconditional" />
                <FormControlLabel value="CONDITIONAL" control={<Radio />} label="Conditional" />
              </RadioGroup>
            </FormControl>
            {offerType === 'CONDITIONAL' && (
              <TextField
                label="Conditions"
                required
                multiline
                minRows={2}
                fullWidth
                margin="dense"
                value={conditions}
                onChange={(e) => {
                  setConditions(e.target.value);
                  setConditionsMissing(false);
                }}
                error={conditionsMissing}
                helperText={conditionsMissing ? 'Please state the conditions of the offer' : 'What the applicant must still meet, e.g. a credit in Mathematics at Grade 12'}
              />
            )}
            <TextField
              label="Reply by (Lusaka time)"
              type="datetime-local"
              required
              fullWidth
              margin="dense"
              value={replyBy}
              onChange={(e) => {
                setReplyBy(e.target.value);
                setReplyByProblem('');
              }}
              error={Boolean(replyByProblem)}
              helperText={replyByProblem || `The offer lapses if not answered by then (${DEFAULT_OFFER_REPLY_DAYS} days unless changed)`}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        )}
        <TextField
          label="Notes for the applicant"
          helperText="Optional; shown to the applicant with the decision"
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
          {overriding ? 'Offer beyond capacity' : offering ? 'Make offer' : 'Waitlist'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
