/**
 * The client's rules for a chosen document, as the server judges it: the
 * wizard applies them when a file is chosen, and the application detail page
 * when the applicant replaces a document staff asked for again (issue 17).
 */
import { shrinkPhoto, type Shrunk } from './shrink-photo';
import { ACCEPTED_FILE_TYPES, DOCUMENT_LABELS, DOCUMENT_SNIFF_BYTES, documentTypeOf, MAX_FILE_BYTES, type DocumentType, wrongDocumentTypeMessage } from 'shared-api';

export const WRONG_TYPE_MESSAGE = 'Only JPEG, PNG, WebP images and PDF files are accepted.';
export const TOO_LARGE_MESSAGE = 'Each file must be at most 5 MB.';

/** The reason a chosen file is refused, or null when it is accepted. */
export function checkFile(file: File): string | null {
  if (!(ACCEPTED_FILE_TYPES as readonly string[]).includes(file.type)) return WRONG_TYPE_MESSAGE;
  if (file.size > MAX_FILE_BYTES) return TOO_LARGE_MESSAGE;
  return null;
}

function readHead(file: File): Promise<Uint8Array> {
  // FileReader rather than Blob.arrayBuffer: the older phone browsers the portal supports have only this.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file.slice(0, DOCUMENT_SNIFF_BYTES));
  });
}

/**
 * The reason a chosen document is refused, judged as the server judges it:
 * declared type and size first, then its content (an HTML page named '.pdf'
 * is refused here, naming the document, not at submit).
 */
export async function checkDocument(type: DocumentType, file: File): Promise<string | null> {
  const label = DOCUMENT_LABELS[type];
  const reason = checkFile(file);
  if (reason === WRONG_TYPE_MESSAGE) return wrongDocumentTypeMessage(label);
  if (reason) return reason;
  try {
    return documentTypeOf(await readHead(file)) ? null : wrongDocumentTypeMessage(label);
  } catch {
    return `The ${label} file could not be read. Choose it again.`;
  }
}

/** A chosen document ready to upload: the file to send (a photo shrunk on the phone), or why it is refused. */
export type PreparedDocument = { problem: string; file?: undefined; shrunk?: undefined } | { problem: null; file: File; shrunk: Shrunk | null };

/**
 * Judges a chosen document as `checkDocument` does, but shrinks a photo
 * first (issue 19), so a 6 MB phone photo that becomes 600 KB is accepted:
 * the size rule applies to what is sent.
 */
export async function prepareDocument(type: DocumentType, file: File): Promise<PreparedDocument> {
  const label = DOCUMENT_LABELS[type];
  if (!(ACCEPTED_FILE_TYPES as readonly string[]).includes(file.type)) return { problem: wrongDocumentTypeMessage(label) };
  let sniffed: string | null;
  try {
    sniffed = documentTypeOf(await readHead(file));
  } catch {
    return { problem: `The ${label} file could not be read. Choose it again.` };
  }
  if (!sniffed) return { problem: wrongDocumentTypeMessage(label) };
  const shrunk = await shrinkPhoto(file, sniffed).catch(() => null);
  const sent = shrunk?.file ?? file;
  if (sent.size > MAX_FILE_BYTES) return { problem: TOO_LARGE_MESSAGE };
  return { problem: null, file: sent, shrunk };
}
