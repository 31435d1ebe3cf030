/** The 'Continue Application' card shown on /applications while a draft is saved. */
import { useEffect, useState } from 'react';
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
import { notify } from 'shared-auth';
import { draftsApi, universitiesApi } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { IntakeDeadline } from '../../../components/IntakeNotices';
import { useUniversityIntakes } from '../../../lib/intakes';

export function ContinueApplicationCard({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ApplicationDraft | null>(() => {
    const saved = loadDraft();
    return saved && saved.universityId !== null && (saved.userId === null || saved.userId === userId) ? saved : null;
  });
  const { confirm } = useFeedback();
  const universityId = draft?.universityId ?? null;
  // The deadline of the intake the draft would go into: the soonest to close.
  const { outlook } = useUniversityIntakes(universityId);

  // The card names the university, so an applicant with drafts in mind knows which one this is.
  const universityName = useServerData(universityId !== null ? () => universitiesApi.get(universityId) : null, [universityId]).data?.name ?? '';

  useEffect(() => {
    // Local storage may have been cleared by a new sign-in: look for the IndexedDB copy,
    // then for the copy on the server (a draft started on another device, issue 16).
    let active = true;
    const fromServer = async (): Promise<ApplicationDraft | null> => {
      const saved = await draftsApi.get({ skipLogoutOn401: true });
      const found = parseDraft({ ...saved.draft, userId });
      return found?.universityId ? found : null;
    };
    if (!draft) {
      recoverDraft(userId)
        .then(async (found) => found ?? (await fromServer()))
        .then((found) => active && found && setDraft(found))
        .catch(() => undefined);
    }
    return () => {
      active = false;
    };
    // Only when the card appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  if (!draft) return null;

  const startOver = async () => {
    clearDraft();
    // The copy on the server (issue 16) goes too; if that fails, it is swept after 180 days untouched.
    await draftsApi.remove().catch(() => undefined);
    await getFileStore()
      .clear()
      .catch(() => undefined);
    setDraft(null);
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
