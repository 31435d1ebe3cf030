import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';

/** The frame of every staff form: a heading and a column of fields, usable at 320 px. */
export function FormCard({ title, onSubmit, children }: { title: string; onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Paper component="form" noValidate onSubmit={submit} aria-label={title} sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Required-field check used by the forms: the names of the empty ones. */
export function missing<T extends object>(values: T, keys: ReadonlyArray<keyof T>): Partial<Record<keyof T, string>> {
  const errors: Partial<Record<keyof T, string>> = {};
  for (const key of keys) {
    const value: unknown = values[key];
    if (value === undefined || value === null || String(value).trim() === '') errors[key] = 'This field is required';
  }
  return errors;
}
