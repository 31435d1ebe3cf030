/**
 * /api/payments: config, initiate, verify and the provider's webhook; the
 * receipts; and, without Lenco keys, the offline sandbox at /sandbox/lenco.
 * The webhook lives in its own plugin scope whose JSON parser keeps the raw
 * body, because the signature is computed over the exact bytes Lenco sent.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, IdParams, PaymentConfig, PaymentInitiate, PaymentInitiateResponse, PaymentReferenceParams, PaymentVerifyResponse, Receipt } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { unauthorized } from '../../errors';
import { callerOf } from '../../infrastructure/http/access';
import { receiptFor, receiptPdf } from './receipt';
import { LencoSandbox } from './sandbox';
import { SANDBOX_WIDGET_JS } from './sandbox-widget';
import { OutcomeBody, ReferenceParams } from './schemas';
import { paymentsOf } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = paymentsOf(ctx);
  service.attachApp(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/payments/config', { config: { access: 'signedIn' }, schema: { response: { 200: PaymentConfig } } }, async () => service.config());

  r.post('/api/payments/initiate', { config: { access: 'applicant' }, schema: { body: PaymentInitiate, response: { 200: PaymentInitiateResponse } } }, async (request) =>
    service.initiate(callerOf(request), request.body.applicationId),
  );

  r.get('/api/payments/verify/:reference', { config: { access: 'signedIn' }, schema: { params: PaymentReferenceParams, response: { 200: PaymentVerifyResponse } } }, async (request) =>
    service.verifyFor(callerOf(request), request.params.reference, request.ip),
  );

  r.get(
    '/api/applications/:id/receipt',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['payments'], summary: 'The payment receipt of an application (its applicant, or staff in reach)', params: IdParams, response: { 200: Receipt, 404: ErrorBody } },
    },
    async (request, reply) => reply.header('Cache-Control', 'private, no-store').send(await receiptFor(ctx, callerOf(request), request.params.id)),
  );

  r.get(
    '/api/applications/:id/receipt.pdf',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['payments'], summary: 'The payment receipt of an application as a PDF (404 as for the JSON)', params: IdParams },
    },
    async (request, reply) => {
      const { fileName, pdf } = await receiptPdf(ctx, callerOf(request), request.params.id);
      return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).header('Cache-Control', 'private, no-store').send(pdf);
    },
  );

  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (request, body, done) => {
      request.rawBody = body as Buffer;
      // The handler parses after checking the signature: a bad body must not turn a 401 into a 400.
      done(null, null);
    });
    scope.post('/api/payments/webhook', { config: { access: 'webhook' } }, async (request, reply) => {
      const raw = request.rawBody ?? Buffer.alloc(0);
      if (!service.acceptWebhook(raw, request.headers['x-lenco-signature'], request.log)) throw unauthorized('Invalid webhook signature');
      return reply.code(200).send({ received: true });
    });
  });
}

/**
 * The offline Lenco sandbox: the checkout script, Lenco's collection-status
 * API and the outcome the checkout records. Not under /api: it answers as
 * Lenco does (sandbox.ts).
 */
export async function sandboxRoutes(app: FastifyInstance, ctx: AppContext) {
  if (!ctx.config.payments.sandbox) return;
  if (ctx.config.env === 'production') {
    app.log.warn('Payments use the offline Lenco sandbox (no LENCO_PUBLIC_KEY/LENCO_SECRET_KEY): no real money moves and any tester can mark a fee paid.');
  }
  const sandbox = new LencoSandbox(ctx, app.log);
  app.addHook('onClose', async () => sandbox.stop());
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sandbox/lenco/js/v1/inline.js', async (_request, reply) => {
    return reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-store').send(SANDBOX_WIDGET_JS);
  });

  r.get('/sandbox/lenco/access/v2/collections/status/:reference', { schema: { params: ReferenceParams } }, async (request, reply) => {
    const answer = await sandbox.collectionStatus(request.headers.authorization, request.params.reference);
    return reply.code(answer.statusCode).send(answer.body);
  });

  r.post('/sandbox/lenco/outcome', { schema: { body: OutcomeBody } }, async (request, reply) => {
    const answer = await sandbox.recordOutcome(request.body);
    return reply.code(answer.statusCode).send(answer.body);
  });
}
