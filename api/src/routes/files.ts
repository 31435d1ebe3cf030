/** /api/files: the documents of an application, listed and downloaded by whoever may read it. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { callerOf } from '../plugins/access';
import { contract, filesOfApplication, openFile } from '../services/applications';

const { ApplicationFile, ErrorBody, Id } = contract;

const ApplicationParams = z.object({ applicationId: Id }).strict();
const FileParams = z.object({ fileId: Id }).strict();

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
