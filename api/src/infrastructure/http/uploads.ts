/**
 * Document uploads over multipart, as the application form and the draft
 * take them: each file is judged by its first bytes with the contract's one
 * upload rule (the wizard applies the same when a file is chosen), streamed
 * to storage while it is hashed, and bounded by the file and request limits.
 * Also the answers around an upload: a body refused before it is read, the
 * parser's own errors in the portal's words, and how a stored file is named
 * when it is downloaded.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_EXTENSIONS, DOCUMENT_TYPES, documentTypeOf, wrongDocumentTypeMessage } from 'shared-api/contract';
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from '../../errors';
import type { Storage } from '../storage';

export const UPLOAD_TOO_LARGE_MESSAGE = 'The upload is too large.';
export const MULTIPART_REQUIRED_MESSAGE = 'Send the application as multipart/form-data.';
export const MALFORMED_MULTIPART_MESSAGE = 'The upload could not be read: send the application as a complete multipart/form-data form.';

export function fileTooLargeMessage(maxFileBytes: number): string {
  const mb = maxFileBytes / (1024 * 1024);
  // Rounded down, so the figure shown is never above the real limit.
  const size = Number.isInteger(mb) ? `${mb} MB` : mb >= 1 ? `${Math.floor(mb * 10) / 10} MB` : `${Math.floor(maxFileBytes / 1024)} KB`;
  return `Each file must be at most ${size}.`;
}

export interface StoredUpload {
  key: string;
  fileName: string;
  contentType: string;
  extension: string;
  size: number;
  sha256: string;
}

const SNIFF_BYTES = 4100;

/** A display name for the upload: no path, no control or quote characters, and the extension of its real type. */
export function cleanFileName(raw: string | undefined, extension: string, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  let name = Array.from(base.normalize('NFC'))
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/["<>:|?*;`$]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  name = name.slice(0, 150).trim();
  const stem = name.replace(/\.[^.]*$/, '') || fallback;
  return `${stem}.${extension}`;
}

export function newStorageKey(): string {
  const now = new Date();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `applications/${month}/${randomUUID()}`;
}

export class ByteBudget {
  private used = 0;
  constructor(private readonly max: number) {}
  take(n: number) {
    this.used += n;
    if (this.used > this.max) throw payloadTooLarge(UPLOAD_TOO_LARGE_MESSAGE);
  }
}

/**
 * Reads the first bytes, judges the type by content, then streams the whole
 * file (first bytes included) to storage while it is hashed. The key is
 * reserved in `keys` before writing so the caller can always clean up.
 */
export async function storeUpload(storage: Storage, part: MultipartFile, budget: ByteBudget, maxFileBytes: number, keys: string[], documentLabel: string): Promise<StoredUpload> {
  const iterator = (part.file as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    budget.take(next.value.length);
    head.push(next.value);
    headLength += next.value.length;
  }
  if (part.file.truncated) throw payloadTooLarge(fileTooLargeMessage(maxFileBytes));
  const first = Buffer.concat(head);
  // The contract's rule, the same the wizard applies when the file is chosen.
  const mime = documentTypeOf(first);
  if (!mime) throw unsupportedMediaType(wrongDocumentTypeMessage(documentLabel));
  const detected = { mime, ext: DOCUMENT_EXTENSIONS[mime] };
  const key = newStorageKey();
  keys.push(key);
  async function* body(): AsyncGenerator<Buffer> {
    yield first;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      budget.take(next.value.length);
      yield next.value;
    }
  }
  const written = await storage.put(key, body());
  if (part.file.truncated) throw payloadTooLarge(fileTooLargeMessage(maxFileBytes));
  return {
    key,
    fileName: cleanFileName(part.filename, detected.ext, 'document'),
    contentType: detected.mime,
    extension: detected.ext,
    size: written.size,
    sha256: written.sha256,
  };
}

/** Maps @fastify/multipart's own limit errors to the portal's messages. */
export function translateMultipartError(error: unknown, maxFileBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(fileTooLargeMessage(maxFileBytes));
    case 'FST_FILES_LIMIT':
      return badRequest(`files: send exactly ${DOCUMENT_TYPES.length} files, one per required document`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest('Too many form fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupportedMediaType(MULTIPART_REQUIRED_MESSAGE);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('application: must be valid JSON');
    case 'FST_PROTO_VIOLATION':
      return badRequest('Invalid form field name');
    default:
      return error;
  }
}

/** An onRequest hook refusing an announced body over the request limit before a byte of it is read. */
export function refuseBodyOver(maxRequestBytes: number) {
  return async function refuseLargeBody(request: FastifyRequest, reply: FastifyReply) {
    const length = Number(request.headers['content-length'] ?? 0);
    if (Number.isFinite(length) && length > maxRequestBytes) {
      // The body is never read: close the connection rather than wait for it.
      reply.header('Connection', 'close');
      throw payloadTooLarge(UPLOAD_TOO_LARGE_MESSAGE);
    }
  };
}

/**
 * After a refusal in mid-upload the parser stops reading, which leaves the
 * socket paused: the answer goes out but the connection would hang, deaf even
 * to the client closing it. Read and drop what is left (bounded by the request
 * limit; beyond it the connection is cut) so the client gets the answer and
 * the connection can end or be reused.
 */
export function discardRestOfBody(raw: IncomingMessage, limit: number): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let seen = 0;
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limit) raw.destroy();
  });
  raw.resume();
}

/**
 * The multipart parser reports a body it cannot read (no boundary, a boundary
 * too long, a body that ends mid-part) as a plain Error: the client's fault,
 * so a 400, not a 500.
 */
const MALFORMED_MULTIPART = /^Multipart: |unexpected end of multipart data|^The needle cannot|^Unsupported Content-Type/i;

export function asClientError(error: unknown): unknown {
  if (error instanceof Error && !(error instanceof AppError) && !('statusCode' in error) && MALFORMED_MULTIPART.test(error.message)) {
    return badRequest(MALFORMED_MULTIPART_MESSAGE);
  }
  return error;
}

/** `inline` for images, `attachment` for everything else (PDFs), with an ASCII name and the exact UTF-8 one. */
export function contentDisposition(contentType: string, fileName: string): string {
  const kind = contentType.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_') || 'document';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
