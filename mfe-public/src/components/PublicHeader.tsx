import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Logo } from './Logo';

const linkSx = { color: 'inherit', fontWeight: 500, px: 1, py: 1.5, display: 'inline-block' } as const;

/**
 * The guests' top bar: the logo (to /home), the features anchor, the
 * universities list, the about page and the Sign In button.
 */
export function PublicHeader({ featuresHref = '/home#features' }: { featuresHref?: string }) {
  return (
    <Box component="header" sx={{ bgcolor: '#14213d', color: '#fff' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, py: 1, px: { xs: 2, sm: 3 }, minHeight: 64, justifyContent: 'space-between', maxWidth: 1200, mx: 'auto' }}>
        <Link component={RouterLink} to="/home" underline="none" sx={{ color: 'inherit' }} aria-label="UniPortal home">
          <Logo />
        </Link>
        <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: { xs: 0, sm: 1 } }}>
          <Link href={featuresHref} underline="hover" sx={linkSx}>
            Features
          </Link>
          <Link component={RouterLink} to="/universities" underline="hover" sx={linkSx}>
            Universities
          </Link>
          <Link component={RouterLink} to="/learn-more" underline="hover" sx={linkSx}>
            About
          </Link>
          <Button component={RouterLink} to="/login" variant="contained" color="secondary" sx={{ ml: 1, color: '#14213d', fontWeight: 700 }}>
            Sign In
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
