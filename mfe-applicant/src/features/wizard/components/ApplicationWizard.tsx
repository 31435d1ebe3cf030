/** /apply/:universityId: the four-step application wizard (spec §2.5, §5). */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
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
import { programsApi, universitiesApi, WIZARD_STEPS, type Program } from 'shared-api';
import { useAuth } from 'shared-auth';
import { Loading } from '../../../components/Loading';
import { useWizardDraft } from '../hooks/useWizardDraft';
import { STEPS, toApplicationCreate, validateStep, type FieldErrors } from '../model';
import { PersonalStep } from './PersonalStep';
import { ProgramStep } from './ProgramStep';
import { ReviewStep } from './ReviewStep';

const FilesStep = lazy(() => import(/* webpackChunkName: "wizard-upload" */ './FilesStep'));

type Sending = { percent: number | null } | null;

/** Moves the keyboard focus to the first field with an error once it is on screen. */
function focusFirstError(errors: FieldErrors): void {
  const first = Object.keys(errors).find((key) => errors[key as keyof FieldErrors]);
  if (!first) return;
  const id = first === 'programIds' ? 'field-program-0' : first === first.toUpperCase() ? `file-${first}-button` : `field-${first}`;
  setTimeout(() => document.getElementById(id)?.focus(), 0);
}

export function ApplicationWizard() {
  const { universityId: param = '' } = useParams();
  const universityId = Number(param);
  const user = useAuth((s) => s.user);
  if (!Number.isInteger(universityId) || universityId <= 0) return <Alert severity="error">University not found</Alert>;
  if (!user) return <Alert severity="error">User not authenticated</Alert>;
  return <Wizard key={universityId} universityId={universityId} user={{ id: user.id, name: user.name, email: user.email, phone: user.phone }} />;
}

function Wizard({ universityId, user }: { universityId: number; user: { id: number; name: string | null; email: string; phone: string | null } }) {
  const { draft, files, update, setFile, discard, restored } = useWizardDraft(universityId, user);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [programs, setPrograms] = useState<Program[]>([]);
  const [programsError, setProgramsError] = useState('');
  const [universityName, setUniversityName] = useState('');
  const [sending, setSending] = useState<Sending>(null);
  const [submitError, setSubmitError] = useState('');
  const [submitted, setSubmitted] = useState<{ warning: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const step = draft.step;

  useEffect(() => {
    let active = true;
    universitiesApi
      .get(universityId)
      .then((u) => active && setUniversityName(u.name))
      .catch(() => undefined);
    programsApi
      .ofUniversity(universityId)
      .then((list) => active && setPrograms(list))
      .catch(() => active && setProgramsError('Failed to fetch programs'));
    return () => {
      active = false;
    };
  }, [universityId]);

  useEffect(() => {
    // A program removed from the university since the draft was saved cannot stay chosen.
    if (programs.length === 0) return;
    const valid = draft.programIds.filter((id) => programs.some((p) => p.id === id));
    if (valid.length !== draft.programIds.length) update({ programIds: valid });
  }, [programs, draft.programIds, update]);

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

  const submit = async () => {
    const found = validateStep(4, draft, files);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setSubmitError('Please complete every step before submitting.');
      return;
    }
    setSubmitError('');
    setSending({ percent: null });
    try {
      const { submitApplication, UNCLEAR_MESSAGE } = await import(/* webpackChunkName: "wizard-upload" */ '../api/submit');
      const outcome = await submitApplication(toApplicationCreate(draft, user.id), files, (percent) => setSending({ percent }));
      if (outcome.kind === 'ok' || outcome.kind === 'unclear') {
        await discard();
        setSubmitted({ warning: outcome.kind === 'unclear' ? UNCLEAR_MESSAGE : '' });
      } else {
        setSubmitError(outcome.message);
      }
    } catch {
      setSubmitError('Something went wrong. Please try again.');
    } finally {
      setSending(null);
    }
  };

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
          <Typography gutterBottom>
            Your application{universityName ? ` to ${universityName}` : ''} has been submitted successfully.
          </Typography>
        )}
        <Button variant="contained" component={RouterLink} to="/applications" sx={{ mt: 2 }}>
          View My Applications
        </Button>
      </Paper>
    );
  }

  const hasErrors = Object.values(errors).some(Boolean);
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
      <Stepper activeStep={step - 1} alternativeLabel sx={{ my: 2 }}>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper component="form" noValidate onSubmit={(e) => e.preventDefault()} sx={{ p: { xs: 2, sm: 3 } }} aria-labelledby="wizard-step-heading">
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
          />
        )}
        {step === 3 && (
          <Suspense fallback={<Loading />}>
            <FilesStep
              files={files}
              errors={errors}
              onFile={(type, file) => {
                setFile(type, file);
                setErrors((current) => ({ ...current, [type]: undefined }));
              }}
            />
          </Suspense>
        )}
        {step === 4 && <ReviewStep draft={draft} files={files} programs={programs} universityName={universityName} />}

        {sending && (
          <Box sx={{ mt: 3 }} role="status" aria-live="polite">
            {sending.percent === null ? (
              <>
                <LinearProgress aria-label="Uploading" />
                <Typography variant="body2" sx={{ mt: 1 }}>
                  Uploading…
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
        {submitError && (
          <Alert severity="error" sx={{ mt: 2 }}>
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
            <Button variant="contained" onClick={() => void submit()} disabled={Boolean(sending)}>
              {sending ? 'Submitting…' : 'Submit Application'}
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
