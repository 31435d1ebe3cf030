/**
 * The portal's one logo (inline mark and name, no image request), so the
 * public site, the sign-in pages, the applicant bar and the staff sidebar
 * show the same thing.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const PORTAL_NAME = 'UniPortal';
const MARK = 'M5 13.18v4L12 21l7-3.82v-4L12 17zM12 3 1 9l11 6 9-4.91V17h2V9z';

/** `markOnly`: the mark without the name (a collapsed sidebar), where the caller names the portal for screen readers. */
export function PortalLogo({ size = 'medium', color = 'inherit', markOnly = false }: { size?: 'small' | 'medium' | 'large'; color?: string; markOnly?: boolean }) {
  const px = { small: 22, medium: 28, large: 48 }[size];
  const text = { small: '1.1rem', medium: '1.25rem', large: '2rem' }[size];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color }}>
      {/* An inline svg, not SvgIcon: the public pages carry no icon component. */}
      <Box component="svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false" sx={{ width: px, height: px, fill: 'currentColor', flexShrink: 0, color: 'secondary.main' }}>
        <path d={MARK} />
      </Box>
      {!markOnly && (
        <Typography component="span" sx={{ fontWeight: 800, fontSize: text, lineHeight: 1 }}>
          {PORTAL_NAME}
        </Typography>
      )}
    </Box>
  );
}
