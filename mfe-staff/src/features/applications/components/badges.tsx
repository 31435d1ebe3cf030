import Chip from '@mui/material/Chip';
import type { Payment } from 'shared-api';

const STATUS_STYLE: Record<string, { label: string; bg: string; fg: string }> = {
  SUBMITTED: { label: 'Submitted', bg: '#ffb300', fg: '#000' },
  REJECTED: { label: 'Rejected', bg: '#c62828', fg: '#fff' },
  PENDING: { label: 'Pending', bg: '#616161', fg: '#fff' },
  PENDING_REVIEW: { label: 'Pending review', bg: '#1565c0', fg: '#fff' },
  APPROVED: { label: 'Approved', bg: '#2e7d32', fg: '#fff' },
  DOCUMENTS_REQUESTED: { label: 'Documents requested', bg: '#ff8f00', fg: '#000' },
  // Offers (issue 17): an open offer green like an approval, the waitlist blue, a declined or lapsed offer red.
  OFFERED: { label: 'Offer made', bg: '#2e7d32', fg: '#fff' },
  WAITLISTED: { label: 'Waitlisted', bg: '#1565c0', fg: '#fff' },
  OFFER_DECLINED: { label: 'Offer declined', bg: '#c62828', fg: '#fff' },
  OFFER_LAPSED: { label: 'Offer lapsed', bg: '#c62828', fg: '#fff' },
};

/**
 * Spec §4 colours: submitted amber, Rejected red, Pending grey, PENDING_REVIEW
 * blue, Approved green, other green; extended (issue 17): DOCUMENTS_REQUESTED
 * amber (a deeper amber than submitted, with its own label).
 */
export function StatusBadge({ status }: { status: string }) {
  const style = STATUS_STYLE[status.toUpperCase()] ?? { label: status, bg: '#2e7d32', fg: '#fff' };
  return <Chip size="small" label={style.label} sx={{ bgcolor: style.bg, color: style.fg, fontWeight: 600 }} />;
}

/**
 * The applicant has another open application to the same university (the
 * server flags both): worth a look before deciding either.
 */
export function DuplicateBadge({ duplicate }: { duplicate?: boolean }) {
  if (!duplicate) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      label="Duplicate"
      title="This applicant has another open application to this university"
      aria-label="Duplicate: this applicant has another open application to this university"
      sx={{ borderColor: '#8a4b00', color: '#8a4b00', fontWeight: 600 }}
    />
  );
}

/**
 * Grade 12 (issue 17 item 4): the best-five points exceed the ceiling of a
 * program the applicant chose. A flag for the reviewer, never a refusal.
 */
export function CeilingBadge({ above }: { above?: boolean }) {
  if (!above) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      label="Above the program's ceiling"
      title="The Grade 12 points are above the points ceiling of a program this applicant chose"
      sx={{ borderColor: '#8a4b00', color: '#8a4b00', fontWeight: 600 }}
    />
  );
}

/** Payment statuses: successful green, pending amber, anything else failed red (spec §4). */
export function PaymentBadge({ payment }: { payment: Payment | null }) {
  if (!payment) return <Chip size="small" variant="outlined" label="No Payment" />;
  const status = payment.status.toLowerCase();
  const [label, bg, fg] = status === 'successful' ? ['Successful', '#2e7d32', '#fff'] : status === 'pending' ? ['Pending', '#ffb300', '#000'] : ['Failed', '#c62828', '#fff'];
  return <Chip size="small" label={label} sx={{ bgcolor: bg, color: fg, fontWeight: 600 }} />;
}

// One way to show dates across the portal ('25 Nov 2026', Lusaka time).
export { formatDate } from 'shared-api';
