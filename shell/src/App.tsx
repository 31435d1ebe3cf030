import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { NoticeStack } from 'shared-auth/ui';
import { PortalRoutes } from './routes/PortalRoutes';
import { theme } from './theme';

/** Theme and toasts: everything but the router (tests bring a MemoryRouter). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      <NoticeStack />
    </ThemeProvider>
  );
}

export default function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <PortalRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
