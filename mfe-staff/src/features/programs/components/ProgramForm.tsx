import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { ProgramInput } from 'shared-api';
import type { CachedUniversity } from 'shared-auth';
import { ChoiceField } from '../../../components/ChoiceField';
import { FormCard, missing } from '../../../components/FormCard';
import { useFieldErrors } from '../../../hooks/useFieldErrors';

export interface ProgramFormValues {
  universityId: string;
  name: string;
  description: string;
  duration: string;
  requirements: string;
  careerOpportunities: string;
  /** Grade 12 best-five points ceiling (issue 17 item 4); empty, none. */
  pointsCeiling: string;
}

export const EMPTY_PROGRAM: ProgramFormValues = {
  universityId: '',
  name: '',
  description: '',
  duration: '',
  requirements: '',
  careerOpportunities: '',
  pointsCeiling: '',
};

/** Spec §5 program rules; the university is required only when the form shows the select. */
export function validateProgram(values: ProgramFormValues, withUniversity: boolean): Partial<Record<keyof ProgramFormValues, string>> {
  const errors = missing(values, withUniversity ? ['universityId', 'name', 'description', 'duration'] : ['name', 'description', 'duration']);
  if (!errors.duration) {
    const years = Number(values.duration);
    if (!/^\s*\d+\s*$/.test(values.duration) || !Number.isInteger(years)) errors.duration = 'Duration must be a whole number of years';
    else if (years < 1) errors.duration = 'Duration must be at least 1';
  }
  const ceiling = values.pointsCeiling.trim();
  if (ceiling && (!/^\d+$/.test(ceiling) || Number(ceiling) < 5 || Number(ceiling) > 45)) errors.pointsCeiling = 'Points ceiling must be a whole number from 5 to 45';
  return errors;
}

export function toProgramInput(values: ProgramFormValues, universityId: number | null): ProgramInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    duration: Number(values.duration),
    requirements: values.requirements.trim() || null,
    careerOpportunities: values.careerOpportunities.trim() || null,
    pointsCeiling: values.pointsCeiling.trim() ? Number(values.pointsCeiling) : null,
    universityId,
  };
}

export function ProgramForm({
  title,
  initial,
  universities,
  submitLabel,
  busy,
  onSubmit,
}: {
  title: string;
  initial: ProgramFormValues;
  /** Present when the university must be chosen (SUPERUSER adding a program). */
  universities?: CachedUniversity[];
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: ProgramFormValues) => void;
}) {
  const [values, setValues] = useState(initial);
  const { errors, setErrors, clear } = useFieldErrors<keyof ProgramFormValues>();
  const choose = (key: keyof ProgramFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    clear(key);
  };
  const set = (key: keyof ProgramFormValues) => (event: React.ChangeEvent<HTMLInputElement>) => choose(key)(event.target.value);

  const submit = () => {
    const found = validateProgram(values, universities !== undefined);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  return (
    <FormCard title={title} onSubmit={submit}>
      {universities && (
        <ChoiceField label="University" placeholder="Select University" required value={values.universityId} onChange={choose('universityId')} options={universities} error={errors.universityId} />
      )}
      <TextField label="Name" required value={values.name} onChange={set('name')} error={Boolean(errors.name)} helperText={errors.name} />
      <TextField label="Description" required multiline minRows={3} value={values.description} onChange={set('description')} error={Boolean(errors.description)} helperText={errors.description} />
      <TextField
        label="Duration"
        required
        type="number"
        value={values.duration}
        onChange={set('duration')}
        error={Boolean(errors.duration)}
        helperText={errors.duration ?? 'Duration is in years'}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      <TextField label="Requirements" multiline minRows={2} value={values.requirements} onChange={set('requirements')} />
      <TextField label="Career Opportunities" multiline minRows={2} value={values.careerOpportunities} onChange={set('careerOpportunities')} />
      <TextField
        label="Points ceiling (optional)"
        type="number"
        value={values.pointsCeiling}
        onChange={set('pointsCeiling')}
        error={Boolean(errors.pointsCeiling)}
        helperText={errors.pointsCeiling ?? 'Grade 12 best-five points (lower is better). Applications above it are flagged for review, not refused.'}
        slotProps={{ htmlInput: { min: 5, max: 45, step: 1 } }}
      />
      <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} aria-hidden="true" /> : undefined}>
        {submitLabel}
      </Button>
    </FormCard>
  );
}
