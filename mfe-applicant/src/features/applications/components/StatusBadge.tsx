/** Application status in the applicant-area colours of spec §4. */
import Chip from '@mui/material/Chip';

const COLOURS = {
  yellow: { bgcolor: '#fbc02d', color: '#1a1a1a' },
  /** DOCUMENTS_REQUESTED (issue 17): the spec's colour rules extended, a deeper amber than submitted. */
  amber: { bgcolor: '#ff8f00', color: '#1a1a1a' },
  red: { bgcolor: '#c62828', color: '#ffffff' },
  blue: { bgcolor: '#1565c0', color: '#ffffff' },
  green: { bgcolor: '#2e7d32', color: '#ffffff' },
} as const;

export type BadgeColour = keyof typeof COLOURS;

export function statusColour(status: string | null | undefined): BadgeColour {
  const value = (status ?? '').toUpperCase();
  if (value === 'SUBMITTED') return 'yellow';
  if (value === 'DOCUMENTS_REQUESTED') return 'amber';
  if (value === 'REJECTED' || value === 'OFFER_DECLINED' || value === 'OFFER_LAPSED') return 'red';
  // Offers (issue 17): an open offer green like an approval, a waitlist blue like a review.
  if (value === 'WAITLISTED') return 'blue';
  if (value === 'PENDING' || value === 'PENDING_REVIEW') return 'blue';
  return 'green';
}

export function statusLabel(status: string | null | undefined): string {
  const value = (status ?? '').toUpperCase();
  if (value === 'PENDING_REVIEW') return 'Pending Review';
  if (value === 'DOCUMENTS_REQUESTED') return 'Documents Requested';
  if (value === 'OFFERED') return 'Offer Made';
  if (value === 'OFFER_DECLINED') return 'Offer Declined';
  if (value === 'OFFER_LAPSED') return 'Offer Lapsed';
  if (!value) return 'Unknown';
  return value.charAt(0) + value.slice(1).toLowerCase();
}

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const colour = statusColour(status);
  return <Chip size="small" label={statusLabel(status)} data-colour={colour} sx={{ ...COLOURS[colour], fontWeight: 600 }} />;
}
