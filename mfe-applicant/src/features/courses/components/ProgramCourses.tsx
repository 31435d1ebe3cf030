/** /courses/:id: the courses of a program (the id is a program id), 8 then 'Load More' +4. */
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { coursesApi, errorText, isMissing, isRecordId, LIMITS, programsApi, type Course } from 'shared-api';
import { NotFoundState } from 'shared-auth/ui';
import { BackButton } from '../../../components/BackButton';
import { SkeletonCards } from '../../../components/Loading';

export function ProgramCourses() {
  const { id = '' } = useParams();
  const [courses, setCourses] = useState<Course[]>([]);
  const [programName, setProgramName] = useState('');
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [missing, setMissing] = useState(false);
  const [visible, setVisible] = useState<number>(LIMITS.applicantCourses.first);

  useEffect(() => {
    let active = true;
    setLoading(true);
    setError('');
    setMissing(false);
    setVisible(LIMITS.applicantCourses.first);
    if (!isRecordId(id)) {
      setMissing(true);
      return undefined;
    }
    coursesApi
      .ofProgram(id)
      .then((list) => active && setCourses(list))
      .catch((err: unknown) => {
        if (!active) return;
        setCourses([]);
        setError(`Failed to fetch courses: ${errorText(err, 'Server error')}`);
      })
      .finally(() => active && setLoading(false));
    programsApi
      .get(id)
      .then((program) => active && setProgramName(program.name))
      .catch((err: unknown) => active && isMissing(err) && setMissing(true));
    return () => {
      active = false;
    };
  }, [id]);

  if (missing) {
    return (
      <NotFoundState
        title="Program Not Found"
        message="This program does not exist or is no longer offered. Choose a university to see the programs it offers."
        action={
          <Button variant="contained" component={RouterLink} to="/dashboard">
            Browse universities
          </Button>
        }
      />
    );
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Box sx={{ mb: 2 }}>
        <BackButton />
      </Box>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
        {programName ? `Courses of ${programName}` : 'Courses'}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {loading ? (
        <SkeletonCards />
      ) : !error && courses.length === 0 ? (
        <Typography color="text.secondary">No courses found</Typography>
      ) : (
        <>
          <Grid container spacing={2}>
            {courses.slice(0, visible).map((course) => (
              <Grid key={course.id} size={{ xs: 12, sm: 6, md: 3 }}>
                <Card sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="h6" component="h2">
                      {course.courseName}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" gutterBottom>
                      Year {course.yearToBeStudied} · Semester {course.sermisterToBeDone}
                    </Typography>
                    <Typography variant="body2">{course.courseDescription}</Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
          {visible < courses.length && (
            <Box sx={{ textAlign: 'center', mt: 3 }}>
              <Button variant="outlined" onClick={() => setVisible((n) => n + LIMITS.applicantCourses.more)}>
                Load More
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
