/** /profile: the applicant's account, plus data export and account deletion. */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorText, usersApi, type User } from 'shared-api';
import { requestLogout, useAuth } from 'shared-auth';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Loading } from '../../../components/Loading';
import { useToast } from '../../../components/Toasts';
import { saveBlob } from '../../../lib/format';

const NOT_PROVIDED = 'Not provided';

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
  const notify = useToast();
  const [profile, setProfile] = useState<User | null>(null);
  const [failed, setFailed] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (!user) return;
    let active = true;
    usersApi
      .get(user.id)
      .then((data) => active && setProfile(data))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [user]);

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

  const deleteAccount = async () => {
    setDeleting(true);
    try {
      await usersApi.deleteMine();
      setConfirming(false);
      notify('Your account has been deleted.', 'success');
      requestLogout('user');
    } catch (err) {
      notify(errorText(err, 'Could not delete your account. Please try again later.'), 'error');
    } finally {
      setDeleting(false);
    }
  };

  const fullName = profile ? profile.fullName || [profile.firstName, profile.lastName].filter(Boolean).join(' ') : user.name;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
        Profile
      </Typography>
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>Failed to load profile data</AlertTitle>
          Failed to fetch user data.
        </Alert>
      )}
      {!profile && !failed ? (
        <Loading />
      ) : (
        <Card sx={{ mb: 3 }}>
          <CardContent>
            <Grid container spacing={2}>
              <Row label="Full name" value={show(fullName)} />
              <Row label="Email" value={show(profile?.email ?? user.email)} />
              <Row label="Phone" value={show(profile ? profile.phone : user.phone)} />
              <Row label="Role" value={show(profile?.role ?? user.role)} />
              <Row label="User ID" value={show(profile?.id ?? profile?.userId ?? user.id)} />
              <Row label="Account status" value="Active" />
            </Grid>
          </CardContent>
        </Card>
      )}
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
      <ConfirmDialog
        open={confirming}
        title="Are you sure?"
        text="Your account and your applications will be deleted. You won't be able to revert this!"
        confirmLabel="Yes, delete it!"
        danger
        busy={deleting}
        onConfirm={() => void deleteAccount()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
