import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { authApi, errorText, fieldProblem, isHTTPError, PASSWORD_MIN_LENGTH, useFormHandover } from 'shared-api';
import { AuthCard } from './AuthCard';
import { OutlinedField } from './OutlinedField';
import { notify } from 'shared-auth';

export const REGISTER_TEXT = {
  required: 'Please fill in all fields',
  consent: 'Please accept the privacy notice to create an account.',
  mismatchTitle: 'Error',
  mismatch: 'Passwords do not match!',
  serverFallback: 'Registration failed',
  genericFallback: 'Registration failed. Please try again.',
  success: 'Account created. Please sign in.',
  passwordRules: `At least ${PASSWORD_MIN_LENGTH} characters. Common passwords such as 'password123' are refused.`,
} as const;

/** The text of a failed registration (spec §8): server message, else its error, else 'Registration failed'. */
export function registerErrorText(error: unknown): string {
  if (isHTTPError(error)) return errorText(error, REGISTER_TEXT.serverFallback) || REGISTER_TEXT.genericFallback;
  return REGISTER_TEXT.genericFallback;
}

const FIELDS = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];

/** /register (spec §2.3, §5, §8); the hidden role is always USER. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FieldName, string>>({ firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' });
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState('');
  // The server's refusal of one field, shown under that field in plain words.
  const [fieldError, setFieldError] = useState<{ field: FieldName; text: string } | null>(null);
  const [mismatchOpen, setMismatchOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFormHandover(form, ({ name, value, checked }) => {
    if (name === 'consent') setConsent(checked);
    else if (FIELDS.some((f) => f.name === name)) setValues((v) => ({ ...v, [name]: value }));
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setError('');
    setFieldError(null);
    if (FIELDS.some((f) => values[f.name].trim() === '')) {
      setError(REGISTER_TEXT.required);
      return;
    }
    if (values.password !== values.confirmPassword) {
      setMismatchOpen(true);
      return;
    }
    if (!consent) {
      setError(REGISTER_TEXT.consent);
      return;
    }
    setSubmitting(true);
    try {
      await authApi.register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        password: values.password,
        role: 'USER',
        consent: true,
      });
      notify(REGISTER_TEXT.success, 'success');
      void navigate('/login');
    } catch (err) {
      const problem = fieldProblem(err);
      const field = FIELDS.find((f) => f.name === problem?.field);
      if (problem && field) {
        setFieldError({ field: field.name, text: problem.text });
        setTimeout(() => form.current?.querySelector<HTMLInputElement>(`input[name="${field.name}"]`)?.focus(), 0);
      } else {
        setError(registerErrorText(err));
      }
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Create Account">
      <Box component="form" ref={form} noValidate onSubmit={onSubmit} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {error && (
          <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
            {error}
          </Alert>
        )}
        <input type="hidden" name="role" value="USER" />
        {FIELDS.map((f) => (
          <OutlinedField
            key={f.name}
            label={f.label}
            name={f.name}
            type={f.type}
            autoComplete={f.autoComplete}
            value={values[f.name]}
            onChange={(e) => {
              setValues((v) => ({ ...v, [f.name]: e.target.value }));
              if (fieldError?.field === f.name) setFieldError(null);
            }}
            error={fieldError?.field === f.name ? fieldError.text : undefined}
            hint={f.name === 'password' ? REGISTER_TEXT.passwordRules : undefined}
            disabled={submitting}
            required
            fullWidth
            sx={{ gridColumn: f.name === 'email' || f.name === 'phone' ? '1 / -1' : undefined }}
          />
        ))}
        <FormControlLabel
          sx={{ gridColumn: '1 / -1', alignItems: 'flex-start' }}
          control={<Checkbox name="consent" checked={consent} onChange={(e) => setConsent(e.target.checked)} disabled={submitting} sx={{ pt: 0.5 }} />}
          label={
            <span>
              I agree to the processing of my personal data as described in the{' '}
              <Link component={RouterLink} to="/privacy">
                privacy notice
              </Link>
              .
            </span>
          }
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth sx={{ gridColumn: '1 / -1' }}>
          {submitting ? 'Creating account...' : 'Create Account'}
        </Button>
        <Typography sx={{ gridColumn: '1 / -1', textAlign: 'center' }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Sign In
          </Link>
        </Typography>
      </Box>
      <Dialog open={mismatchOpen} onClose={() => setMismatchOpen(false)} aria-labelledby="register-error-title" aria-describedby="register-error-text">
        <DialogTitle id="register-error-title">{REGISTER_TEXT.mismatchTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="register-error-text">{REGISTER_TEXT.mismatch}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setMismatchOpen(false)} autoFocus variant="contained">
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </AuthCard>
  );
}
