/**
 * A document staff rejected (issue 17): the reason, on this document only,
 * and 'Upload a new file' with the wizard's rules (type by content, size),
 * then the server's. The answer is the application as it now stands.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { ACCEPTED_FILE_TYPES, applicationsApi, DOCUMENT_LABELS, errorText, type Application, type ApplicationFile } from 'shared-api';
import { notify } from 'shared-auth';
import { prepareDocument } from '../../../lib/document-check';

export function ReplaceDocument({ application, file, onReplaced }: { application: Application; file: ApplicationFile; onReplaced: (application: Application) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const label = DOCUMENT_LABELS[file.documentType];

  const upload = async (chosen: File) => {
    setProblem('');
    // A photo is shrunk on the phone before it is sent (issue 19), as in the wizard.
    const prepared = await prepareDocument(file.documentType, chosen);
    if (prepared.problem !== null) {
      setProblem(prepared.problem);
      return;
    }
    const sent = prepared.file;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', sent, sent.name);
      onReplaced(await applicationsApi.replaceDocument(application.id, file.id, form));
      notify(`New ${label} file uploaded. The university will review it.`, 'success');
    } catch (err) {
      setProblem(errorText(err, `The ${label} file could not be uploaded. Please try again.`));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Box sx={{ flexBasis: '100%' }}>
      <Alert severity="warning" sx={{ mb: 1 }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          The university asked for a new file:
        </Typography>{' '}
        <Typography component="span" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {file.reason}
        </Typography>
      </Alert>
      <input
        ref={input}
        id={inputId}
        type="file"
        hidden
        accept={ACCEPTED_FILE_TYPES.join(',')}
        aria-label={`New file for ${label}`}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) void upload(chosen);
        }}
      />
      <Button variant="contained" size="small" disabled={busy} onClick={() => input.current?.click()} aria-describedby={problem ? `${inputId}-problem` : undefined}>
        {busy ? 'Uploading…' : 'Upload a new file'}
      </Button>
      {problem && (
        <Typography id={`${inputId}-problem`} role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}
