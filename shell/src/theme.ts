import { createTheme } from '@mui/material/styles';

export const SIDEBAR_BACKGROUND = '#14213d';

export const theme = createTheme({
  palette: { primary: { main: SIDEBAR_BACKGROUND }, secondary: { main: '#fca311' } },
  shape: { borderRadius: 8 },
  // Button texts read as the spec writes them ('Signing in...'), not upper-cased.
  components: { MuiButton: { styleOverrides: { root: { textTransform: 'none' } } } },
});
