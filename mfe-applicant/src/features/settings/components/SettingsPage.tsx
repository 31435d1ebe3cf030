import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** /settings: a placeholder (spec §2.5). */
export function SettingsPage() {
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
        Settings
      </Typography>
      <Typography>Settings functionality is coming soon.</Typography>
    </Box>
  );
}
