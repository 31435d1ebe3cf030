import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { contactApi, errorStatus, fieldProblem, useFormHandover } from 'shared-api';
import { isValidEmail } from '../../../utils/email';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', subject: '', message: '' };
const LABELS: Record<Field, string> = { name: 'Your Name', email: 'Email Address', subject: 'Subject', message: 'Message' };
export const CONTACT_THANKS = "Thank you for your message! We'll get back to you soon.";
export const CONTACT_FAILED = 'Your message could not be sent. Please try again in a moment.';
export const CONTACT_TOO_MANY = 'You have sent several messages already. Please wait an hour before sending another.';

function validate(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) errors.name = 'Please enter your name.';
  if (!values.email.trim()) errors.email = 'Please enter your email address.';
  else if (!isValidEmail(values.email)) errors.email = 'Please enter a valid email address.';
  if (!values.subject.trim()) errors.subject = 'Please enter a subject.';
  if (!values.message.trim()) errors.message = 'Please enter your message.';
  return errors;
}

/**
 * The About page's message form (spec §5): validated in the browser, then
 * sent to the portal's team through the mail outbox (POST /api/contact), so
 * the promised reply can be written.
 */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useFormHandover(form, ({ name, value }) => {
    if (name in EMPTY) setValues((current) => ({ ...current, [name]: value }));
  });

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setSent(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found = validate(values);
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length > 0) {
      setSent(false);
      return;
    }
    setSending(true);
    try {
      await contactApi.send({ name: values.name.trim(), email: values.email.trim(), subject: values.subject.trim(), message: values.message.trim() });
      setSent(true);
      setValues(EMPTY);
    } catch (error) {
      const problem = fieldProblem(error);
      if (problem && problem.field in EMPTY) setErrors({ [problem.field]: problem.text });
      else setFailure(errorStatus(error) === 429 ? CONTACT_TOO_MANY : CONTACT_FAILED);
    } finally {
      setSending(false);
    }
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
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('name', { autoComplete: 'name' })}
        {field('email', { type: 'email', autoComplete: 'email' })}
      </Box>
      {field('subject')}
      {field('message', { multiline: true, minRows: 4 })}
      <Button type="submit" variant="contained" size="large" disabled={sending} sx={{ justifySelf: 'start', bgcolor: '#14213d' }}>
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </Box>
  );
}
