import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { authApi, errorText, formatPhone, usersApi } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { notify, requestLogout } from 'shared-auth';
import { DetailList } from '../../../components/DetailList';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { useScope } from '../../../hooks/useScope';

const shown = (value: string | number | null | undefined) => (value === null || value === undefined || String(value).trim() === '' ? 'Not provided' : String(value));

/** Spec §2.4: the staff profile is the applicant profile (status always Active, 'Not provided' when missing). */
export function Profile() {
  const { user } = useScope();
  const { data: profile, loading, error: failed } = useServerData(user ? () => usersApi.get(user.id) : null, [user]);
  const error = failed ? 'Failed to load profile data' : null;
  const [signingOut, setSigningOut] = useState(false);

  // The server has ended every session, this one included: the shell only forgets it
  // (no logout call, which would answer 401) and /login says what happened.
  const signOutEverywhere = async () => {
    setSigningOut(true);
    try {
      const { message } = await authApi.logoutEverywhere();
      requestLogout('ended', message || 'You have been signed out on every device.');
    } catch (err) {
      notify(errorText(err, 'Could not sign you out everywhere. Please try again.'), 'error');
      setSigningOut(false);
    }
  };

  if (loading && user) return <Loading text="Loading profile..." />;

  return (
    <Box>
      <PageHeader title="Profile" />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {shown(profile?.fullName || user?.name)}
        </Typography>
        <DetailList
          items={[
            ['Full Name', shown(profile?.fullName || user?.name)],
            ['Email', shown(profile?.email ?? user?.email)],
            ['Phone', formatPhone(profile?.phone ?? user?.phone)],
            ['Role', shown(profile?.role ?? user?.role)],
            ['User ID', shown(profile?.id ?? user?.id)],
            ['Account Status', 'Active'],
          ]}
        />
      </Paper>
      <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mt: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Signed-in devices
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Lost a phone, or signed in on a shared computer? Sign out on every device where you are signed in, this one included.
        </Typography>
        <Button variant="outlined" sx={{ mt: 1 }} onClick={() => void signOutEverywhere()} disabled={signingOut}>
          {signingOut ? 'Signing out…' : 'Sign out everywhere'}
        </Button>
      </Paper>
    </Box>
  );
}
