import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorStatus, LIMITS, programsApi, universitiesApi, type Program } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { BackButton } from '../../../components/BackButton';
import { DetailList } from '../../../components/DetailList';
import { Loading } from '../../../components/Loading';
import { useScope } from '../../../hooks/useScope';

const NO_PROGRAMS: Program[] = [];

export function UniversityDetail() {
  const { id } = useParams();
  const { user } = useScope();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState<number>(LIMITS.universityPrograms.first);
  // An ADMIN sees only its own university.
  const outOfReach = user?.role === 'ADMIN' && String(user.universityId) !== id;

  const { data, error } = useServerData(!id || outOfReach ? null : () => Promise.all([universitiesApi.get(id), programsApi.ofUniversity(id).catch(() => [] as Program[])]), [id, outOfReach]);
  const [university, programs] = data ?? [null, NO_PROGRAMS];
  const state: 'loading' | 'ready' | 'missing' | 'error' = !id || outOfReach ? 'missing' : error ? (errorStatus(error) === 404 ? 'missing' : 'error') : data ? 'ready' : 'loading';

  const matching = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? programs.filter((p) => p.name.toLowerCase().includes(needle)) : programs;
  }, [programs, search]);

  if (state === 'loading') return <Loading text="Loading university details..." />;
  if (state === 'missing')
    return (
      <Paper sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          University Not Found
        </Typography>
        <Button variant="contained" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </Paper>
    );
  if (state === 'error' || !university)
    return (
      <Box>
        <BackButton />
        <Alert severity="error">Failed to fetch university details</Alert>
      </Box>
    );

  return (
    <Box>
      <BackButton />
      <Paper sx={{ p: { xs: 2, sm: 4 }, mb: 4 }}>
        {university.imageUrl && (
          <Box
            component="img"
            src={university.imageUrl}
            alt={university.name}
            width={960}
            height={320}
            loading="lazy"
            sx={{ width: '100%', height: 'auto', maxHeight: 320, objectFit: 'cover', borderRadius: 1, mb: 2 }}
          />
        )}
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 2 }}>
          {university.name}
        </Typography>
        {university.about && <Typography sx={{ mb: 2 }}>{university.about}</Typography>}
        <DetailList
          items={[
            ['Location', university.location || 'N/A'],
            ['Contact Info', university.contactInfo || 'N/A'],
          ]}
        />
        {university.website && (
          <Button sx={{ mt: 2 }} variant="outlined" component={Link} href={university.website} target="_blank" rel="noopener noreferrer">
            Visit Website
          </Button>
        )}
      </Paper>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Programs Offered
      </Typography>
      <TextField
        label="Search programs"
        placeholder="Search programs..."
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setShown(LIMITS.universityPrograms.first);
        }}
        fullWidth
        sx={{ mb: 2 }}
      />
      {matching.length === 0 ? (
        <Typography>{search.trim() ? 'No programs match your search.' : 'No programs available for this university.'}</Typography>
      ) : (
        <Box component="ul" aria-label="Programs Offered" sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))', listStyle: 'none', p: 0, m: 0 }}>
          {matching.slice(0, shown).map((p) => (
            <Card component="li" key={p.id} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography variant="h6" component="h3">
                  {p.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {p.duration}
                </Typography>
                <Typography variant="body2" sx={{ my: 1 }}>
                  {p.description}
                </Typography>
                <Typography variant="body2">
                  <strong>Requirements:</strong> {p.requirements || 'Not provided'}
                </Typography>
                <Typography variant="body2">
                  <strong>Careers:</strong> {p.careerOpportunities || 'Not provided'}
                </Typography>
              </CardContent>
              <CardActions>
                <Button onClick={() => navigate(`/programs/${p.id}`)} aria-label={`View Courses of ${p.name}`}>
                  View Courses
                </Button>
              </CardActions>
            </Card>
          ))}
        </Box>
      )}
      {matching.length > shown && (
        <Button sx={{ mt: 2 }} variant="outlined" onClick={() => setShown((n) => n + LIMITS.universityPrograms.more)}>
          See More Programs
        </Button>
      )}
    </Box>
  );
}
