import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** The last catch-all (spec §2.1). */
export function NotFound() {
  return (
    <Box component="main" sx={{ minHeight: '70vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3, gap: 2 }}>
      <Typography variant="h1" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
        404
      </Typography>
      <Typography variant="h4" component="h2">
        Oops! Page not found.
      </Typography>
      <Typography color="text.secondary">The page you&apos;re looking for doesn&apos;t exist or has been moved.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go back to Home
      </Button>
    </Box>
  );
}
