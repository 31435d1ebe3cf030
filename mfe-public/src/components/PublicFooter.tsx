import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import { PageContainer as Container } from './PageContainer';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Logo } from './Logo';
import { SITE } from '../config/site';

const LINKS = [
  { to: '/home', label: 'Home' },
  { to: '/universities', label: 'Universities' },
  { to: '/about', label: 'About Us' },
  { to: '/coming-soon', label: 'Coming Soon' },
  { to: '/privacy', label: 'Privacy Notice' },
] as const;

export function PublicFooter() {
  return (
    <Box component="footer" sx={{ bgcolor: '#14213d', color: '#fff', py: 5, mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, justifyContent: 'space-between' }}>
        <Box sx={{ maxWidth: 360 }}>
          <Logo />
          <Typography sx={{ mt: 1.5, color: '#e5e5e5' }}>{SITE.tagline}.</Typography>
        </Box>
        <Box component="nav" aria-label="Footer">
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link component={RouterLink} to={link.to} sx={{ color: '#fff', display: 'inline-block', py: 0.5 }}>
                  {link.label}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
        <Box>
          <Typography>
            <Link href={`mailto:${SITE.email}`} sx={{ color: '#fff' }}>
              {SITE.email}
            </Link>
          </Typography>
          <Typography sx={{ color: '#e5e5e5' }}>{SITE.address}</Typography>
        </Box>
      </Container>
      <Typography align="center" sx={{ mt: 4, color: '#e5e5e5', fontSize: '0.875rem' }}>
        © {new Date().getFullYear()} {SITE.name}. All rights reserved.
      </Typography>
    </Box>
  );
}
