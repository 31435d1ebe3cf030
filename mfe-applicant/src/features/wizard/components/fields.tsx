/** Labelled inputs bound to a draft field, with their error text. */
import TextField from '@mui/material/TextField';
import type { ApplicationDraft } from '../../../lib/application-draft';
import { FIELD_LABELS, type DraftField, type FieldErrors } from '../model';

type TextDraftField = Exclude<DraftField, 'programIds' | 'grade12Results'>;

export interface FieldProps {
  name: TextDraftField;
  draft: ApplicationDraft;
  errors: FieldErrors;
  onChange: (name: TextDraftField, value: string) => void;
  required?: boolean;
  type?: string;
  multiline?: boolean;
  autoComplete?: string;
  label?: string;
}

export function DraftTextField({ name, draft, errors, onChange, required, type = 'text', multiline, autoComplete, label }: FieldProps) {
  const error = errors[name];
  return (
    <TextField
      id={`field-${name}`}
      name={name}
      label={label ?? FIELD_LABELS[name]}
      value={draft[name]}
      onChange={(e) => onChange(name, e.target.value)}
      required={required}
      type={type}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      autoComplete={autoComplete}
      error={Boolean(error)}
      helperText={error ?? ' '}
      fullWidth
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
}

export function DraftSelectField({ name, draft, errors, onChange, options, required, label }: Omit<FieldProps, 'type' | 'multiline' | 'autoComplete'> & { options: readonly string[] }) {
  const error = errors[name];
  return (
    <TextField
      id={`field-${name}`}
      name={name}
      select
      label={label ?? FIELD_LABELS[name]}
      value={draft[name]}
      onChange={(e) => onChange(name, e.target.value)}
      required={required}
      error={Boolean(error)}
      helperText={error ?? ' '}
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">Select…</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </TextField>
  );
}
