import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi, errorText, PASSWORD_MIN_LENGTH } from 'shared-api';
import { ChoiceField } from '../../../components/ChoiceField';
import { BackButton } from '../../../components/BackButton';
import { useFeedback } from 'shared-auth/dialogs';
import { FormCard, missing } from '../../../components/FormCard';
import { useScope } from '../../../hooks/useScope';
import { useUniversityOptions } from '../../../hooks/useUniversities';
import { useFieldErrors } from '../../../hooks/useFieldErrors';

interface AdminValues {
  universityId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

/** The fields a server refusal can name, as the register call sends them. */
const ADMIN_FIELDS: ReadonlyArray<keyof AdminValues> = ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword', 'universityId'];

const REQUIRED: Array<keyof AdminValues> = ['universityId', 'firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword'];

/**
 * Spec §5: all fields required, passwords must match, role fixed to ADMIN. An
 * ADMIN chooses no university (its own is the only one), so it is not required then.
 */
export function validateAdmin(values: AdminValues, choosesUniversity = true): Partial<Record<keyof AdminValues, string>> {
  const errors = missing(values, choosesUniversity ? REQUIRED : REQUIRED.filter((key) => key !== 'universityId'));
  if (!errors.password && values.password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (!errors.password && !errors.confirmPassword && values.password !== values.confirmPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

export function AddAdmin() {
  const { user, isSuperuser } = useScope();
  const { universities } = useUniversityOptions();
  // An ADMIN adds colleagues to its own university; the server takes it from the account, never from this form.
  const ownUniversity = isSuperuser ? null : (universities.find((u) => u.id === user?.universityId) ?? null);
  const { alert } = useFeedback();
  const navigate = useNavigate();
  const [values, setValues] = useState<AdminValues>({
    universityId: universities[0] ? String(universities[0].id) : '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
  });
  const { errors, setErrors, clear, showServerProblem } = useFieldErrors<keyof AdminValues>();
  const [busy, setBusy] = useState(false);

  // The university defaults to the first stored one, also when the list arrives late.
  useEffect(() => {
    if (!values.universityId && universities[0]) setValues((v) => ({ ...v, universityId: String(universities[0].id) }));
  }, [universities, values.universityId]);

  const choose = (key: keyof AdminValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    clear(key);
  };
  const set = (key: keyof AdminValues) => (event: React.ChangeEvent<HTMLInputElement>) => choose(key)(event.target.value);
  const field = (key: keyof AdminValues, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      required
      value={values[key]}
      onChange={set(key)}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      autoComplete={type === 'password' ? 'new-password' : undefined}
    />
  );

  const submit = async () => {
    const found = validateAdmin(values, isSuperuser);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await authApi.register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        role: 'ADMIN',
        ...(isSuperuser ? { universityId: Number(values.universityId) } : {}),
      });
      await alert({ title: 'Success', text: 'Admin user added successfully', icon: 'success' });
      void navigate('/users');
    } catch (err) {
      if (!showServerProblem(err, ADMIN_FIELDS)) await alert({ title: 'Error', text: errorText(err, 'An unexpected error occurred'), icon: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <BackButton />
      <FormCard title="Add Admin User" onSubmit={() => void submit()}>
        {isSuperuser ? (
          <ChoiceField label="University" placeholder="Select University" required value={values.universityId} onChange={choose('universityId')} options={universities} error={errors.universityId} />
        ) : (
          <Typography variant="body2">University: {ownUniversity?.name ?? 'your university'}</Typography>
        )}
        {field('firstName', 'First Name')}
        {field('lastName', 'Last Name')}
        {field('email', 'Email', 'email')}
        {field('phone', 'Phone', 'tel')}
        {field('password', 'Password', 'password')}
        {field('confirmPassword', 'Confirm Password', 'password')}
        <Typography variant="body2">Role: ADMIN</Typography>
        <Button type="submit" variant="contained" disabled={busy}>
          Add Admin
        </Button>
      </FormCard>
    </Box>
  );
}
