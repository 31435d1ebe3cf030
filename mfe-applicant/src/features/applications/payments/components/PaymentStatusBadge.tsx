/**
 * Payment status in the colours of spec §4: successful green, pending amber,
 * failed red; anything else than successful or pending is shown as failed;
 * no payment at all is grey 'Not Paid'.
 */
import Chip from '@mui/material/Chip';

const STYLES = {
  successful: { label: 'Successful', sx: { bgcolor: '#2e7d32', color: '#ffffff' } },
  pending: { label: 'Pending', sx: { bgcolor: '#ffb300', color: '#1a1a1a' } },
  failed: { label: 'Failed', sx: { bgcolor: '#c62828', color: '#ffffff' } },
  none: { label: 'Not Paid', sx: { bgcolor: '#757575', color: '#ffffff' } },
} as const;

export type PaymentBadgeKind = keyof typeof STYLES;

export function paymentBadgeKind(status: string | null | undefined): PaymentBadgeKind {
  const value = (status ?? '').trim().toLowerCase();
  if (!value) return 'none';
  if (value === 'successful') return 'successful';
  if (value === 'pending') return 'pending';
  return 'failed';
}

export function PaymentStatusBadge({ status }: { status?: string | null }) {
  const kind = paymentBadgeKind(status);
  const style = STYLES[kind];
  return <Chip size="small" label={style.label} data-kind={kind} sx={{ ...style.sx, fontWeight: 600 }} />;
}
