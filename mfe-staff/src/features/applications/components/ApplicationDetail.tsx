import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { applicationsApi, DECIDABLE_STATUSES, errorStatus, errorText, type Application, type ApplicationStatus, type ProgramChoice } from 'shared-api';
import { BackButton } from '../../../components/BackButton';
import { DetailList } from '../../../components/DetailList';
import { useFeedback } from '../../../components/Feedback';
import { Loading } from '../../../components/Loading';
import { AttachedFiles } from './AttachedFiles';
import { formatDate, PaymentBadge, StatusBadge } from './badges';
import { CopyButton } from './CopyButton';
import { AcceptDialog, DeclineDialog } from './DecisionDialogs';
import { HistoryTimeline } from './HistoryTimeline';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const orNot = (v: string | null | undefined) => (v && v.trim() ? v : 'Not provided');

export function ApplicationDetail() {
  const { id } = useParams();
  const { alert, toast } = useFeedback();
  const [application, setApplication] = useState<Application | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'missing' | 'error'>('loading');
  const [dialog, setDialog] = useState<'accept' | 'decline' | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (!id) return;
    try {
      const a = await applicationsApi.get(id);
      setApplication(a);
      setState('ready');
    } catch (err) {
      if (errorStatus(err) === 404) setState('missing');
      else {
        setState('error');
        await alert({ title: 'Error', text: 'something went wrong', icon: 'error' });
      }
    }
  }, [id, alert]);

  useEffect(() => {
    setState('loading');
    void load();
  }, [load]);

  const decide = async (status: ApplicationStatus, reviewNotes: string, programId?: number) => {
    if (!application) return;
    setBusy(true);
    try {
      await applicationsApi.update(application.id, { status, reviewNotes, ...(programId ? { programId } : {}) });
      setDialog(null);
      toast(status === 'APPROVED' ? 'Application approved' : 'Application declined');
      await load();
    } catch (err) {
      setDialog(null);
      await alert({ title: 'Error', text: errorText(err, 'Failed to update application status'), icon: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const startAccept = async () => {
    if (!application?.programChoices.length) {
      await alert({ title: 'No Programs', text: 'This application has no program choices.', icon: 'warning' });
      return;
    }
    setDialog('accept');
  };

  if (state === 'loading') return <Loading text="Loading application..." />;
  if (state === 'missing')
    return (
      <Box>
        <BackButton />
        <Alert severity="warning">Application not found</Alert>
      </Box>
    );
  if (state === 'error' || !application)
    return (
      <Box>
        <BackButton />
        <Alert severity="error">something went wrong</Alert>
      </Box>
    );

  const a = application;
  const name = a.applicantName || a.fullName;
  const decidable = DECIDABLE_STATUSES.includes(a.status.toUpperCase() as ApplicationStatus);
  const choices = [...a.programChoices].sort((x, y) => x.priority - y.priority);

  return (
    <Box>
      <BackButton />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
          {name}
        </Typography>
        <StatusBadge status={a.status} />
        {decidable && (
          <Box sx={{ display: 'flex', gap: 1, ml: { sm: 'auto' } }}>
            <Button variant="contained" color="error" onClick={() => setDialog('decline')}>
              Decline
            </Button>
            <Button variant="contained" color="success" onClick={() => void startAccept()}>
              Accept
            </Button>
          </Box>
        )}
      </Box>
      <Section title="Personal Information">
        <DetailList
          items={[
            ['Applicant Name', name],
            ['Date of Birth', formatDate(a.dateOfBirth)],
            ['Nationality', orNot(a.nationality)],
            ['Province', orNot(a.provice ?? a.province)],
            ['Country', orNot(a.country)],
            ['City', orNot(a.city)],
            ['Application Date', formatDate(a.applicationDate)],
          ]}
        />
      </Section>
      <Section title="Program Information">
        {choices.length === 0 ? (
          <Typography>No program choices.</Typography>
        ) : (
          <DetailList
            items={choices.map((c: ProgramChoice) => [
              `Choice ${c.priority}`,
              `${c.programName}${c.program?.duration ? ` (${c.program.duration})` : ''}${c.program?.university?.name ? ` · ${c.program.university.name}` : ''}${a.status === 'APPROVED' && a.programId === c.programId ? ' · Accepted' : ''}`,
            ])}
          />
        )}
      </Section>
      <Section title="Contact Information">
        <DetailList
          items={[
            [
              'Email',
              <Box component="span" key="email" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                {a.email}
                <CopyButton value={a.email} label="Copy email" />
              </Box>,
            ],
            [
              'Phone',
              <Box component="span" key="phone" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                {a.phoneNumber}
                <CopyButton value={a.phoneNumber} label="Copy phone" />
              </Box>,
            ],
          ]}
        />
      </Section>
      <Section title="Educational Background">
        <DetailList
          items={[
            ['Highest Qualification', orNot(a.highestQualification)],
            ['Institution Attended', orNot(a.institutionAttended)],
          ]}
        />
      </Section>
      <Section title="Application Details">
        <DetailList
          items={[
            ['Submission Details', orNot(a.submissionDetails)],
            ...(a.programNotes ? ([['Program Notes', a.programNotes]] as const) : []),
            ...(a.reviewNotes ? ([['Review Notes', a.reviewNotes]] as const) : []),
            ['Payment Status', <PaymentBadge key="pay" payment={a.payment} />],
            ['Payment Reference', a.payment?.reference ?? 'No Payment'],
            ['Last Updated', formatDate(a.lastUpdated)],
          ]}
        />
      </Section>
      <Section title="Attached Files">
        <AttachedFiles files={a.files} />
      </Section>
      <Section title="History">
        <HistoryTimeline entries={a.history} />
      </Section>
      {dialog === 'decline' && <DeclineDialog open busy={busy} onCancel={() => setDialog(null)} onDecline={(reason) => void decide('REJECTED', reason)} />}
      {dialog === 'accept' && (
        <AcceptDialog
          open
          busy={busy}
          choices={a.programChoices}
          onCancel={() => setDialog(null)}
          onAccept={(choice, notes) => void decide('APPROVED', notes, choice.programId)}
        />
      )}
    </Box>
  );
}
