/**
 * Fee waiver codes (issue 16 item 4): the codes of a university with the uses
 * left, and a form that has the server make a new one (how many uses, until
 * when, optionally for one intake). An ADMIN sees its own university's; a
 * SUPERUSER picks the university (the one selected in the top bar first).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { errorText, feeWaiversApi, fieldProblem, intakesApi, type FeeWaiver, type Intake } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { formatIntakeDate } from 'shared-api/intakes';
import { notify } from 'shared-auth';
import { ChoiceField, UniversityPicker } from '../../../components/ChoiceField';
import { Loading } from '../../../components/Loading';
import { PageHeader } from '../../../components/PageHeader';
import { RowsTable } from '../../../components/PagedTable';
import { useScope } from '../../../hooks/useScope';
import { useUniversityOptions } from '../../../hooks/useUniversities';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day a code is valid through, as typed (YYYY-MM-DD): it expires at the end of that day in Lusaka (UTC+2). */
export function endOfLusakaDay(day: string): string {
  return new Date(`${day}T23:59:59+02:00`).toISOString();
}

function lusakaDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lusaka', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function waiverStatus(waiver: FeeWaiver): string {
  if (waiver.usesLeft === 0) return 'Used up';
  if (waiver.expired) return 'Expired';
  return 'Active';
}

function useWaivers(universityId: number | null) {
  const { data, loading, error, refresh } = useServerData(universityId === null ? null : () => feeWaiversApi.ofUniversity(universityId), [universityId]);
  return {
    waivers: error ? [] : (data ?? []),
    loading,
    error: error ? errorText(error, 'Failed to fetch the fee waiver codes.') : null,
    reload: () => void refresh(),
  };
}

function useIntakeOptions(universityId: number | null): Intake[] {
  // The form works without them (any intake), so a failure shows no intakes rather than an error.
  const { data, error } = useServerData(universityId === null ? null : () => intakesApi.ofUniversity(universityId, { cache: 'no-cache' }), [universityId]);
  return error ? [] : (data ?? []);
}

interface FormErrors {
  maxUses?: string;
  expiresOn?: string;
  intakeId?: string;
}

function CreateWaiverForm({ universityId, intakes, onCreated }: { universityId: number; intakes: Intake[]; onCreated: (waiver: FeeWaiver) => void }) {
  const [maxUses, setMaxUses] = useState('1');
  const [expiresOn, setExpiresOn] = useState(() => lusakaDay(new Date(Date.now() + 30 * DAY_MS)));
  const [intakeId, setIntakeId] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FormErrors = {};
    const uses = Number(maxUses);
    if (!/^\d+$/.test(maxUses.trim()) || uses < 1) found.maxUses = 'Enter a whole number of uses, 1 or more (1 = single-use)';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresOn)) found.expiresOn = 'Choose the last day the code can be used';
    else if (new Date(endOfLusakaDay(expiresOn)).getTime() <= Date.now()) found.expiresOn = 'Choose a day that is not over yet';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const created = await feeWaiversApi.create(universityId, { maxUses: uses, expiresAt: endOfLusakaDay(expiresOn), intakeId: intakeId ? Number(intakeId) : null });
      notify(`Fee waiver code ${created.code} created`, 'success');
      onCreated(created);
    } catch (err) {
      const field = fieldProblem(err)?.field;
      if (field === 'maxUses') setErrors({ maxUses: 'Enter a whole number of uses, 1 or more (1 = single-use)' });
      else if (field === 'expiresAt') setErrors({ expiresOn: 'Choose a day that is not over yet' });
      else if (field === 'intakeId') setErrors({ intakeId: "Choose one of this university's intakes" });
      else setFailure(errorText(err, 'Failed to create the fee waiver code.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="form" aria-labelledby="new-waiver-heading" noValidate onSubmit={(e) => void submit(e)} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="new-waiver-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        New fee waiver code
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          label="Uses"
          value={maxUses}
          onChange={(e) => setMaxUses(e.target.value)}
          error={Boolean(errors.maxUses)}
          helperText={errors.maxUses ?? '1 = single-use'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 160 }}
        />
        <TextField
          label="Valid until (last day)"
          type="date"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
          error={Boolean(errors.expiresOn)}
          helperText={errors.expiresOn ?? 'Ends at midnight, Lusaka time'}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <ChoiceField
          label="Intake"
          placeholder="Any intake"
          value={intakeId}
          onChange={setIntakeId}
          options={intakes}
          error={errors.intakeId}
          helperText="Any application to the university, or one intake only"
          sx={{ minWidth: 220 }}
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
          {busy ? 'Creating...' : 'Create code'}
        </Button>
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
    </Paper>
  );
}

export function FeeWaiversPage() {
  const { user, isSuperuser, universityId: scoped } = useScope();
  const { universities } = useUniversityOptions(isSuperuser);
  const [chosen, setChosen] = useState<number | null>(null);
  const universityId = isSuperuser ? (chosen ?? scoped) : (user?.universityId ?? null);
  const { waivers, loading, error, reload } = useWaivers(universityId);
  const intakes = useIntakeOptions(universityId);
  const [created, setCreated] = useState<FeeWaiver | null>(null);

  return (
    <Box>
      <PageHeader title="Fee waivers" />
      <Typography sx={{ mb: 2 }}>
        An applicant who enters a fee waiver code on an application does not pay the application fee: the application is marked paid by waiver and is ready for review.
      </Typography>
      {isSuperuser && (
        <UniversityPicker
          universities={universities}
          value={universityId}
          onChange={(id) => {
            setChosen(id);
            setCreated(null);
          }}
        />
      )}
      {universityId === null ? (
        <Alert severity="info">Select a university to see its fee waiver codes.</Alert>
      ) : (
        <>
          <CreateWaiverForm
            key={universityId}
            universityId={universityId}
            intakes={intakes}
            onCreated={(waiver) => {
              setCreated(waiver);
              reload();
            }}
          />
          {created && (
            <Alert severity="success" sx={{ mb: 2 }} role="status">
              New code: <strong>{created.code}</strong> — {created.maxUses === 1 ? 'single-use' : `${created.maxUses} uses`}, valid until {formatIntakeDate(created.expiresAt)}. Give it to the
              applicant; they enter it on their application instead of paying.
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {loading ? (
            <Loading text="Loading fee waiver codes..." />
          ) : waivers.length === 0 && !error ? (
            <Paper sx={{ p: 4, textAlign: 'center' }}>
              <Typography variant="h6" component="h2">
                No fee waiver codes yet
              </Typography>
            </Paper>
          ) : waivers.length > 0 ? (
            <Paper>
              <RowsTable
                label="Fee waiver codes"
                rows={waivers}
                columns={[
                  { header: 'Code', cell: (w) => <Box sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{w.code}</Box> },
                  { header: 'Intake', cell: (w) => w.intakeName ?? 'Any intake' },
                  { header: 'Uses left', cell: (w) => `${w.usesLeft} of ${w.maxUses}` },
                  { header: 'Valid until', cell: (w) => formatIntakeDate(w.expiresAt) },
                  { header: 'Status', cell: (w) => waiverStatus(w) },
                ]}
              />
            </Paper>
          ) : null}
        </>
      )}
    </Box>
  );
}
