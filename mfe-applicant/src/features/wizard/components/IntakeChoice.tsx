/** The intake the application goes into: shown when there is one, a required choice on step 2 when several are open. */
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { formatIntakeDate } from 'shared-api/intakes';
import { IntakeDeadline } from '../../../components/IntakeNotices';
import type { IntakeChoice as Choice } from '../hooks/useIntakeChoice';

export function IntakeChoice({ choice, editable }: { choice: Choice; editable: boolean }) {
  if (choice.open.length === 0) return null;
  const several = choice.open.length > 1;
  return (
    <Box sx={{ mb: 2 }}>
      {several && editable && (
        <TextField
          id="field-intake"
          select
          label="Intake"
          required
          value={choice.chosen ? String(choice.chosen.id) : ''}
          onChange={(e) => choice.choose(e.target.value === '' ? null : Number(e.target.value))}
          error={Boolean(choice.error)}
          helperText={choice.error || 'Several intakes are open: choose the one you are applying into'}
          fullWidth
          sx={{ mb: 1 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Select an intake…</option>
          {choice.open.map((intake) => (
            <option key={intake.id} value={intake.id}>
              {intake.name} (closes {formatIntakeDate(intake.closesAt)})
            </option>
          ))}
        </TextField>
      )}
      {choice.chosen && <IntakeDeadline intake={choice.chosen} />}
    </Box>
  );
}
