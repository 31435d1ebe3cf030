/** /universities/:id: one university, its programs with a name search, Apply. */
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isMissing, isRecordId, LIMITS, programsApi, universitiesApi, type Program } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { isAnswered, useShowWhenComplete } from 'shared-api/complete-view';
import { NotFoundState } from 'shared-auth/ui';
import { BackButton } from '../../../components/BackButton';
import { Loading, SkeletonCards } from '../../../components/Loading';
import { useAuth } from 'shared-auth';
import { formatDate } from '../../../lib/format';
import { useOpenApplication } from '../../../lib/open-application';
import { useUniversityIntakes } from '../../../lib/intakes';
import { ApplicationsClosed, IntakeDeadline } from '../../../components/IntakeNotices';

const NO_PROGRAMS: Program[] = [];

export function UniversityDetail() {
  const { id = '' } = useParams();
  const userId = useAuth((s) => s.user?.id);
  const openApplication = useOpenApplication(userId, isRecordId(id) ? Number(id) : null);
  const intakes = useUniversityIntakes(isRecordId(id) ? Number(id) : null);
  const { outlook } = intakes;
  const [search, setSearch] = useState('');
  const [visible, setVisible] = useState<number>(LIMITS.universityPrograms.first);

  const valid = isRecordId(id);
  const universityRead = useServerData(valid ? () => universitiesApi.get(id) : null, [id]);
  const programsRead = useServerData(valid ? () => programsApi.ofUniversity(id) : null, [id]);
  const university = universityRead.data ?? null;
  const missing = !valid || (universityRead.error !== null && isMissing(universityRead.error));
  const universityError = universityRead.error !== null && !missing ? 'Failed to fetch university details' : '';
  const programs = programsRead.error ? NO_PROGRAMS : (programsRead.data ?? NO_PROGRAMS);
  const programsLoading = programsRead.loading;
  const programsError = programsRead.error ? 'Failed to fetch programs' : '';
  // Apply depends on the intakes, and the intake and open-application notices push the university
  // and its programs down: the page shows once all of them are in, so nothing moves under a tap.
  const complete = isAnswered(universityRead) && isAnswered(programsRead) && intakes.answered && openApplication !== undefined;
  const shown = useShowWhenComplete(valid, complete);

  const filtered = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term ? programs.filter((p) => p.name.toLowerCase().includes(term)) : programs;
  }, [programs, search]);

  if (missing) {
    return (
      <NotFoundState
        title="University Not Found"
        message="This university does not exist or is no longer listed. Choose another from the list of universities."
        action={
          <Button variant="contained" component={RouterLink} to="/dashboard">
            Browse universities
          </Button>
        }
      />
    );
  }

  if (!shown) {
    return (
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        <BackButton />
        <Loading />
      </Box>
    );
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <BackButton />
        {university?.website && (
          <Button variant="outlined" href={university.website} target="_blank" rel="noopener noreferrer">
            Visit Website
          </Button>
        )}
        {university && outlook?.kind !== 'closed' && (
          <Button variant="contained" component={RouterLink} to={`/apply/${id}`}>
            Apply
          </Button>
        )}
      </Stack>
      {university && outlook?.kind === 'closed' && <ApplicationsClosed next={outlook.next} />}
      {university && outlook?.kind === 'open' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          <Stack spacing={1.5}>
            {outlook.open.map((intake) => (
              <IntakeDeadline key={intake.id} intake={intake} headingLevel="h2" />
            ))}
          </Stack>
        </Alert>
      )}
      {openApplication && university && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to={`/applications/${openApplication.id}`}>
              View application
            </Button>
          }
        >
          You already have an open application to {university.name} ({formatDate(openApplication.submittedAt || openApplication.applicationDate)}). A second application is reviewed separately and has
          its own fee.
        </Alert>
      )}
      {universityError ? (
        <Alert severity="error">{universityError}</Alert>
      ) : !university ? (
        <Loading />
      ) : (
        <Card sx={{ mb: 3 }}>
          <CardContent>
            <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
              {university.name}
            </Typography>
            <Typography variant="h6" component="h2">
              About
            </Typography>
            <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{university.about || 'Not provided'}</Typography>
            <Typography>
              <strong>Location:</strong> {university.location || 'Not provided'}
            </Typography>
            <Typography>
              <strong>Contact info:</strong> {university.contactInfo || 'Not provided'}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              <strong>Website:</strong>{' '}
              {university.website ? (
                <a href={university.website} target="_blank" rel="noopener noreferrer">
                  {university.website}
                </a>
              ) : (
                'Not provided'
              )}
            </Typography>
          </CardContent>
        </Card>
      )}

      <Typography variant="h5" component="h2" gutterBottom>
        Programs Offered
      </Typography>
      <TextField
        label="Search programs by name"
        type="search"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setVisible(LIMITS.universityPrograms.first);
        }}
        fullWidth
        sx={{ mb: 2 }}
      />
      {programsError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {programsError}
        </Alert>
      )}
      {programsLoading ? (
        <SkeletonCards />
      ) : !programsError && filtered.length === 0 ? (
        <Typography color="text.secondary">No programs found.</Typography>
      ) : (
        <>
          <Grid container spacing={2}>
            {filtered.slice(0, visible).map((program) => (
              <Grid key={program.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Typography variant="h6" component="h3">
                      {program.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" gutterBottom>
                      Duration: {program.duration}
                    </Typography>
                    <Typography variant="body2">{program.description}</Typography>
                  </CardContent>
                  <CardActions>
                    <Button component={RouterLink} to={`/courses/${program.id}`} aria-label={`Explore Courses of ${program.name}`}>
                      Explore Courses
                    </Button>
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
          {visible < filtered.length && (
            <Box sx={{ textAlign: 'center', mt: 3 }}>
              <Button variant="outlined" onClick={() => setVisible((n) => n + LIMITS.universityPrograms.more)}>
                See More Programs
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
