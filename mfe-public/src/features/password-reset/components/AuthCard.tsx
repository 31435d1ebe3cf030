import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Logo } from '../../../components/Logo';

/** The centred card of the password pages, from 320 px up. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: '#f1f3f6', display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, py: 4 }}>
      <Paper sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Link component={RouterLink} to="/home" underline="none" aria-label="UniPortal home" sx={{ color: '#14213d' }}>
          <Logo />
        </Link>
        <Typography variant="h1" sx={{ fontSize: '1.75rem', fontWeight: 800, color: '#14213d', mt: 3 }}>
          {title}
        </Typography>
        <Typography sx={{ mt: 1, mb: 3, color: 'text.secondary' }}>{intro}</Typography>
        {children}
      </Paper>
    </Box>
  );
}
