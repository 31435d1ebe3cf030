import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  applicationsApi,
  DECIDABLE_STATUSES,
  DOCUMENT_LABELS,
  errorStatus,
  errorText,
  isMissing,
  formatDateTime,
  formatPhone,
  type Application,
  type ApplicationFile,
  type ApplicationStatus,
  type DocumentStatus,
  type ProgramChoice,
} from 'shared-api';
import { RecordNotFound } from '../../../components/RecordNotFound';
import { BackButton } from '../../../components/BackButton';
import { DetailList } from '../../../components/DetailList';
import { useFeedback } from 'shared-auth/dialogs';
import { Loading } from '../../../components/Loading';
import { AssigneeSelect } from './Assignment';
import { AttachedFiles } from './AttachedFiles';
import { CeilingBadge, DuplicateBadge, formatDate, PaymentBadge, StatusBadge } from './badges';
import { Grade12Results } from './Grade12Results';
import { CopyButton } from './CopyButton';
import { OfferSection } from './OfferSection';
import { Section } from './Section';
import { AcceptDialog, DeclineDialog, type AcceptRefusal, type OfferChoice } from './DecisionDialogs';
import { HistoryTimeline } from './HistoryTimeline';
import { NotesPanel } from './NotesPanel';
import { notify, useAuth } from 'shared-auth';
import { PaymentReceipt } from './PaymentReceipt';
import { ShownWhenSettled, type SelfLoadingSection } from './ShownWhenSettled';

/** The server's answer when a program's places in the intake are all taken: 'No places left in X.' */
const FULL_PROGRAM = /^No places left in /;

/** What staff are told once a decision is saved. */
const DECIDED_WORDS: Partial<Record<ApplicationStatus, string>> = {
  APPROVED: 'Application approved',
  OFFERED: 'Offer made: the applicant is asked to accept it by the deadline',
  WAITLISTED: 'Application put on the waitlist',
};

const orNot = (v: string | null | undefined) => (v && v.trim() ? v : 'Not provided');

export function ApplicationDetail() {
  const { id } = useParams();
  const { alert } = useFeedback();
  const [application, setApplication] = useState<Application | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'missing' | 'error'>('loading');
  const [dialog, setDialog] = useState<'accept' | 'waitlist' | 'decline' | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<AcceptRefusal | null>(null);
  const isSuperuser = useAuth((s) => s.user?.role === 'SUPERUSER');

  const load = useCallback(async () => {
    if (!id) return;
    try {
      const a = await applicationsApi.get(id);
      setApplication(a);
      setState('ready');
    } catch (err) {
      if (isMissing(err)) setState('missing');
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

  const decide = async (status: ApplicationStatus, reviewNotes: string, programId?: number, overrideReason?: string, offer?: OfferChoice) => {
    if (!application) return;
    setBusy(true);
    try {
      await applicationsApi.update(application.id, { status, reviewNotes, ...(programId ? { programId } : {}), ...(overrideReason ? { overrideReason } : {}), ...(offer ?? {}) });
      setDialog(null);
      setRefusal(null);
      notify(DECIDED_WORDS[status] ?? 'Application declined', 'success');
      await load();
    } catch (err) {
      // A full program (409 'No places left in X.') keeps the dialog open and says so there.
      const message = errorText(err, '');
      if ((status === 'APPROVED' || status === 'OFFERED') && programId && errorStatus(err) === 409 && FULL_PROGRAM.test(message)) {
        setRefusal({ programId, message });
        return;
      }
      setDialog(null);
      await alert({ title: 'Error', text: errorText(err, 'Failed to update application status'), icon: 'error' });
    } finally {
      setBusy(false);
    }
  };

  /** Verify or reject one document (issue 17); the answer is the application as it now stands. */
  const reviewDocument = async (file: ApplicationFile, status: DocumentStatus, reason?: string): Promise<boolean> => {
    if (!application) return false;
    const label = DOCUMENT_LABELS[file.documentType];
    try {
      setApplication(await applicationsApi.reviewDocument(application.id, file.id, { status, ...(reason ? { reason } : {}) }));
      notify(status === 'REJECTED' ? `${label} rejected: the applicant is asked for a new file` : status === 'VERIFIED' ? `${label} verified` : `${label} set back to pending`, 'success');
      return true;
    } catch (err) {
      await alert({ title: 'Error', text: errorText(err, 'Failed to update the document'), icon: 'error' });
      return false;
    }
  };

  const startAccept = async (next: 'accept' | 'waitlist' = 'accept') => {
    if (!application?.programChoices.length) {
      await alert({ title: 'No Programs', text: 'This application has no program choices.', icon: 'warning' });
      return;
    }
    setDialog(next);
  };

  if (state === 'loading') return <Loading text="Loading application..." />;
  if (state === 'missing') return <RecordNotFound noun="application" listPath="/applications" listLabel="See all applications" />;
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
  const hasReceipt = a.paid || a.payment?.status === 'successful';
  const selfLoading: SelfLoadingSection[] = ['offer', ...(hasReceipt ? (['receipt'] as const) : []), 'files', 'notes'];

  return (
    <Box>
      <BackButton />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
          {name}
        </Typography>
        <StatusBadge status={a.status} />
        <DuplicateBadge duplicate={a.duplicate} />
        <CeilingBadge above={a.pointsAboveCeiling} />
        {decidable && (
          <Box sx={{ display: 'flex', gap: 1, ml: { sm: 'auto' } }}>
            <Button variant="contained" color="error" onClick={() => setDialog('decline')}>
              Decline
            </Button>
            {a.status.toUpperCase() !== 'WAITLISTED' && (
              <Button variant="outlined" onClick={() => void startAccept('waitlist')}>
                Waitlist
              </Button>
            )}
            <Button variant="contained" color="success" onClick={() => void startAccept()}>
              Accept
            </Button>
          </Box>
        )}
      </Box>
      {/* Below the decisions, which need none of them: the sections wait for each other so none pushes another's buttons. */}
      <ShownWhenSettled sections={selfLoading}>
        {(onSettled) => (
          <>
            <Section title="Assignment">
              <AssigneeSelect application={a} onChange={setApplication} />
            </Section>
            <Section title="Personal Information">
              <DetailList
                items={[
                  ['Applicant Name', name],
                  ['Gender', orNot(a.gender)],
                  ['Date of Birth', formatDate(a.dateOfBirth)],
                  ['Nationality', orNot(a.nationality)],
                  // The API sends it only to those who may decide the application.
                  ...(a.nationalRegNumber !== undefined ? ([['NRC Number', orNot(a.nationalRegNumber)]] as const) : []),
                  ['Province', orNot(a.provice ?? a.province)],
                  ['Country', orNot(a.country)],
                  ['City', orNot(a.city)],
                  ['Application Date', formatDate(a.applicationDate)],
                ]}
              />
            </Section>
            <Section title="Program Information">
              {a.intake && (
                <Box sx={{ mb: 1.5 }}>
                  <DetailList items={[['Intake', a.intake.name]]} />
                </Box>
              )}
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
            <OfferSection applicationId={a.id} status={a.status} onSettled={onSettled.offer} />
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
                      {formatPhone(a.phoneNumber)}
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
            <Section title="Grade 12 Results">
              <Grade12Results application={a} />
            </Section>
            <Section title="Application Details">
              <DetailList
                items={[
                  ['Submission Details', orNot(a.submissionDetails)],
                  ...(a.programNotes ? ([['Program Notes', a.programNotes]] as const) : []),
                  ...(a.reviewNotes ? ([['Review Notes', a.reviewNotes]] as const) : []),
                  ['Payment Status', <PaymentBadge key="pay" payment={a.payment} />],
                  ['Payment Reference', a.payment?.reference ?? 'No Payment'],
                  ['Last Updated', formatDateTime(a.lastUpdated)],
                ]}
              />
            </Section>
            {hasReceipt && (
              <Section title="Payment Receipt">
                <PaymentReceipt applicationId={a.id} onSettled={onSettled.receipt} />
              </Section>
            )}
            <Section title="Attached Files">
              <AttachedFiles files={a.files} onReview={decidable ? reviewDocument : undefined} onSettled={onSettled.files} />
            </Section>
            <Section title="Notes">
              <NotesPanel applicationId={a.id} onSettled={onSettled.notes} />
            </Section>
            <Section title="History">
              <HistoryTimeline entries={a.history} />
            </Section>
          </>
        )}
      </ShownWhenSettled>
      {dialog === 'decline' && <DeclineDialog open busy={busy} onCancel={() => setDialog(null)} onDecline={(reason) => void decide('REJECTED', reason)} />}
      {(dialog === 'accept' || dialog === 'waitlist') && (
        <AcceptDialog
          open
          mode={dialog === 'accept' ? 'offer' : 'waitlist'}
          busy={busy}
          choices={a.programChoices}
          refusal={refusal}
          canOverride={isSuperuser}
          onCancel={() => {
            setDialog(null);
            setRefusal(null);
          }}
          onAccept={(choice, notes, overrideReason, offer) => void decide(dialog === 'accept' ? 'OFFERED' : 'WAITLISTED', notes, choice.programId, overrideReason, offer)}
        />
      )}
    </Box>
  );
}
