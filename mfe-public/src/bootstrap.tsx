/**
 * Standalone start of this remote, for its own team: the same App the shell
 * loads, inside a router, the portal's theme and notification stack, and the
 * shared session (read from storage).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
// eslint-disable-next-line no-restricted-imports -- standalone mode has no shell, so it restores the session itself
import { sessionWriter } from 'shared-auth';
import { createPortalTheme, NoticeStack } from 'shared-auth/ui';
import App from './App';

sessionWriter.restore();
const theme = createPortalTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <App />
      </BrowserRouter>
      <NoticeStack />
    </ThemeProvider>
  </StrictMode>,
);
