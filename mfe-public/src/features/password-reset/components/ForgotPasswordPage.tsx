import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authApi, TIMINGS, useFormHandover } from 'shared-api';
import { useCooldown } from '../hooks/useCooldown';
import { AuthCard } from './AuthCard';

/** The SMS code flow (issue 18), loaded only when chosen. */
const PhoneResetForm = lazy(() => import(/* webpackChunkName: "forgot-password-phone" */ './PhoneResetForm'));

export const RESET_LINK_SENT = 'Password reset link sent to your email.';
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';
export const EMPTY_EMAIL = 'Please enter your email address.';

export function cooldownText(seconds: number): string {
  return `Please wait ${seconds} second(s) before trying again.`;
}

type Status = 'idle' | 'sending' | 'success' | 'error';

/** /forgot-password (spec §4, §5, §8): request a reset link, then a 120-second cooldown. */
export default function ForgotPasswordPage() {
  const [byPhone, setByPhone] = useState(false);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useFormHandover(form, ({ name, value }) => name === 'email' && setEmail(value));
  const { remaining, start } = useCooldown();
  const coolingDown = remaining > 0;
  const sending = status === 'sending';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (coolingDown || sending) return;
    const value = email.trim();
    if (!value) {
      setStatus('error');
      setMessage(EMPTY_EMAIL);
      return;
    }
    setStatus('sending');
    setMessage('');
    try {
      await authApi.requestReset(value);
      setStatus('success');
      setMessage(RESET_LINK_SENT);
      start(TIMINGS.resetCooldownSeconds);
    } catch {
      setStatus('error');
      setMessage(SOMETHING_WENT_WRONG);
    }
  }

  if (byPhone) {
    return (
      <AuthCard title="Forgot Password" intro="Enter the phone number of your account and we will send you a code by SMS to reset your password.">
        <Suspense fallback={<Typography>Loading…</Typography>}>
          <PhoneResetForm onUseEmail={() => setByPhone(false)} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot Password" intro="Enter the email address of your account and we will send you a link to reset your password.">
      <Box component="form" ref={form} noValidate onSubmit={submit} aria-label="Request a password reset link" sx={{ display: 'grid', gap: 2 }}>
        <TextField
          id="forgot-email"
          name="email"
          label="Email Address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={coolingDown || sending}
          error={status === 'error' && message === EMPTY_EMAIL}
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={coolingDown || sending} sx={{ bgcolor: '#14213d' }}>
          {sending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <Box aria-live="polite">
          {message && (
            <Alert severity={status === 'success' ? 'success' : 'error'} role={status === 'success' ? 'status' : 'alert'}>
              {message}
            </Alert>
          )}
        </Box>
        {/* Outside the live region: a screen reader should not hear every second. */}
        {coolingDown && <Typography sx={{ color: 'text.secondary' }}>{cooldownText(remaining)}</Typography>}
        <Link component="button" type="button" onClick={() => setByPhone(true)} sx={{ justifySelf: 'center' }}>
          Use my phone instead
        </Link>
        <Link component={RouterLink} to="/login" sx={{ justifySelf: 'center', py: 1 }}>
          Back to Login
        </Link>
      </Box>
    </AuthCard>
  );
}
