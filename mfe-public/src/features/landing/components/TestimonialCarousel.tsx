import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TIMINGS } from 'shared-api';
import { InitialsAvatar } from '../../../components/InitialsAvatar';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../../components/icons';
import type { Testimonial } from '../data/content';

/**
 * Rotates through the testimonials every 5 seconds (spec §9). A pause/play
 * button stops the rotation; previous, next and one dot per item are plain
 * buttons, so the whole carousel works from the keyboard.
 */
export function TestimonialCarousel({ items, intervalMs = TIMINGS.testimonialMs }: { items: readonly Testimonial[]; intervalMs?: number }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const count = items.length;

  useEffect(() => {
    if (!playing || count < 2) return undefined;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [playing, index, count, intervalMs]);

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const item = items[index];

  return (
    <Box component="section" aria-roledescription="carousel" aria-label="Testimonials" sx={{ maxWidth: 760, mx: 'auto' }}>
      <Box aria-live="polite" aria-atomic="true">
        <Paper role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`} elevation={2} sx={{ p: { xs: 3, sm: 4 }, minHeight: { xs: 300, sm: 230 }, display: 'flex' }}>
          <Box component="figure" sx={{ m: 0, flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'space-between' }}>
            <Typography component="blockquote" sx={{ m: 0, fontSize: { xs: '1.05rem', sm: '1.2rem' }, fontStyle: 'italic' }}>
              “{item.quote}”
            </Typography>
            <Box component="figcaption" sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 3 }}>
              <InitialsAvatar name={item.name} />
              <Box>
                <Typography sx={{ fontWeight: 700 }}>{item.name}</Typography>
                <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>{item.detail}</Typography>
              </Box>
            </Box>
          </Box>
        </Paper>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <IconButton onClick={() => setPlaying((value) => !value)} aria-label={playing ? 'Pause testimonials' : 'Play testimonials'}>
          {playing ? <PauseIcon /> : <PlayIcon />}
        </IconButton>
        <IconButton onClick={() => go(index - 1)} aria-label="Previous testimonial">
          <ChevronLeftIcon />
        </IconButton>
        {items.map((testimonial, dot) => (
          <Box
            key={testimonial.name}
            component="button"
            type="button"
            onClick={() => go(dot)}
            aria-label={`Show testimonial ${dot + 1}`}
            aria-current={dot === index ? 'true' : undefined}
            sx={{
              width: 32,
              height: 32,
              border: 0,
              p: 0,
              bgcolor: 'transparent',
              cursor: 'pointer',
              borderRadius: '50%',
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              '&:focus-visible': { outline: '2px solid #14213d', outlineOffset: 2 },
              '&::after': {
                content: '""',
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: dot === index ? '#14213d' : '#9aa0a6',
              },
            }}
          />
        ))}
        <IconButton onClick={() => go(index + 1)} aria-label="Next testimonial">
          <ChevronRightIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
