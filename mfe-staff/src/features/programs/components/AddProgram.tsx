import Box from '@mui/material/Box';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText, programsApi } from 'shared-api';
import { BackButton } from '../../../components/BackButton';
import { useFeedback } from 'shared-auth/dialogs';
import { useScope } from '../../../hooks/useScope';
import { useUniversityOptions } from '../../../hooks/useUniversities';
import { EMPTY_PROGRAM, ProgramForm, toProgramInput, type ProgramFormValues } from './ProgramForm';

export function AddProgram() {
  const { user, isSuperuser, universityId } = useScope();
  const { universities } = useUniversityOptions(isSuperuser);
  const { alert } = useFeedback();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async (values: ProgramFormValues) => {
    setBusy(true);
    try {
      const target = isSuperuser ? Number(values.universityId) : (user?.universityId ?? null);
      await programsApi.create(toProgramInput(values, target));
      await alert({ title: 'Success', text: 'Program Created Successfully', icon: 'success' });
      void navigate('/programs');
    } catch (err) {
      await alert({ title: 'Error', text: errorText(err, 'Failed to create program'), icon: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <BackButton />
      <ProgramForm
        title="Add New Program"
        initial={{ ...EMPTY_PROGRAM, universityId: isSuperuser && universityId !== null ? String(universityId) : '' }}
        universities={isSuperuser ? universities : undefined}
        submitLabel="Add Program"
        busy={busy}
        onSubmit={(values) => void submit(values)}
      />
    </Box>
  );
}
