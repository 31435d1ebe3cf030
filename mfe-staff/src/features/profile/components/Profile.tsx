import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { usersApi, type User } from 'shared-api';
import { DetailList } from '../../../components/DetailList';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { useScope } from '../../../hooks/useScope';

const shown = (value: string | number | null | undefined) => (value === null || value === undefined || String(value).trim() === '' ? 'Not provided' : String(value));

/** Spec §2.4: the staff profile is the applicant profile (status always Active, 'Not provided' when missing). */
export function Profile() {
  const { user } = useScope();
  const [profile, setProfile] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!user) return;
    let live = true;
    usersApi
      .get(user.id)
      .then((p) => live && setProfile(p))
      .catch(() => live && setError('Failed to load profile data'))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [user]);

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
            ['Phone', shown(profile?.phone ?? user?.phone)],
            ['Role', shown(profile?.role ?? user?.role)],
            ['User ID', shown(profile?.id ?? user?.id)],
            ['Account Status', 'Active'],
          ]}
        />
      </Paper>
    </Box>
  );
}
