/**
 * Photos shrunk on the phone (issue 19 item 2): a phone photo of an NRC is
 * 3–5 MB; sent as it is, it costs an applicant on a K5 bundle more than the
 * rest of the portal. Before upload an image is drawn again with its long
 * edge at most 2000 px (text on an ID stays readable at that size), with its
 * EXIF orientation applied, and re-encoded: a photo as WebP where the
 * browser can write it (smaller than JPEG at the same quality: the network
 * bench's four 4 MB phone photos send 2.67 MB as JPEG, 2.39 MB as WebP), else
 * as JPEG; a PNG (a scan, a screenshot) stays PNG. Drawing it
 * again leaves every metadata block behind, the location with it. PDFs are
 * sent as they are. Where the browser cannot draw it (an old browser, a
 * damaged file), the original is sent and the server's rules still apply.
 */

import { DOCUMENT_EXTENSIONS } from 'shared-api';

export const MAX_LONG_EDGE = 2000;
/** JPEG and WebP quality: small print on an ID card stays sharp. */
export const PHOTO_QUALITY = 0.85;

export interface Shrunk {
  file: File;
  before: { bytes: number; width: number; height: number };
  after: { bytes: number; width: number; height: number };
}

/** The size to draw an image of `width` × `height` at: its long edge at most `maxEdge`, proportions kept. */
export function targetSize(width: number, height: number, maxEdge = MAX_LONG_EDGE): { width: number; height: number; scaled: boolean } {
  const longEdge = Math.max(width, height);
  if (longEdge <= maxEdge) return { width, height, scaled: false };
  const ratio = maxEdge / longEdge;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)), scaled: true };
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, type === 'image/png' ? undefined : PHOTO_QUALITY));
}

/** The formats a drawn image is written in, best first: a browser that cannot write one answers with another type. */
const OUTPUT_TYPES: Record<string, string[]> = { 'image/png': ['image/png'], 'image/jpeg': ['image/webp', 'image/jpeg'], 'image/webp': ['image/webp', 'image/jpeg'] };

async function encodeBest(canvas: HTMLCanvasElement, sourceType: string): Promise<Blob | null> {
  for (const type of OUTPUT_TYPES[sourceType] ?? []) {
    const blob = await encode(canvas, type);
    if (blob && blob.type === type) return blob;
  }
  return null;
}

/** 'nrc-front.jpg' written as WebP is sent as 'nrc-front.webp'. */
function renamed(name: string, type: string): string {
  const stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${stem || 'document'}.${DOCUMENT_EXTENSIONS[type as keyof typeof DOCUMENT_EXTENSIONS]}`;
}

/**
 * The image drawn again (scaled down when larger than 2000 px, EXIF
 * orientation applied, metadata gone), or null to send the original:
 * not an image, nothing to gain, or a browser that cannot draw it.
 */
export async function shrinkPhoto(file: File, type: string): Promise<Shrunk | null> {
  if (!['image/jpeg', 'image/png', 'image/webp'].includes(type)) return null;
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const size = targetSize(bitmap.width, bitmap.height);
    // A JPEG carries EXIF (the place a photo was taken) even when small: it is always drawn again.
    if (!size.scaled && type !== 'image/jpeg') return null;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await encodeBest(canvas, type);
    if (!blob) return null;
    // Not scaled and no smaller: only the metadata would go, which a JPEG needs; otherwise keep the original.
    if (!size.scaled && blob.size >= file.size && type !== 'image/jpeg') return null;
    return {
      file: new File([blob], blob.type === type ? file.name : renamed(file.name, blob.type), { type: blob.type, lastModified: file.lastModified }),
      before: { bytes: file.size, width: bitmap.width, height: bitmap.height },
      after: { bytes: blob.size, width: size.width, height: size.height },
    };
  } finally {
    bitmap.close();
  }
}
