import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorText, intakesApi, type Intake, type IntakeInput, type IntakeState } from 'shared-api';
import { formatIntakeDate } from 'shared-api/intakes';
import { notify } from 'shared-auth';
import { useFeedback } from 'shared-auth/dialogs';
import { AddIcon } from '../../../components/icons';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { useConfirmedDelete } from '../../../hooks/useConfirmedDelete';
import { RowsTable } from '../../../components/PagedTable';
import { useIntakeUniversity } from '../hooks/useIntakeUniversity';
import { useIntakes } from '../hooks/useIntakes';
import { universityParam } from './AddIntake';
import { ExtendIntakeDialog } from './ExtendIntakeDialog';
import { intakeToInput } from './intake-values';
import { UniversityPicker } from '../../../components/ChoiceField';

export const STATE_LABELS: Record<IntakeState, string> = { UPCOMING: 'Upcoming', OPEN: 'Open', CLOSED: 'Closed' };

export function IntakesList() {
  const [search, setSearch] = useSearchParams();
  const { isSuperuser, universityId, setUniversityId, universities } = useIntakeUniversity(universityParam(search));
  const { intakes, loading, error, reload } = useIntakes(universityId);
  const { confirm, alert } = useFeedback();
  const navigate = useNavigate();
  const [extending, setExtending] = useState<Intake | null>(null);

  const choose = (id: number | null) => {
    setUniversityId(id);
    setSearch(id === null ? {} : { university: String(id) }, { replace: true });
  };

  /** One change of an intake's dates; the list is read again either way, so it shows what the server holds. */
  const change = async (intake: Intake, input: IntakeInput, done: string): Promise<string | null> => {
    try {
      await intakesApi.update(intake.id, input);
      notify(done, 'success');
      return null;
    } catch (err) {
      return errorText(err, 'Failed to update the intake');
    } finally {
      reload();
    }
  };

  const openNow = async (intake: Intake) => {
    const refusal = await change(intake, intakeToInput(intake, { opensAt: new Date().toISOString() }), `${intake.name} is open`);
    if (refusal) await alert({ title: 'Error', text: refusal, icon: 'error' });
  };

  const closeNow = async (intake: Intake) => {
    const sure = await confirm({
      title: `Close ${intake.name} now?`,
      text: 'Applicants can no longer apply into it once it is closed.',
      icon: 'warning',
      confirmText: 'Close now',
      cancelText: 'Cancel',
    });
    if (!sure) return;
    const refusal = await change(intake, intakeToInput(intake, { closesAt: new Date().toISOString() }), `${intake.name} is closed`);
    if (refusal) await alert({ title: 'Error', text: refusal, icon: 'error' });
  };

  const extend = async (intake: Intake, closesAt: string) => {
    const refusal = await change(intake, intakeToInput(intake, { closesAt }), `${intake.name} now closes on ${formatIntakeDate(closesAt)}`);
    if (!refusal) setExtending(null);
    return refusal;
  };

  // An intake with applications cannot be deleted (409): the server says why, and that it can be closed.
  const remove = useConfirmedDelete<Intake>({
    remove: (intake) => intakesApi.remove(intake.id),
    success: 'The intake has been deleted.',
    failure: 'Failed to delete the intake',
    settled: reload,
  });

  const query = universityId === null ? '' : `?university=${universityId}`;
  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} disabled={universityId === null} onClick={() => navigate(`/intakes/add${query}`)}>
      New intake
    </Button>
  );

  return (
    <Box>
      <PageHeader title="Intakes" action={addButton} />
      {isSuperuser && <UniversityPicker universities={universities} value={universityId} onChange={choose} />}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {universityId === null ? (
        <Alert severity="info">Select a university to see its intakes.</Alert>
      ) : loading ? (
        <Loading text="Loading intakes..." />
      ) : intakes.length === 0 && !error ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="h2">
            No Intakes Found
          </Typography>
          <Typography sx={{ mb: 2 }}>Without an intake, applicants may apply at any time. Add one to set dates and places.</Typography>
        </Paper>
      ) : intakes.length > 0 ? (
        <Paper>
          <RowsTable
            label="Intakes"
            rows={intakes}
            columns={[
              { header: 'Name', cell: (intake) => intake.name },
              { header: 'Opens', cell: (intake) => formatIntakeDate(intake.opensAt) },
              { header: 'Closes', cell: (intake) => formatIntakeDate(intake.closesAt) },
              { header: 'State', cell: (intake) => STATE_LABELS[intake.state] },
              { header: 'Applications', cell: (intake) => intake.applicationCount ?? 0 },
              {
                header: 'Actions',
                cell: (intake) => (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    <Button size="small" aria-label={`Places in ${intake.name}`} onClick={() => navigate(`/intakes/${intake.id}`)}>
                      Places
                    </Button>
                    <Button size="small" aria-label={`Edit ${intake.name}`} onClick={() => navigate(`/intakes/edit/${intake.id}`)}>
                      Edit
                    </Button>
                    {intake.state === 'UPCOMING' && (
                      <Button size="small" aria-label={`Open ${intake.name} now`} onClick={() => void openNow(intake)}>
                        Open now
                      </Button>
                    )}
                    {intake.state !== 'UPCOMING' && (
                      <Button size="small" aria-label={`Extend ${intake.name}`} onClick={() => setExtending(intake)}>
                        Extend
                      </Button>
                    )}
                    {intake.state === 'OPEN' && (
                      <Button size="small" aria-label={`Close ${intake.name} now`} onClick={() => void closeNow(intake)}>
                        Close now
                      </Button>
                    )}
                    <Button size="small" color="error" aria-label={`Delete ${intake.name}`} onClick={() => void remove(intake)}>
                      Delete
                    </Button>
                  </Box>
                ),
              },
            ]}
          />
        </Paper>
      ) : null}
      {extending && <ExtendIntakeDialog intake={extending} onClose={() => setExtending(null)} onSave={(closesAt) => extend(extending, closesAt)} />}
    </Box>
  );
}
