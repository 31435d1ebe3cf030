import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useParams } from 'react-router-dom';
import { errorText, intakesApi, isMissing } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { RecordNotFound } from '../../../components/RecordNotFound';
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
  const { data: intake, error: loadFailed } = useServerData(id ? () => intakesApi.get(id) : null, [id]);
  const missing = loadFailed ? isMissing(loadFailed) : false;
  const loadError = loadFailed && !missing ? errorText(loadFailed, 'Failed to fetch the intake.') : null;
  const inReach = useInReach();
  const { programs, error } = useUniversityPrograms(intake?.universityId ?? null);
  const { busy, errors, problem, save } = useSaveIntake((input) => intakesApi.update(intake!.id, input), 'Intake Updated Successfully', `/intakes?university=${intake?.universityId ?? ''}`);

  return (
    <Box>
      <BackButton />
      {loadError || error ? (
        <Alert severity="error">{loadError ?? error}</Alert>
      ) : missing || (intake && !inReach(intake.universityId)) ? (
        <RecordNotFound noun="intake" listPath="/intakes" listLabel="See all intakes" />
      ) : !intake || !programs ? (
        <Loading text="Loading intake..." />
      ) : (
        <IntakeForm title="Edit Intake" initial={intakeToValues(intake)} programs={programs} submitLabel="Update Intake" busy={busy} errors={errors} problem={problem} onSubmit={(v) => void save(v)} />
      )}
    </Box>
  );
}
