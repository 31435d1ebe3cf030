/** /applications/:applicationId: everything about one of the applicant's applications. */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { applicationsApi, DOCUMENT_LABELS, filesApi, isMissing, isRecordId, type Application, type ApplicationFile } from 'shared-api';
import { useShowWhenComplete } from 'shared-api/complete-view';
import { BackButton } from '../../../components/BackButton';
import { Loading } from '../../../components/Loading';
import { formatBytes, formatDate, formatDateTime, formatPhone, saveBlob } from '../../../lib/format';
import { PaymentActions, PaymentStatusBadge, paymentView } from '../payments';
import type { DocumentSlide } from './DocumentLightbox';
import { OfferCard } from './OfferCard';
import { ReplaceDocument } from './ReplaceDocument';
import { StatusBadge, statusLabel } from './StatusBadge';
import { notify } from 'shared-auth';
import { NotFoundState } from 'shared-auth/ui';

const DocumentLightbox = lazy(() => import(/* webpackChunkName: "lightbox" */ './DocumentLightbox'));

export function reviewLine(application: Pick<Application, 'status' | 'reviewNotes'>): string {
  const status = application.status.toUpperCase();
  if (status === 'REJECTED') return 'Application Rejected';
  if (status === 'APPROVED') return 'Application Approved';
  if (status === 'DOCUMENTS_REQUESTED') return 'The university asked for a new file of a document: see Documents below.';
  if (status === 'OFFERED') return 'You have an offer of a place: see the offer above.';
  if (status === 'WAITLISTED') return 'Your application is on the waitlist.';
  if (status === 'OFFER_DECLINED') return 'The offer was declined.';
  if (status === 'OFFER_LAPSED') return 'The offer lapsed: it was not answered by its deadline.';
  return 'Review in Progress';
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children === null || children === undefined || children === '' ? 'Not provided' : children}
      </Typography>
    </Grid>
  );
}

function years(n: number): string {
  return `${n} ${n === 1 ? 'year' : 'years'}`;
}

/** A document's check (issue 17), as the applicant reads it. */
const DOCUMENT_STATUS_WORDS: Record<string, string> = { PENDING: 'Waiting for review', VERIFIED: 'Verified', REJECTED: 'New file requested' };

function historyText(entry: Application['history'][number]): string {
  if (entry.kind === 'PAYMENT') return `Payment ${entry.to ?? ''}`.trim();
  if (entry.kind === 'LETTER') return 'Decision letter downloaded';
  if (entry.kind === 'DOCUMENT') return entry.from === 'REJECTED' && entry.to === 'PENDING' ? 'New document file uploaded' : `Document: ${DOCUMENT_STATUS_WORDS[entry.to ?? ''] ?? 'updated'}`;
  if (entry.from && entry.to) return `Status changed from ${statusLabel(entry.from)} to ${statusLabel(entry.to)}`;
  if (entry.to) return `Status set to ${statusLabel(entry.to)}`;
  return 'Updated';
}

export function ApplicationDetail() {
  const { applicationId = '' } = useParams();
  const [application, setApplication] = useState<Application | null>(null);
  const [error, setError] = useState('');
  const [missing, setMissing] = useState(false);
  const [busyFile, setBusyFile] = useState<number | null>(null);
  const [viewer, setViewer] = useState<{ slides: DocumentSlide[]; index: number } | null>(null);
  const objectUrls = useRef(new Map<number, string>());
  // The offer card arrives by its own request above the program choices and the documents: the
  // page below it waits for it, so View, Download and Replace do not move under a tap.
  const [offerSettled, setOfferSettled] = useState(false);
  const markOfferSettled = useCallback(() => setOfferSettled(true), []);
  const bodyShown = useShowWhenComplete(application !== null, offerSettled);

  const load = useCallback(async () => {
    if (!isRecordId(applicationId)) {
      setMissing(true);
      return;
    }
    try {
      setApplication(await applicationsApi.get(applicationId));
      setError('');
    } catch (err) {
      if (isMissing(err)) setMissing(true);
      else setError('Failed to fetch application');
    }
  }, [applicationId]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const objectUrlOf = async (file: ApplicationFile): Promise<string> => {
    const cached = objectUrls.current.get(file.id);
    if (cached) return cached;
    const blob = await filesApi.download(file.url);
    const url = URL.createObjectURL(blob);
    objectUrls.current.set(file.id, url);
    return url;
  };

  const view = async (file: ApplicationFile, images: ApplicationFile[]) => {
    setBusyFile(file.id);
    try {
      const slides = await Promise.all(images.map(async (image) => ({ src: await objectUrlOf(image), alt: image.fileName, title: DOCUMENT_LABELS[image.documentType] ?? image.fileName })));
      setViewer({ slides, index: Math.max(0, images.indexOf(file)) });
    } catch {
      notify(`Could not open ${file.fileName}. Please try again.`, 'error');
    } finally {
      setBusyFile(null);
    }
  };

  const download = async (file: ApplicationFile) => {
    setBusyFile(file.id);
    try {
      const blob = await filesApi.download(file.url);
      saveBlob(blob, file.fileName);
    } catch {
      notify(`Could not download ${file.fileName}. Please try again.`, 'error');
    } finally {
      setBusyFile(null);
    }
  };

  if (missing) {
    return (
      <NotFoundState
        title="Application not found"
        message="There is no application of yours at this address. Your applications are listed under My Applications."
        action={
          <Button variant="contained" component={RouterLink} to="/applications">
            My Applications
          </Button>
        }
      />
    );
  }
  if (error) {
    return (
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        <BackButton />
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      </Box>
    );
  }
  if (!application) return <Loading />;

  const choices = [...(application.programChoices ?? [])].sort((a, b) => a.priority - b.priority);
  const images = application.files.filter((f) => f.fileType.startsWith('image/'));
  const history = [...(application.history ?? [])].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <BackButton />
        <PaymentActions application={application} onChanged={() => void load()} />
      </Stack>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
        {application.university?.name ?? 'Application'}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography component="span">Status:</Typography>
        <StatusBadge status={application.status} />
        <Typography component="span">Payment:</Typography>
        <PaymentStatusBadge status={paymentView(application).badgeStatus} />
      </Stack>

      <OfferCard applicationId={application.id} onAnswered={() => void load()} onSettled={markOfferSettled} />

      {bodyShown ? (
        <>
          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Program choices
              </Typography>
              {choices.length === 0 ? (
                <Typography>Not provided</Typography>
              ) : (
                <List dense component="ol">
                  {choices.map((choice) => (
                    <ListItem key={choice.id} disableGutters>
                      <ListItemText
                        primary={`${choice.priority}. ${choice.program?.name ?? choice.programName}`}
                        secondary={`Duration: ${years(choice.program?.durationYears ?? (parseInt(choice.program?.duration ?? '', 10) || 0))}`}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </CardContent>
          </Card>

          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Application details
              </Typography>
              <Grid container spacing={2}>
                <Field label="Submitted">{formatDate(application.submittedAt || application.applicationDate)}</Field>
                <Field label="Last updated">{formatDateTime(application.lastUpdated)}</Field>
                <Field label="Full name">{application.fullName}</Field>
                <Field label="Date of birth">{formatDate(application.dateOfBirth)}</Field>
                <Field label="Nationality">{application.nationality}</Field>
                <Field label="Province">{application.provice ?? application.province}</Field>
                <Field label="Country">{application.country}</Field>
                <Field label="City">{application.city}</Field>
                <Field label="Phone">{formatPhone(application.phoneNumber)}</Field>
                <Field label="Email">{application.email}</Field>
                <Field label="Highest qualification">{application.highestQualification}</Field>
                <Field label="Institution">{application.institutionAttended}</Field>
                <Field label="Submission details">{application.submissionDetails}</Field>
                <Field label="Program notes">{application.programNotes}</Field>
              </Grid>
            </CardContent>
          </Card>

          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Review
              </Typography>
              {application.reviewNotes ? (
                <Typography sx={{ whiteSpace: 'pre-line' }}>
                  <strong>Review notes:</strong> {application.reviewNotes}
                </Typography>
              ) : (
                <Typography>{reviewLine(application)}</Typography>
              )}
            </CardContent>
          </Card>

          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Documents
              </Typography>
              {application.files.length === 0 ? (
                <Typography>No documents</Typography>
              ) : (
                <List aria-label="Documents">
                  {application.files.map((file) => (
                    <ListItem key={file.id} disableGutters aria-label={DOCUMENT_LABELS[file.documentType] ?? file.fileName} sx={{ flexWrap: 'wrap', gap: 1 }}>
                      <ListItemText
                        primary={DOCUMENT_LABELS[file.documentType] ?? file.fileName}
                        secondary={`${file.fileName} · ${formatBytes(file.size)} · ${DOCUMENT_STATUS_WORDS[file.status] ?? file.status}`}
                        sx={{ flexBasis: { xs: '100%', sm: 'auto' }, overflowWrap: 'anywhere' }}
                      />
                      {file.fileType.startsWith('image/') && (
                        <Button size="small" variant="outlined" disabled={busyFile === file.id} onClick={() => void view(file, images)} aria-label={`View ${file.fileName}`}>
                          View
                        </Button>
                      )}
                      <Button size="small" disabled={busyFile === file.id} onClick={() => void download(file)} aria-label={`Download ${file.fileName}`}>
                        Download
                      </Button>
                      {file.status === 'REJECTED' && <ReplaceDocument application={application} file={file} onReplaced={setApplication} />}
                    </ListItem>
                  ))}
                </List>
              )}
            </CardContent>
          </Card>

          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                History
              </Typography>
              {history.length === 0 ? (
                <Typography>No history yet</Typography>
              ) : (
                <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider', pl: 2 }}>
                  {history.map((entry) => (
                    <Box component="li" key={entry.id} sx={{ mb: 1.5 }}>
                      <Typography variant="body2" color="text.secondary">
                        {formatDateTime(entry.at)}
                        {entry.actor ? ` · ${entry.actor.name}` : ''}
                      </Typography>
                      <Typography>{historyText(entry)}</Typography>
                      {entry.note && <Typography variant="body2">{entry.note}</Typography>}
                    </Box>
                  ))}
                </Box>
              )}
            </CardContent>
          </Card>
        </>
      ) : (
        <Loading />
      )}

      {viewer && (
        <Suspense fallback={<Loading label="Opening document…" />}>
          <DocumentLightbox slides={viewer.slides} index={viewer.index} onClose={() => setViewer(null)} />
        </Suspense>
      )}
    </Box>
  );
}
