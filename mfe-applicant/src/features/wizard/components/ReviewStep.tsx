import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { DOCUMENT_LABELS, DOCUMENT_TYPES, REQUIRED_FILES, type ApplicationFee, type Program } from 'shared-api';
import { feeLabel } from 'shared-api/fees';
import type { ApplicationDraft } from '../../../lib/application-draft';
import { formatBytes } from '../../../lib/format';
import { completeResults, countFiles, FIELD_LABELS, pointsOf, type ChosenFiles, type DraftField } from '../model';

const PERSONAL: DraftField[] = ['fullName', 'gender', 'email', 'phone', 'dateOfBirth', 'country', 'province', 'city'];
const EDUCATION: DraftField[] = ['nationality', 'nationalRegNumber', 'schoolProvince', 'qualification', 'institution', 'programNotes', 'submissionDetails'];
const PRIORITY = ['First choice', 'Second choice', 'Third choice'];

/**
 * The fee and what it starts, said before submitting and again once
 * submitted: the intake's fee for the applicant's category (from the
 * nationality), or the standard ZMW 150.75. The server charges the same.
 */
export function feeNotice(when: 'before' | 'after', fee: Pick<ApplicationFee, 'amount' | 'currency'>): string {
  const label = feeLabel(fee);
  return when === 'before'
    ? `The application fee is ${label}. After you submit, pay it from My Applications: review of your application starts once it is paid.`
    : `Next, pay the application fee of ${label} from My Applications: review of your application starts once it is paid.`;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Grid container spacing={1} sx={{ py: 0.5 }}>
      <Grid size={{ xs: 12, sm: 5 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 7 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {value || 'Not provided'}
        </Typography>
      </Grid>
    </Grid>
  );
}

export function ReviewStep({
  draft,
  files,
  programs,
  universityName,
  fee,
}: {
  draft: ApplicationDraft;
  files: ChosenFiles;
  programs: Program[];
  universityName: string;
  fee: Pick<ApplicationFee, 'amount' | 'currency'>;
}) {
  const programName = (id: number) => programs.find((p) => p.id === id)?.name ?? `Program ${id}`;
  return (
    <Box>
      <Typography variant="h6" component="h3">
        Personal information
      </Typography>
      {PERSONAL.map((field) => (
        <Row key={field} label={FIELD_LABELS[field]} value={String(draft[field])} />
      ))}
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h3">
        Programs{universityName ? ` at ${universityName}` : ''}
      </Typography>
      {draft.programIds.map((id, index) => (
        <Row key={id} label={PRIORITY[index]} value={programName(id)} />
      ))}
      {EDUCATION.map((field) => (
        <Row key={field} label={FIELD_LABELS[field]} value={String(draft[field])} />
      ))}
      <Row
        label={FIELD_LABELS.grade12Results}
        value={[...completeResults(draft.grade12Results).map((r) => `${r.subject}: ${r.grade}`), `Best five: ${pointsOf(draft.grade12Results) ?? '–'} points`].join('\n')}
      />
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h3">
        Documents
      </Typography>
      <Typography sx={{ mb: 1 }} data-testid="files-count">
        {countFiles(files)} of {REQUIRED_FILES} files uploaded
      </Typography>
      {DOCUMENT_TYPES.map((type) => {
        const file = files[type];
        return <Row key={type} label={DOCUMENT_LABELS[type]} value={file ? `${file.name} (${formatBytes(file.size)})` : 'Missing'} />;
      })}
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h3">
        Application fee
      </Typography>
      <Typography>{feeNotice('before', fee)}</Typography>
    </Box>
  );
}
