import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { displayName, useAuth } from 'shared-auth';
import { UniversitySelector } from './UniversitySelector';

/** The staff top bar: the user's name (else e-mail, else subject, else 'User'); SUPERUSER also picks a university. */
export function TopBar() {
  const user = useAuth((s) => s.user);
  return (
    <Box
      component="header"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, px: { xs: 1.5, md: 3 }, py: 1.5, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}
    >
      {user?.role === 'SUPERUSER' ? <UniversitySelector /> : <span />}
      <Typography data-testid="top-bar-name" sx={{ fontWeight: 600 }}>
        {displayName(user)}
      </Typography>
    </Box>
  );
}
