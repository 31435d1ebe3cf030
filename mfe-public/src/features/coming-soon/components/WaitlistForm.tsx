import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { errorBody, fieldProblem, isHTTPError, subscribersApi, TIMINGS, useFormHandover } from 'shared-api';
import { isValidEmail } from '../../../utils/email';

export const NETWORK_ERROR = 'Network error. Try again later.';

interface Notice {
  text: string;
  ok: boolean;
  /** Server messages clear after 2 s (spec §4); the network error stays until the next try. */
  transient: boolean;
}

/**
 * The waitlist form (spec §4, §5): name and e-mail required and trimmed,
 * 'Submitting...' while sending, the server's message shown for 2 seconds.
 */
export function WaitlistForm({ onJoined }: { onJoined?: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useFormHandover(form, ({ name: field, value }) => {
    if (field === 'name') setName(value);
    if (field === 'email') setEmail(value);
  });

  useEffect(() => {
    if (!notice?.transient) return undefined;
    const timer = window.setTimeout(() => setNotice(null), TIMINGS.waitlistMessageMs);
    return () => window.clearTimeout(timer);
  }, [notice]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = { name: name.trim(), email: email.trim() };
    const found: { name?: string; email?: string } = {};
    if (!trimmed.name) found.name = 'Please enter your name.';
    if (!trimmed.email) found.email = 'Please enter your email address.';
    else if (!isValidEmail(trimmed.email)) found.email = 'Please enter a valid email address.';
    setErrors(found);
    if (found.name || found.email) return;

    setSubmitting(true);
    setNotice(null);
    try {
      const answer = await subscribersApi.create(trimmed);
      setNotice({ text: answer?.message || 'You have joined the waitlist.', ok: true, transient: true });
      setName('');
      setEmail('');
      onJoined?.();
    } catch (error) {
      const body = isHTTPError(error) ? errorBody(error) : undefined;
      // A refused field is said in plain words, never as 'email: must be…'.
      const text = fieldProblem(error)?.text || body?.message || body?.error;
      setNotice(text ? { text, ok: false, transient: true } : { text: NETWORK_ERROR, ok: false, transient: false });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Box component="form" ref={form} noValidate onSubmit={submit} aria-label="Join the waitlist" sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id="waitlist-name"
          name="name"
          label="Your Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name ?? ' '}
          autoComplete="name"
          required
          fullWidth
          disabled={submitting}
        />
        <TextField
          id="waitlist-email"
          name="email"
          label="Email Address"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email ?? ' '}
          autoComplete="email"
          required
          fullWidth
          disabled={submitting}
        />
      </Box>
      <Button type="submit" variant="contained" color="secondary" size="large" disabled={submitting} sx={{ color: '#14213d', fontWeight: 700 }}>
        {submitting ? 'Submitting...' : 'Join the Waitlist'}
      </Button>
      <Box role="status" aria-live="polite" sx={{ minHeight: 48 }}>
        {notice && (
          <Alert severity={notice.ok ? 'success' : 'error'} role="presentation">
            {notice.text}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
