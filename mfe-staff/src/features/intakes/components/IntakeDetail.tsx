import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { APPLICANT_CATEGORY_LABELS, errorText, intakesApi, isMissing } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { formatIntakeDate } from 'shared-api/intakes';
import { RecordNotFound } from '../../../components/RecordNotFound';
import { BackButton } from '../../../components/BackButton';
import { DetailList } from '../../../components/DetailList';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { RowsTable } from '../../../components/PagedTable';
import { useInReach } from '../../../hooks/useInReach';
import { STATE_LABELS } from './IntakesList';

/**
 * An intake with its places per program: places, accepted, open offers,
 * pending and waitlisted applications; when an offer was declined or lapsed
 * and a place is free, 'Offer to next on waitlist' opens the first waitlisted
 * application, where staff make the offer (issue 17).
 */
export function IntakeDetail() {
  const { id } = useParams();
  const inReach = useInReach();
  const loaded = useServerData(id ? () => Promise.all([intakesApi.get(id), intakesApi.capacity(id)]) : null, [id]);
  const [intake, capacity] = loaded.data ?? [null, null];
  const missing = loaded.error ? isMissing(loaded.error) : false;
  const error = loaded.error && !missing ? errorText(loaded.error, 'Failed to fetch the intake.') : null;

  if (missing || (intake && !inReach(intake.universityId))) return <RecordNotFound noun="intake" listPath="/intakes" listLabel="See all intakes" />;
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!intake || !capacity) return <Loading text="Loading intake..." />;

  return (
    <Box>
      <BackButton />
      <PageHeader title={intake.name} />
      <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <DetailList
          items={[
            ['State', STATE_LABELS[intake.state]],
            ['Opens', formatIntakeDate(intake.opensAt)],
            ['Closes', formatIntakeDate(intake.closesAt)],
            ['Fees', intake.fees.length === 0 ? 'Standard fee (ZMW 150.75)' : intake.fees.map((f) => `${APPLICANT_CATEGORY_LABELS[f.category]}: ${f.currency} ${f.amount}`).join('; ')],
          ]}
        />
      </Paper>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Places per program
      </Typography>
      <Paper>
        <RowsTable
          label="Places per program"
          rows={capacity.programs.map((p) => ({ ...p, id: p.programId }))}
          columns={[
            { header: 'Program', cell: (p) => p.programName },
            { header: 'Places', cell: (p) => (p.capacity === null ? 'Unlimited' : p.capacity) },
            { header: 'Accepted', cell: (p) => p.accepted },
            // Issue 17: an open offer holds a place until it is answered or lapses.
            { header: 'Offered', cell: (p) => p.offered ?? 0 },
            { header: 'Pending', cell: (p) => p.pending },
            { header: 'Waitlisted', cell: (p) => p.waitlisted ?? 0 },
            {
              header: 'Waitlist',
              cell: (p) =>
                p.nextOnWaitlist ? (
                  <Button size="small" variant="outlined" component={RouterLink} to={`/applications/${p.nextOnWaitlist.applicationId}`} title={`Next on the waitlist: ${p.nextOnWaitlist.fullName}`}>
                    Offer to next on waitlist
                  </Button>
                ) : (
                  ''
                ),
            },
          ]}
        />
      </Paper>
    </Box>
  );
}
