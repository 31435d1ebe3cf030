/**
 * Password reset by SMS code (issue 18), for applicants who registered a
 * phone: the number first (the answer is the same whether or not it has an
 * account), then the 6-digit code with the new password. Loaded only when
 * the applicant chooses 'Use my phone instead' on /forgot-password.
 */
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { errorText, PASSWORD_MIN_LENGTH, TIMINGS } from 'shared-api';
import { requestResetCode } from '../api/requestResetCode';
import { resetPasswordWithCode } from '../api/resetPasswordWithCode';
import { useCooldown } from '../hooks/useCooldown';

export const EMPTY_PHONE = 'Please enter your phone number.';
export const BAD_CODE = 'Enter the 6 digits of the code we sent.';
export const PASSWORDS_DIFFER = 'Passwords do not match!';
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

export default function PhoneResetForm({ onUseEmail }: { onUseEmail: () => void }) {
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { remaining, start } = useCooldown();

  async function ask(event: FormEvent) {
    event.preventDefault();
    if (busy || remaining > 0) return;
    setError('');
    if (!phone.trim()) return setError(EMPTY_PHONE);
    setBusy(true);
    try {
      const answer = await requestResetCode(phone.trim());
      setSent(answer.message);
      start(TIMINGS.resetCooldownSeconds);
    } catch (err) {
      setError(errorText(err, SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
    }
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError('');
    if (!/^\d{6}$/.test(code.trim())) return setError(BAD_CODE);
    if (!password) return setError('Please enter your new password.');
    if (password !== confirm) return setError(PASSWORDS_DIFFER);
    setBusy(true);
    try {
      const answer = await resetPasswordWithCode({ phone: phone.trim(), code: code.trim(), newPassword: password });
      setDone(answer.message);
    } catch (err) {
      setError(errorText(err, SOMETHING_WENT_WRONG));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success" role="status">
          {done}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" size="large" sx={{ bgcolor: '#14213d' }}>
          Go to Login
        </Button>
      </Box>
    );
  }

  const errorBox = (
    <Box aria-live="polite">
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Box>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="form" noValidate onSubmit={(e) => void ask(e)} aria-label="Request a reset code by SMS" sx={{ display: 'grid', gap: 2 }}>
        <TextField
          id="forgot-phone"
          name="phone"
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          disabled={busy || sent !== null}
          helperText="The number you registered, for example 0977 123 456."
          required
          fullWidth
        />
        {sent === null && (
          <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ bgcolor: '#14213d' }}>
            {busy ? 'Sending...' : 'Send Code by SMS'}
          </Button>
        )}
      </Box>
      {sent !== null && (
        <Box component="form" noValidate onSubmit={(e) => void reset(e)} aria-label="Set a new password with the SMS code" sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="info" role="status">
            {sent}
          </Alert>
          <TextField
            id="reset-code"
            label="6-digit code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
            helperText="The code works once, for 10 minutes."
          />
          <TextField
            id="reset-code-password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            helperText={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          <TextField id="reset-code-confirm" label="Confirm New Password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} required />
          <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ bgcolor: '#14213d' }}>
            {busy ? 'Resetting...' : 'Reset Password'}
          </Button>
          <Button
            disabled={remaining > 0 || busy}
            onClick={() => {
              setSent(null);
              setError('');
            }}
          >
            {remaining > 0 ? `Send a new code in ${remaining} s` : 'Send a new code'}
          </Button>
        </Box>
      )}
      {errorBox}
      <Link component="button" type="button" onClick={onUseEmail} sx={{ justifySelf: 'center' }}>
        Use my email instead
      </Link>
      <Link component={RouterLink} to="/login" sx={{ justifySelf: 'center', py: 1 }}>
        Back to Login
      </Link>
    </Box>
  );
}
