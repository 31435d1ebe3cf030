/**
 * A document staff rejected (issue 17): the reason, on this document only,
 * and 'Upload a new file' with the wizard's rules (type by content, size),
 * then the server's. The file goes as the wizard's do (issue 19): shrunk on
 * the phone, then in resumable chunks that wait out a lost network, and the
 * replacement names the finished upload. The answer is the application as it
 * now stands.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { ACCEPTED_FILE_TYPES, DOCUMENT_LABELS, errorText, type Application, type ApplicationFile } from 'shared-api';
import { notify, useAuth } from 'shared-auth';
import { prepareDocument } from '../../../lib/document-check';
import { replaceDocumentWithUpload } from '../api/replaceDocumentWithUpload';

const loadResumable = () => import(/* webpackChunkName: "resumable-upload" */ '../../../lib/resumable-upload');

export function ReplaceDocument({ application, file, onReplaced }: { application: Application; file: ApplicationFile; onReplaced: (application: Application) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const userId = useAuth((s) => s.user?.id ?? 0);
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
    setPercent(0);
    try {
      const { uploadResumably, UploadFailedError } = await loadResumable();
      let uploadId: string;
      try {
        uploadId = await uploadResumably(userId, file.documentType, sent, setPercent, setWaiting);
      } catch (err) {
        setProblem(err instanceof UploadFailedError ? err.message : `The ${label} file could not be uploaded. Please try again.`);
        return;
      }
      onReplaced(await replaceDocumentWithUpload(application.id, file.id, uploadId));
      notify(`New ${label} file uploaded. The university will review it.`, 'success');
    } catch (err) {
      setProblem(errorText(err, `The ${label} file could not be uploaded. Please try again.`));
    } finally {
      setBusy(false);
      setWaiting(false);
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
      {busy && (
        <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={percent} aria-label={`${label} upload progress`} />
          <Typography variant="body2" color="text.secondary">
            {waiting ? 'Waiting for the network…' : `Uploading… ${percent}%`}
          </Typography>
        </Box>
      )}
      {problem && (
        <Typography id={`${inputId}-problem`} role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}
