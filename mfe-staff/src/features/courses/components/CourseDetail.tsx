import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { useParams } from 'react-router-dom';
import { coursesApi, isMissing } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { RecordNotFound } from '../../../components/RecordNotFound';
import { BackButton } from '../../../components/BackButton';
import { DetailList } from '../../../components/DetailList';
import { Loading } from '../../../components/Loading';
import { useInReach } from '../../../hooks/useInReach';

export function CourseDetail() {
  const { id } = useParams();
  const { data: course, error } = useServerData(id ? () => coursesApi.get(id) : null, [id]);
  const inReach = useInReach();
  const state: 'loading' | 'ready' | 'missing' | 'error' = error ? (isMissing(error) ? 'missing' : 'error') : course ? (inReach(course.universityId) ? 'ready' : 'missing') : 'loading';

  return (
    <Box>
      <BackButton />
      {state === 'loading' && <Loading text="Loading course..." />}
      {state === 'missing' && <RecordNotFound noun="course" listPath="/courses" listLabel="See all courses" />}
      {state === 'error' && <Alert severity="error">Failed to fetch course details</Alert>}
      {state === 'ready' && course && (
        <Paper sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 2 }}>
            {course.courseName}
          </Typography>
          <Typography sx={{ mb: 2 }}>{course.courseDescription}</Typography>
          <DetailList
            items={[
              ['Semester', course.sermisterToBeDone],
              ['Year', course.yearToBeStudied],
              ['Program ID', course.programId],
            ]}
          />
        </Paper>
      )}
    </Box>
  );
}
