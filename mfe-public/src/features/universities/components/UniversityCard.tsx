import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { LIMITS, type University } from 'shared-api';
import { clampLines } from '../../../components/CardGrid';

export const CARD_HEIGHT = 360;
export const MEDIA_HEIGHT = 140;

/** The about text cut at 120 characters (spec §9). */
export function shortAbout(about: string | null): string {
  const text = (about ?? '').trim();
  if (!text) return 'No description available yet.';
  return text.length > LIMITS.aboutCut ? `${text.slice(0, LIMITS.aboutCut).trimEnd()}...` : text;
}

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter((word) => /^[A-Za-z]/.test(word) && word.toLowerCase() !== 'of')
      .map((word) => word[0])
      .join('')
      .slice(0, 3)
      .toUpperCase() || 'U'
  );
}

export function UniversityCard({ university }: { university: University }) {
  const name = university.name || 'Unnamed University';
  return (
    <Card component="article" sx={{ height: CARD_HEIGHT, display: 'flex', flexDirection: 'column' }}>
      {university.imageUrl ? (
        <Box
          component="img"
          src={university.imageUrl}
          alt=""
          width={400}
          height={MEDIA_HEIGHT}
          loading="lazy"
          decoding="async"
          sx={{ width: '100%', height: MEDIA_HEIGHT, objectFit: 'cover', display: 'block', bgcolor: '#e5e7eb' }}
        />
      ) : (
        <Box
          aria-hidden="true"
          sx={{ height: MEDIA_HEIGHT, bgcolor: '#14213d', color: '#fca311', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '2.5rem', fontWeight: 800 }}
        >
          {initials(name)}
        </Box>
      )}
      <CardContent sx={{ flex: 1, overflow: 'hidden' }}>
        <Typography variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 700, color: '#14213d', ...clampLines(2) }}>
          {name}
        </Typography>
        <Typography sx={{ mt: 1, color: 'text.secondary', ...clampLines(3) }}>{shortAbout(university.about)}</Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to={`/guest/programs/${university.id}`} variant="contained" aria-label={`Explore Programs at ${name}`} sx={{ bgcolor: '#14213d' }}>
          Explore Programs
        </Button>
      </CardActions>
    </Card>
  );
}
