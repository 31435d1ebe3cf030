import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { PageContainer as Container } from '../../../components/PageContainer';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CardGrid, CardSkeletons } from '../../../components/CardGrid';
import { PageShell } from '../../../components/PageShell';
import { usePublicUniversities } from '../hooks/usePublicUniversities';
import { CARD_HEIGHT, MEDIA_HEIGHT, UniversityCard } from './UniversityCard';

export const UNIVERSITIES_ERROR = 'Failed to fetch universities';

/** The guests' university list (/universities) of spec §2.3. */
export default function UniversitiesPage() {
  const state = usePublicUniversities();

  return (
    <PageShell>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, fontWeight: 800, color: '#14213d' }}>
          Explore Universities
        </Typography>
        <Typography sx={{ mt: 1, mb: 4, color: 'text.secondary' }}>Browse our partner universities and the programs they offer.</Typography>

        {state.status === 'error' && (
          <Alert severity="error" variant="filled" sx={{ mb: 3, bgcolor: '#b91c1c' }}>
            {UNIVERSITIES_ERROR}
          </Alert>
        )}

        {state.status === 'loading' && (
          <CardGrid label="Universities" busy>
            <CardSkeletons height={CARD_HEIGHT} mediaHeight={MEDIA_HEIGHT} />
          </CardGrid>
        )}

        {state.status === 'loaded' && state.data.length === 0 && (
          <Typography sx={{ py: 4 }} role="status">
            No universities are listed yet.
          </Typography>
        )}

        {state.status === 'loaded' && state.data.length > 0 && (
          <CardGrid label="Universities">
            {state.data.map((university) => (
              <li key={university.id}>
                <UniversityCard university={university} />
              </li>
            ))}
          </CardGrid>
        )}

        <Paper component="aside" aria-label="Sign in to explore more" sx={{ mt: 5, p: 3, borderRadius: 3, textAlign: 'center' }}>
          <Typography>Exploring more universities and their programs requires you to sign in.</Typography>
          <Box sx={{ mt: 1.5 }}>
            <Link component={RouterLink} to="/login" sx={{ fontWeight: 700 }}>
              Sign In Here
            </Link>
          </Box>
        </Paper>
      </Container>
    </PageShell>
  );
}
