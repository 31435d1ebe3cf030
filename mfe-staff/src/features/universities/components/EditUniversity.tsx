import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorText, universitiesApi, type University } from 'shared-api';
import { BackButton } from '../../../components/BackButton';
import { useFeedback } from '../../../components/Feedback';
import { Loading } from '../../../components/Loading';
import { refreshUniversityCache } from './AddUniversity';
import { toUniversityInput, UniversityForm, universityValues, type UniversityFormValues } from './UniversityForm';

export function EditUniversity() {
  const { id } = useParams();
  const passed = (useLocation().state as { university?: University } | null)?.university;
  const [university, setUniversity] = useState<University | null>(passed && String(passed.id) === id ? passed : null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { alert } = useFeedback();
  const navigate = useNavigate();

  useEffect(() => {
    if (university || !id) return;
    universitiesApi
      .get(id)
      .then(setUniversity)
      .catch(() => setLoadError('Failed to fetch university details'));
  }, [id, university]);

  const submit = async (values: UniversityFormValues) => {
    if (!university) return;
    setBusy(true);
    try {
      await universitiesApi.update(university.id, toUniversityInput(values));
      refreshUniversityCache();
      await alert({ title: 'Success', text: 'University Updated Successfully', icon: 'success' });
      navigate('/universities/all');
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
        <UniversityForm
          title="Edit University Details"
          initial={universityValues(university)}
          submitLabel="Update University"
          busy={busy}
          onSubmit={(v) => void submit(v)}
        />
      )}
    </Box>
  );
}
