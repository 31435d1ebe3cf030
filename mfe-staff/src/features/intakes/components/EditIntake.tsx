import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { errorText, intakesApi, isMissing, type Intake } from 'shared-api';
import { BackButton } from '../../../components/BackButton';
import { Loading } from '../../../components/Loading';
import { useInReach } from '../../../hooks/useInReach';
import { useSaveIntake } from '../hooks/useSaveIntake';
import { useUniversityPrograms } from '../hooks/useUniversityPrograms';
import { intakeToValues } from './intake-values';
import { IntakeForm } from './IntakeForm';

export function EditIntake() {
  const { id } = useParams();
  // Filled from the server's current intake only, or saving would undo a change made since the list was read.
  const [intake, setIntake] = useState<Intake | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const inReach = useInReach();
  const { programs, error } = useUniversityPrograms(intake?.universityId ?? null);
  const { busy, errors, problem, save } = useSaveIntake((input) => intakesApi.update(intake!.id, input), 'Intake Updated Successfully', `/intakes?university=${intake?.universityId ?? ''}`);

  useEffect(() => {
    if (!id) return;
    intakesApi
      .get(id)
      .then(setIntake)
      .catch((err) => setLoadError(isMissing(err) ? 'Intake not found' : errorText(err, 'Failed to fetch the intake.')));
  }, [id]);

  return (
    <Box>
      <BackButton />
      {loadError || error ? (
        <Alert severity="error">{loadError ?? error}</Alert>
      ) : intake && !inReach(intake.universityId) ? (
        <Alert severity="warning">Intake not found</Alert>
      ) : !intake || !programs ? (
        <Loading text="Loading intake..." />
      ) : (
        <IntakeForm title="Edit Intake" initial={intakeToValues(intake)} programs={programs} submitLabel="Update Intake" busy={busy} errors={errors} problem={problem} onSubmit={(v) => void save(v)} />
      )}
    </Box>
  );
}
