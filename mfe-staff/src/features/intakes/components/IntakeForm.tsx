import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { APPLICANT_CATEGORIES, APPLICANT_CATEGORY_LABELS, FEE_CURRENCIES, type ApplicantCategory, type FeeCurrency, type Program } from 'shared-api';
import { FormCard } from '../../../components/FormCard';
import { validateIntake, type IntakeFormErrors, type IntakeFormValues } from './intake-values';

export function IntakeForm({
  title,
  initial,
  programs,
  submitLabel,
  busy,
  errors: serverErrors,
  problem,
  onSubmit,
}: {
  title: string;
  initial: IntakeFormValues;
  /** The university's programs, each of which the intake may offer. */
  programs: Program[];
  submitLabel: string;
  busy: boolean;
  /** Errors the server found, under the fields they concern. */
  errors?: IntakeFormErrors;
  /** A refusal that concerns no single field, in the server's words. */
  problem?: string | null;
  onSubmit: (values: IntakeFormValues) => void;
}) {
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState<IntakeFormErrors>({});
  const errors = { ...serverErrors, ...checked };

  // A field's error goes as soon as the person changes that field.
  const clear = (key: string) =>
    setChecked((current) => {
      if (!current[key]) return current;
      const rest = { ...current };
      delete rest[key];
      return rest;
    });
  const setField = (key: 'name' | 'opensAt' | 'closesAt') => (event: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    clear(key);
  };
  const setProgram = (id: number, change: Partial<{ offered: boolean; capacity: string }>) =>
    setValues((v) => ({ ...v, programs: { ...v.programs, [id]: { ...(v.programs[id] ?? { offered: false, capacity: '' }), ...change } } }));
  const setFee = (category: ApplicantCategory, change: Partial<{ amount: string; currency: FeeCurrency }>) =>
    setValues((v) => ({ ...v, fees: { ...v.fees, [category]: { ...v.fees[category], ...change } } }));

  const submit = () => {
    const found = validateIntake(values);
    setChecked(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  return (
    <FormCard title={title} onSubmit={submit}>
      {problem && <Alert severity="error">{problem}</Alert>}
      <TextField label="Name" required value={values.name} onChange={setField('name')} error={Boolean(errors.name)} helperText={errors.name ?? 'For example: 2027 January intake'} />
      <TextField
        label="Opens at"
        type="datetime-local"
        required
        value={values.opensAt}
        onChange={setField('opensAt')}
        error={Boolean(errors.opensAt)}
        helperText={errors.opensAt ?? 'Lusaka time (CAT)'}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="Closes at"
        type="datetime-local"
        required
        value={values.closesAt}
        onChange={setField('closesAt')}
        error={Boolean(errors.closesAt)}
        helperText={errors.closesAt ?? 'Lusaka time (CAT)'}
        slotProps={{ inputLabel: { shrink: true } }}
      />

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
        <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
          Programs offered
        </Typography>
        {programs.length === 0 && <Typography>This university has no programs yet: add one under Programs first.</Typography>}
        {programs.map((program) => {
          const choice = values.programs[program.id] ?? { offered: false, capacity: '' };
          const capacityError = errors[`capacity.${program.id}`];
          return (
            <Box key={program.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
              <FormControlLabel
                sx={{ flex: '1 1 14rem' }}
                control={<Checkbox checked={choice.offered} onChange={(e) => setProgram(program.id, { offered: e.target.checked })} />}
                label={program.name}
              />
              <TextField
                // The program's name is the checkbox's beside it; a long name in this label was cut off.
                label="Places"
                type="number"
                size="small"
                disabled={!choice.offered}
                value={choice.capacity}
                onChange={(e) => setProgram(program.id, { capacity: e.target.value })}
                error={Boolean(capacityError)}
                // The hint only for a program offered: greyed under a disabled field it failed axe's contrast check.
                helperText={capacityError ?? (choice.offered ? 'Empty for unlimited' : undefined)}
                slotProps={{ htmlInput: { min: 0, step: 1, 'aria-label': `Places in ${program.name}` } }}
                sx={{ flex: '1 1 12rem' }}
              />
            </Box>
          );
        })}
        {errors.programs && <FormHelperText error>{errors.programs}</FormHelperText>}
      </Box>

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
          Application fee by applicant category
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Leave an amount empty for the standard fee of ZMW 150.75.
        </Typography>
        {APPLICANT_CATEGORIES.map((category) => {
          const label = APPLICANT_CATEGORY_LABELS[category];
          const feeError = errors[`fee.${category}`];
          return (
            <Box key={category} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
              <TextField
                label={`Fee for ${label}`}
                type="number"
                size="small"
                value={values.fees[category].amount}
                onChange={(e) => setFee(category, { amount: e.target.value })}
                error={Boolean(feeError)}
                helperText={feeError}
                slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
                sx={{ flex: '1 1 12rem' }}
              />
              <TextField
                select
                label={`Currency for ${label}`}
                size="small"
                value={values.fees[category].currency}
                onChange={(e) => setFee(category, { currency: e.target.value as FeeCurrency })}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ flex: '0 1 10rem' }}
              >
                {FEE_CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </TextField>
            </Box>
          );
        })}
      </Box>

      <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} aria-hidden="true" /> : undefined}>
        {submitLabel}
      </Button>
    </FormCard>
  );
}
