/** /apply/:universityId: the four-step application wizard (spec §2.5, §5). */
import { lazy, Suspense, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { DOCUMENT_TYPES, isMissing, isRecordId, programsApi, universitiesApi, useFormHandover, WIZARD_STEPS, ZAMBIA_PROVINCES, type ApplicationFee, type Draft, type Program } from 'shared-api';
import { DRAFT_ENDED_ELSEWHERE } from 'shared-api/draft-texts';
import type { IntakeOutlook } from 'shared-api/intakes';
import { useServerData } from 'shared-api/data';
import { useShowWhenComplete } from 'shared-api/complete-view';
import { feeFor } from 'shared-api/fees';
import { notify, useAuth } from 'shared-auth';
import { NotFoundState } from 'shared-auth/ui';
import { Loading } from '../../../components/Loading';
import { formatDate } from '../../../lib/format';
import { useUniversityIntakes } from '../../../lib/intakes';
import { useOpenApplication } from '../../../lib/open-application';
import { useDocumentUploads } from '../hooks/useDocumentUploads';
import { useRenderedWizardData } from '../hooks/useRenderedWizardData';
import { useServerDraft } from '../hooks/useServerDraft';
import { useWizardDraft } from '../hooks/useWizardDraft';
import { isTextDraftField, STEPS, toApplicationCreate, validateStep, type FieldErrors } from '../model';
import { PersonalStep } from './PersonalStep';
import { ProgramStep } from './ProgramStep';
import { feeNotice, ReviewStep } from './ReviewStep';
import { useIntakeChoice } from '../hooks/useIntakeChoice';
import { usePendingSend } from '../hooks/usePendingSend';
import { IntakeChoice } from './IntakeChoice';
import { ApplicationsClosed } from '../../../components/IntakeNotices';

const FilesStep = lazy(() => import(/* webpackChunkName: "wizard-upload" */ './FilesStep'));

/** `waiting`: Submit waits for the documents still uploading (issue 19). */
type Sending = { percent: number | null; waiting?: boolean } | null;

export const WAITING_FOR_NETWORK_MESSAGE = 'You are offline. Your application is kept on this device and will be sent as soon as you are back online.';

/** Moves the keyboard focus to the first field with an error once it is on screen. */
function focusFirstError(errors: FieldErrors): void {
  const first = Object.keys(errors).find((key) => errors[key as keyof FieldErrors]);
  if (!first) return;
  const id = first === 'programIds' ? 'field-program-0' : first === first.toUpperCase() ? `file-${first}-button` : `field-${first}`;
  setTimeout(() => document.getElementById(id)?.focus(), 0);
}

export function ApplicationWizard() {
  const { universityId: param = '' } = useParams();
  const universityId = isRecordId(param) ? Number(param) : null;
  const user = useAuth((s) => s.user);
  // A wizard the server rendered for its applicant came with these answers (decision 013).
  const rendered = useRenderedWizardData(universityId, user?.id);
  // The university is looked up before the wizard shows: an address naming no
  // university gets a not-found page, never an empty wizard titled 'Apply'.
  const lookup = useServerData(universityId === null ? null : () => universitiesApi.get(universityId), [universityId], { initial: rendered.university });
  // Any failure but 'not found' (offline, server busy) keeps the wizard usable; the name is only a heading.
  const university: { id: number; name: string } | 'missing' | null =
    universityId === null || isMissing(lookup.error) ? 'missing' : lookup.error ? { id: universityId, name: '' } : lookup.data ? { id: universityId, name: lookup.data.name } : null;
  const openApplication = useOpenApplication(user?.id, universityId, rendered.applications);
  // What the wizard itself waits for is asked now, with the university and the open application,
  // not once they have answered: on a phone's 150 ms round trip each round after another shows.
  const { outlook } = useUniversityIntakes(universityId, rendered.intakes);
  const programsLoad = useServerData(universityId === null ? null : () => programsApi.ofUniversity(universityId), [universityId], { initial: rendered.programs });
  const [startAnother, setStartAnother] = useState(false);

  if (university === 'missing') {
    return (
      <NotFoundState
        title="University Not Found"
        message="There is no university to apply to at this address. Choose a university from the list to start an application."
        action={
          <Button variant="contained" component={RouterLink} to="/dashboard">
            Browse universities
          </Button>
        }
      />
    );
  }
  if (!user) return <Alert severity="error">User not authenticated</Alert>;
  if (university === null || universityId === null || university.id !== universityId || openApplication === undefined) return <Loading />;
  if (openApplication && !startAnother) {
    const where = university.name || 'this university';
    return (
      <Paper component="section" aria-labelledby="open-application-heading" sx={{ p: { xs: 2, sm: 4 }, m: { xs: 1, sm: 2 } }}>
        <Typography id="open-application-heading" variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}>
          You already applied to {where}
        </Typography>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Your application of {formatDate(openApplication.submittedAt || openApplication.applicationDate)} to {where} is still open. A second application is reviewed separately and has its own fee. To
          change your programs, wait for the decision or contact the university.
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" component={RouterLink} to={`/applications/${openApplication.id}`}>
            View my application
          </Button>
          <Button variant="outlined" onClick={() => setStartAnother(true)}>
            Start another application anyway
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Wizard
      key={universityId}
      universityId={universityId}
      universityName={university.name}
      user={{ id: user.id, name: user.name, email: user.email, phone: user.phone }}
      outlook={outlook}
      programsLoad={programsLoad}
      renderedDraft={rendered.draft}
    />
  );
}

function Wizard({
  universityId,
  universityName,
  user,
  outlook,
  programsLoad,
  renderedDraft,
}: {
  universityId: number;
  universityName: string;
  user: { id: number; name: string | null; email: string; phone: string | null };
  /** The university's intakes, asked by the page with the university (null until answered). */
  outlook: IntakeOutlook | null;
  /** Its programs, asked by the page with the university. */
  programsLoad: { data: Program[] | undefined; error: unknown };
  /** The applicant's draft on the server, as the page the server rendered came with it (null: none). */
  renderedDraft: Draft | null | undefined;
}) {
  const { draft, files, update, setFile, discard, restored, filesRestored } = useWizardDraft(universityId, user);
  const uploads = useDocumentUploads(user.id, files, filesRestored);
  const serverDraft = useServerDraft({ universityId, draft, files, ready: filesRestored, hadLocalDraft: restored, rendered: renderedDraft, update, setFile, uploads });
  const navigate = useNavigate();
  // Start Over or Submit ended the draft in another tab or on another device: this copy goes too.
  const discardEndedCopy = async () => {
    await uploads.forget().catch(() => undefined);
    await discard();
    notify('Your saved application draft has been deleted.', 'info');
    void navigate('/applications');
  };
  const [errors, setErrors] = useState<FieldErrors>({});
  const intake = useIntakeChoice(outlook);
  // A fresh application (no draft here, none on the server) starts at the first step, which has no
  // files: it shows at once, as the server rendered it, without waiting for this device's file store.
  const [freshFromServer] = useState(renderedDraft === null && !restored);
  const formShown = useShowWhenComplete(true, intake.outlook !== null && (filesRestored || freshFromServer));
  const form = useRef<HTMLFormElement>(null);
  const allPrograms = useMemo<Program[]>(() => programsLoad.data ?? [], [programsLoad.data]);
  // Only the chosen intake's programs may be chosen (all of them for a university without intakes).
  const { offered } = intake;
  const programs = useMemo(() => offered(allPrograms), [offered, allPrograms]);
  const programsError = programsLoad.error ? 'Failed to fetch programs' : '';
  const [sending, setSending] = useState<Sending>(null);
  const [submitError, setSubmitError] = useState('');
  const [firstApplicationId, setFirstApplicationId] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState<{ warning: string; fee: ApplicationFee } | null>(null);
  // Submit pressed offline: the application goes when the browser is back online (issue 19),
  // in this wizard or, if it was closed meanwhile, in the next one opened (usePendingSend).
  const [waitingForNetwork, setWaitingForNetwork] = useState(false);
  const pendingSend = usePendingSend(user.id, universityId);
  const waitForNetwork = () => {
    setWaitingForNetwork(true);
    pendingSend.keep();
  };
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const step = draft.step;

  useEffect(() => {
    // A program removed from the university (or not in the chosen intake) cannot stay chosen.
    if (allPrograms.length === 0 || intake.outlook === null) return;
    const valid = draft.programIds.filter((id) => programs.some((p) => p.id === id));
    if (valid.length !== draft.programIds.length) update({ programIds: valid });
  }, [programs, allPrograms, intake.outlook, draft.programIds, update]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step, submitted]);

  const go = (next: number) => {
    setSubmitError('');
    if (next > step) {
      const found = validateStep(step, draft, files);
      setErrors(found);
      const intakeChosen = step !== 2 || intake.validate();
      if (!intakeChosen && Object.keys(found).length === 0) setTimeout(() => document.getElementById('field-intake')?.focus(), 0);
      if (!intakeChosen) return;
      if (Object.keys(found).length > 0) {
        focusFirstError(found);
        return;
      }
    } else {
      setErrors({});
    }
    update({ step: Math.min(Math.max(next, 1), WIZARD_STEPS) });
  };

  const onChange = (name: string, value: string) => {
    update({ [name]: value });
    if (errors[name as keyof FieldErrors]) setErrors((current) => ({ ...current, [name]: undefined }));
  };
  // What the applicant typed into the server's form before the app took it over is kept, in the
  // form's order. As choosing Zambia does, a province typed for no country or another one does not
  // stay once Zambia's list of provinces takes over.
  const countryHandedOver = useRef(draft.country);
  useFormHandover(form, ({ name, value }) => {
    if (!isTextDraftField(name)) return;
    if (name === 'country') countryHandedOver.current = value;
    if (name === 'province' && countryHandedOver.current === 'Zambia' && !(ZAMBIA_PROVINCES as readonly string[]).includes(value)) return;
    onChange(name, value);
  });

  const submit = async () => {
    const found = validateStep(4, draft, files);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setSubmitError('Please complete every step before submitting.');
      return;
    }
    if (!intake.validate()) {
      update({ step: 2 });
      return;
    }
    setSubmitError('');
    setFirstApplicationId(null);
    if (!navigator.onLine) {
      waitForNetwork();
      return;
    }
    setWaitingForNetwork(false);
    setSending({ percent: null });
    serverDraft.suspend();
    let sent = false;
    try {
      // A draft save on its way when Submit was pressed returns first: landing after the
      // application, it would bring back the draft the application ends.
      await serverDraft.settled();
      const { submitApplication, UNCLEAR_MESSAGE } = await import(/* webpackChunkName: "wizard-upload" */ '../api/submit');
      const application = { ...toApplicationCreate(draft, user.id), ...(intake.chosen ? { intakeId: intake.chosen.id } : {}) };
      // What the server will ask, said on the Submitted screen after the draft is gone.
      const owed = feeFor(intake.chosen?.fees, application.nationality);
      // Documents still uploading are waited for; a failed one goes with the application as before.
      const chosen = DOCUMENT_TYPES.filter((type) => files[type]);
      if (chosen.some((type) => uploads.states[type]?.status !== 'uploaded')) setSending({ percent: null, waiting: true });
      const uploaded = await uploads.whenSettled(chosen);
      setSending({ percent: null });
      const outcome = await submitApplication(application, files, (percent) => setSending({ percent }), serverDraft.storedTypes(), uploaded);
      if (outcome.kind === 'ok' || outcome.kind === 'unclear') {
        sent = true;
        await uploads.forget().catch(() => undefined);
        await discard();
        setSubmitted({ warning: outcome.kind === 'unclear' ? UNCLEAR_MESSAGE : '', fee: owed });
      } else if (outcome.kind === 'network' && !navigator.onLine) {
        waitForNetwork();
      } else {
        pendingSend.forget();
        setSubmitError(outcome.message);
        if (outcome.kind === 'refused') setFirstApplicationId(outcome.applicationId);
      }
    } catch {
      if (navigator.onLine) {
        pendingSend.forget();
        setSubmitError('Something went wrong. Please try again.');
      } else waitForNetwork();
    } finally {
      setSending(null);
      if (!sent) serverDraft.resume();
    }
  };

  // The application as it is now, when the network returns or a wizard reopens (it may have been edited meanwhile).
  const sendLatest = useEffectEvent(() => void submit());
  // Sent offline in a wizard since closed: still offline, wait again; online, send it once
  // what Submit checks (the files, the programs, the intakes) has loaded.
  const resumed = useRef(false);
  const checksLoaded = programsLoad.data !== undefined && intake.outlook !== null;
  useEffect(() => {
    if (!pendingSend.pendingAtOpen || !filesRestored || resumed.current) return;
    if (!navigator.onLine) {
      resumed.current = true;
      setWaitingForNetwork(true);
    } else if (checksLoaded) {
      resumed.current = true;
      sendLatest();
    }
  }, [pendingSend.pendingAtOpen, filesRestored, checksLoaded]);
  useEffect(() => {
    if (!waitingForNetwork) return;
    const onOnline = () => sendLatest();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [waitingForNetwork]);

  if (submitted) {
    return (
      <Paper sx={{ p: { xs: 2, sm: 4 }, m: { xs: 1, sm: 2 }, textAlign: 'center' }}>
        <Typography ref={heading} tabIndex={-1} variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
          Application Submitted
        </Typography>
        {submitted.warning ? (
          <Alert severity="warning" sx={{ mb: 2, textAlign: 'left' }}>
            {submitted.warning}
          </Alert>
        ) : (
          <Typography gutterBottom>Your application{universityName ? ` to ${universityName}` : ''} has been submitted successfully.</Typography>
        )}
        <Typography gutterBottom>{feeNotice('after', submitted.fee)}</Typography>
        <Button variant="contained" component={RouterLink} to="/applications" sx={{ mt: 2 }}>
          View My Applications
        </Button>
      </Paper>
    );
  }

  // The form waits for the intakes (their choice sits above the steps; closed replaces the form) and
  // for the draft and files kept on this device (they change the step and fill the fields): shown
  // earlier, the form moved or changed under the applicant's finger.
  if (!formShown) return <Loading />;

  if (intake.outlook?.kind === 'closed') {
    return (
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
          Apply{universityName ? ` to ${universityName}` : ''}
        </Typography>
        <ApplicationsClosed next={intake.outlook.next} />
      </Box>
    );
  }

  const hasErrors = Object.values(errors).some(Boolean) || Boolean(intake.error);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
        Apply{universityName ? ` to ${universityName}` : ''}
      </Typography>
      {restored && (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Your saved draft has been restored.
        </Typography>
      )}
      {serverDraft.endedElsewhere && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {DRAFT_ENDED_ELSEWHERE} Your answers and files on this page are still here.
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }} useFlexGap>
            <Button variant="contained" size="small" onClick={serverDraft.keepCopy}>
              Keep this copy
            </Button>
            <Button color="error" size="small" onClick={() => void discardEndedCopy()}>
              Delete this copy too
            </Button>
          </Stack>
        </Alert>
      )}
      <IntakeChoice choice={intake} editable={step === 2} />
      <Stepper activeStep={step - 1} alternativeLabel sx={{ my: 2 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper ref={form} component="form" noValidate onSubmit={(e) => e.preventDefault()} sx={{ p: { xs: 2, sm: 3 } }} aria-labelledby="wizard-step-heading">
        <Typography id="wizard-step-heading" ref={heading} tabIndex={-1} variant="h5" component="h2" gutterBottom sx={{ outline: 'none' }}>
          Step {step} of {WIZARD_STEPS}: {STEPS[step - 1]}
        </Typography>
        {hasErrors && (
          <Alert severity="error" sx={{ mb: 2 }}>
            Please correct the highlighted fields before continuing.
          </Alert>
        )}
        {step === 1 && <PersonalStep draft={draft} errors={errors} onChange={onChange} />}
        {step === 2 && (
          <ProgramStep
            draft={draft}
            errors={errors}
            onChange={onChange}
            programs={programs}
            programsError={programsError}
            onProgramsChange={(programIds) => {
              update({ programIds });
              setErrors((current) => ({ ...current, programIds: undefined }));
            }}
            onResultsChange={(grade12Results) => {
              update({ grade12Results });
              setErrors((current) => ({ ...current, grade12Results: undefined }));
            }}
          />
        )}
        {step === 3 && (
          <Suspense fallback={<Loading />}>
            <FilesStep
              files={files}
              errors={errors}
              uploads={uploads.states}
              onFile={(type, file) => {
                setFile(type, file);
                setErrors((current) => ({ ...current, [type]: undefined }));
              }}
            />
          </Suspense>
        )}
        {step === 4 && <ReviewStep draft={draft} files={files} programs={programs} universityName={universityName} fee={feeFor(intake.chosen?.fees, draft.nationality)} />}

        {sending && (
          <Box sx={{ mt: 3 }} role="status" aria-live="polite">
            {sending.percent === null ? (
              <>
                <LinearProgress aria-label="Uploading" />
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {sending.waiting ? 'Waiting for your documents to finish uploading…' : 'Uploading…'}
                </Typography>
              </>
            ) : (
              <>
                <LinearProgress variant="determinate" value={sending.percent} aria-label="Upload progress" />
                <Typography variant="body2" sx={{ mt: 1 }}>
                  Uploading… {sending.percent}%
                </Typography>
              </>
            )}
          </Box>
        )}
        {waitingForNetwork && (
          <Alert severity="info" sx={{ mt: 2 }} role="status">
            {WAITING_FOR_NETWORK_MESSAGE}
          </Alert>
        )}
        {submitError && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              firstApplicationId !== null ? (
                <Button color="inherit" size="small" component={RouterLink} to={`/applications/${firstApplicationId}`}>
                  View your application
                </Button>
              ) : undefined
            }
          >
            {submitError}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'space-between' }}>
          <Button variant="outlined" onClick={() => go(step - 1)} disabled={step === 1 || Boolean(sending)}>
            Back
          </Button>
          {step < WIZARD_STEPS ? (
            <Button variant="contained" onClick={() => go(step + 1)}>
              Next
            </Button>
          ) : (
            <Button variant="contained" onClick={() => void submit()} disabled={Boolean(sending) || waitingForNetwork}>
              {sending ? 'Submitting…' : waitingForNetwork ? 'Will send when back online' : 'Submit Application'}
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
