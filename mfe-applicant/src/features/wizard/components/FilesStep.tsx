/**
 * Step 3: the four required documents, each chosen by drag and drop or a real
 * file input, checked for type (by content), a photo shrunk on the phone (issue 19),
 * and size before anything is sent. Loaded as its
 * own chunk (the wizard's upload code).
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { ACCEPTED_FILE_TYPES, DOCUMENT_LABELS, DOCUMENT_TYPES, type DocumentType } from 'shared-api';
import { formatBytes } from '../../../lib/format';
import { prepareDocument } from '../../../lib/document-check';
import type { Shrunk } from '../../../lib/shrink-photo';
import type { ChosenFiles, FieldErrors } from '../model';
import type { UploadState, UploadStates } from '../hooks/useDocumentUploads';
import LinearProgress from '@mui/material/LinearProgress';

export interface FilesStepProps {
  files: ChosenFiles;
  errors: FieldErrors;
  /** Each chosen document's upload (issue 19), when it started. */
  uploads?: UploadStates;
  onFile: (type: DocumentType, file: File | null) => void;
}

const PREVIEW_SIZE = { width: 160, height: 120 };
const previewFrameSx = { display: 'block', maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1, mt: 1, boxSizing: 'border-box' } as const;

/**
 * The photo's preview. Its frame is there from the first paint: the picture
 * arrives a moment later (an object URL made after mounting), and a frame that
 * appeared with it would push Back and Next down under the applicant's finger.
 */
function ImagePreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return undefined;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  if (!url) return <Box data-testid="preview-frame" aria-hidden="true" sx={{ ...previewFrameSx, ...PREVIEW_SIZE }} />;
  return <Box component="img" src={url} alt={`Preview of ${file.name}`} {...PREVIEW_SIZE} loading="lazy" sx={{ ...previewFrameSx, objectFit: 'contain' }} />;
}

/** Where the document's upload stands, in words a screen reader announces as it changes. */
function UploadProgress({ type, state }: { type: DocumentType; state: UploadState }) {
  const label = DOCUMENT_LABELS[type];
  if (state.status === 'failed') {
    return (
      <Alert severity="warning" sx={{ mt: 1 }}>
        {state.message}
      </Alert>
    );
  }
  return (
    <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
      {/* The bar's room is kept while no upload runs, so the words and the preview below stay put. */}
      {state.status === 'uploading' ? <LinearProgress variant="determinate" value={state.percent} aria-label={`${label} upload progress`} /> : <Box sx={{ height: 4 }} />}
      <Typography variant="body2" color={state.status === 'uploaded' ? 'success.main' : 'text.secondary'}>
        {state.status === 'uploading' ? `Uploading… ${state.percent}%` : state.status === 'uploaded' ? 'Uploaded' : state.status === 'queued' ? 'Waiting to upload…' : 'Waiting for the network…'}
      </Typography>
    </Box>
  );
}

function DropZone({ type, file, error, upload, onFile }: { type: DocumentType; file?: File; error?: string; upload?: UploadState; onFile: FilesStepProps['onFile'] }) {
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // What shrinking the last chosen photo saved, shown beside it (issue 19).
  const [shrunk, setShrunk] = useState<Shrunk | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = `file-${type}`;
  const label = DOCUMENT_LABELS[type];

  const take = (chosen: File | undefined) => {
    if (!chosen) return;
    setProblem(null);
    setShrunk(null);
    void prepareDocument(type, chosen).then((prepared) => {
      setProblem(prepared.problem);
      if (prepared.problem !== null) return;
      setShrunk(prepared.shrunk);
      onFile(type, prepared.file);
    });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };
  const message = problem ?? (file ? undefined : error);

  return (
    <Box
      data-testid={`dropzone-${type}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: message ? 'error.main' : dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 2,
        height: '100%',
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {label} *
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {/* Only a fine pointer (mouse, trackpad) can drag a file here; a phone is told to choose one. */}
        <Box component="span" sx={{ display: 'none', '@media (pointer: fine)': { display: 'inline' } }}>
          Drag and drop a file here, or choose one.
        </Box>
        <Box component="span" sx={{ '@media (pointer: fine)': { display: 'none' } }}>
          Choose a file from your phone or computer.
        </Box>{' '}
        JPEG, PNG, WebP or PDF, at most 5 MB.
      </Typography>
      <input
        ref={input}
        id={inputId}
        type="file"
        tabIndex={-1}
        accept={ACCEPTED_FILE_TYPES.join(',')}
        aria-describedby={message ? `${inputId}-error` : undefined}
        aria-invalid={message ? true : undefined}
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = '';
        }}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      />
      {/* MUI's ButtonBase clicks the label on Enter and Space, which opens the file chooser. */}
      <Button component="label" id={`${inputId}-button`} htmlFor={inputId} variant="outlined" size="small" sx={{ mr: 1 }}>
        {file ? `Replace ${label}` : `Choose ${label}`}
      </Button>
      {file && (
        <Button
          size="small"
          color="error"
          onClick={() => {
            setProblem(null);
            setShrunk(null);
            onFile(type, null);
          }}
        >
          Remove
        </Button>
      )}
      {message && (
        <Alert id={`${inputId}-error`} severity="error" sx={{ mt: 1 }}>
          {message}
        </Alert>
      )}
      {file && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {file.name} · {formatBytes(file.size)}
          </Typography>
          {shrunk && shrunk.file === file && (
            <Typography variant="body2" color="text.secondary">
              Made smaller on this phone: {shrunk.before.width} × {shrunk.before.height}, {formatBytes(shrunk.before.bytes)} → {shrunk.after.width} × {shrunk.after.height},{' '}
              {formatBytes(shrunk.after.bytes)}
            </Typography>
          )}
          {upload && <UploadProgress type={type} state={upload} />}
          {file.type.startsWith('image/') ? <ImagePreview file={file} /> : <Typography variant="body2">PDF document</Typography>}
        </Box>
      )}
    </Box>
  );
}

export default function FilesStep({ files, errors, uploads, onFile }: FilesStepProps) {
  return (
    <Grid container spacing={2}>
      {DOCUMENT_TYPES.map((type) => (
        <Grid key={type} size={{ xs: 12, sm: 6 }}>
          <DropZone type={type} file={files[type]} error={errors[type]} upload={uploads?.[type]} onFile={onFile} />
        </Grid>
      ))}
    </Grid>
  );
}
