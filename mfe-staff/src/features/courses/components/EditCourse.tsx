import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { coursesApi, errorText, isMissing, type Course } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { RecordNotFound } from '../../../components/RecordNotFound';
import { BackButton } from '../../../components/BackButton';
import { useFeedback } from 'shared-auth/dialogs';
import { FormCard } from '../../../components/FormCard';
import { Loading } from '../../../components/Loading';
import { useInReach } from '../../../hooks/useInReach';
import { useFieldErrors } from '../../../hooks/useFieldErrors';
import { CourseFields, validateCourse, type CourseFieldValues } from './CourseFields';

function toValues(course: Course): CourseFieldValues {
  return {
    courseName: course.courseName,
    courseDescription: course.courseDescription,
    semester: String(course.sermisterToBeDone),
    year: String(course.yearToBeStudied),
  };
}

export function EditCourse() {
  const { id } = useParams();
  // The list passes its copy in navigation state, but that copy may be older than
  // a change saved since: the form is filled only from the server's current course.
  const { data: course, error: loadFailed } = useServerData(id ? () => coursesApi.get(id) : null, [id]);
  const missing = isMissing(loadFailed);
  const loadError = loadFailed && !missing ? 'Failed to fetch course details' : null;
  const [edited, setValues] = useState<CourseFieldValues | null>(null);
  const values = edited ?? (course ? toValues(course) : null);
  const universityId = course?.universityId ?? null;
  const { errors, setErrors, clear } = useFieldErrors<string>();
  const [busy, setBusy] = useState(false);
  const { alert } = useFeedback();
  const navigate = useNavigate();
  const inReach = useInReach();

  const submit = async () => {
    if (!values || !id) return;
    const found = validateCourse(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await coursesApi.update(id, {
        courseName: values.courseName.trim(),
        courseDescription: values.courseDescription.trim(),
        sermisterToBeDone: Number(values.semester),
        yearToBeStudied: Number(values.year),
      });
      await alert({ title: 'Success', text: 'Course Updated Successfully', icon: 'success' });
      void navigate('/courses');
    } catch (err) {
      await alert({ title: 'Error', text: errorText(err, 'Failed to update course'), icon: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <BackButton />
      {loadError ? (
        <Alert severity="error">{loadError}</Alert>
      ) : missing || (values && !inReach(universityId)) ? (
        <RecordNotFound noun="course" listPath="/courses" listLabel="See all courses" />
      ) : !values ? (
        <Loading text="Loading course..." />
      ) : (
        <FormCard title="Edit Course" onSubmit={() => void submit()}>
          <CourseFields
            values={values}
            errors={errors}
            onChange={(next, changed) => {
              setValues(next);
              clear(changed);
            }}
          />
          <Button type="submit" variant="contained" disabled={busy}>
            Save Changes
          </Button>
        </FormCard>
      )}
    </Box>
  );
}
