import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { LIMITS } from 'shared-api';

export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }}>
      <CircularProgress size={24} aria-hidden />
      <span>{label}</span>
    </Box>
  );
}

/** Skeleton cards while a list loads (spec §9: 6). */
export function SkeletonCards({ count = LIMITS.skeletons }: { count?: number }) {
  return (
    <Grid container spacing={2} role="status" aria-label="Loading...">
      {Array.from({ length: count }, (_, index) => (
        <Grid key={index} size={{ xs: 12, sm: 6, md: 4 }}>
          <Skeleton variant="rounded" height={180} />
        </Grid>
      ))}
    </Grid>
  );
}
