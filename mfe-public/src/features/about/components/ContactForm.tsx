import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useFormHandover } from 'shared-api';
import { isValidEmail } from '../../../utils/email';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', subject: '', message: '' };
const LABELS: Record<Field, string> = { name: 'Your Name', email: 'Email Address', subject: 'Subject', message: 'Message' };
export const CONTACT_THANKS = "Thank you for your message! We'll get back to you soon.";

function validate(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) errors.name = 'Please enter your name.';
  if (!values.email.trim()) errors.email = 'Please enter your email address.';
  else if (!isValidEmail(values.email)) errors.email = 'Please enter a valid email address.';
  if (!values.subject.trim()) errors.subject = 'Please enter a subject.';
  if (!values.message.trim()) errors.message = 'Please enter your message.';
  return errors;
}

/** The About page's message form (spec §5): validated in the browser, no network call. */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sent, setSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFormHandover(form, ({ name, value }) => {
    if (name in EMPTY) setValues((current) => ({ ...current, [name]: value }));
  });

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setSent(false);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSent(false);
      return;
    }
    setSent(true);
    setValues(EMPTY);
  }

  const field = (name: Field, extra: Record<string, unknown> = {}) => (
    <TextField
      id={`contact-${name}`}
      name={name}
      label={LABELS[name]}
      value={values[name]}
      onChange={change(name)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      required
      fullWidth
      {...extra}
    />
  );

  return (
    <Box component="form" ref={form} noValidate onSubmit={submit} aria-label="Contact us" sx={{ display: 'grid', gap: 1 }}>
      {sent && (
        <Alert severity="success" sx={{ mb: 1 }}>
          {CONTACT_THANKS}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('name', { autoComplete: 'name' })}
        {field('email', { type: 'email', autoComplete: 'email' })}
      </Box>
      {field('subject')}
      {field('message', { multiline: true, minRows: 4 })}
      <Button type="submit" variant="contained" size="large" sx={{ justifySelf: 'start', bgcolor: '#14213d' }}>
        Send Message
      </Button>
    </Box>
  );
}
