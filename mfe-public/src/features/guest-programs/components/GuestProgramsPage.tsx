import { useParams, Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { PageContainer as Container } from '../../../components/PageContainer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import type { Program } from 'shared-api';
import { useShowWhenComplete } from 'shared-api/complete-view';
import { CardGrid, CardSkeletons, clampLines } from '../../../components/CardGrid';
import { PageShell } from '../../../components/PageShell';
import { SearchIcon } from '../../../components/icons';
import { useGuestPrograms, useUniversityName } from '../hooks/useGuestPrograms';
import { useGuestUniversityId } from '../hooks/useGuestUniversityId';
import { useGuestIntakes } from '../hooks/useGuestIntakes';
import { IntakeBanner } from './IntakeBanner';
import { notify } from 'shared-auth';
import { NotFoundState } from 'shared-auth/ui';
import Button from '@mui/material/Button';

export const SIGN_IN_REQUIRED = 'Sign in required - You need to sign in to see the details!';
const PROGRAM_CARD_HEIGHT = 240;

const bounce = keyframes`
  0%, 80%, 100% { transform: translateY(0); opacity: 0.4; }
  40% { transform: translateY(-6px); opacity: 1; }
`;

function BouncingDots() {
  return (
    <Box component="span" role="status" aria-label="Loading university name" sx={{ display: 'inline-flex', gap: 0.75, ml: 1, verticalAlign: 'middle' }}>
      {[0, 1, 2].map((dot) => (
        <Box
          key={dot}
          component="span"
          aria-hidden="true"
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: '#fca311',
            animation: `${bounce} 1.2s ${dot * 0.15}s infinite ease-in-out`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.7 },
          }}
        />
      ))}
    </Box>
  );
}

function ProgramCard({ program, onDetails }: { program: Program; onDetails: () => void }) {
  return (
    <Card component="article" sx={{ height: PROGRAM_CARD_HEIGHT, display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1, overflow: 'hidden' }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 700, color: '#14213d', ...clampLines(2) }}>
            {program.name}
          </Typography>
          <IconButton onClick={onDetails} aria-label="View program details" sx={{ flexShrink: 0, bgcolor: '#f1f3f6' }}>
            <SearchIcon />
          </IconButton>
        </Box>
        <Typography sx={{ mt: 1, color: 'text.secondary', ...clampLines(5) }}>{program.description}</Typography>
      </CardContent>
    </Card>
  );
}

/** The programs of one university for guests (/guest/programs/:id) of spec §2.3. */
export default function GuestProgramsPage() {
  const { id } = useParams();
  const universityId = useGuestUniversityId(id);
  const name = useUniversityName(universityId);
  const state = useGuestPrograms(universityId);
  const intakes = useGuestIntakes(universityId);
  // The banner above the cards and a name that wraps the heading pushed the cards down under a tap
  // when they arrived after the programs: the cards show once all three answers are in.
  const cardsShown = useShowWhenComplete(true, name !== null && state.status !== 'loading' && intakes.answered);

  if (name !== null && typeof name === 'object') {
    return (
      <PageShell>
        <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
          <NotFoundState
            title="University Not Found"
            message="There is no university at this address. Choose one from the list of universities to see its programs."
            action={
              <Button variant="contained" component={RouterLink} to="/universities">
                See all universities
              </Button>
            }
          />
        </Container>
      </PageShell>
    );
  }

  return (
    <PageShell>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.5rem' }, fontWeight: 800, color: '#14213d', mb: 4, minHeight: '1.2em' }}>
          Programs Offered By {name ?? <BouncingDots />}
        </Typography>

        <IntakeBanner outlook={intakes.outlook} />

        {cardsShown && state.status === 'error' && (
          <Alert severity="error" sx={{ mb: 3 }}>
            {state.message}
          </Alert>
        )}

        {(!cardsShown || state.status === 'loading') && (
          <CardGrid label="Programs" busy>
            <CardSkeletons height={PROGRAM_CARD_HEIGHT} />
          </CardGrid>
        )}

        {cardsShown && state.status === 'loaded' && state.programs.length === 0 && (
          <Typography role="status" sx={{ py: 4 }}>
            No programs are listed for this university yet.
          </Typography>
        )}

        {cardsShown && state.status === 'loaded' && state.programs.length > 0 && (
          <CardGrid label="Programs">
            {state.programs.map((program) => (
              <li key={program.id}>
                <ProgramCard program={program} onDetails={() => notify(SIGN_IN_REQUIRED, 'warning')} />
              </li>
            ))}
          </CardGrid>
        )}

        <Paper component="aside" aria-label="Sign in to explore more" sx={{ mt: 5, p: 3, borderRadius: 3, textAlign: 'center' }}>
          <Typography>Exploring more programs and their courses requires you to sign in.</Typography>
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
