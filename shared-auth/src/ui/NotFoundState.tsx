/**
 * What a detail page shows when the thing in its address does not exist (a
 * deleted university, a mistyped id): the page says so in words and offers a
 * way back, instead of an empty form or a validation message meant for the
 * server. One component for every remote, so every such page reads the same.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface NotFoundStateProps {
  /** The heading, e.g. 'University Not Found'. */
  title: string;
  /** One sentence on what happened and what to do. */
  message: string;
  /** The way back: a link or button to a list the visitor can choose from. */
  action: ReactNode;
}

export function NotFoundState({ title, message, action }: NotFoundStateProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under a screen reader's cursor: say so by moving focus to the heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    // Box, not Paper: this file is in the ui entry the shell loads at start-up, where
    // only the eagerly shared MUI modules (deploy/webpack HOST_EAGER) may be imported.
    <Box
      component="section"
      aria-labelledby="not-found-heading"
      sx={{ p: { xs: 2, sm: 4 }, m: { xs: 1, sm: 2 }, textAlign: 'center', maxWidth: 640, mx: { xs: 1, sm: 'auto' }, bgcolor: 'background.paper', borderRadius: 1, boxShadow: 1 }}
    >
      <Typography
        id="not-found-heading"
        ref={heading}
        tabIndex={-1}
        variant="h4"
        component="h1"
        gutterBottom
        sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, outline: 'none', overflowWrap: 'anywhere' }}
      >
        {title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{message}</Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: 1 }}>{action}</Box>
    </Box>
  );
}
