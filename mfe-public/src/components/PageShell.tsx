import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { PublicHeader } from './PublicHeader';
import { PublicFooter } from './PublicFooter';

/** Header, main landmark and footer around a public page. */
export function PageShell({ children, featuresHref }: { children: ReactNode; featuresHref?: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: '#f8f9fb' }}>
      <PublicHeader featuresHref={featuresHref} />
      <Box component="main" id="main-content" sx={{ flex: 1 }}>
        {children}
      </Box>
      <PublicFooter />
    </Box>
  );
}
