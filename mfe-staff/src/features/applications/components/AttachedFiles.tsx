import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { DOCUMENT_LABELS, filesApi, type ApplicationFile } from 'shared-api';
import { Loading } from '../../../components/Loading';

const FileLightbox = lazy(() => import(/* webpackChunkName: "lightbox" */ './FileLightbox'));

interface LoadedFile {
  file: ApplicationFile;
  url: string | null;
}

/** The attached files as thumbnails; images open the lazy full-screen viewer, PDFs open in a new tab. */
export function AttachedFiles({ files }: { files: ApplicationFile[] }) {
  const [loaded, setLoaded] = useState<LoadedFile[]>([]);
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    const urls: string[] = [];
    // Each download settles to a url or null, so this never rejects.
    void Promise.all(
      files.map((file) =>
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
  }, [files]);

  if (files.length === 0) return <Typography>No files attached.</Typography>;
  if (loaded.length === 0) return <Loading text="Loading files..." />;

  const images = loaded.filter((f) => f.url && f.file.fileType.startsWith('image/'));
  const label = (file: ApplicationFile) => DOCUMENT_LABELS[file.documentType] ?? file.fileName;

  return (
    <>
      <Box component="ul" aria-label="Attached Files" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
        {loaded.map(({ file, url }) => {
          const imageIndex = images.findIndex((i) => i.file.id === file.id);
          return (
            <Box component="li" key={file.id} sx={{ width: 128, textAlign: 'center' }}>
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
            </Box>
          );
        })}
      </Box>
      {open !== null && (
        <Suspense fallback={<Loading text="Opening viewer..." />}>
          <FileLightbox slides={images.map((i) => ({ src: i.url as string, alt: label(i.file) }))} index={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
