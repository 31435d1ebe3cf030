/**
 * The offline Lenco sandbox (only when no Lenco keys are configured): what
 * Lenco's collection-status API answers, and the outcome a tester picks in the
 * sandbox checkout, delivered to this server as Lenco's signed webhooks.
 * Outcomes live in the database, so every instance answers the same. The
 * sandbox checks Lenco's own credentials (public key from the widget, secret
 * key on the status API), so its answers are Lenco's, not the portal's error
 * shape: each is a status code and a body for the route to send.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DECIDABLE_STATUSES } from 'shared-api/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { findPaymentByReference, findSandboxCollection, saveSandboxCollection, type SandboxCollection } from './queries';
import type { OutcomeBody } from './schemas';
import { NO_FEE_DUE, paymentsOf } from './service';
import { signWebhook } from './signature';

/** How long 'Pending then success' stays pending; tests shorten it. */
export const sandboxTiming = { pendingMs: 4_000 };

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

export interface SandboxAnswer {
  statusCode: number;
  body: unknown;
}

export class LencoSandbox {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Drops the deliveries still waiting (the app is closing). */
  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Lenco's collection-status API: the secret key as a bearer token, then the collection. */
  async collectionStatus(authorization: string | undefined, reference: string): Promise<SandboxAnswer> {
    if (authorization !== `Bearer ${this.ctx.config.payments.secretKey}`) {
      return { statusCode: 401, body: { status: false, message: 'Invalid or missing API key', data: null } };
    }
    const row = await findSandboxCollection(this.ctx.db, reference);
    if (!row) return { statusCode: 404, body: { status: false, message: 'Collection not found', data: null } };
    return { statusCode: 200, body: { status: true, message: 'Collection details retrieved', data: sandboxCollectionData(row) } };
  }

  /** What the tester picked in the sandbox checkout, recorded and then delivered as Lenco's webhook. */
  async recordOutcome(body: z.output<typeof OutcomeBody>): Promise<SandboxAnswer> {
    const { ctx } = this;
    const service = paymentsOf(ctx);
    if (body.key !== ctx.config.payments.publicKey) return { statusCode: 401, body: { message: 'Invalid public key' } };
    const found = await findPaymentByReference(ctx.db, body.reference);
    if (!found) return { statusCode: 404, body: { message: 'Unknown payment reference' } };
    // A payment still open may complete whatever happened since (money on its
    // way is never refused); a closed reference of a decided application
    // cannot take new money (one of a paid, undecided one still can: it ends
    // as a duplicate to refund, as a late payment at the real provider would).
    const decided = !DECIDABLE_STATUSES.includes(found.application.status);
    if (found.payment.status !== 'pending' && decided) return { statusCode: 409, body: { message: NO_FEE_DUE } };
    const existing = await findSandboxCollection(ctx.db, body.reference);
    if (existing && existing.status !== 'pending') return { statusCode: 409, body: { message: 'This collection is already complete.' } };
    const amount = Number(body.amount);
    if (!Number.isFinite(amount) || amount <= 0) return { statusCode: 400, body: { message: 'amount: must be a positive number' } };
    const currency = body.currency.toUpperCase();
    // Lenco's sandbox collects in the currencies configured for it (ZMW and USD by default).
    if (!ctx.config.payments.currencies.includes(currency)) return { statusCode: 400, body: { message: `currency: ${currency} is not supported` } };
    const pendingFirst = body.outcome === 'pending-then-success';
    await saveSandboxCollection(ctx.db, {
      reference: body.reference,
      status: body.outcome === 'success' ? 'successful' : body.outcome === 'failure' ? 'failed' : 'pending',
      channel: body.channel,
      // Recorded as the widget was given it: a tampered amount reaches verification as it is.
      amount: amount.toFixed(2),
      currency,
      succeedsAt: pendingFirst ? new Date(Date.now() + sandboxTiming.pendingMs) : null,
    });
    if (pendingFirst) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        service.runInBackground(this.deliverWebhook(body.reference));
      }, sandboxTiming.pendingMs);
      timer.unref();
      this.timers.add(timer);
    } else {
      service.runInBackground(this.deliverWebhook(body.reference));
    }
    return { statusCode: 200, body: { message: 'Outcome recorded', reference: body.reference } };
  }

  /** Sends a signed webhook to this server as Lenco would. Best effort: reconciliation covers a lost one. */
  private async deliverWebhook(reference: string) {
    const { ctx } = this;
    const row = await findSandboxCollection(ctx.db, reference);
    if (!row) return;
    const data = sandboxCollectionData(row);
    const body = JSON.stringify({ event: `collection.${data.status}`, data });
    try {
      await paymentsOf(ctx).transport(`${ctx.config.publicUrl}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lenco-signature': signWebhook(body, ctx.config.payments.secretKey) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      this.log.warn({ reference, err: error }, 'sandbox webhook delivery failed');
    }
  }
}
