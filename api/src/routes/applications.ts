/**
 * /api/applications: submit (multipart), list, read, decide, export.
 * Multipart parsing is registered in this plugin's own scope, so no other
 * route accepts multipart bodies.
 */
import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { payloadTooLarge, unsupportedMediaType } from '../errors';
import { callerOf } from '../plugins/access';
import {
  applicationsOfUser,
  contract,
  decideApplication,
  exportApplicationsCsv,
  getApplication,
  listApplications,
  MULTIPART_REQUIRED_MESSAGE,
  submitApplication,
  UPLOAD_TOO_LARGE_MESSAGE,
} from '../services/applications';

const { Application, ApplicationListQuery, ApplicationUpdate, DOCUMENT_TYPES, ErrorBody, Id, IdParams } = contract;
/** `application` is absent only when the saved application could not be read back at once. */
const SubmitResponse = z.object({ message: z.string(), id: z.number(), application: Application.optional() });
const UserParams = z.object({ userId: Id }).strict();

/**
 * After a refusal in mid-upload the parser stops reading, which leaves the
 * socket paused: the answer goes out but the connection would hang, deaf even
 * to the client closing it. Read and drop what is left (bounded by the request
 * limit; beyond it the connection is cut) so the client gets the answer and
 * the connection can end or be reused.
 */
function discardRestOfBody(raw: IncomingMessage, limit: number): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let seen = 0;
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limit) raw.destroy();
  });
  raw.resume();
}

export async function applicationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { maxFileBytes, maxRequestBytes } = ctx.config.uploads;

  /** Refuses an announced body over the request limit before a byte of it is read. */
  async function refuseLargeBody(request: FastifyRequest, reply: FastifyReply) {
    const length = Number(request.headers['content-length'] ?? 0);
    if (Number.isFinite(length) && length > maxRequestBytes) {
      // The body is never read: close the connection rather than wait for it.
      reply.header('Connection', 'close');
      throw payloadTooLarge(UPLOAD_TOO_LARGE_MESSAGE);
    }
  }

  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: maxFileBytes,
        // Four documents, plus the 'application' JSON when a client sends it as a Blob part.
        files: DOCUMENT_TYPES.length + 1,
        fields: 4,
        fieldSize: 64 * 1024,
        parts: DOCUMENT_TYPES.length + 5,
        headerPairs: 50,
      },
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/applications',
      {
        config: { access: 'applicant' },
        onRequest: refuseLargeBody,
        schema: {
          tags: ['applications'],
          summary: "Submit an application: multipart part 'application' (JSON) and four 'files' parts",
          consumes: ['multipart/form-data'],
          response: { 201: SubmitResponse, 400: ErrorBody, 413: ErrorBody, 415: ErrorBody },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw unsupportedMediaType(MULTIPART_REQUIRED_MESSAGE);
        try {
          const result = await submitApplication(ctx, callerOf(request), request.parts(), request.log);
          return reply.code(201).send(result);
        } catch (error) {
          discardRestOfBody(request.raw, maxRequestBytes);
          throw error;
        }
      },
    );

    r.get(
      '/api/applications',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['applications'],
          summary: 'Staff list: the plain array without paging parameters, else {items, total, page, size}',
          querystring: ApplicationListQuery,
        },
      },
      async (request, reply) => {
        const result = await listApplications(ctx, callerOf(request), request.query, request.staffListVersion);
        if (result.kind === 'paged') return reply.type('application/json; charset=utf-8').send(result.body);
        if (result.total !== null) reply.header('X-Total-Count', String(result.total));
        return result.items;
      },
    );

    r.get(
      '/api/applications/export.csv',
      {
        config: { access: 'staff' },
        schema: { tags: ['applications'], summary: 'The staff list as CSV (same filters, all rows, newest first)', querystring: ApplicationListQuery },
      },
      async (request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="applications-${day}.csv"`)
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff');
        return reply.send(exportApplicationsCsv(ctx, callerOf(request), request.query));
      },
    );

    r.get(
      '/api/applications/user/:userId',
      {
        config: { access: 'signedIn' },
        schema: { tags: ['applications'], summary: "One user's applications (the user itself, or staff within reach)", params: UserParams },
      },
      async (request) => applicationsOfUser(ctx, callerOf(request), request.params.userId),
    );

    r.get(
      '/api/applications/:id',
      {
        config: { access: 'signedIn' },
        schema: { tags: ['applications'], summary: 'One application (its applicant or staff within reach)', params: IdParams, response: { 200: Application, 404: ErrorBody } },
      },
      async (request) => getApplication(ctx, callerOf(request), request.params.id),
    );

    r.put(
      '/api/applications/:id',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['applications'],
          summary: 'Decide: Approved (with programId among the choices) or Rejected (with reviewNotes)',
          params: IdParams,
          body: ApplicationUpdate,
          response: { 200: Application, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request) => decideApplication(ctx, callerOf(request), request.params.id, request.body, { log: request.log, ip: request.ip }),
    );
  });
}
