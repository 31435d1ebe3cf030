/** A guest's view of the university's admission rounds: the deadline of each open intake, or when the next one opens. */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { APPLICATIONS_CLOSED_TITLE } from 'shared-api';
import { formatIntakeDate, nextIntakeSentence, timeLeft, type IntakeOutlook } from 'shared-api/intakes';
import { useNow } from '../hooks/useGuestIntakes';

export function IntakeBanner({ outlook }: { outlook: IntakeOutlook | null }) {
  const now = useNow();
  if (!outlook || outlook.kind === 'none') return null;
  if (outlook.kind === 'closed') {
    return (
      <Alert severity="info" sx={{ mb: 3 }}>
        <AlertTitle component="h2">{APPLICATIONS_CLOSED_TITLE}</AlertTitle>
        {outlook.next ? nextIntakeSentence(formatIntakeDate(outlook.next.opensAt)) : 'No intake is open at the moment.'}
      </Alert>
    );
  }
  return (
    <Alert severity="success" sx={{ mb: 3 }}>
      {outlook.open.map((intake) => (
        <Box key={intake.id} sx={{ '& + &': { mt: 1.5 } }}>
          <Typography component="h2" sx={{ fontWeight: 700 }}>
            {intake.name}
          </Typography>
          <Typography variant="body2">Apply by {formatIntakeDate(intake.closesAt)}</Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {timeLeft(intake.closesAt, now)}
          </Typography>
        </Box>
      ))}
    </Alert>
  );
}
