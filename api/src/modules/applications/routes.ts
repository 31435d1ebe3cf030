/**
 * /api/applications: submit (multipart), list, read, decide, export; and
 * /api/files: an application's documents. Multipart parsing is registered in
 * this plugin's own scope, so no other route accepts multipart bodies.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Application,
  ApplicationBulk,
  ApplicationBulkResult,
  ApplicationFile,
  ApplicationListQuery,
  ApplicationUpdate,
  Assignee,
  AssigneeQuery,
  AssigneeUpdate,
  DOCUMENT_TYPES,
  DocumentReview,
  ErrorBody,
  IdParams,
  NoteCreate,
  ReviewerNote,
  UploadLink,
} from 'shared-api/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, unsupportedMediaType } from '../../errors';
import { callerOf } from '../../infrastructure/http/access';
import { asClientError, discardRestOfBody, MULTIPART_REQUIRED_MESSAGE, refuseBodyOver } from '../../infrastructure/http/uploads';
import { assignApplication, listAssignees } from './assignment';
import { bulkApplications } from './bulk';
import { decideApplication } from './decisions';
import { replaceDocument, replaceDocumentWithUpload, reviewDocument } from './documents';
import { exportApplicationsCsv } from './export';
import { filesOfApplication, openFile } from './files';
import { applicationsOfUser, getApplication, listApplications } from './listing';
import { addNote, listNotes } from './notes';
import { AlreadyAppliedBody, ApplicationParams, DocumentParams, FileParams, SubmitResponse, UserParams } from './schemas';
import { applicationOnly, submitApplication } from './submission';

export async function applicationRoutes(app: FastifyInstance, ctx: AppContext) {
  const { maxFileBytes, maxRequestBytes } = ctx.config.uploads;

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
        config: { access: 'applicant', upload: true },
        onRequest: refuseBodyOver(maxRequestBytes),
        schema: {
          tags: ['applications'],
          summary: "Submit an application: multipart part 'application' (JSON) and four 'files' parts, or the application as JSON with documentUploads naming uploads made at /api/uploads",
          consumes: ['multipart/form-data', 'application/json'],
          response: { 201: SubmitResponse, 400: ErrorBody, 409: AlreadyAppliedBody, 413: ErrorBody, 415: ErrorBody },
        },
      },
      async (request, reply) => {
        // JSON only when it names documents sent earlier through /api/uploads (documentUploads); multipart otherwise, as the spec says.
        const json = !request.isMultipart() && typeof request.body === 'object' && request.body !== null && 'documentUploads' in request.body;
        if (!request.isMultipart() && !json) throw unsupportedMediaType(MULTIPART_REQUIRED_MESSAGE);
        try {
          const parts = json ? applicationOnly(request.body) : request.parts();
          const result = await submitApplication(ctx, callerOf(request), parts, request.log);
          return reply.code(201).send(result);
        } catch (error) {
          discardRestOfBody(request.raw, maxRequestBytes);
          throw asClientError(error);
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
        const csv = await exportApplicationsCsv(ctx, callerOf(request), request.query);
        const day = new Date().toISOString().slice(0, 10);
        reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="applications-${day}.csv"`)
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff');
        return reply.send(csv);
      },
    );

    r.get(
      '/api/applications/assignees',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['applications'],
          summary: "Whom applications can be assigned to: the university's active ADMINs (and SUPERUSERs, for a SUPERUSER)",
          querystring: AssigneeQuery,
          response: { 200: z.array(Assignee) },
        },
      },
      async (request) => listAssignees(ctx, callerOf(request), request.query.universityId),
    );

    r.post(
      '/api/applications/bulk',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['applications'],
          summary: 'Assign, or decline with one reason, up to 500 applications (by ids or by the list filter), all or nothing',
          body: ApplicationBulk,
          response: { 200: ApplicationBulkResult, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request) => bulkApplications(ctx, callerOf(request), request.body, request.ip),
    );

    r.put(
      '/api/applications/:id/assignee',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['applications'],
          summary: "Assign to an active ADMIN of the application's university or a SUPERUSER; userId null unassigns",
          params: IdParams,
          body: AssigneeUpdate,
          response: { 200: Application, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => assignApplication(ctx, callerOf(request), request.params.id, request.body.userId, request.ip),
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
          response: { 200: Application, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request) => decideApplication(ctx, callerOf(request), request.params.id, request.body, { log: request.log, ip: request.ip }),
    );

    r.put(
      '/api/applications/:id/documents/:documentId',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['applications'],
          summary: 'Verify or reject one document (a rejection needs a reason and asks the applicant for a new file)',
          params: DocumentParams,
          body: DocumentReview,
          response: { 200: Application, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request) => reviewDocument(ctx, callerOf(request), request.params.id, request.params.documentId, request.body, { log: request.log, ip: request.ip }),
    );

    r.get(
      '/api/applications/:id/notes',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['applications'],
          summary: "Reviewer notes, internal to the staff of the application's university",
          params: IdParams,
          response: { 200: z.array(ReviewerNote), 404: ErrorBody },
        },
      },
      async (request) => listNotes(ctx, callerOf(request), request.params.id),
    );

    r.post(
      '/api/applications/:id/notes',
      {
        config: { access: 'staff' },
        schema: {
          tags: ['applications'],
          summary: 'Add a reviewer note (never shown to the applicant)',
          params: IdParams,
          body: NoteCreate,
          response: { 201: ReviewerNote, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => reply.code(201).send(await addNote(ctx, callerOf(request), request.params.id, request.body.text, request.ip)),
    );
  });

  // One file for one document: its own multipart limits.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: maxFileBytes, files: 1, fields: 0, parts: 2, headerPairs: 50 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/applications/:id/documents/:documentId',
      {
        config: { access: 'applicant', upload: true },
        onRequest: refuseBodyOver(maxRequestBytes),
        schema: {
          tags: ['applications'],
          summary:
            "Replace a rejected document: multipart part 'file' (the wizard's type and size rules), or JSON { uploadId } naming one of my finished resumable uploads of that document (its bytes are not sent again)",
          consumes: ['multipart/form-data', 'application/json'],
          params: DocumentParams,
          response: { 200: Application, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody },
        },
      },
      async (request) => {
        if (request.headers['content-type']?.startsWith('application/json')) {
          const link = UploadLink.safeParse(request.body);
          if (!link.success) throw badRequest(`uploadId: ${link.error.issues[0]?.message ?? 'required'}`);
          return replaceDocumentWithUpload(ctx, callerOf(request), request.params.id, request.params.documentId, link.data.uploadId);
        }
        if (!request.isMultipart()) throw unsupportedMediaType(MULTIPART_REQUIRED_MESSAGE);
        try {
          return await replaceDocument(ctx, callerOf(request), request.params.id, request.params.documentId, request.parts(), request.log);
        } catch (error) {
          discardRestOfBody(request.raw, maxRequestBytes);
          throw asClientError(error);
        }
      },
    );
  });
}

export async function fileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/files/application/:applicationId',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['files'], summary: 'The files of an application', params: ApplicationParams, response: { 200: z.array(ApplicationFile), 404: ErrorBody } },
    },
    async (request) => filesOfApplication(ctx, callerOf(request), request.params.applicationId),
  );

  r.get(
    '/api/files/:fileId',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['files'], summary: 'Download one file (images inline, PDFs as attachments)', params: FileParams },
    },
    async (request, reply) => {
      const file = await openFile(ctx, callerOf(request), request.params.fileId);
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', file.disposition)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', "default-src 'none'; sandbox");
      return reply.send(file.stream);
    },
  );
}
