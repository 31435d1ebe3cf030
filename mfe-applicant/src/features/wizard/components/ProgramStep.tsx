import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_PROGRAM_CHOICES, QUALIFICATIONS, type Program } from 'shared-api';
import type { Grade12Row } from '../../../lib/application-draft';
import { chooseProgram } from '../model';
import { Grade12Section } from './Grade12Section';
import { DraftSelectField, DraftTextField } from './fields';
import type { StepProps } from './PersonalStep';

const SLOT_LABELS = ['First choice program', 'Second choice program (optional)', 'Third choice program (optional)'];

export interface ProgramStepProps extends StepProps {
  programs: Program[];
  programsError: string;
  onProgramsChange: (programIds: number[]) => void;
  onResultsChange: (rows: Grade12Row[]) => void;
}

export function ProgramStep({ draft, errors, onChange, programs, programsError, onProgramsChange, onResultsChange }: ProgramStepProps) {
  const common = { draft, errors, onChange };
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Typography variant="h6" component="h3">
          Program choices
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Choose up to {MAX_PROGRAM_CHOICES} programs in order of preference.
        </Typography>
        {programsError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {programsError}
          </Alert>
        )}
      </Grid>
      {Array.from({ length: MAX_PROGRAM_CHOICES }, (_, slot) => {
        const value = draft.programIds[slot];
        const takenElsewhere = new Set(draft.programIds.filter((_, index) => index !== slot));
        const disabled = slot > draft.programIds.length;
        const error = slot === 0 ? errors.programIds : undefined;
        return (
          <Grid key={slot} size={{ xs: 12, md: 4 }}>
            <TextField
              id={`field-program-${slot}`}
              select
              label={SLOT_LABELS[slot]}
              required={slot === 0}
              disabled={disabled}
              value={value === undefined ? '' : String(value)}
              onChange={(e) => onProgramsChange(chooseProgram(draft.programIds, slot, e.target.value === '' ? null : Number(e.target.value)))}
              error={Boolean(error)}
              helperText={error ?? (disabled ? 'Choose the previous program first' : ' ')}
              fullWidth
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{slot === 0 ? 'Select a program…' : 'None'}</option>
              {programs
                .filter((program) => !takenElsewhere.has(program.id))
                .map((program) => (
                  <option key={program.id} value={program.id}>
                    {program.name}
                  </option>
                ))}
            </TextField>
          </Grid>
        );
      })}
      <Grid size={{ xs: 12, sm: 6 }}>
        <DraftTextField name="nationality" required autoComplete="country-name" {...common} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DraftTextField name="nationalRegNumber" required {...common} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DraftTextField name="schoolProvince" required {...common} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DraftSelectField name="qualification" options={QUALIFICATIONS} required {...common} />
      </Grid>
      <Grid size={12}>
        <DraftTextField name="institution" required {...common} />
      </Grid>
      <Grid size={12}>
        <Grade12Section rows={draft.grade12Results} error={errors.grade12Results} onChange={onResultsChange} />
      </Grid>
      <Grid size={12}>
        <DraftTextField name="programNotes" multiline label="Program notes (optional)" {...common} />
      </Grid>
      <Grid size={12}>
        <DraftTextField name="submissionDetails" multiline label="Submission details (optional)" {...common} />
      </Grid>
    </Grid>
  );
}
