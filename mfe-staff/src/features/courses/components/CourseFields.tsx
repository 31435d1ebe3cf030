import TextField from '@mui/material/TextField';

export interface CourseFieldValues {
  courseName: string;
  courseDescription: string;
  semester: string;
  year: string;
}

export const EMPTY_COURSE: CourseFieldValues = { courseName: '', courseDescription: '', semester: '', year: '' };

export type CourseErrors = Partial<Record<string, string>>;

/** Spec §5: name, description, semester (number) and year (number) are required. */
export function validateCourse(values: CourseFieldValues): CourseErrors {
  const errors: CourseErrors = {};
  if (!values.courseName.trim()) errors.courseName = 'This field is required';
  if (!values.courseDescription.trim()) errors.courseDescription = 'This field is required';
  for (const key of ['semester', 'year'] as const) {
    const raw = values[key].trim();
    if (!raw) errors[key] = 'This field is required';
    else if (!/^\d+$/.test(raw) || Number(raw) < 1) errors[key] = 'Enter a whole number of at least 1';
  }
  return errors;
}

export function CourseFields({ values, errors, onChange }: { values: CourseFieldValues; errors: CourseErrors; onChange: (values: CourseFieldValues, changed: keyof CourseFieldValues) => void }) {
  const set = (key: keyof CourseFieldValues) => (event: React.ChangeEvent<HTMLInputElement>) => onChange({ ...values, [key]: event.target.value }, key);
  return (
    <>
      <TextField label="Course Name" required value={values.courseName} onChange={set('courseName')} error={Boolean(errors.courseName)} helperText={errors.courseName} />
      <TextField
        label="Course Description"
        required
        multiline
        minRows={3}
        value={values.courseDescription}
        onChange={set('courseDescription')}
        error={Boolean(errors.courseDescription)}
        helperText={errors.courseDescription}
      />
      <TextField
        label="Semester"
        required
        type="number"
        value={values.semester}
        onChange={set('semester')}
        error={Boolean(errors.semester)}
        helperText={errors.semester}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      <TextField label="Year" required type="number" value={values.year} onChange={set('year')} error={Boolean(errors.year)} helperText={errors.year} slotProps={{ htmlInput: { min: 1, step: 1 } }} />
    </>
  );
}
