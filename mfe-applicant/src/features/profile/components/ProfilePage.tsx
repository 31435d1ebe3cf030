/** /profile: the applicant's account, plus data export and account deletion. */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { authApi, errorText, formatPhone, usersApi } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { notify, requestLogout, useAuth } from 'shared-auth';
import { Loading } from '../../../components/Loading';
import { saveBlob } from '../../../lib/format';

const NOT_PROVIDED = 'Not provided';
const DELETED_FALLBACK = 'Your account and personal data have been deleted.';
const SIGNED_OUT_EVERYWHERE_FALLBACK = 'You have been signed out on every device.';

function show(value: string | number | null | undefined): string {
  return value === null || value === undefined || String(value).trim() === '' ? NOT_PROVIDED : String(value);
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{value}</Typography>
    </Grid>
  );
}

export function ProfilePage() {
  const user = useAuth((s) => s.user);
  const { data: profile, error } = useServerData(user ? () => usersApi.get(user.id) : null, [user]);
  const failed = Boolean(error);
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const [deleteError, setDeleteError] = useState('');
  const [signingOut, setSigningOut] = useState(false);

  if (!user) return <Alert severity="error">User not authenticated</Alert>;

  const exportData = async () => {
    setExporting(true);
    try {
      const data = await usersApi.exportMine();
      saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `my-data-${user.id}.json`);
      notify('Your data has been downloaded.', 'success');
    } catch (err) {
      notify(errorText(err, 'Could not download your data. Please try again later.'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const closeDelete = () => {
    setConfirming(false);
    setPassword('');
    setDeleteError('');
  };

  // The server ends every session of a deleted account: the shell only forgets it
  // (no logout call, which would answer 401) and /login confirms the deletion.
  const deleteAccount = async () => {
    setDeleting(true);
    setDeleteError('');
    try {
      const { message } = await usersApi.deleteMine(password);
      setConfirming(false);
      requestLogout('ended', message || DELETED_FALLBACK);
    } catch (err) {
      setDeleteError(errorText(err, 'Could not delete your account. Please try again later.'));
      setDeleting(false);
    }
  };

  const signOutEverywhere = async () => {
    setSigningOut(true);
    try {
      const { message } = await authApi.logoutEverywhere();
      requestLogout('ended', message || SIGNED_OUT_EVERYWHERE_FALLBACK);
    } catch (err) {
      notify(errorText(err, 'Could not sign you out everywhere. Please try again.'), 'error');
      setSigningOut(false);
    }
  };

  const fullName = profile ? profile.fullName || [profile.firstName, profile.lastName].filter(Boolean).join(' ') : user.name;

  const heading = (
    <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
      Profile
    </Typography>
  );
  // The account's actions wait for the details above them: arriving later, the details pushed
  // Download my data and Delete my account down under the applicant's finger.
  if (!profile && !failed) {
    return (
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        {heading}
        <Loading />
      </Box>
    );
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      {heading}
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>Failed to load profile data</AlertTitle>
          Failed to fetch user data.
        </Alert>
      )}
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Grid container spacing={2}>
            <Row label="Full name" value={show(fullName)} />
            <Row label="Email" value={show(profile?.email ?? user.email)} />
            <Row label="Phone" value={formatPhone(profile ? profile.phone : user.phone)} />
            <Row label="Role" value={show(profile?.role ?? user.role)} />
            <Row label="User ID" value={show(profile?.id ?? profile?.userId ?? user.id)} />
            <Row label="Account status" value="Active" />
          </Grid>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Your data
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Download a copy of everything we hold about you, or delete your account and its applications.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
            <Button variant="outlined" onClick={() => void exportData()} disabled={exporting}>
              {exporting ? 'Preparing…' : 'Download my data'}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
              Delete my account
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Card sx={{ mt: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Signed-in devices
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            Lost a phone, or signed in on a shared computer? Sign out on every device where you are signed in, this one included.
          </Typography>
          <Button variant="outlined" sx={{ mt: 1 }} onClick={() => void signOutEverywhere()} disabled={signingOut}>
            {signingOut ? 'Signing out…' : 'Sign out everywhere'}
          </Button>
        </CardContent>
      </Card>
      <Dialog open={confirming} onClose={deleting ? undefined : closeDelete} aria-labelledby="delete-title" aria-describedby="delete-text">
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (password && !deleting) void deleteAccount();
          }}
        >
          <DialogTitle id="delete-title">Are you sure?</DialogTitle>
          <DialogContent>
            <DialogContentText id="delete-text" sx={{ mb: 2 }}>
              Your account and your applications will be deleted. You won&apos;t be able to revert this! Type your password to confirm.
            </DialogContentText>
            {deleteError && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {deleteError}
              </Alert>
            )}
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              disabled={deleting}
              required
              fullWidth
              autoFocus
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={closeDelete} disabled={deleting}>
              Cancel
            </Button>
            <Button type="submit" disabled={deleting || !password} variant="contained" color="error">
              {deleting ? 'Deleting…' : 'Yes, delete it!'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}
