/**
 * The one drop-down of the staff forms: a native select (quick on a phone,
 * read well by screen readers) of things with an id and a name, with the
 * form's required mark and error under it. The value is the chosen id as
 * text, '' for none.
 */
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import type { CachedUniversity } from 'shared-auth';

export interface Named {
  id: number;
  name: string;
}

export function ChoiceField({
  label,
  value,
  onChange,
  options,
  placeholder,
  required,
  disabled,
  error,
  helperText,
  sx,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Named[];
  /** The empty choice ('Select Program'). */
  placeholder: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  /** Said under the field when there is no error. */
  helperText?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      label={label}
      required={required}
      disabled={disabled}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={sx}
    >
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </TextField>
  );
}

/** A SUPERUSER's choice of the university a page shows. */
export function UniversityPicker({ universities, value, onChange }: { universities: CachedUniversity[]; value: number | null; onChange: (id: number | null) => void }) {
  return (
    <ChoiceField
      label="University"
      placeholder="Select University"
      value={value === null ? '' : String(value)}
      onChange={(chosen) => onChange(chosen === '' ? null : Number(chosen))}
      options={universities}
      sx={{ minWidth: 240, mb: 2 }}
    />
  );
}
