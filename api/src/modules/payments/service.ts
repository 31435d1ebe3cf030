/**
 * Payment rules: initiate (one open reference per application), verify with
 * the provider (never trusting the browser or a webhook body alone), the
 * webhook entry point, and what the reconciliation job runs.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { APPLICATION_FEE, feeFor, feeLabel, feeOwed, type ApplicationFee, type ApplicationStatus, type PaymentConfig, type PaymentVerifyResponse } from 'shared-api/contract';
import type { Caller } from '../../infrastructure/http/access';
import type { AppContext } from '../../context';
import {
  closePayment,
  completePayment,
  findFeeFacts,
  findOpenPayment,
  findPaymentApplication,
  findPaymentByReference,
  insertOpenPayment,
  insertPaymentHistory,
  recordProviderCheck,
  type PaymentRow,
  type TransitionActor,
} from './queries';
import { AppError, badGateway, conflict, notFound } from '../../errors';
import type { Executor } from '../../infrastructure/database/client';
import { paymentFailedEmail, paymentSms, queueEmailNotice, queueSmsNotice } from '../notifications';
import { createLencoClient, ProviderError, toCents, type CollectionStatus, type FetchLike } from './lenco-client';
import { verifyWebhookSignature } from './signature';
import { mailReceipt } from './receipt';
import { paymentState, providerReasonOf } from './state';

export const PROVIDER_UNREACHABLE = 'Could not reach the payment provider. Please try again.';
export const ALREADY_PAID = 'This application has already been paid.';
export const NO_FEE_DUE = 'No fee is due for this application: it has already been decided.';
export const AWAITING_PROVIDER = 'A payment for this application is waiting for confirmation from your mobile money provider. Check again in a minute.';
export const NOTHING_TO_PAY = 'The fee for this application is zero: there is nothing to pay. Please contact the university.';
const REFERENCE_PATTERN = /^[A-Za-z0-9_-]{6,80}$/;
/** A payment the provider never heard of is given up (expired) after this long. */
const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;

/** The provider cannot collect in this currency: nothing is charged or stored. */
export function currencyNotTaken(fee: { amount: number; currency: string }): string {
  return `This application's fee is ${feeLabel(fee)}, and our payment provider cannot take payments in ${fee.currency} yet. Nothing was charged. Please contact the university to pay the fee.`;
}

export function newReference(applicationId: number): string {
  const random = BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString(36)
    .toUpperCase();
  return `APP-${applicationId}-${random}`;
}

/**
 * fetch for the provider: a URL on this very server (the offline sandbox, or
 * its own webhook) is answered in-process through app.inject — same requests,
 * same answers, no network hop and no listening port needed; anything else
 * goes over the network.
 */
function sameServerFetch(getApp: () => FastifyInstance | null, publicUrl: string, network: FetchLike): FetchLike {
  return async (url, init) => {
    const app = getApp();
    if (!app || !url.startsWith(`${publicUrl}/`)) return network(url, init);
    const pathOnly = url.slice(publicUrl.length);
    const injected = app.inject({ method: init.method as 'GET', url: pathOnly, headers: init.headers, ...(init.body !== undefined ? { payload: init.body } : {}) });
    const signal = init.signal;
    const response = signal
      ? await Promise.race([
          injected,
          new Promise<never>((_, reject) => {
            if (signal.aborted) reject(signal.reason);
            signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          }),
        ])
      : await injected;
    return { status: response.statusCode, text: async () => response.body };
  };
}

const networkFetch: FetchLike = (url, init) => fetch(url, init);

export interface VerifyOutcome {
  payment: PaymentRow;
  applicationId: number;
  applicationStatus: ApplicationStatus;
  message: string;
}

export class PaymentsService {
  private app: FastifyInstance | null = null;
  private fetchImpl: FetchLike;
  /** Provider timeout; tests shorten it. */
  timeoutMs = 10_000;
  /** Verifications in flight per reference: concurrent callers share one provider call. */
  private inFlight = new Map<string, Promise<VerifyOutcome>>();
  /** Webhook work running after the 200 was sent. */
  private background = new Set<Promise<unknown>>();

  constructor(private readonly ctx: AppContext) {
    this.fetchImpl = sameServerFetch(() => this.app, ctx.config.publicUrl, networkFetch);
  }

  attachApp(app: FastifyInstance): void {
    this.app = app;
  }

  /** Replace the transport (tests); the client, its headers and parsing stay the same. */
  useFetch(fetchImpl: FetchLike): void {
    this.fetchImpl = sameServerFetch(() => this.app, this.ctx.config.publicUrl, fetchImpl);
  }

  /** fetch as the sandbox uses it to deliver webhooks to this server. */
  get transport(): FetchLike {
    return this.fetchImpl;
  }

  private client() {
    const { apiBase, secretKey } = this.ctx.config.payments;
    return createLencoClient({ apiBase, secretKey, fetch: this.fetchImpl, timeoutMs: this.timeoutMs });
  }

  config(): PaymentConfig {
    const p = this.ctx.config.payments;
    return { publicKey: p.publicKey, widgetUrl: p.widgetUrl, amount: APPLICATION_FEE.amount, currency: APPLICATION_FEE.currency, sandbox: p.sandbox };
  }

  /** The fee an application owes: its intake's amount for the applicant's category, else ZMW 150.75. */
  async feeOf(applicationId: number): Promise<ApplicationFee | undefined> {
    const facts = await findFeeFacts(this.ctx.db, applicationId);
    return facts ? feeFor(facts.fees, facts.nationality) : undefined;
  }

  async initiate(caller: Caller, applicationId: number) {
    const db = this.ctx.db;
    const application = await findPaymentApplication(db, applicationId);
    if (!application || application.userId !== caller.id) throw notFound('Application not found');
    if (application.paid) throw conflict(ALREADY_PAID);
    // Decided: nothing is owed, and an open checkout of it is not reopened. A
    // payment already under way stays open for the provider's answer (verify,
    // webhook, reconciliation), so money that does arrive is still recorded.
    if (!feeOwed(application)) throw conflict(NO_FEE_DUE);
    const fee = (await this.feeOf(applicationId))!;
    if (!this.ctx.config.payments.currencies.includes(fee.currency)) throw new AppError(422, currencyNotTaken(fee), 'Unprocessable Entity');
    if (fee.amount <= 0) throw conflict(NOTHING_TO_PAY);
    let open = await findOpenPayment(db, applicationId);
    if (open && awaitsProvider(open)) {
      // Money may be on its way for the open payment, and a second checkout could
      // take it twice: ask the provider first, and refuse while it is still under way.
      try {
        await this.verify(open.reference, { id: caller.id, email: caller.email, ip: null, source: 'initiate' });
      } catch {
        throw conflict(AWAITING_PROVIDER);
      }
      const now = await findPaymentApplication(db, applicationId);
      if (now?.paid) throw conflict(ALREADY_PAID);
      open = await findOpenPayment(db, applicationId);
      if (open && awaitsProvider(open)) throw conflict(AWAITING_PROVIDER);
    }
    if (open && (toCents(open.amount) !== toCents(fee.amount) || open.currency !== fee.currency)) {
      // Opened for another fee (the intake's table changed meanwhile) and nothing is under way on it: replace it.
      await closePayment(db, {
        paymentId: open.id,
        applicationId,
        reference: open.reference,
        to: 'expired',
        note: `Payment reference replaced: the fee is now ${feeLabel(fee)}`,
        actor: { id: caller.id, email: caller.email, ip: null, source: 'initiate' },
      });
      open = undefined;
    }
    const payment = open ?? (await this.openPayment(caller, applicationId, fee));
    if (!payment) {
      // The open payment ended between the insert and the read: paid meanwhile, or ask again.
      const again = await findPaymentApplication(db, applicationId);
      if (again?.paid) throw conflict(ALREADY_PAID);
      if (again && !feeOwed(again)) throw conflict(NO_FEE_DUE);
      throw conflict('A payment for this application changed meanwhile. Please try again.');
    }
    return { reference: payment.reference, amount: Number(payment.amount), currency: payment.currency };
  }

  /** A new pending payment, or the one a concurrent request opened a moment earlier. */
  private async openPayment(caller: Caller, applicationId: number, fee: { amount: number; currency: string }): Promise<PaymentRow | undefined> {
    const db = this.ctx.db;
    const created = await insertOpenPayment(db, {
      applicationId,
      userId: caller.id,
      reference: newReference(applicationId),
      amount: fee.amount.toFixed(2),
      currency: fee.currency,
    });
    if (!created) return findOpenPayment(db, applicationId);
    await insertPaymentHistory(db, { applicationId, from: null, to: 'pending', note: 'Payment started', actorId: caller.id });
    return created;
  }

  /** GET /verify: the applicant of the payment, or staff in reach; everyone else sees 404. */
  async verifyFor(caller: Caller, reference: string, ip: string | null): Promise<PaymentVerifyResponse> {
    const found = await findPaymentByReference(this.ctx.db, reference);
    const inReach =
      found &&
      (caller.role === 'SUPERUSER' ||
        (caller.role === 'USER' && found.application.userId === caller.id) ||
        (caller.role === 'ADMIN' && caller.universityId !== null && found.application.universityId === caller.universityId));
    if (!inReach) throw notFound('Payment not found');
    const outcome = await this.verify(reference, { id: caller.id, email: caller.email, ip, source: 'verify' });
    return toVerifyResponse(outcome);
  }

  /**
   * Asks the provider about a reference and applies the answer. Concurrent
   * calls for one reference share the provider call; the transitions are
   * conditional, so even calls on other instances change state once.
   */
  verify(reference: string, actor: TransitionActor): Promise<VerifyOutcome> {
    const running = this.inFlight.get(reference);
    if (running) return running;
    const work = this.runVerify(reference, actor).finally(() => this.inFlight.delete(reference));
    this.inFlight.set(reference, work);
    return work;
  }

  private async runVerify(reference: string, actor: TransitionActor): Promise<VerifyOutcome> {
    const db = this.ctx.db;
    const found = await findPaymentByReference(db, reference);
    if (!found) throw notFound('Payment not found');
    const { payment } = found;
    if (payment.status === 'successful' || payment.status === 'failed' || payment.status === 'duplicate') {
      return this.outcome(reference, found.application.id);
    }
    let collection: CollectionStatus | null;
    try {
      collection = await this.client().collectionStatus(reference);
    } catch (error) {
      if (error instanceof ProviderError) throw badGateway(PROVIDER_UNREACHABLE);
      throw error;
    }
    if (!collection) {
      await recordProviderCheck(db, payment.id, { providerStatus: 'not-found', channel: null, payload: null });
      if (Date.now() - payment.createdAt.getTime() > ABANDON_AFTER_MS) {
        await closePayment(db, { paymentId: payment.id, applicationId: payment.applicationId, reference, to: 'expired', note: 'Payment never started: reference expired', actor });
      }
      return this.outcome(reference, payment.applicationId);
    }
    await recordProviderCheck(db, payment.id, { providerStatus: collection.status, channel: collection.channel, payload: collection.raw });
    // A failed payment is told once, in the transaction that closes it: SMS and e-mail as the applicant chose.
    const tellFailed = async (tx: Executor) => {
      const amount = feeLabel({ amount: Number(payment.amount), currency: payment.currency });
      await queueSmsNotice(this.ctx, tx, paymentSms(this.ctx, { userId: payment.userId, applicationId: payment.applicationId, paymentId: payment.id, ok: false, amount }));
      await queueEmailNotice(
        this.ctx,
        tx,
        paymentFailedEmail(this.ctx, { userId: payment.userId, applicationId: payment.applicationId, universityId: found.application.universityId, amount, reference }),
      );
    };
    if (collection.status === 'successful') {
      // Checked against what the server stored when it opened the payment (the fee it computed), never the browser's figures.
      const expectedCents = toCents(payment.amount);
      const amountMatches = expectedCents !== null && expectedCents > 0 && toCents(collection.amount) === expectedCents;
      const currencyMatches = collection.currency === payment.currency;
      const referenceMatches = collection.reference === reference;
      const label = feeLabel({ amount: Number(payment.amount), currency: payment.currency });
      if (amountMatches && currencyMatches && referenceMatches) {
        const completed = await completePayment(db, { paymentId: payment.id, applicationId: payment.applicationId, reference, amountLabel: label, actor }, (tx) =>
          queueSmsNotice(this.ctx, tx, paymentSms(this.ctx, { userId: payment.userId, applicationId: payment.applicationId, paymentId: payment.id, ok: true, amount: label })),
        );
        // Once, by whichever caller recorded it (verify, webhook or reconciliation).
        if (completed.changed && completed.paymentStatus === 'successful') await mailReceipt(this.ctx, payment.applicationId, this.app?.log ?? null);
      } else {
        const what = !referenceMatches ? 'reference' : !amountMatches ? `amount (${collection.amount})` : `currency (${collection.currency})`;
        await closePayment(
          db,
          {
            paymentId: payment.id,
            applicationId: payment.applicationId,
            reference,
            to: 'failed',
            note: `Payment not accepted: the ${what} did not match ${label}`,
            actor,
          },
          tellFailed,
        );
      }
    } else if (collection.status === 'failed') {
      await closePayment(db, { paymentId: payment.id, applicationId: payment.applicationId, reference, to: 'failed', note: 'Payment failed', actor }, tellFailed);
    }
    return this.outcome(reference, payment.applicationId);
  }

  private async outcome(reference: string, applicationId: number): Promise<VerifyOutcome> {
    const fresh = await findPaymentByReference(this.ctx.db, reference);
    if (!fresh) throw notFound('Payment not found');
    const status = fresh.payment.status;
    const message =
      status === 'successful'
        ? 'Payment verified successfully.'
        : status === 'pending'
          ? 'The payment is not confirmed yet.'
          : status === 'duplicate'
            ? 'This application was already paid; this payment will be refunded.'
            : fresh.payment.providerStatus === 'successful'
              ? 'The payment could not be accepted: the amount or currency did not match.'
              : 'The payment failed.';
    return { payment: fresh.payment, applicationId, applicationStatus: fresh.application.status, message };
  }

  /**
   * POST /webhook: false for a bad or missing signature (nothing changes).
   * Otherwise the reference it names is verified with the provider after the
   * answer is sent; the body's own status is never trusted.
   */
  acceptWebhook(rawBody: Buffer, signature: string | string[] | undefined, log: { warn(obj: object, msg: string): void }): boolean {
    if (!verifyWebhookSignature(rawBody, signature, this.ctx.config.payments.secretKey)) return false;
    let reference: unknown;
    try {
      reference = (JSON.parse(rawBody.toString('utf8')) as { data?: { reference?: unknown } })?.data?.reference;
    } catch {
      reference = undefined;
    }
    if (typeof reference !== 'string' || !REFERENCE_PATTERN.test(reference)) return true;
    this.runInBackground(
      this.verify(reference, { id: null, email: null, ip: null, source: 'webhook' }).catch((error: unknown) => {
        // A reference that is not ours is ignored; a provider failure is retried by reconciliation.
        if (!(error instanceof AppError && error.statusCode === 404)) log.warn({ reference, err: error }, 'webhook verification failed; reconciliation will retry');
      }),
    );
    return true;
  }

  runInBackground(work: Promise<unknown>): void {
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
  }

  /** Resolves when webhook work and sandbox deliveries started so far have finished (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }
}

function awaitsProvider(payment: PaymentRow): boolean {
  return paymentState({ status: payment.status, providerStatus: payment.providerStatus, providerReason: null }).awaitingProvider;
}

function toVerifyResponse(outcome: VerifyOutcome): PaymentVerifyResponse {
  const { payment } = outcome;
  return {
    ...paymentState({ status: payment.status, providerStatus: payment.providerStatus, providerReason: providerReasonOf(payment.providerPayload) }),
    status: outcome.payment.status,
    reference: outcome.payment.reference,
    amount: Number(outcome.payment.amount),
    currency: outcome.payment.currency,
    applicationId: outcome.applicationId,
    applicationStatus: outcome.applicationStatus,
    message: outcome.message,
  };
}

const services = new WeakMap<AppContext, PaymentsService>();

/** The payments service of an app (one per context). */
export function paymentsOf(ctx: AppContext): PaymentsService {
  let service = services.get(ctx);
  if (!service) {
    service = new PaymentsService(ctx);
    services.set(ctx, service);
  }
  return service;
}
