/**
 * Queues (issue 17): who reviews an application. The reviewer select of the
 * detail page, and the dialog that chooses a reviewer for a bulk assignment.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { errorText, type Application, type Assignee } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { notify } from 'shared-auth';
import { useFeedback } from 'shared-auth/dialogs';
import { assignApplication } from '../api/assignApplication';
import { listAssignees } from '../api/listAssignees';

const NOBODY = '';

export function countOf(n: number): string {
  return `${n} ${n === 1 ? 'application' : 'applications'}`;
}

/** The people to offer: those the server lists, and the current reviewer even when it is not among them. */
function withCurrent(people: Assignee[], current: { id: number; name: string } | null | undefined): Array<{ id: number; name: string }> {
  if (!current || people.some((p) => p.id === current.id)) return people;
  return [...people, current];
}

function ReviewerOptions({ people }: { people: Array<{ id: number; name: string }> }) {
  return (
    <>
      <option value={NOBODY}>Nobody (unassigned)</option>
      {people.map((p) => (
        <option key={p.id} value={String(p.id)}>
          {p.name}
        </option>
      ))}
    </>
  );
}

/** The detail page's 'Assigned to' select: a change is saved at once and the page shows the answer. */
export function AssigneeSelect({ application, onChange }: { application: Application; onChange: (application: Application) => void }) {
  const { alert } = useFeedback();
  const [busy, setBusy] = useState(false);
  const { data: people = [], error } = useServerData(() => listAssignees(application.universityId), [application.universityId]);
  const current = application.assignee ?? null;

  const change = async (value: string) => {
    const userId = value === NOBODY ? null : Number(value);
    if (userId === (current?.id ?? null)) return;
    setBusy(true);
    try {
      const updated = await assignApplication(application.id, userId);
      onChange(updated);
      notify(updated.assignee ? `Assigned to ${updated.assignee.name}` : 'Application unassigned', 'success');
    } catch (err) {
      await alert({ title: 'Error', text: errorText(err, 'The application could not be assigned.'), icon: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <TextField
      select
      label="Assigned to"
      value={current ? String(current.id) : NOBODY}
      onChange={(e) => void change(e.target.value)}
      disabled={busy}
      helperText={error ? 'The list of reviewers could not be loaded.' : undefined}
      error={Boolean(error)}
      sx={{ minWidth: 240 }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <ReviewerOptions people={withCurrent(people, current)} />
    </TextField>
  );
}

/** Bulk 'Assign to…': choose the reviewer (or nobody); the caller confirms with the count. */
export function AssignDialog({
  open,
  count,
  universityId,
  onCancel,
  onChoose,
}: {
  open: boolean;
  count: number;
  universityId: number | null;
  onCancel: () => void;
  onChoose: (userId: number | null, name: string | null) => void;
}) {
  const { data: people = [], loading, error } = useServerData(() => listAssignees(universityId), [universityId]);
  const [choice, setChoice] = useState(NOBODY);
  const chosen = people.find((p) => String(p.id) === choice) ?? null;
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="assign-title" fullWidth maxWidth="sm">
      <DialogTitle id="assign-title">Assign {countOf(count)}</DialogTitle>
      <DialogContent>
        <TextField
          select
          label="Assign to"
          fullWidth
          margin="dense"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          disabled={loading}
          error={Boolean(error)}
          helperText={error ? 'The list of reviewers could not be loaded.' : undefined}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <ReviewerOptions people={people} />
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={() => onChoose(chosen?.id ?? null, chosen?.name ?? null)} disabled={loading}>
          Assign
        </Button>
      </DialogActions>
    </Dialog>
  );
}
