/** /courses/:id: the courses of a program (the id is a program id), 8 then 'Load More' +4. */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { coursesApi, errorText, isMissing, isRecordId, LIMITS, programsApi, type Course } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { NotFoundState } from 'shared-auth/ui';
import { BackButton } from '../../../components/BackButton';
import { SkeletonCards } from '../../../components/Loading';

export function ProgramCourses() {
  const { id = '' } = useParams();
  const [visible, setVisible] = useState<number>(LIMITS.applicantCourses.first);
  const valid = isRecordId(id);
  const courses = useServerData(valid ? () => coursesApi.ofProgram(id) : null, [id]);
  // The name is a nicety for the heading; only a program that does not exist matters.
  const program = useServerData(valid ? () => programsApi.get(id) : null, [id]);
  const [shownFor, setShownFor] = useState(id);
  if (shownFor !== id) {
    setShownFor(id);
    setVisible(LIMITS.applicantCourses.first);
  }
  const missing = !valid || (program.error !== null && isMissing(program.error));
  const programName = program.data?.name ?? '';
  const loading = courses.loading;
  const error = courses.error ? `Failed to fetch courses: ${errorText(courses.error, 'Server error')}` : '';
  const list: Course[] = courses.error ? [] : (courses.data ?? []);

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
      ) : !error && list.length === 0 ? (
        <Typography color="text.secondary">No courses found</Typography>
      ) : (
        <>
          <Grid container spacing={2}>
            {list.slice(0, visible).map((course) => (
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
          {visible < list.length && (
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
