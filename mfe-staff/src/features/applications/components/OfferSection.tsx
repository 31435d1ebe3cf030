/**
 * The offer and decision letters on the staff application detail (issue 17):
 * the terms the applicant was offered, where the offer stands, and each
 * letter with its verification code, downloadable as the applicant gets it.
 * Asked for only where a decision made them (an offer, an acceptance, a
 * decline, a lapse); asked again when the status changes.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime, type ApplicationStatus, type DecisionLetter, type OfferState } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { isAnswered } from 'shared-api/complete-view';
import { DetailList } from '../../../components/DetailList';
import { downloadLetter } from '../api/downloadLetter';
import { getApplicationOffer } from '../api/getApplicationOffer';
import { Section } from './Section';
import { useReportSettled } from './ShownWhenSettled';

const WITH_DECISION: readonly ApplicationStatus[] = ['OFFERED', 'APPROVED', 'OFFER_DECLINED', 'OFFER_LAPSED', 'REJECTED', 'WAITLISTED'];

const STATE_WORDS: Record<OfferState, string> = {
  OPEN: 'Open: waiting for the applicant',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
  LAPSED: 'Lapsed: not answered by the deadline',
};

const LETTER_WORDS: Record<DecisionLetter['kind'], string> = { OFFER: 'Offer letter', DECLINE: 'Decline letter' };

function save(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** `onSettled`: called once it is known whether the section shows, and what it shows. */
export function OfferSection({ applicationId, status, onSettled }: { applicationId: number; status: ApplicationStatus; onSettled?: () => void }) {
  const wanted = WITH_DECISION.includes(status);
  const loaded = useServerData(wanted ? () => getApplicationOffer(applicationId) : null, [applicationId, status]);
  useReportSettled(!wanted || isAnswered(loaded), onSettled);
  const [failedLetter, setFailedLetter] = useState<number | null>(null);
  if (!wanted) return null;
  if (loaded.error)
    return (
      <Section title="Offer and Letters">
        <Typography color="text.secondary">Could not load the offer and letters. Please reload the page.</Typography>
      </Section>
    );
  const { offer, letters } = loaded.data ?? { offer: null, letters: [] };
  if (!offer && letters.length === 0) return null;

  const download = async (letter: DecisionLetter) => {
    setFailedLetter(null);
    try {
      save(await downloadLetter(letter.url), `${letter.kind.toLowerCase()}-letter-${applicationId}.pdf`);
    } catch {
      setFailedLetter(letter.id);
    }
  };

  return (
    <Section title="Offer and Letters">
      {offer && (
        <DetailList
          items={[
            ['Program', offer.programName],
            ['Offer', offer.type === 'CONDITIONAL' ? 'Conditional' : 'Unconditional'],
            ...(offer.conditions ? ([['Conditions', offer.conditions]] as const) : []),
            ['Reply by', `${formatDateTime(offer.replyBy)} (Lusaka time)`],
            ['State', offer.answeredAt ? `${STATE_WORDS[offer.state]} on ${formatDateTime(offer.answeredAt)}` : STATE_WORDS[offer.state]],
            ['Made on', formatDateTime(offer.createdAt)],
          ]}
        />
      )}
      {letters.map((letter) => (
        <Box key={letter.id} sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {LETTER_WORDS[letter.kind]}
          </Typography>
          <Typography component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            Verification code {letter.code}
          </Typography>
          <Button size="small" variant="outlined" onClick={() => void download(letter)}>
            Download {LETTER_WORDS[letter.kind].toLowerCase()} (PDF)
          </Button>
          {failedLetter === letter.id && (
            <Typography component="span" color="error" role="alert">
              Could not download the letter. Please try again.
            </Typography>
          )}
        </Box>
      ))}
    </Section>
  );
}
