/**
 * Offers and decision letters (issue 17 items 5 and 6): an application's
 * offer and letters, the applicant's answer, the letter as a PDF and the
 * public check of a letter's code. Offers are made through the decision
 * (`PUT /api/applications/{id}` with status OFFERED, the applications module).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApplicationOffer, ErrorBody, IdParams, LetterCodeParams, LetterVerification } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { callerOf } from '../../infrastructure/http/access';
import { letterPdf, verifyLetter } from './letters';
import { NoBody } from './schemas';
import { answerOffer, mayRead, offerOfApplication } from './service';

const tags = ['offers'];

export async function offersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/applications/:id/offer',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: "An application's latest offer and its decision letters (its applicant, or staff in reach)", params: IdParams, response: { 200: ApplicationOffer, 404: ErrorBody } },
    },
    async (request, reply) => reply.header('Cache-Control', 'private, no-store').send(await offerOfApplication(ctx, callerOf(request), request.params.id)),
  );

  for (const [path, answer, summary] of [
    ['/api/offers/:id/accept', 'ACCEPTED', 'Accept an open offer (its applicant, before the deadline); declines their other open offers in the same intake'],
    ['/api/offers/:id/decline', 'DECLINED', 'Decline an open offer (its applicant, before the deadline)'],
  ] as const) {
    r.post(
      path,
      {
        config: { access: 'applicant' },
        schema: { tags, summary, params: IdParams, body: NoBody, response: { 200: ApplicationOffer, 404: ErrorBody, 409: ErrorBody } },
      },
      async (request) => answerOffer(ctx, callerOf(request), request.params.id, answer, { ip: request.ip ?? null, log: request.log }),
    );
  }

  r.get(
    '/api/letters/verify/:code',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Whether a decision letter with this verification code exists, and for whom (name and program only)',
        params: LetterCodeParams,
        response: { 200: LetterVerification, 404: ErrorBody },
      },
    },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await verifyLetter(ctx, request.params.code)),
  );

  r.get(
    '/api/letters/:id',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'A decision letter as a PDF (its applicant, or staff in reach); the download is recorded in the history', params: IdParams },
    },
    async (request, reply) => {
      const { fileName, pdf } = await letterPdf(ctx, callerOf(request), request.params.id, mayRead);
      return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).header('Cache-Control', 'private, no-store').send(pdf);
    },
  );
}
