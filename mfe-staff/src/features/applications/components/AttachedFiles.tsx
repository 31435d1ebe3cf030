import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { DOCUMENT_LABELS, filesApi, type ApplicationFile, type DocumentStatus } from 'shared-api';
import { Loading } from '../../../components/Loading';
import { DocumentStatusChip, RejectDocumentDialog } from './DocumentReview';
import { useReportSettled } from './ShownWhenSettled';

const FileLightbox = lazy(() => import(/* webpackChunkName: "lightbox" */ './FileLightbox'));

interface LoadedFile {
  file: ApplicationFile;
  url: string | null;
}

/** Staff's check of one document: resolves true once the server took it. */
export type ReviewDocument = (file: ApplicationFile, status: DocumentStatus, reason?: string) => Promise<boolean>;

/**
 * The attached files as thumbnails; images open the lazy full-screen viewer,
 * PDFs open in a new tab. Beside each, its status (issue 17) and, when
 * `onReview` is given, Verify and Reject. `onSettled`: called once every
 * download has settled (a thumbnail or 'Could not load file').
 */
export function AttachedFiles({ files, onReview, onSettled }: { files: ApplicationFile[]; onReview?: ReviewDocument; onSettled?: () => void }) {
  const [loaded, setLoaded] = useState<LoadedFile[]>([]);
  const [open, setOpen] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<ApplicationFile | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // Downloads follow the files themselves (id and file), not a status change.
  const downloadKey = files.map((f) => `${f.id}:${f.url}:${f.fileName}:${f.size}`).join('|');
  const current = useRef(files);
  current.current = files;

  useEffect(() => {
    // The effect owns the object URLs it makes and revokes them on the way out, which a data hook cannot.
    // eslint-disable-next-line no-restricted-syntax -- see above
    let live = true;
    const urls: string[] = [];
    // Each download settles to a url or null, so this never rejects.
    void Promise.all(
      current.current.map((file) =>
        filesApi
          .download(file.url)
          .then((blob) => {
            const url = URL.createObjectURL(blob);
            urls.push(url);
            return { file, url };
          })
          .catch(() => ({ file, url: null })),
      ),
    ).then((result) => live && setLoaded(result));
    return () => {
      live = false;
      urls.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [downloadKey]);
  useReportSettled(files.length === 0 || loaded.length > 0, onSettled);

  const review = async (file: ApplicationFile, status: DocumentStatus, reason?: string) => {
    if (!onReview) return;
    setBusy(file.id);
    try {
      if (await onReview(file, status, reason)) setRejecting(null);
    } finally {
      setBusy(null);
    }
  };

  if (files.length === 0) return <Typography>No files attached.</Typography>;
  if (loaded.length === 0) return <Loading text="Loading files..." />;

  const images = loaded.filter((f) => f.url && f.file.fileType.startsWith('image/'));
  const label = (file: ApplicationFile) => DOCUMENT_LABELS[file.documentType] ?? file.fileName;

  return (
    <>
      <Box component="ul" aria-label="Attached Files" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
        {loaded.map(({ file: downloaded, url }) => {
          // The latest status of the document (the download may be older than a check).
          const file = files.find((f) => f.id === downloaded.id) ?? downloaded;
          const imageIndex = images.findIndex((i) => i.file.id === file.id);
          return (
            <Box component="li" key={file.id} aria-label={label(file)} sx={{ width: 168, textAlign: 'center' }}>
              {url && imageIndex >= 0 ? (
                <ButtonBase aria-label={`Open ${label(file)}`} onClick={() => setOpen(imageIndex)} sx={{ borderRadius: 1, overflow: 'hidden' }}>
                  <img src={url} alt={label(file)} width={128} height={128} loading="lazy" style={{ objectFit: 'cover', display: 'block' }} />
                </ButtonBase>
              ) : url ? (
                <Link href={url} target="_blank" rel="noopener noreferrer" download={file.fileName} aria-label={`Open ${label(file)} (PDF)`}>
                  <Box sx={{ width: 128, height: 128, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 700 }}>PDF</Box>
                </Link>
              ) : (
                <Box sx={{ width: 128, height: 128, border: 1, borderColor: 'error.main', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 1 }}>
                  <Typography variant="caption">Could not load file</Typography>
                </Box>
              )}
              <Typography variant="caption" component="p">
                {label(file)}
              </Typography>
              <DocumentStatusChip status={file.status} label={label(file)} />
              {file.status === 'REJECTED' && file.reason && (
                <Typography variant="caption" component="p" sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>
                  {file.reason}
                </Typography>
              )}
              {onReview && (
                <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'center', mt: 0.5 }}>
                  <Button
                    size="small"
                    variant="outlined"
                    color="success"
                    disabled={busy === file.id || file.status === 'VERIFIED'}
                    onClick={() => void review(file, 'VERIFIED')}
                    aria-label={`Verify ${label(file)}`}
                  >
                    Verify
                  </Button>
                  <Button size="small" variant="outlined" color="error" disabled={busy === file.id} onClick={() => setRejecting(file)} aria-label={`Reject ${label(file)}`}>
                    Reject
                  </Button>
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
      {rejecting && (
        <RejectDocumentDialog label={label(rejecting)} busy={busy === rejecting.id} onCancel={() => setRejecting(null)} onReject={(reason) => void review(rejecting, 'REJECTED', reason)} />
      )}
      {open !== null && (
        <Suspense fallback={<Loading text="Opening viewer..." />}>
          <FileLightbox slides={images.map((i) => ({ src: i.url as string, alt: label(i.file) }))} index={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
