/**
 * /settings: the applicant's own account — change the password (the current
 * one required; other devices are signed out), change the e-mail or phone
 * (confirmed by a 6-digit code sent by e-mail), and the way to the data export
 * and account deletion on Profile; which events are told by SMS and e-mail
 * (NotificationSettings). Each change renews this browser's session
 * through the shell (requestSessionRenewal).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accountApi, errorText, fieldProblem, formatPhone, PASSWORD_MIN_LENGTH, plainFieldText, type ContactChangeRequest } from 'shared-api';
import { notify, requestSessionRenewal, useAuth } from 'shared-auth';
import { NotificationSettings } from './NotificationSettings';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mismatch = repeat !== '' && repeat !== next;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!current || !next) return setError('Enter your current password and the new one.');
    if (next !== repeat) return setError('Passwords do not match');
    setBusy(true);
    try {
      const result = await accountApi.changePassword({ currentPassword: current, newPassword: next });
      requestSessionRenewal(result.token);
      notify(result.message, 'success');
      setCurrent('');
      setNext('');
      setRepeat('');
    } catch (err) {
      setError(errorText(err, 'Could not change your password. Please try again later.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField label="Current password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} required />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          required
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters; common passwords are refused.`}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          required
          error={mismatch}
          helperText={mismatch ? 'Passwords do not match' : undefined}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary">
          Changing your password signs you out on every other device.
        </Typography>
      </Stack>
    </Box>
  );
}

/** Ask for a code, then confirm it: the same two steps for the e-mail and the phone. */
function ContactForm({ kind, current }: { kind: 'email' | 'phone'; current: string | null }) {
  const noun = kind === 'email' ? 'e-mail address' : 'phone number';
  const [value, setValue] = useState('');
  const [ticket, setTicket] = useState<string | null>(null);
  const [sentNote, setSentNote] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!value.trim()) return setError(`Enter the new ${noun}.`);
    setBusy(true);
    try {
      const result = await accountApi.startContactChange({ kind, value } as ContactChangeRequest);
      setTicket(result.ticket);
      setSentNote(result.message);
      setCode('');
    } catch (err) {
      // The server names the new address 'value'; say what it holds instead.
      const refusedValue = fieldProblem(err)?.field === 'value';
      setError(refusedValue ? plainFieldText(kind === 'phone' ? 'phoneNumber' : 'email', '') : errorText(err, 'Could not send the code. Please try again later.'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^[0-9]{6}$/.test(code.trim())) return setError('Enter the 6 digits we sent.');
    setBusy(true);
    try {
      const result = await accountApi.confirmContactChange({ ticket: ticket!, code: code.trim() });
      requestSessionRenewal(result.token);
      notify(result.message, 'success');
      setTicket(null);
      setValue('');
      setCode('');
    } catch (err) {
      setError(errorText(err, 'Could not confirm the change. Please try again later.'));
    } finally {
      setBusy(false);
    }
  };

  const label = kind === 'email' ? 'New e-mail address' : 'New phone number';
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      {/* A long address wraps rather than widening a phone's page. */}
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        Current {noun}: <strong>{kind === 'phone' ? formatPhone(current) : current || 'Not provided'}</strong>
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {ticket === null ? (
        <Box component="form" noValidate onSubmit={(e) => void start(e)}>
          <Stack spacing={2}>
            <TextField label={label} type={kind === 'email' ? 'email' : 'tel'} autoComplete={kind === 'email' ? 'email' : 'tel'} value={value} onChange={(e) => setValue(e.target.value)} required />
            <Box>
              <Button type="submit" variant="outlined" disabled={busy}>
                Send code
              </Button>
            </Box>
          </Stack>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void confirm(e)}>
          <Stack spacing={2}>
            <Alert severity="info">{sentNote}</Alert>
            <TextField
              label="6-digit code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={busy}>
                Confirm
              </Button>
              <Button
                onClick={() => {
                  setTicket(null);
                  setError(null);
                }}
              >
                Cancel
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

export function SettingsPage() {
  const user = useAuth((s) => s.user);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
        Settings
      </Typography>
      <Stack spacing={2}>
        <Section title="Password">
          <PasswordForm />
        </Section>
        <Section title="E-mail address">
          <ContactForm kind="email" current={user?.email ?? null} />
        </Section>
        <Section title="Phone number">
          <ContactForm kind="phone" current={user?.phone ?? null} />
        </Section>
        <Section title="Notifications">
          <NotificationSettings />
        </Section>
        <Section title="Your data and devices">
          <Typography>
            Download a copy of your data, sign out on every device, or delete your account on your{' '}
            <Link component={RouterLink} to="/profile">
              Profile
            </Link>{' '}
            page.
          </Typography>
        </Section>
      </Stack>
    </Box>
  );
}
