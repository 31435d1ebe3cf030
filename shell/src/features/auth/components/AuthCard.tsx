import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PortalLogo } from 'shared-auth/ui';

/** The frame of the sign-in and registration pages: the logo (to /home), a heading, the form. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: '#f5f6fa', p: { xs: 1.5, sm: 3 } }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 460, p: { xs: 2.5, sm: 4 } }}>
        <Link component={RouterLink} to="/home" underline="none" aria-label="UniPortal home" sx={{ display: 'inline-block', mb: 2, fontWeight: 800, fontSize: 22, color: 'primary.main' }}>
          <PortalLogo />
        </Link>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
