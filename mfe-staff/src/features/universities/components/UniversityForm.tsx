import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { University, UniversityInput } from 'shared-api';
import { FormCard } from '../../../components/FormCard';
import { useFieldErrors } from '../../../hooks/useFieldErrors';

export interface UniversityFormValues {
  name: string;
  location: string;
  website: string;
  contactInfo: string;
  about: string;
  imageUrl: string;
}

export const EMPTY_UNIVERSITY: UniversityFormValues = { name: '', location: '', website: '', contactInfo: '', about: '', imageUrl: '' };

export function universityValues(u: University): UniversityFormValues {
  return {
    name: u.name,
    location: u.location ?? '',
    website: u.website ?? '',
    contactInfo: u.contactInfo ?? '',
    about: u.about ?? '',
    imageUrl: u.imageUrl ?? '',
  };
}

export function toUniversityInput(values: UniversityFormValues): UniversityInput {
  const optional = (v: string) => v.trim() || null;
  return {
    name: values.name.trim(),
    location: optional(values.location),
    website: optional(values.website),
    contactInfo: optional(values.contactInfo),
    about: optional(values.about),
    imageUrl: optional(values.imageUrl),
  };
}

const URL_PATTERN = /^https?:\/\/\S+$/i;
/** The server takes a picture only over https (and from the hosts its operator allows). */
const IMAGE_URL_PATTERN = /^https:\/\/\S+$/i;

/** Spec §5: name required, the rest optional; links must be web addresses when given. */
export function validateUniversity(values: UniversityFormValues): Partial<Record<keyof UniversityFormValues, string>> {
  const errors: Partial<Record<keyof UniversityFormValues, string>> = {};
  if (!values.name.trim()) errors.name = 'This field is required';
  if (values.website.trim() && !URL_PATTERN.test(values.website.trim())) errors.website = 'Must start with http:// or https://';
  if (values.imageUrl.trim() && !IMAGE_URL_PATTERN.test(values.imageUrl.trim())) errors.imageUrl = 'Must start with https://';
  return errors;
}

export function UniversityForm({
  title,
  initial,
  submitLabel,
  busy,
  onSubmit,
}: {
  title: string;
  initial: UniversityFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: UniversityFormValues) => void;
}) {
  const [values, setValues] = useState(initial);
  const { errors, setErrors, clear } = useFieldErrors<keyof UniversityFormValues>();
  const field = (key: keyof UniversityFormValues, label: string, extra: { required?: boolean; multiline?: boolean; type?: string } = {}) => (
    <TextField
      label={label}
      required={extra.required}
      multiline={extra.multiline}
      minRows={extra.multiline ? 3 : undefined}
      type={extra.type}
      value={values[key]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [key]: e.target.value }));
        clear(key);
      }}
      error={Boolean(errors[key])}
      helperText={errors[key]}
    />
  );
  const submit = () => {
    const found = validateUniversity(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };
  return (
    <FormCard title={title} onSubmit={submit}>
      {field('name', 'University Name', { required: true })}
      {field('location', 'Location')}
      {field('website', 'Website', { type: 'url' })}
      {field('contactInfo', 'Contact Info')}
      {field('about', 'About', { multiline: true })}
      {field('imageUrl', 'Image URL', { type: 'url' })}
      <Button type="submit" variant="contained" disabled={busy}>
        {submitLabel}
      </Button>
    </FormCard>
  );
}
