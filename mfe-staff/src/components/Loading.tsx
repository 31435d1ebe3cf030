import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** The loading indicator of every staff page (spec §4: pages show one during requests). */
export function Loading({ text = 'Loading...' }: { text?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}>
      <CircularProgress size={28} aria-hidden="true" />
      <Typography>{text}</Typography>
    </Box>
  );
}
