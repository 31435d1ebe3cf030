/**
 * Standalone start of this remote, for its own team: the same App the shell
 * loads, inside a router, a theme and the shared session (read from storage).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
// eslint-disable-next-line no-restricted-imports -- standalone mode has no shell, so it restores the session itself
import { sessionWriter } from 'shared-auth';
import App from './App';

sessionWriter.restore();
const theme = createTheme({ palette: { primary: { main: '#14213d' }, secondary: { main: '#fca311' } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </ThemeProvider>
  </StrictMode>,
);
