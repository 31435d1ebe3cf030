/**
 * Documents checked one by one (issue 17): each document's status chip, and
 * Verify / Reject for staff while the application is undecided. Rejecting
 * asks for the reason the applicant will read on that document.
 */
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { DOCUMENT_REASON_MAX, DOCUMENT_STATUS_LABELS, type DocumentStatus } from 'shared-api';

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
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const submit = () => {
    if (!reason.trim()) {
      setError(true);
      return;
    }
    onReject(reason.trim());
  };
  return (
    <Dialog open onClose={onCancel} aria-labelledby="reject-document-title" fullWidth maxWidth="sm">
      <DialogTitle id="reject-document-title">Reject {label}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>The applicant sees this reason on this document and is asked to upload a new file for it.</DialogContentText>
        <TextField
          autoFocus
          label="Reason for rejecting"
          required
          multiline
          minRows={2}
          fullWidth
          margin="dense"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(false);
          }}
          slotProps={{ htmlInput: { maxLength: DOCUMENT_REASON_MAX } }}
          error={error}
          helperText={error ? 'Please say why the document is rejected' : `For example: '${label} is unreadable — please upload a clearer photo'`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={submit} disabled={busy}>
          Reject document
        </Button>
      </DialogActions>
    </Dialog>
  );
}
