import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SchoolIcon } from './icons';
import { SITE } from '../config/site';

/** The product mark: an inline icon and the name (no image request). */
export function Logo({ size = 'medium', color = 'inherit' }: { size?: 'medium' | 'large'; color?: string }) {
  const large = size === 'large';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color }}>
      <SchoolIcon sx={{ fontSize: large ? 48 : 28, color: 'secondary.main' }} />
      <Typography component="span" sx={{ fontWeight: 800, fontSize: large ? '2rem' : '1.25rem', lineHeight: 1 }}>
        {SITE.name}
      </Typography>
    </Box>
  );
}
