/**
 * 'Offline — showing saved data' (issue 19), at the top of every signed-in
 * layout. The live region is always there, so a screen reader hears the
 * words when they appear.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useShowingSavedData } from './offline-status';

export const OFFLINE_BANNER_TEXT = 'Offline — showing saved data';

export function OfflineBanner() {
  const saved = useShowingSavedData();
  return (
    <Box role="status" aria-live="polite">
      {saved && (
        <Box sx={{ bgcolor: 'warning.light', color: 'warning.contrastText', px: 2, py: 0.75, textAlign: 'center' }}>
          <Typography variant="body2" component="p" sx={{ fontWeight: 600, m: 0 }}>
            {OFFLINE_BANNER_TEXT}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
