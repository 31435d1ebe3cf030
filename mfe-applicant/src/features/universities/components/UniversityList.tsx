/** /dashboard: the university list with a name search and 'See More Universities'. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { forgetPreloadedResponse, LIMITS, UNIVERSITIES_PATH, universitiesApi, useFormHandover, usePreloadedResponse, type University } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { cacheUniversities } from 'shared-auth';
import { SkeletonCards } from '../../../components/Loading';
import { cutText } from '../../../lib/format';

const NO_UNIVERSITIES: University[] = [];

/**
 * A page the server rendered for the role carries the list it was rendered
 * with (src/server.ts): the first render shows it, without a second request.
 */
export function UniversityList() {
  const [preloaded] = useState(usePreloadedResponse<University[]>(UNIVERSITIES_PATH));
  const {
    data,
    loading,
    error: failed,
  } = useServerData(
    () =>
      universitiesApi.list().then((list) => {
        cacheUniversities(list);
        return list;
      }),
    [],
    { initial: preloaded },
  );
  useEffect(() => {
    if (preloaded === undefined) return;
    cacheUniversities(preloaded);
    // Used once: a later visit to the page asks the server.
    forgetPreloadedResponse(UNIVERSITIES_PATH);
  }, [preloaded]);
  const universities = data ?? NO_UNIVERSITIES;
  const error = failed ? 'Failed to fetch universities' : '';
  const [search, setSearch] = useState('');
  const [visible, setVisible] = useState<number>(LIMITS.universities.first);

  const filtered = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term ? universities.filter((u) => u.name.toLowerCase().includes(term)) : universities;
  }, [universities, search]);

  const onSearch = (value: string) => {
    setSearch(value);
    setVisible(LIMITS.universities.first);
  };
  // The server renders this page for the role (decision 011): a search typed before the app
  // took the page over is taken over with it, never lost.
  const searchForm = useRef<HTMLFormElement>(null);
  useFormHandover(searchForm, ({ name, value }) => {
    if (name === 'search') onSearch(value);
  });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
        Universities
      </Typography>
      <Box component="form" ref={searchForm} role="search" noValidate onSubmit={(event) => event.preventDefault()}>
        <TextField label="Search universities by name" type="search" name="search" value={search} onChange={(e) => onSearch(e.target.value)} fullWidth sx={{ mb: 2 }} />
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {loading ? (
        <SkeletonCards />
      ) : !error && filtered.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 4 }}>
          <Typography variant="h6" component="p" gutterBottom>
            No universities found
          </Typography>
          <Typography color="text.secondary" gutterBottom>
            No university matches “{search}”.
          </Typography>
          <Button variant="contained" onClick={() => onSearch('')}>
            Clear Search
          </Button>
        </Box>
      ) : (
        <>
          <Grid container spacing={2}>
            {filtered.slice(0, visible).map((university) => (
              <Grid key={university.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Typography variant="h6" component="h2">
                      {university.name}
                    </Typography>
                    {university.location && (
                      <Typography variant="body2" color="text.secondary" gutterBottom>
                        {university.location}
                      </Typography>
                    )}
                    <Typography variant="body2">{cutText(university.about, LIMITS.aboutCut)}</Typography>
                  </CardContent>
                  <CardActions>
                    <Button component={RouterLink} to={`/universities/${university.id}`} aria-label={`Learn More about ${university.name}`}>
                      Learn More
                    </Button>
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
          {visible < filtered.length && (
            <Box sx={{ textAlign: 'center', mt: 3 }}>
              <Button variant="outlined" onClick={() => setVisible((n) => n + LIMITS.universities.more)}>
                See More Universities
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
