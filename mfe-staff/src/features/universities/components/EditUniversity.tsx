import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorText, universitiesApi } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { BackButton } from '../../../components/BackButton';
import { useFeedback } from 'shared-auth/dialogs';
import { Loading } from '../../../components/Loading';
import { refreshUniversityCache } from './AddUniversity';
import { toUniversityInput, UniversityForm, universityValues, type UniversityFormValues } from './UniversityForm';

export function EditUniversity() {
  const { id } = useParams();
  // The list passes its copy in navigation state (spec §2.4), but that copy may be
  // older than a change saved since: the form is filled only from the server's
  // current university, or saving it would undo that change.
  const { data: university, error: loadFailed } = useServerData(id ? () => universitiesApi.get(id) : null, [id]);
  const loadError = loadFailed ? 'Failed to fetch university details' : null;
  const [busy, setBusy] = useState(false);
  const { alert } = useFeedback();
  const navigate = useNavigate();

  const submit = async (values: UniversityFormValues) => {
    if (!university) return;
    setBusy(true);
    try {
      await universitiesApi.update(university.id, toUniversityInput(values));
      refreshUniversityCache();
      await alert({ title: 'Success', text: 'University Updated Successfully', icon: 'success' });
      void navigate('/universities/all');
    } catch (err) {
      await alert({ title: 'Error', text: errorText(err, 'Failed to update university'), icon: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <BackButton />
      {loadError ? (
        <Alert severity="error">{loadError}</Alert>
      ) : !university ? (
        <Loading text="Loading university details..." />
      ) : (
        <UniversityForm title="Edit University Details" initial={universityValues(university)} submitLabel="Update University" busy={busy} onSubmit={(v) => void submit(v)} />
      )}
    </Box>
  );
}
