/**
 * The sign-in forms' text field: the outlined field MUI's TextField renders
 * (the same markup, label and classes), built from its parts. TextField also
 * carries its select mode (Select, Menu, Popover, Modal and their
 * transitions), about 10 KB gzipped that /login and /register never use.
 */
import { useId, type ChangeEvent, type HTMLInputTypeAttribute } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

interface OutlinedFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  disabled?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /** What is wrong with the value, in plain words, shown under the field. */
  error?: string;
  /** A rule to know before typing (shown under the field when there is no error). */
  hint?: string;
}

export function OutlinedField({ label, name, value, onChange, type = 'text', autoComplete, disabled, required, fullWidth, sx, error, hint }: OutlinedFieldProps) {
  const id = useId();
  const help = error || hint;
  return (
    <FormControl variant="outlined" disabled={disabled} required={required} fullWidth={fullWidth} sx={sx} error={Boolean(error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={onChange}
        label={required ? `${label} *` : label}
        aria-invalid={error ? true : undefined}
        aria-describedby={help ? `${id}-help` : undefined}
      />
      {help && <FormHelperText id={`${id}-help`}>{help}</FormHelperText>}
    </FormControl>
  );
}
