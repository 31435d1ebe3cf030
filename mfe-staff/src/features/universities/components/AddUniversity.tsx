import Box from '@mui/material/Box';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText, universitiesApi } from 'shared-api';
import { cacheUniversities } from 'shared-auth';
import { BackButton } from '../../../components/BackButton';
import { useFeedback } from 'shared-auth/dialogs';
import { EMPTY_UNIVERSITY, toUniversityInput, UniversityForm, type UniversityFormValues } from './UniversityForm';

/** Refreshes the cached list under 'universities' after a change (best effort). */
export function refreshUniversityCache(): void {
  universitiesApi
    .list()
    .then(cacheUniversities)
    .catch(() => undefined);
}

export function AddUniversity() {
  const { alert } = useFeedback();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const submit = async (values: UniversityFormValues) => {
    setBusy(true);
    try {
      await universitiesApi.create(toUniversityInput(values));
      refreshUniversityCache();
      await alert({ title: 'Success', text: 'University Created Successfully', icon: 'success' });
      void navigate('/universities/all');
    } catch (err) {
      await alert({ title: 'Error', text: errorText(err, 'Failed to create university'), icon: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <BackButton />
      <UniversityForm title="Add University" initial={EMPTY_UNIVERSITY} submitLabel="Add University" busy={busy} onSubmit={(v) => void submit(v)} />
    </Box>
  );
}
