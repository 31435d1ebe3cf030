/**
 * The sign-in forms' text field: the outlined field MUI's TextField renders
 * (the same markup, label and classes), built from its parts. TextField also
 * carries its select mode (Select, Menu, Popover, Modal and their
 * transitions), about 10 KB gzipped that /login and /register never use.
 */
import { useId, type ChangeEvent, type HTMLInputTypeAttribute } from 'react';
import FormControl from '@mui/material/FormControl';
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
}

export function OutlinedField({ label, name, value, onChange, type = 'text', autoComplete, disabled, required, fullWidth, sx }: OutlinedFieldProps) {
  const id = useId();
  return (
    <FormControl variant="outlined" disabled={disabled} required={required} fullWidth={fullWidth} sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} name={name} type={type} autoComplete={autoComplete} value={value} onChange={onChange} label={required ? `${label} *` : label} />
    </FormControl>
  );
}
