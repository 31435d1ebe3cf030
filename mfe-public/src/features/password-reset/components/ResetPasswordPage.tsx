import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { authApi, errorText, fieldProblem, isHTTPError, PASSWORD_MIN_LENGTH } from 'shared-api';
import { notify } from 'shared-auth';
import { AuthCard } from './AuthCard';

export const EMPTY_PASSWORD = 'Please enter your password.';
export const PASSWORDS_DIFFER = 'Passwords do not match!';
export const RESET_FAILED = 'Failed to reset password.';
export const RESET_ERROR = 'Something went wrong. Please try again.';
export const RESET_DONE = 'Password reset successfully.';
/** A moment to see the form succeed; the toast stays its full 5 s on /login (the shell's stack). */
export const REDIRECT_DELAY_MS = 1500;

/** /reset-password/:token (spec §4, §8): new and confirm password, then the toast and /login. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const redirect = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || done) return;
    if (!password || !confirm) {
      setError(EMPTY_PASSWORD);
      return;
    }
    if (password !== confirm) {
      setError(PASSWORDS_DIFFER);
      return;
    }
    setError('');
    setSubmitting(true);
    try {
      await authApi.resetPassword({ token, newPassword: password });
      setDone(true);
      notify(RESET_DONE, 'success');
      redirect.current = window.setTimeout(() => void navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    } catch (failure) {
      setError(fieldProblem(failure)?.text ?? (isHTTPError(failure) ? errorText(failure, RESET_FAILED) : RESET_ERROR));
    } finally {
      setSubmitting(false);
    }
  }

  const busy = submitting || done;
  return (
    <AuthCard title="Reset Password" intro="Choose a new password for your account.">
      <Box component="form" noValidate onSubmit={submit} aria-label="Reset your password" sx={{ display: 'grid', gap: 2 }}>
        <TextField
          id="reset-new-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          disabled={busy}
          required
          fullWidth
        />
        <TextField
          id="reset-confirm-password"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={error === PASSWORDS_DIFFER}
          disabled={busy}
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ bgcolor: '#14213d' }}>
          {submitting ? 'Resetting...' : 'Reset Password'}
        </Button>
        <Box aria-live="polite">{error && <Alert severity="error">{error}</Alert>}</Box>
        <Link component={RouterLink} to="/login" sx={{ justifySelf: 'center', py: 1 }}>
          Back to Login
        </Link>
      </Box>
    </AuthCard>
  );
}
