/**
 * Reviewer notes (issue 17): internal to the staff of the application's
 * university, never shown to the applicant.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { applicationsApi, errorText, fieldProblem, formatDateTime, NOTE_MAX_LENGTH, type ReviewerNote } from 'shared-api';
import { notify } from 'shared-auth';
import { Loading } from '../../../components/Loading';
import { useReportSettled } from './ShownWhenSettled';

/** `onSettled`: called once the notes (or their failure) are in. */
export function NotesPanel({ applicationId, onSettled }: { applicationId: number; onSettled?: () => void }) {
  const [notes, setNotes] = useState<ReviewerNote[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setNotes(await applicationsApi.notes(applicationId));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [applicationId]);

  useEffect(() => {
    void load();
  }, [load]);
  const settled = notes !== null || failed;
  useReportSettled(settled, onSettled);

  const add = async () => {
    if (!text.trim()) {
      setProblem('Write a note first');
      return;
    }
    setBusy(true);
    try {
      const note = await applicationsApi.addNote(applicationId, { text: text.trim() });
      setNotes((current) => [...(current ?? []), note]);
      setText('');
      notify('Note added', 'success');
    } catch (err) {
      setProblem(fieldProblem(err)?.text ?? errorText(err, 'The note could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Only staff of this university see these notes; the applicant never does.
      </Typography>
      {/* The form waits for the list above it: arriving later, the list pushed Add note down under a tap. */}
      {!settled ? (
        <Loading text="Loading notes..." />
      ) : (
        <>
          {failed && <Alert severity="error">The notes could not be loaded.</Alert>}
          {notes && notes.length === 0 && <Typography sx={{ mb: 1 }}>No notes yet.</Typography>}
          {notes && notes.length > 0 && (
            <Box component="ol" aria-label="Reviewer notes" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
              {notes.map((note) => (
                <Box component="li" key={note.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {note.author?.name ?? 'Former staff member'} · <time dateTime={note.at}>{formatDateTime(note.at)}</time>
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{note.text}</Typography>
                </Box>
              ))}
            </Box>
          )}
          <TextField
            label="New note"
            multiline
            minRows={2}
            fullWidth
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setProblem('');
            }}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
            error={Boolean(problem)}
            helperText={problem || `${text.length} / ${NOTE_MAX_LENGTH}`}
          />
          <Button variant="contained" sx={{ mt: 1 }} onClick={() => void add()} disabled={busy}>
            Add note
          </Button>
        </>
      )}
    </Box>
  );
}
