import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime, type HistoryEntry } from 'shared-api';

/** What reaching a status means, in the registrar's words (not the stored code). */
const STATUS_WORDS: Record<string, string> = {
  SUBMITTED: 'Application submitted',
  PENDING: 'Application submitted — waiting for payment',
  PENDING_REVIEW: 'Payment received — ready for review',
  APPROVED: 'Application approved',
  REJECTED: 'Application declined',
  DOCUMENTS_REQUESTED: 'New document requested from the applicant',
  // Offers (issue 17): what the note says in full (terms, who answered) follows the headline.
  OFFERED: 'Offer made',
  WAITLISTED: 'Application waitlisted',
  OFFER_DECLINED: 'Offer declined',
  OFFER_LAPSED: 'Offer lapsed — not answered by its deadline',
};
/** A document's check (issue 17): what it became. */
const DOCUMENT_WORDS: Record<string, string> = {
  VERIFIED: 'Document verified',
  REJECTED: 'Document rejected',
  PENDING: 'Document waiting for review',
};
const PAYMENT_WORDS: Record<string, string> = {
  pending: 'Payment started — waiting for the mobile money provider',
  successful: 'Payment received',
  failed: 'Payment failed',
  expired: 'Payment expired',
  cancelled: 'Payment cancelled',
  waived: 'Fee waived with a fee waiver code',
};
const ROLE_WORDS: Record<string, string> = { USER: 'applicant', ADMIN: 'admin', SUPERUSER: 'superuser' };

/** A code nobody has worded yet still reads as words: 'PENDING_REVIEW' becomes 'Pending review'. */
const sentence = (code: string) => {
  const words = code.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function describeHistory(entry: HistoryEntry): string {
  // Queues (issue 17): the server words who it went to ('Assigned to Jane Banda').
  if (entry.kind === 'ASSIGNMENT') return entry.note ?? 'Assignment changed';
  // Who wrote an internal note and when; the note itself is in the Notes panel.
  if (entry.kind === 'NOTE') return 'Internal note added';
  // A payment that moved the application (older rows were stored as PAYMENT with statuses) reads as the status it reached.
  const to = entry.to ?? entry.from;
  if (entry.kind === 'LETTER') return 'Decision letter downloaded';
  if (entry.kind === 'STATUS' && entry.from === 'OFFERED' && to === 'APPROVED') return 'Offer accepted by the applicant';
  if (!to) return entry.kind === 'PAYMENT' ? 'Payment updated' : 'Application updated';
  if (entry.kind === 'PAYMENT' && PAYMENT_WORDS[to.toLowerCase()]) return PAYMENT_WORDS[to.toLowerCase()];
  if (entry.kind === 'DOCUMENT') return entry.from === 'REJECTED' && to === 'PENDING' ? 'New document file uploaded' : (DOCUMENT_WORDS[to.toUpperCase()] ?? `Document: ${sentence(to)}`);
  if (STATUS_WORDS[to.toUpperCase()]) return STATUS_WORDS[to.toUpperCase()];
  return `${entry.kind === 'PAYMENT' ? 'Payment' : 'Application'}: ${sentence(to)}`;
}

/** The application's history, oldest first, as a vertical timeline. */
export function HistoryTimeline({ entries }: { entries: HistoryEntry[] }) {
  if (entries.length === 0) return <Typography>No history yet.</Typography>;
  const sorted = [...entries].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Box component="ol" aria-label="History" sx={{ listStyle: 'none', m: 0, p: 0, borderLeft: 2, borderColor: 'divider', ml: 1 }}>
      {sorted.map((entry) => (
        <Box component="li" key={entry.id} sx={{ position: 'relative', pl: 3, pb: 2 }}>
          <Box aria-hidden="true" sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: entry.kind === 'PAYMENT' ? 'secondary.main' : 'primary.main' }} />
          <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.at}>
            {formatDateTime(entry.at)}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{describeHistory(entry)}</Typography>
          {/* A note that only repeats the headline is left out. */}
          {entry.note && !describeHistory(entry).startsWith(entry.note) && <Typography variant="body2">{entry.note}</Typography>}
          {entry.actor && (
            <Typography variant="body2" color="text.secondary">
              by {entry.actor.name} ({ROLE_WORDS[entry.actor.role] ?? entry.actor.role})
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
