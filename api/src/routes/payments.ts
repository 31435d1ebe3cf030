/**
 * /api/payments: config, initiate, verify and the provider's webhook. The
 * webhook lives in its own plugin scope whose JSON parser keeps the raw body,
 * because the signature is computed over the exact bytes Lenco sent.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PaymentConfig, PaymentInitiate, PaymentInitiateResponse, PaymentReferenceParams, PaymentVerifyResponse } from 'shared-api/contract';
import type { AppContext } from '../context';
import { unauthorized } from '../errors';
import { callerOf } from '../plugins/access';
import { paymentsOf } from '../services/payments';

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

  r.post(
    '/api/payments/initiate',
    { config: { access: 'applicant' }, schema: { body: PaymentInitiate, response: { 200: PaymentInitiateResponse } } },
    async (request) => service.initiate(callerOf(request), request.body.applicationId),
  );

  r.get(
    '/api/payments/verify/:reference',
    { config: { access: 'signedIn' }, schema: { params: PaymentReferenceParams, response: { 200: PaymentVerifyResponse } } },
    async (request) => service.verifyFor(callerOf(request), request.params.reference, request.ip),
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
