/**
 * /api/drafts/mine: the applicant's own draft (issue 16). USER only (staff
 * get 403 and never see drafts); nothing here takes a user id, so no one
 * reaches another applicant's draft. A document is uploaded as multipart in
 * its own scope, like the application form, or linked from a finished
 * resumable upload (JSON `{ uploadId }`).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Draft, DraftFileLink, DraftFileParams, DraftInput, ErrorBody } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { badRequest, unsupportedMediaType } from '../../errors';
import { callerOf } from '../../infrastructure/http/access';
import { asClientError, contentDisposition, discardRestOfBody, MULTIPART_REQUIRED_MESSAGE, refuseBodyOver } from '../../infrastructure/http/uploads';
import { deleteOwnDraftDocument, discardOwnDraft, getOwnDraft, linkOwnDraftDocument, openOwnDraftDocument, putOwnDraftDocument, saveOwnDraft } from './service';

export async function draftRoutes(app: FastifyInstance, ctx: AppContext) {
  const { maxFileBytes, maxRequestBytes } = ctx.config.uploads;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/drafts/mine',
    {
      config: { access: 'applicant' },
      schema: { tags: ['drafts'], summary: 'My saved application draft (404 when none is saved)', response: { 200: Draft, 404: ErrorBody } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return getOwnDraft(ctx, callerOf(request));
    },
  );

  r.put(
    '/api/drafts/mine',
    {
      config: { access: 'applicant' },
      schema: {
        tags: ['drafts'],
        summary: 'Save my draft; updatedAt is the version last seen (409 when another device saved since)',
        body: DraftInput,
        response: { 200: Draft, 400: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => saveOwnDraft(ctx, callerOf(request), request.body),
  );

  r.delete('/api/drafts/mine', { config: { access: 'applicant' }, schema: { tags: ['drafts'], summary: 'Start Over: delete my draft and its documents' } }, async (request, reply) => {
    await discardOwnDraft(ctx, callerOf(request), request.log);
    return reply.code(204).send();
  });

  r.get(
    '/api/drafts/mine/files/:documentType',
    {
      config: { access: 'applicant' },
      schema: { tags: ['drafts'], summary: 'One document of my draft', params: DraftFileParams },
    },
    async (request, reply) => {
      const file = await openOwnDraftDocument(ctx, callerOf(request), request.params.documentType);
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.contentType, file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', "default-src 'none'; sandbox");
      return reply.send(file.stream);
    },
  );

  r.delete(
    '/api/drafts/mine/files/:documentType',
    {
      config: { access: 'applicant' },
      schema: { tags: ['drafts'], summary: 'Remove one document from my draft', params: DraftFileParams, response: { 200: Draft, 404: ErrorBody } },
    },
    async (request) => deleteOwnDraftDocument(ctx, callerOf(request), request.params.documentType, request.log),
  );

  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: maxFileBytes, files: 1, fields: 0, parts: 2, headerPairs: 50 },
    });
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/drafts/mine/files/:documentType',
      {
        config: { access: 'applicant', upload: true },
        onRequest: refuseBodyOver(maxRequestBytes),
        schema: {
          tags: ['drafts'],
          summary:
            "Add or replace one document of my draft: multipart part 'file' (checked as at submission), or JSON { uploadId } naming one of my finished resumable uploads (its bytes are not sent again)",
          consumes: ['multipart/form-data', 'application/json'],
          params: DraftFileParams,
          response: { 200: Draft, 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody },
        },
      },
      async (request) => {
        if (request.headers['content-type']?.startsWith('application/json')) {
          const link = DraftFileLink.safeParse(request.body);
          if (!link.success) throw badRequest(`uploadId: ${link.error.issues[0]?.message ?? 'required'}`);
          return linkOwnDraftDocument(ctx, callerOf(request), request.params.documentType, link.data.uploadId, request.log);
        }
        if (!request.isMultipart()) throw unsupportedMediaType(MULTIPART_REQUIRED_MESSAGE);
        try {
          return await putOwnDraftDocument(ctx, callerOf(request), request.params.documentType, request.parts(), request.log);
        } catch (error) {
          discardRestOfBody(request.raw, maxRequestBytes);
          throw asClientError(error);
        }
      },
    );
  });
}
