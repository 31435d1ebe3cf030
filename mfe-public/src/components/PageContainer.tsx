import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

const WIDTHS = { sm: 600, md: 900, lg: 1200 } as const;

/** A centred, padded column (what MUI's Container does, without shipping another module). */
export function PageContainer({ maxWidth = 'lg', sx, children }: { maxWidth?: keyof typeof WIDTHS; sx?: SxProps<Theme>; children: ReactNode }) {
  return <Box sx={[{ width: '100%', maxWidth: WIDTHS[maxWidth], mx: 'auto', px: { xs: 2, sm: 3 }, boxSizing: 'border-box' }, ...(Array.isArray(sx) ? sx : [sx])]}>{children}</Box>;
}
