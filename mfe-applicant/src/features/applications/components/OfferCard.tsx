/**
 * The offer of a place (issue 17): program, unconditional or with its
 * conditions, the reply deadline in Lusaka time; while open, Accept offer
 * (after a confirmation: it declines the applicant's other open offers in the
 * same intake) and Decline offer; and the decision letters to download.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorText, type ApplicationOffer, type DecisionLetter, type Offer } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { isAnswered, useReportSettled } from 'shared-api/complete-view';
import { notify } from 'shared-auth';
import { useFeedback } from 'shared-auth/dialogs';
import { formatDateTime, saveBlob } from '../../../lib/format';
import { answerOffer } from '../api/answerOffer';
import { downloadLetter } from '../api/downloadLetter';
import { getApplicationOffer } from '../api/getApplicationOffer';

const STATE_WORDS: Record<Offer['state'], string> = {
  OPEN: 'Waiting for your answer',
  ACCEPTED: 'You accepted this offer',
  DECLINED: 'This offer was declined',
  LAPSED: 'This offer lapsed: it was not answered by its deadline',
};

const LETTER_NAMES: Record<DecisionLetter['kind'], string> = { OFFER: 'Offer letter', DECLINE: 'Decision letter' };

export function deadlineText(replyBy: string): string {
  return `${formatDateTime(replyBy)} (Lusaka time)`;
}

/** `onSettled`: called once the offer has been read (or could not be), so the page below can wait for the card. */
export function OfferCard({ applicationId, onAnswered, onSettled }: { applicationId: number; onAnswered?: () => void; onSettled?: () => void }) {
  const read = useServerData<ApplicationOffer>(() => getApplicationOffer(applicationId), [applicationId]);
  const { data, setData, refresh } = read;
  const answered = isAnswered(read);
  useReportSettled(answered, onSettled);
  const { confirm } = useFeedback();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  if (!data || (!data.offer && data.letters.length === 0)) return null;
  const { offer, letters } = data;
  const open = offer?.state === 'OPEN' && Date.parse(offer.replyBy) > Date.now();

  const answer = async (choice: 'accept' | 'decline') => {
    if (!offer) return;
    setBusy(true);
    setProblem('');
    try {
      setData(await answerOffer(offer.id, choice));
      notify(choice === 'accept' ? 'You accepted the offer. Congratulations!' : 'You declined the offer.', 'success');
      onAnswered?.();
    } catch (err) {
      setProblem(errorText(err, 'Your answer could not be sent. Please try again.'));
      void refresh();
    } finally {
      setBusy(false);
    }
  };

  const ask = async (choice: 'accept' | 'decline') => {
    const program = offer?.programName ?? 'this program';
    const confirmed = await confirm(
      choice === 'accept'
        ? {
            title: 'Accept this offer?',
            text: `You accept a place in ${program}. Any other open offer of yours in the same intake will be declined. This cannot be undone.`,
            icon: 'question',
            confirmText: 'Yes, accept the offer',
            cancelText: 'Cancel',
          }
        : { title: 'Decline this offer?', text: `You give up the place offered in ${program}. This cannot be undone.`, icon: 'warning', confirmText: 'Yes, decline the offer', cancelText: 'Cancel' },
    );
    if (confirmed) await answer(choice);
  };

  const download = async (letter: DecisionLetter) => {
    try {
      saveBlob(await downloadLetter(letter.url), `${LETTER_NAMES[letter.kind].toLowerCase().replace(' ', '-')}-${applicationId}.pdf`);
    } catch {
      notify('The letter could not be downloaded. Please try again.', 'error');
    }
  };

  return (
    <Card sx={{ mb: 2 }} component="section" aria-labelledby="offer-heading">
      <CardContent>
        <Typography variant="h6" component="h2" id="offer-heading" gutterBottom>
          {offer ? 'Offer of a place' : 'Decision letter'}
        </Typography>
        {offer && (
          <Stack spacing={0.5} sx={{ mb: 2 }}>
            <Typography>
              <strong>Program:</strong> {offer.programName}
            </Typography>
            <Typography>
              <strong>Offer:</strong> {offer.type === 'CONDITIONAL' ? 'Conditional' : 'Unconditional'}
            </Typography>
            {offer.conditions && (
              <Typography sx={{ whiteSpace: 'pre-line' }}>
                <strong>Conditions:</strong> {offer.conditions}
              </Typography>
            )}
            <Typography>
              <strong>Reply by:</strong> {deadlineText(offer.replyBy)}
            </Typography>
            <Typography color="text.secondary">{offer.state === 'OPEN' && !open ? STATE_WORDS.LAPSED : STATE_WORDS[offer.state]}</Typography>
          </Stack>
        )}
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {open && (
            <>
              <Button variant="contained" color="success" disabled={busy} onClick={() => void ask('accept')}>
                Accept offer
              </Button>
              <Button variant="outlined" color="error" disabled={busy} onClick={() => void ask('decline')}>
                Decline offer
              </Button>
            </>
          )}
          {letters.map((letter) => (
            <Button key={letter.id} variant="outlined" onClick={() => void download(letter)} aria-label={`Download ${LETTER_NAMES[letter.kind].toLowerCase()} (PDF)`}>
              Download {LETTER_NAMES[letter.kind].toLowerCase()}
            </Button>
          ))}
        </Stack>
        {letters.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Verification code: {letters[letters.length - 1]!.code}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
