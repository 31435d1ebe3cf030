import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText, coursesApi, programsApi } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { ChoiceField } from '../../../components/ChoiceField';
import { BackButton } from '../../../components/BackButton';
import { useFeedback } from 'shared-auth/dialogs';
import { FormCard } from '../../../components/FormCard';
import { useScope } from '../../../hooks/useScope';
import { useUniversityOptions } from '../../../hooks/useUniversities';
import { useFieldErrors } from '../../../hooks/useFieldErrors';
import { CourseFields, EMPTY_COURSE, validateCourse } from './CourseFields';

/** The fields a server refusal can name, as the create call sends them. */
const COURSE_FIELDS = ['courseName', 'courseDescription', 'programId', 'universityId'];

export function AddCourse() {
  const { user, isSuperuser, universityId: scoped } = useScope();
  const { universities } = useUniversityOptions(isSuperuser);
  const { alert } = useFeedback();
  const navigate = useNavigate();
  const [universityId, setUniversityId] = useState<string>(() => (isSuperuser ? (scoped !== null ? String(scoped) : '') : String(user?.universityId ?? '')));
  const [programId, setProgramId] = useState('');
  // The programs of the chosen university; none until one is chosen, or when they cannot be fetched.
  const { data: programs, error: programsFailed } = useServerData(universityId ? () => programsApi.ofUniversity(universityId) : null, [universityId]);
  const [values, setValues] = useState(EMPTY_COURSE);
  const { errors, setErrors, clear, showServerProblem } = useFieldErrors<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const found = validateCourse(values);
    if (!universityId) found.universityId = 'This field is required';
    if (!programId) found.programId = 'This field is required';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await coursesApi.create({
        courseName: values.courseName.trim(),
        courseDescription: values.courseDescription.trim(),
        semesterToBeDone: Number(values.semester),
        yearToBeStudied: Number(values.year),
        programId: Number(programId),
        universityId: Number(universityId),
      });
      await alert({ title: 'Success', text: 'Course Created Successfully', icon: 'success' });
      void navigate('/courses');
    } catch (err) {
      if (!showServerProblem(err, COURSE_FIELDS)) await alert({ title: 'Error', text: errorText(err, 'Failed to create course'), icon: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <BackButton />
      <FormCard title="Add Course" onSubmit={() => void submit()}>
        {isSuperuser && (
          <ChoiceField
            label="University"
            placeholder="Select University"
            required
            value={universityId}
            onChange={(chosen) => {
              setUniversityId(chosen);
              setProgramId('');
              clear('universityId');
            }}
            options={universities}
            error={errors.universityId}
          />
        )}
        <ChoiceField
          label="Program"
          placeholder="Select Program"
          required
          value={programId}
          onChange={(chosen) => {
            setProgramId(chosen);
            clear('programId');
          }}
          disabled={!universityId}
          options={programsFailed ? [] : (programs ?? [])}
          error={errors.programId}
        />
        <CourseFields
          values={values}
          errors={errors}
          onChange={(next, changed) => {
            setValues(next);
            clear(changed);
          }}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          Add Course
        </Button>
      </FormCard>
    </Box>
  );
}
