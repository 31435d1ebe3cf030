import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorText, isMissing, programsApi, type Program } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { RecordNotFound } from '../../../components/RecordNotFound';
import { BackButton } from '../../../components/BackButton';
import { useFeedback } from 'shared-auth/dialogs';
import { Loading } from '../../../components/Loading';
import { useInReach } from '../../../hooks/useInReach';
import { ProgramForm, toProgramInput, type ProgramFormValues } from './ProgramForm';

function toValues(program: Program): ProgramFormValues {
  return {
    universityId: String(program.universityId),
    name: program.name,
    description: program.description,
    duration: String(program.durationYears ?? parseInt(program.duration, 10)),
    requirements: program.requirements ?? '',
    careerOpportunities: program.careerOpportunities ?? '',
    pointsCeiling: program.pointsCeiling == null ? '' : String(program.pointsCeiling),
  };
}

export function EditProgram() {
  const { id } = useParams();
  // The list passes its copy in navigation state (spec §2.4), but that copy may be
  // older than a change saved since: the form is filled only from the server's
  // current program, or saving it would undo that change.
  const { data: program, error: loadFailed } = useServerData(id ? () => programsApi.get(id) : null, [id]);
  const missing = isMissing(loadFailed);
  const loadError = loadFailed && !missing ? errorText(loadFailed, 'Failed to fetch programs.') : null;
  const [busy, setBusy] = useState(false);
  const { alert } = useFeedback();
  const navigate = useNavigate();
  const inReach = useInReach();

  const submit = async (values: ProgramFormValues) => {
    if (!program) return;
    setBusy(true);
    try {
      await programsApi.update(program.id, toProgramInput(values, program.universityId));
      await alert({ title: 'Success', text: 'Program Updated Successfully', icon: 'success' });
      void navigate('/programs');
    } catch (err) {
      await alert({ title: 'Error', text: errorText(err, 'Failed to update program'), icon: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <BackButton />
      {loadError ? (
        <Alert severity="error">{loadError}</Alert>
      ) : missing || (program && !inReach(program.universityId)) ? (
        <RecordNotFound noun="program" listPath="/programs" listLabel="See all programs" />
      ) : !program ? (
        <Loading text="Loading program details..." />
      ) : (
        <ProgramForm title="Edit Program Details" initial={toValues(program)} submitLabel="Update Program" busy={busy} onSubmit={(values) => void submit(values)} />
      )}
    </Box>
  );
}
