/**
 * Documents checked one by one (issue 17): each document's status chip, and
 * Verify / Reject for staff while the application is undecided. Rejecting
 * asks for the reason the applicant will read on that document.
 */
import Chip from '@mui/material/Chip';
import { DOCUMENT_REASON_MAX, DOCUMENT_STATUS_LABELS, type DocumentStatus } from 'shared-api';
import { ReasonDialog } from '../../../components/ReasonDialog';

const CHIP_STYLE: Record<DocumentStatus, { bg: string; fg: string }> = {
  PENDING: { bg: '#616161', fg: '#fff' },
  VERIFIED: { bg: '#2e7d32', fg: '#fff' },
  REJECTED: { bg: '#c62828', fg: '#fff' },
};

export function DocumentStatusChip({ status, label }: { status: DocumentStatus; label: string }) {
  const style = CHIP_STYLE[status];
  return <Chip size="small" label={DOCUMENT_STATUS_LABELS[status]} aria-label={`${label}: ${DOCUMENT_STATUS_LABELS[status]}`} sx={{ bgcolor: style.bg, color: style.fg, fontWeight: 600 }} />;
}

/** The reason for rejecting one document; required, as the server requires it. */
export function RejectDocumentDialog({ label, busy, onCancel, onReject }: { label: string; busy: boolean; onCancel: () => void; onReject: (reason: string) => void }) {
  return (
    <ReasonDialog
      title={`Reject ${label}`}
      intro="The applicant sees this reason on this document and is asked to upload a new file for it."
      label="Reason for rejecting"
      missing="Please say why the document is rejected"
      hint={`For example: '${label} is unreadable — please upload a clearer photo'`}
      confirmText="Reject document"
      minRows={2}
      maxLength={DOCUMENT_REASON_MAX}
      busy={busy}
      onCancel={onCancel}
      onSubmit={onReject}
    />
  );
}
