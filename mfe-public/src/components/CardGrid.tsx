import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { LIMITS } from 'shared-api';

/** A responsive grid of equal cards: one column at 320 px, up to three on a desktop. */
export function CardGrid({ children, label, busy = false }: { children: ReactNode; label: string; busy?: boolean }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy || undefined}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 3,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * The placeholders shown while cards load. They have the cards' exact height
 * (and media height), so nothing moves when the real cards arrive.
 */
export function CardSkeletons({ height, mediaHeight = 0 }: { height: number; mediaHeight?: number }) {
  return (
    <>
      {Array.from({ length: LIMITS.skeletons }, (_, index) => (
        <li key={index} data-testid="card-skeleton">
          <Card sx={{ height }} aria-hidden="true">
            {mediaHeight > 0 && <Skeleton variant="rectangular" height={mediaHeight} animation="wave" />}
            <CardContent>
              <Skeleton variant="text" width="70%" sx={{ fontSize: '1.25rem' }} />
              <Skeleton variant="text" />
              <Skeleton variant="text" />
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="rounded" width={140} height={36} sx={{ mt: 2 }} />
            </CardContent>
          </Card>
        </li>
      ))}
    </>
  );
}

/** Clamps text to a number of lines (the cards keep one height whatever the text). */
export function clampLines(lines: number) {
  return {
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical' as const,
    overflow: 'hidden',
  };
}
