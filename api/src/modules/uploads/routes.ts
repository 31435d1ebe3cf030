/**
 * /api/uploads: tus 1.0 (core, creation, termination) for the applicant's
 * documents, through @tus/server. Fastify checks the caller (the route's
 * access), the announced size and metadata and the upload's owner, then hands
 * the request to tus as a web Request with the raw body untouched
 * (application/offset+octet-stream is not parsed), and sends tus's answer
 * back through Fastify, errors in the portal's one shape.
 */
import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import type { AppContext } from '../../context';
import { conflict } from '../../errors';
import { callerOf, type Caller } from '../../infrastructure/http/access';
import { storageFor } from '../../infrastructure/storage';
import { discardRestOfBody, fileTooLargeMessage } from '../../infrastructure/http/uploads';
import {
  checkCreation,
  finishUpload,
  forgetUpload,
  NO_SUCH_UPLOAD_MESSAGE,
  ownUpload,
  recordStart,
  refusalFor,
  removeFinishedUpload,
  STALE_OFFSET_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
  type UploadStart,
} from './service';
import { SharedLocker } from './shared-locker';
import { uploadStoreFor } from './store';

export const UPLOADS_PATH = '/api/uploads';
const TUS_VERSION = '1.0.0';
const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  460: 'Checksum Mismatch',
  500: 'Internal Server Error',
  507: 'Insufficient Storage',
};

/** What this request's tus hooks need to know about it: who asks, and what a creation announced. */
interface Pending {
  caller: Caller;
  start?: UploadStart;
}

export async function uploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const { maxFileBytes } = ctx.config.uploads;
  const pending = new WeakMap<Request, Pending>();
  // Several instances behind nginx share one lock per upload (see shared-locker.ts); one instance needs tus's own.
  const redisUrl = ctx.config.redisUrl;
  const locker = redisUrl ? new SharedLocker({ redisUrl, onRedisError: (error) => app.log.warn({ reason: error.message }, 'uploads: Redis unavailable, locking in this instance') }) : undefined;
  if (locker) app.addHook('onClose', () => locker.close());
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: uploadStoreFor(ctx.config),
    ...(locker ? { locker } : {}),
    relativeLocation: true,
    maxSize: maxFileBytes,
    namingFunction: () => randomBytes(16).toString('hex'),
    onUploadCreate: async (req, upload) => {
      const mine = pending.get(req as unknown as Request);
      if (!mine?.start) throw { status_code: 400, body: 'Upload-Metadata: missing' };
      await recordStart(ctx, mine.caller, upload.id, mine.start);
      return {};
    },
    onUploadFinish: async (_req, upload) => {
      await finishUpload(ctx, upload.id, app.log);
      return {};
    },
    onResponseError: (_req, error) => {
      const refusal = refusalFor(error);
      if (refusal) return { status_code: refusal.status_code, body: refusal.body };
      if (!('status_code' in error)) {
        app.log.error({ err: error }, 'resumable upload failed');
        return { status_code: 500, body: UPLOAD_FAILED_MESSAGE };
      }
      return undefined;
    },
  });

  async function toTus(request: FastifyRequest, reply: FastifyReply, mine: Pending) {
    const raw = request.raw;
    const headers = new Headers();
    for (const [name, value] of Object.entries(raw.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    let body: PassThrough | undefined;
    if (request.method === 'PATCH' || request.method === 'POST') {
      body = new PassThrough();
      raw.pipe(body);
      // A connection cut mid-chunk ends the body with an error, so tus keeps what arrived and answers.
      raw.once('close', () => {
        if (!raw.complete) body?.destroy(new Error('the client went away'));
      });
    }
    const webRequest = new Request(`http://localhost${raw.url ?? UPLOADS_PATH}`, {
      method: request.method,
      headers,
      ...(body ? { body: Readable.toWeb(body) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    pending.set(webRequest, mine);
    const response = await tus.handleWeb(webRequest);
    // Answered before the body was read (a stale offset, a refusal): read and drop the rest so the answer gets through.
    if (body && !raw.readableEnded) discardRestOfBody(raw, maxFileBytes);
    return sendTusResponse(reply, response);
  }

  async function sendTusResponse(reply: FastifyReply, response: Response) {
    reply.code(response.status).header('Cache-Control', 'no-store');
    response.headers.forEach((value, name) => {
      const lower = name.toLowerCase();
      // Length and connection are Fastify's to set; cross-origin rules are the API's (infrastructure/http/api-headers.ts).
      if (lower === 'content-length' || lower === 'connection' || lower === 'access-control-allow-origin') return;
      reply.header(name, value);
    });
    const text = await response.text();
    if (response.status < 400) return reply.send(text || undefined);
    return reply.type('application/json; charset=utf-8').send({ message: plainWords(response.status, text), error: STATUS_NAMES[response.status] ?? 'Error' });
  }

  function plainWords(status: number, text: string): string {
    if (status === 409) return STALE_OFFSET_MESSAGE;
    if (status === 404 || status === 410) return NO_SUCH_UPLOAD_MESSAGE;
    if (status === 413) return fileTooLargeMessage(maxFileBytes);
    return text.trim() || UPLOAD_FAILED_MESSAGE;
  }

  await app.register(async (scope) => {
    // tus bodies are raw bytes for @tus/server to read: Fastify must not parse or buffer them.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

    scope.post(
      UPLOADS_PATH,
      {
        config: { access: 'applicant', upload: true },
        schema: { tags: ['uploads'], summary: 'tus 1.0: start a resumable document upload (Upload-Length, Upload-Metadata documentType and filename)' },
      },
      async (request, reply) => {
        const start = checkCreation(ctx, request.headers);
        // The tus S3 store writes into the document bucket, which a new deployment creates on first use.
        await storageFor(ctx.config.storage).prepare();
        return toTus(request, reply, { caller: callerOf(request), start });
      },
    );

    scope.route<{ Params: { id: string } }>({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${UPLOADS_PATH}/:id`,
      config: { access: 'applicant', upload: true },
      schema: { tags: ['uploads'], summary: "tus 1.0: an upload's offset (HEAD), its next bytes (PATCH), or abandon it (DELETE); the owner's only" },
      handler: async (request, reply) => {
        const caller = callerOf(request);
        const row = await ownUpload(ctx, caller, request.params.id);
        reply.header('Tus-Resumable', TUS_VERSION);
        if (row.completedAt) {
          // Finished and copied into the document storage: tus no longer holds it, the row answers.
          if (request.method === 'HEAD') {
            return reply.code(200).header('Cache-Control', 'no-store').header('Upload-Offset', String(row.size)).header('Upload-Length', String(row.size)).send();
          }
          if (request.method === 'PATCH') {
            discardRestOfBody(request.raw, maxFileBytes);
            throw conflict(STALE_OFFSET_MESSAGE);
          }
          await removeFinishedUpload(ctx, row);
          return reply.code(204).send();
        }
        const sent = await toTus(request, reply, { caller });
        if (request.method === 'DELETE' && reply.statusCode === 204) await forgetUpload(ctx, row.id);
        return sent;
      },
    });
  });
}
