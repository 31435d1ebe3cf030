import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { coursesApi, errorBody, errorStatus, type Course } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { AddIcon, DeleteIcon, EditIcon } from '../../../components/icons';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { useConfirmedDelete } from '../../../hooks/useConfirmedDelete';
import { oneLine, RowsTable } from '../../../components/PagedTable';
import { useScope } from '../../../hooks/useScope';

export function CoursesList() {
  const { universityId } = useScope();
  const navigate = useNavigate();
  const {
    data,
    loading,
    error: failed,
    setData: setCourses,
  } = useServerData(() => coursesApi.list().then((list) => (universityId === null ? list : list.filter((c) => c.universityId === universityId))), [universityId]);
  const courses = failed ? [] : (data ?? []);
  const error = failed ? (errorBody(failed)?.message ?? (errorStatus(failed) ? `Status ${errorStatus(failed)}` : '')) : null;

  const remove = useConfirmedDelete<Course>({
    remove: (course) => coursesApi.remove(course.id),
    removed: (course) => setCourses((list = []) => list.filter((c) => c.id !== course.id)),
    success: 'Course deleted successfully',
    failure: 'Failed to delete course',
  });

  return (
    <Box>
      <PageHeader
        title="Courses"
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/course/add')}>
            Add Course
          </Button>
        }
      />
      {error !== null && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>Failed to fetch courses</AlertTitle>
          {error}
        </Alert>
      )}
      {loading ? (
        <Loading text="Loading courses..." />
      ) : courses.length === 0 ? (
        error === null && (
          <Paper sx={{ p: 4, textAlign: 'center' }}>
            <Typography>No courses found</Typography>
          </Paper>
        )
      ) : (
        <Paper>
          <RowsTable
            label="Courses"
            rows={courses}
            columns={[
              {
                header: 'Title',
                cell: (course) => (
                  <Link component={RouterLink} to={`/course/${course.id}`}>
                    {course.courseName}
                  </Link>
                ),
              },
              { header: 'Description', cell: (course) => oneLine(course.courseDescription) },
              { header: 'Semester', cell: (course) => course.sermisterToBeDone },
              { header: 'Year', cell: (course) => course.yearToBeStudied },
              {
                header: 'Actions',
                cell: (course) => (
                  <Box sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={`Edit ${course.courseName}`} onClick={() => navigate(`/course/edit/${course.id}`, { state: { course } })}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={`Delete ${course.courseName}`} color="error" onClick={() => void remove(course)}>
                      <DeleteIcon />
                    </IconButton>
                  </Box>
                ),
              },
            ]}
          />
        </Paper>
      )}
    </Box>
  );
}
