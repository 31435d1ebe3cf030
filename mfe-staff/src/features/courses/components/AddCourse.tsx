import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText, coursesApi, programsApi, type Program } from 'shared-api';
import { BackButton } from '../../../components/BackButton';
import { useFeedback } from '../../../components/Feedback';
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
  const [programs, setPrograms] = useState<Program[]>([]);
  const [programId, setProgramId] = useState('');
  const [values, setValues] = useState(EMPTY_COURSE);
  const { errors, setErrors, clear, showServerProblem } = useFieldErrors<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setPrograms([]);
    setProgramId('');
    if (!universityId) return;
    let live = true;
    programsApi
      .ofUniversity(universityId)
      .then((list) => live && setPrograms(list))
      .catch(() => live && setPrograms([]));
    return () => {
      live = false;
    };
  }, [universityId]);

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
          <TextField
            select
            label="University"
            required
            value={universityId}
            onChange={(e) => {
              setUniversityId(e.target.value);
              clear('universityId');
            }}
            error={Boolean(errors.universityId)}
            helperText={errors.universityId}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Select University</option>
            {universities.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </TextField>
        )}
        <TextField
          select
          label="Program"
          required
          value={programId}
          onChange={(e) => {
            setProgramId(e.target.value);
            clear('programId');
          }}
          disabled={!universityId}
          error={Boolean(errors.programId)}
          helperText={errors.programId}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Select Program</option>
          {programs.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </TextField>
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
