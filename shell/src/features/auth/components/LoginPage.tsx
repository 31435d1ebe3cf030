import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { authApi, errorText, isHTTPError, useFormHandover } from 'shared-api';
import { sessionWriter, useAuth } from 'shared-auth';
import { AuthCard } from './AuthCard';
import { OutlinedField } from './OutlinedField';

export const LOGIN_TEXT = {
  required: 'Please fill in all fields',
  serverFallback: 'Login Failed',
  formFallback: 'Invalid email or password',
  genericFallback: 'Login failed. Please try again.',
  redirecting: 'Redirecting to dashboard...',
} as const;

/** The text of a failed sign-in (spec §8): server message, else its error, else 'Login Failed'. */
export function loginErrorText(error: unknown): string {
  if (isHTTPError(error)) return errorText(error, LOGIN_TEXT.serverFallback) || LOGIN_TEXT.formFallback;
  return LOGIN_TEXT.genericFallback;
}

/** /login (spec §2.3, §4, §5, §8). */
export function LoginPage() {
  const navigate = useNavigate();
  // Why the last session ended (archived account, deleted account, signed out everywhere...).
  const notice = useAuth((s) => s.signedOutNotice ?? null);
  const signedIn = useAuth((s) => s.user !== null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const justSignedIn = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  useFormHandover(form, ({ name, value }) => {
    if (name === 'email') setEmail(value);
    if (name === 'password') setPassword(value);
  });

  useEffect(() => {
    if (signedIn && !justSignedIn.current) void navigate('/dashboard', { replace: true });
  }, [signedIn, navigate]);

  if (signedIn && !justSignedIn.current) {
    return (
      <Box role="status" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Typography>{LOGIN_TEXT.redirecting}</Typography>
      </Box>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setError('');
    if (!email.trim() || !password) {
      setError(LOGIN_TEXT.required);
      return;
    }
    // Spec §4: the login form clears all local storage on each submit.
    localStorage.clear();
    setSubmitting(true);
    try {
      const { token } = await authApi.login({ email: email.trim(), password });
      justSignedIn.current = true;
      if (!token || !sessionWriter.signIn(token)) {
        justSignedIn.current = false;
        setError(LOGIN_TEXT.genericFallback);
        setSubmitting(false);
        return;
      }
      void navigate('/dashboard');
    } catch (err) {
      setError(loginErrorText(err));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Sign In">
      <Box component="form" ref={form} noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {notice && !error && (
          <Alert severity="info" role="status">
            {notice}
          </Alert>
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <OutlinedField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} disabled={submitting} required fullWidth />
        <OutlinedField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={submitting}
          required
          fullWidth
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Link component={RouterLink} to="/forgot-password">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
          {submitting ? 'Signing in...' : 'Sign In'}
        </Button>
        <Typography sx={{ textAlign: 'center' }}>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/register">
            Create one
          </Link>
        </Typography>
      </Box>
    </AuthCard>
  );
}
