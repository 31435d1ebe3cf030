/** /applications: the applicant's applications, newest first, 5 per page. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { APPLICANT_PAGE_SIZE, applicationsApi, errorStatus, TIMINGS, type Application } from 'shared-api';
import { useShowWhenComplete } from 'shared-api/complete-view';
import { requestLogout, useAuth } from 'shared-auth';
import { Loading } from '../../../components/Loading';
import { formatDate } from '../../../lib/format';
import { PaymentActions, PaymentStatusBadge, paymentView } from '../payments';
import { ContinueApplicationCard } from './ContinueApplicationCard';
import { StatusBadge } from './StatusBadge';

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

function submittedAt(application: Application): number {
  const time = Date.parse(application.submittedAt || application.applicationDate || application.createdAt);
  return Number.isNaN(time) ? 0 : time;
}

export function programNameOf(application: Application): string {
  const first = [...(application.programChoices ?? [])].sort((a, b) => a.priority - b.priority)[0];
  return application.program?.name ?? first?.program?.name ?? first?.programName ?? 'Not provided';
}

export function ApplicationsList() {
  const user = useAuth((s) => s.user);
  const [applications, setApplications] = useState<Application[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [page, setPage] = useState(1);
  // The list shows once the draft card above it has (or is known not to): arriving after the list,
  // the card pushed every View Details and Pay Fee down under the applicant's finger.
  const [draftCardSettled, setDraftCardSettled] = useState(false);
  const markDraftCardSettled = useCallback(() => setDraftCardSettled(true), []);
  const listShown = useShowWhenComplete(true, !loading && draftCardSettled);

  const load = useCallback(async () => {
    if (!user) return;
    setError('');
    try {
      const list = await applicationsApi.ofUser(user.id, { skipLogoutOn401: true });
      setApplications(list);
    } catch (err) {
      const status = errorStatus(err);
      if (status === 401) {
        setError(SESSION_EXPIRED);
        setTimeout(() => requestLogout('expired'), TIMINGS.sessionExpiredRedirectMs);
      } else {
        setError(`Failed to fetch user applications: ${status ?? 'network error'}`);
      }
    } finally {
      setLoading(false);
    }
  }, [user]);

  useEffect(() => {
    void load();
  }, [load]);

  const sorted = useMemo(() => [...applications].sort((a, b) => submittedAt(b) - submittedAt(a) || b.id - a.id), [applications]);
  const pages = Math.max(1, Math.ceil(sorted.length / APPLICANT_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = sorted.slice((current - 1) * APPLICANT_PAGE_SIZE, current * APPLICANT_PAGE_SIZE);

  if (!user) return <Alert severity="error">User not authenticated</Alert>;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
        My Applications
      </Typography>
      <ContinueApplicationCard userId={user.id} onSettled={markDraftCardSettled} />
      {listShown && error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {loading || !listShown ? (
        <Loading />
      ) : !error && sorted.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 4 }}>
          <Typography variant="h6" component="p" gutterBottom>
            You have not submitted any applications yet.
          </Typography>
          <Button variant="contained" component={RouterLink} to="/dashboard">
            Browse Universities
          </Button>
        </Box>
      ) : sorted.length > 0 ? (
        <>
          <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {shown.map((application) => {
              return (
                <Card component="li" key={application.id}>
                  <CardContent>
                    <Typography variant="h6" component="h2">
                      {application.university?.name ?? 'Not provided'}
                    </Typography>
                    <Typography>{programNameOf(application)}</Typography>
                    <Typography variant="body2" color="text.secondary" gutterBottom>
                      Submitted {formatDate(application.submittedAt || application.applicationDate)}
                    </Typography>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                      <Typography variant="body2" component="span">
                        Status:
                      </Typography>
                      <StatusBadge status={application.status} />
                      <Typography variant="body2" component="span">
                        Payment:
                      </Typography>
                      <PaymentStatusBadge status={paymentView(application).badgeStatus} />
                    </Stack>
                  </CardContent>
                  <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                    <Button component={RouterLink} to={`/applications/${application.id}`} aria-label={`View details of application ${application.id}`}>
                      View Details
                    </Button>
                    <PaymentActions application={application} onChanged={() => void load()} />
                  </CardActions>
                </Card>
              );
            })}
          </Stack>
          <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center', justifyContent: 'center' }}>
            <Button variant="outlined" onClick={() => setPage(current - 1)} disabled={current <= 1}>
              Prev
            </Button>
            <Typography aria-live="polite">
              Page {current} out of {pages}
            </Typography>
            <Button variant="outlined" onClick={() => setPage(current + 1)} disabled={current >= pages}>
              Next
            </Button>
          </Stack>
        </>
      ) : null}
    </Box>
  );
}
