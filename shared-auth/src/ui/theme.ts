/**
 * The portal's one theme: the shell and every remote's standalone start use it,
 * so a remote seen alone looks as it does inside the portal.
 */
import { createTheme, type Theme } from '@mui/material/styles';

export const PORTAL_NAVY = '#14213d';
export const PORTAL_GOLD = '#fca311';

export function createPortalTheme(): Theme {
  return createTheme({
    palette: { primary: { main: PORTAL_NAVY }, secondary: { main: PORTAL_GOLD } },
    shape: { borderRadius: 8 },
    // Button texts read as the spec writes them ('Signing in...'), not upper-cased.
    components: { MuiButton: { styleOverrides: { root: { textTransform: 'none' } } } },
  });
}
