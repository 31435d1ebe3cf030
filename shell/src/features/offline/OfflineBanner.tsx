/**
 * 'Offline — showing saved data' (issue 19), last in every signed-in layout.
 * The live region is always there, so a screen reader hears the words when
 * they appear.
 *
 * On a patchy network the bar comes and goes with each answer. It sits at the
 * end of the page, held to the bottom of the window (sticky), so coming and
 * going moves nothing already on screen: at the top of the page it pushed
 * every button down under the applicant's finger. Being in the flow, it also
 * makes its own room: the last button can be scrolled out from under it.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useShowingSavedData } from './offline-status';

export const OFFLINE_BANNER_TEXT = 'Offline — showing saved data';

export function OfflineBanner() {
  const saved = useShowingSavedData();
  return (
    <Box role="status" aria-live="polite" sx={{ position: 'sticky', bottom: 0, zIndex: 'appBar' }}>
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
