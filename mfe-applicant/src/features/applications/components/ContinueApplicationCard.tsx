/** The 'Continue Application' card shown on /applications while a draft is saved. */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useFeedback } from 'shared-auth/dialogs';
import { clearDraft, loadDraft, parseDraft, type ApplicationDraft } from '../../../lib/application-draft';
import { recoverDraft } from '../../../lib/draft-recovery';
import { getFileStore } from '../../../lib/file-store';
import { isSendPending } from '../../../lib/pending-send';
import { notify } from 'shared-auth';
import { draftsApi, universitiesApi } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { isAnswered, useShowWhenComplete, useReportSettled } from 'shared-api/complete-view';
import { IntakeDeadline } from '../../../components/IntakeNotices';
import { useUniversityIntakes } from '../../../lib/intakes';

/**
 * `onSettled`: called once it is known whether the card shows, and it shows whole, so the list
 * below can wait for it rather than be pushed down under a tap when the card arrives after it.
 */
export function ContinueApplicationCard({ userId, onSettled }: { userId: number; onSettled?: () => void }) {
  const navigate = useNavigate();
  const [localDraft, setLocalDraft] = useState<ApplicationDraft | null>(() => {
    const saved = loadDraft();
    return saved && saved.universityId !== null && (saved.userId === null || saved.userId === userId) ? saved : null;
  });
  // Local storage may have been cleared by a new sign-in: look for the IndexedDB copy,
  // then for the copy on the server (a draft started on another device, issue 16).
  const recovered = useServerData(
    localDraft
      ? null
      : async (): Promise<ApplicationDraft | null> => {
          const found = await recoverDraft(userId).catch(() => null);
          if (found) return found;
          const saved = await draftsApi.get({ skipLogoutOn401: true });
          const parsed = parseDraft({ ...saved.draft, userId });
          return parsed?.universityId ? parsed : null;
        },
    // Only when the card appears.
    [userId],
  );
  const draft = localDraft ?? recovered.data ?? null;
  const { confirm } = useFeedback();
  const universityId = draft?.universityId ?? null;
  // The deadline of the intake the draft would go into: the soonest to close.
  const intakes = useUniversityIntakes(universityId);
  const { outlook } = intakes;

  // The card names the university, so an applicant with drafts in mind knows which one this is.
  const university = useServerData(universityId !== null ? () => universitiesApi.get(universityId) : null, [universityId]);
  const universityName = university.data?.name ?? '';
  // Submit was pressed offline: the application goes once the wizard is open again.
  const pending = useServerData(universityId !== null ? () => isSendPending(userId, universityId) : null, [userId, universityId]);
  const sendPending = pending.data === true;
  // The deadline, the name and the pending line each make the card taller: it shows once they are in,
  // so Resume stays where the applicant saw it.
  const complete = intakes.answered && isAnswered(university) && isAnswered(pending);
  const shown = useShowWhenComplete(draft !== null, complete);
  const settled = shown || (draft === null && isAnswered(recovered));
  useReportSettled(settled, onSettled);

  if (!draft || !shown) return null;

  const startOver = async () => {
    clearDraft();
    // The copy on the server (issue 16) goes too; if that fails, it is swept after 180 days untouched.
    await draftsApi.remove().catch(() => undefined);
    await getFileStore()
      .clear()
      .catch(() => undefined);
    setLocalDraft(null);
    recovered.setData(null);
    notify('Your saved application draft has been deleted.', 'info');
  };

  const askToStartOver = async () => {
    const confirmed = await confirm({
      title: 'Start over?',
      text: "Your saved answers and chosen files will be deleted. You won't be able to revert this!",
      icon: 'warning',
      confirmText: 'Yes, start over',
    });
    if (confirmed) await startOver();
  };

  return (
    <Card sx={{ mb: 3, borderLeft: 4, borderColor: 'secondary.main' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Continue Application
        </Typography>
        <Typography variant="body2" color="text.secondary">
          You have an unfinished application{universityName ? ` to ${universityName}` : ''}
          {draft.fullName ? ` for ${draft.fullName}` : ''} (step {draft.step} of 4). Your answers and chosen files are saved on this device.
        </Typography>
        {sendPending && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            You pressed Submit while offline: the application is sent when you resume it with a connection.
          </Typography>
        )}
        {outlook?.kind === 'open' && (
          <Box sx={{ mt: 1.5 }}>
            <IntakeDeadline intake={outlook.open[0]!} />
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={() => navigate(`/apply/${draft.universityId}`)}>
          Resume Application
        </Button>
        <Button color="error" onClick={() => void askToStartOver()}>
          Start Over
        </Button>
      </CardActions>
    </Card>
  );
}
