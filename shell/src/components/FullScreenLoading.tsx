import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Spec §2.1: shown while the session loads or a logout is in progress. */
export function FullScreenLoading() {
  return (
    <Box role="status" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Typography variant="h6" component="p">
        Loading...
      </Typography>
    </Box>
  );
}
