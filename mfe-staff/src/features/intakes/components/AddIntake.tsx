import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { intakesApi } from 'shared-api';
import { BackButton } from '../../../components/BackButton';
import { Loading } from '../../../components/Loading';
import { useIntakeUniversity } from '../hooks/useIntakeUniversity';
import { useSaveIntake } from '../hooks/useSaveIntake';
import { useUniversityPrograms } from '../hooks/useUniversityPrograms';
import { EMPTY_INTAKE } from './intake-values';
import { IntakeForm } from './IntakeForm';
import { UniversityPicker } from '../../../components/ChoiceField';

/** The list passes its university as ?university= so a SUPERUSER's choice carries over. */
export function universityParam(search: URLSearchParams): number | null {
  const value = Number(search.get('university'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

const TITLE = 'New Intake';

export function AddIntake() {
  const [search] = useSearchParams();
  const { isSuperuser, universityId, setUniversityId, universities } = useIntakeUniversity(universityParam(search));
  const { programs, error } = useUniversityPrograms(universityId);
  const listPath = universityId === null ? '/intakes' : `/intakes?university=${universityId}`;
  const { busy, errors, problem, save } = useSaveIntake((input) => intakesApi.create(universityId!, input), 'Intake Created Successfully', listPath);

  return (
    <Box>
      <BackButton />
      {isSuperuser && <UniversityPicker universities={universities} value={universityId} onChange={setUniversityId} />}
      {universityId === null ? (
        <>
          {/* The form carries the page's heading once it shows; until then the page still says what it is. */}
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {TITLE}
          </Typography>
          <Alert severity="info">Select a university to add an intake to.</Alert>
        </>
      ) : error ? (
        <Alert severity="error">{error}</Alert>
      ) : !programs ? (
        <Loading text="Loading programs..." />
      ) : (
        <IntakeForm
          key={universityId}
          title={TITLE}
          initial={EMPTY_INTAKE}
          programs={programs}
          submitLabel="Create Intake"
          busy={busy}
          errors={errors}
          problem={problem}
          onSubmit={(v) => void save(v)}
        />
      )}
    </Box>
  );
}
