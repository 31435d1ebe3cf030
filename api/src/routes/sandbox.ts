/**
 * The offline Lenco sandbox (only when no Lenco keys are configured): the
 * checkout script, Lenco's collection-status API and the signed webhooks, at
 * /sandbox/lenco on this server. Outcomes live in the database, so every
 * instance answers the same. Not under /api: the sandbox checks Lenco's own
 * credentials (public key from the widget, secret key on the status API).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { findPaymentByReference, findSandboxCollection, saveSandboxCollection, type SandboxCollection } from '../db/queries/payments';
import { paymentsOf } from '../services/payments';
import { SANDBOX_WIDGET_JS } from '../services/payments/sandbox-widget';
import { signWebhook } from '../services/payments/signature';

/** How long 'Pending then success' stays pending; tests shorten it. */
export const sandboxTiming = { pendingMs: 4_000 };

const OutcomeBody = z
  .object({
    key: z.string().max(200),
    reference: z.string().regex(/^[A-Za-z0-9_-]{6,80}$/),
    amount: z.union([z.number(), z.string().max(40)]),
    currency: z.string().max(10),
    channel: z.enum(['card', 'mobile-money']),
    outcome: z.enum(['success', 'failure', 'pending-then-success']),
  })
  .strict();
const ReferenceParams = z.object({ reference: z.string().max(200) }).strict();

/** Lenco's data object for a collection, as the status API and webhooks carry it. */
export function sandboxCollectionData(row: SandboxCollection, now = new Date()) {
  const status = row.status === 'pending' && row.succeedsAt && row.succeedsAt <= now ? 'successful' : row.status;
  const completed = status === 'successful' || status === 'failed';
  return {
    id: `sandbox-${row.reference}`,
    initiatedAt: row.createdAt.toISOString(),
    completedAt: completed ? (row.succeedsAt ?? row.updatedAt).toISOString() : null,
    amount: row.amount,
    fee: '0.00',
    bearer: 'merchant',
    currency: row.currency,
    reference: row.reference,
    lencoReference: `LSB${row.reference.replace(/[^A-Za-z0-9]/g, '').slice(-12)}`,
    type: row.channel,
    status,
    source: 'sandbox',
    reasonForFailure: status === 'failed' ? 'Declined in the sandbox checkout' : null,
    settlementStatus: status === 'successful' ? 'settled' : null,
    mobileMoneyDetails: row.channel === 'mobile-money' ? { country: 'zm', phone: '0970000000', operator: 'airtel', accountName: 'Sandbox Payer' } : null,
    cardDetails: row.channel === 'card' ? { first6: '506066', last4: '0001', type: 'visa', bank: 'Sandbox Bank' } : null,
  };
}

export async function sandboxRoutes(app: FastifyInstance, ctx: AppContext) {
  if (!ctx.config.payments.sandbox) return;
  if (ctx.config.env === 'production') {
    app.log.warn('Payments use the offline Lenco sandbox (no LENCO_PUBLIC_KEY/LENCO_SECRET_KEY): no real money moves and any tester can mark a fee paid.');
  }
  const { publicKey, secretKey } = ctx.config.payments;
  const service = paymentsOf(ctx);
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Sends a signed webhook to this server as Lenco would. Best effort: reconciliation covers a lost one. */
  async function deliverWebhook(reference: string) {
    const row = await findSandboxCollection(ctx.db, reference);
    if (!row) return;
    const data = sandboxCollectionData(row);
    const body = JSON.stringify({ event: `collection.${data.status}`, data });
    try {
      await service.transport(`${ctx.config.publicUrl}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lenco-signature': signWebhook(body, secretKey) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      app.log.warn({ reference, err: error }, 'sandbox webhook delivery failed');
    }
  }

  r.get('/sandbox/lenco/js/v1/inline.js', async (_request, reply) => {
    return reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-store').send(SANDBOX_WIDGET_JS);
  });

  r.get('/sandbox/lenco/access/v2/collections/status/:reference', { schema: { params: ReferenceParams } }, async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return reply.code(401).send({ status: false, message: 'Invalid or missing API key', data: null });
    }
    const row = await findSandboxCollection(ctx.db, request.params.reference);
    if (!row) return reply.code(404).send({ status: false, message: 'Collection not found', data: null });
    return { status: true, message: 'Collection details retrieved', data: sandboxCollectionData(row) };
  });

  r.post('/sandbox/lenco/outcome', { schema: { body: OutcomeBody } }, async (request, reply) => {
    const body = request.body;
    if (body.key !== publicKey) return reply.code(401).send({ message: 'Invalid public key' });
    const found = await findPaymentByReference(ctx.db, body.reference);
    if (!found) return reply.code(404).send({ message: 'Unknown payment reference' });
    const existing = await findSandboxCollection(ctx.db, body.reference);
    if (existing && existing.status !== 'pending') return reply.code(409).send({ message: 'This collection is already complete.' });
    const amount = Number(body.amount);
    if (!Number.isFinite(amount) || amount <= 0) return reply.code(400).send({ message: 'amount: must be a positive number' });
    const pendingFirst = body.outcome === 'pending-then-success';
    await saveSandboxCollection(ctx.db, {
      reference: body.reference,
      status: body.outcome === 'success' ? 'successful' : body.outcome === 'failure' ? 'failed' : 'pending',
      channel: body.channel,
      // Recorded as the widget was given it: a tampered amount reaches verification as it is.
      amount: amount.toFixed(2),
      currency: body.currency.toUpperCase(),
      succeedsAt: pendingFirst ? new Date(Date.now() + sandboxTiming.pendingMs) : null,
    });
    if (pendingFirst) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        service.runInBackground(deliverWebhook(body.reference));
      }, sandboxTiming.pendingMs);
      timer.unref();
      timers.add(timer);
    } else {
      service.runInBackground(deliverWebhook(body.reference));
    }
    return { message: 'Outcome recorded', reference: body.reference };
  });
}
