import Grid from '@mui/material/Grid';
import { COUNTRIES, GENDERS, ZAMBIA_PROVINCES } from 'shared-api';
import type { ApplicationDraft } from '../../../lib/application-draft';
import type { FieldErrors } from '../model';
import { DraftSelectField, DraftTextField, type FieldProps } from './fields';

export interface StepProps {
  draft: ApplicationDraft;
  errors: FieldErrors;
  onChange: FieldProps['onChange'];
}

export function PersonalStep({ draft, errors, onChange }: StepProps) {
  const common = { draft, errors, onChange, required: true };
  const inZambia = draft.country === 'Zambia';
  const onCountry: StepProps['onChange'] = (name, value) => {
    onChange(name, value);
    // A province typed for another country cannot stay when the list of Zambia's provinces takes over.
    if (value === 'Zambia' && draft.province && !(ZAMBIA_PROVINCES as readonly string[]).includes(draft.province)) onChange('province', '');
  };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DraftTextField name="fullName" autoComplete="name" {...common} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DraftSelectField name="gender" options={GENDERS} {...common} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DraftTextField name="email" type="email" autoComplete="email" {...common} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DraftTextField name="phone" type="tel" autoComplete="tel" {...common} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DraftTextField name="dateOfBirth" type="date" autoComplete="bday" {...common} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DraftSelectField name="country" options={COUNTRIES} {...common} onChange={onCountry} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {inZambia ? <DraftSelectField name="province" options={ZAMBIA_PROVINCES} {...common} /> : <DraftTextField name="province" autoComplete="address-level1" {...common} />}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DraftTextField name="city" autoComplete="address-level2" {...common} />
      </Grid>
    </Grid>
  );
}
