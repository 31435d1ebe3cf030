/** What an applicant reads about a university's admission rounds: the deadline of an open intake, or when the next one opens. */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { APPLICATIONS_CLOSED_TITLE, type Intake } from 'shared-api';
import { formatIntakeDate, nextIntakeSentence, timeLeft } from 'shared-api/intakes';
import { useNow } from '../lib/intakes';

/** '2027 January intake · Apply by 15 Jan 2027, 17:00 CAT · Closes in 12 days'. */
export function IntakeDeadline({ intake, headingLevel }: { intake: Intake; headingLevel?: 'h2' | 'h3' }) {
  const now = useNow();
  return (
    <Box>
      <Typography variant="subtitle1" component={headingLevel ?? 'p'} sx={{ fontWeight: 600 }}>
        {intake.name}
      </Typography>
      <Typography variant="body2">Apply by {formatIntakeDate(intake.closesAt)}</Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {timeLeft(intake.closesAt, now)}
      </Typography>
    </Box>
  );
}

/** Shown instead of the Apply button while a university with intakes has none open. */
export function ApplicationsClosed({ next }: { next: Intake | null }) {
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      <AlertTitle component="h2">{APPLICATIONS_CLOSED_TITLE}</AlertTitle>
      {next ? nextIntakeSentence(formatIntakeDate(next.opensAt)) : 'No intake is open at the moment.'}
    </Alert>
  );
}
