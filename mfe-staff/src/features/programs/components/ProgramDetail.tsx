import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { coursesApi, errorText, isMissing, LIMITS, programsApi, type Course } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { RecordNotFound } from '../../../components/RecordNotFound';
import { BackButton } from '../../../components/BackButton';
import { Loading } from '../../../components/Loading';
import { useInReach } from '../../../hooks/useInReach';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))' } as const;

const NO_COURSES: Course[] = [];

export function ProgramDetail() {
  const { id } = useParams();
  const { data, loading, error: failed } = useServerData(id ? () => Promise.all([programsApi.get(id), coursesApi.ofProgram(id).catch(() => [] as Course[])]) : null, [id]);
  const [program, courses] = data ?? [null, NO_COURSES];
  const error = failed ? errorText(failed, 'Failed to fetch programs.') : null;
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState<number>(LIMITS.staffProgramCourses.first);
  const inReach = useInReach();

  const matching = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? courses.filter((c) => c.courseName.toLowerCase().includes(needle)) : courses;
  }, [courses, search]);

  if (loading) return <Loading text="Loading program details..." />;
  if (isMissing(failed) || (program && !inReach(program.universityId))) return <RecordNotFound noun="program" listPath="/programs" listLabel="See all programs" />;
  if (error || !program)
    return (
      <Box>
        <BackButton />
        <Alert severity="error">{error ?? 'Failed to fetch programs.'}</Alert>
      </Box>
    );

  return (
    <Box>
      <BackButton />
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
        {program.name}
      </Typography>
      <Typography sx={{ my: 2 }}>{program.description}</Typography>
      <Box sx={{ ...grid, mb: 4 }}>
        {[
          ['Duration', program.duration],
          ['Requirements', program.requirements || 'Not provided'],
          ['Career Opportunities', program.careerOpportunities || 'Not provided'],
        ].map(([label, value]) => (
          <Card key={label} variant="outlined">
            <CardContent>
              <Typography variant="subtitle2" component="h2" color="text.secondary">
                {label}
              </Typography>
              <Typography>{value}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        Courses
      </Typography>
      <TextField
        placeholder="Search courses..."
        label="Search courses"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setShown(LIMITS.staffProgramCourses.first);
        }}
        fullWidth
        sx={{ mb: 2 }}
      />
      {matching.length === 0 ? (
        <Typography>{search.trim() ? 'No courses match your search.' : 'No courses available for this program.'}</Typography>
      ) : (
        <Box component="ul" sx={{ ...grid, listStyle: 'none', p: 0, m: 0 }} aria-label="Courses">
          {matching.slice(0, shown).map((course) => (
            <Card component="li" key={course.id} variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h3">
                  {course.courseName}
                </Typography>
                <Typography variant="body2" sx={{ my: 1 }}>
                  {course.courseDescription}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Chip size="small" label={`Semester ${course.sermisterToBeDone}`} />
                  <Chip size="small" label={`Year ${course.yearToBeStudied}`} />
                </Box>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
      {matching.length > shown && (
        <Button sx={{ mt: 2 }} variant="outlined" onClick={() => setShown((n) => n + LIMITS.staffProgramCourses.more)}>
          See More Courses
        </Button>
      )}
    </Box>
  );
}
