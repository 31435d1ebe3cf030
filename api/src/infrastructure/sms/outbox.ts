/**
 * Outgoing SMS (issue 18). A text is written to sms_outbox inside the
 * transaction of the event it tells about, under the event's idempotency key
 * (a repeat is ignored). A worker on every instance claims due rows (the
 * mail outbox's claim: skip locked with a lease, jobs/outbox-claim.ts), at
 * most SMS_MAX_PER_MINUTE a minute per instance, and sends each through the
 * provider adapter (africastalking.ts; the offline sandbox answers the same
 * requests at /sandbox/africastalking on this server). Sent: the provider's
 * message id is kept for its delivery reports. Refused for good (an invalid
 * number): 'failed' at once. Otherwise retried with the mail outbox's
 * back-off until MAX_ATTEMPTS. Times are the app's clock, so tests move it.
 * Numbers and texts are never logged; a secret text (a reset code) is sealed
 * at rest and replaced by a note once sent.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Executor } from '../database/client';
import { runPeriodically } from '../jobs/periodic';
import { backoffMs, MAX_ATTEMPTS } from '../mail/outbox';
import { isSealed, seal, unseal } from '../security/sealed';
import { sendThroughAfricasTalking, type FetchLike, type SmsSendResult } from './africastalking';
import { anySmsDue, claimDueSms, insertSms, markSmsAttemptFailed, markSmsSent, recordDelivery, type SmsRow } from './queries';

type SmsContext = Pick<AppContext, 'config' | 'db' | 'database' | 'clock'>;

export interface SmsToQueue {
  /** The account the text is about (erasure removes it); null for none. */
  userId: number | null;
  /** E.164. */
  to: string;
  text: string;
  /** What happened, for the outbox (for example 'payment-received'). */
  event: string;
  /** One event, one key: a second queue with the same key is ignored. */
  idempotencyKey: string;
  /** The text carries a secret (a reset code): sealed at rest, removed once sent. */
  secret?: boolean;
}

/** What a sent secret text is replaced with in the outbox. */
export const SENT_SECRET_NOTE = '[removed after sending: this text carried a one-time code]';

/** Tunables tests change: the provider's timeout, the worker's round, the claim's lease; `worker: false` leaves rounds to the test. */
export const smsTiming = { timeoutMs: 10_000, intervalMs: 5_000, leaseMs: 60_000, worker: true };

interface SmsState {
  app: FastifyInstance | null;
  log: FastifyBaseLogger | null;
  network: FetchLike;
}
const states = new WeakMap<object, SmsState>();
function stateOf(ctx: Pick<SmsContext, 'database'>): SmsState {
  let state = states.get(ctx.database);
  if (!state) {
    state = { app: null, log: null, network: (url, init) => fetch(url, init) };
    states.set(ctx.database, state);
  }
  return state;
}

/**
 * fetch for the provider: a URL on this very server (the offline sandbox) is
 * answered in-process through app.inject, anything else goes over the network.
 */
function providerFetch(ctx: SmsContext): FetchLike {
  const state = stateOf(ctx);
  const publicUrl = ctx.config.publicUrl;
  return async (url, init) => {
    if (!state.app || !url.startsWith(`${publicUrl}/`)) return state.network(url, init);
    const response = await state.app.inject({ method: init.method as 'POST', url: url.slice(publicUrl.length), headers: init.headers, ...(init.body !== undefined ? { payload: init.body } : {}) });
    return { status: response.statusCode, text: async () => response.body };
  };
}

/**
 * Writes a text to the outbox inside the caller's transaction. Nothing is
 * queued when SMS is off (production without a provider or the sandbox).
 * Returns the outbox id, or null (off, or this event was queued already).
 */
export async function queueSmsInTransaction(ctx: SmsContext, tx: Executor, sms: SmsToQueue): Promise<number | null> {
  if (ctx.config.sms.mode === 'off') return null;
  return insertSms(tx, {
    userId: sms.userId,
    to: sms.to,
    body: sms.secret ? seal(ctx.config.jwt.secret, sms.text) : sms.text,
    event: sms.event,
    idempotencyKey: sms.idempotencyKey,
    nextAttemptAt: ctx.clock.now(),
  });
}

async function deliver(ctx: SmsContext, row: SmsRow): Promise<SmsSendResult['outcome']> {
  const { sms } = ctx.config;
  const log = stateOf(ctx).log;
  const result = await sendThroughAfricasTalking(
    { apiBase: sms.apiBase, username: sms.username, apiKey: sms.apiKey, senderId: sms.senderId, fetch: providerFetch(ctx), timeoutMs: smsTiming.timeoutMs },
    row.to,
    unseal(ctx.config.jwt.secret, row.body),
  );
  const now = ctx.clock.now();
  if (result.outcome === 'sent') {
    await markSmsSent(ctx.db, row.id, {
      at: now,
      messageId: result.messageId ?? null,
      statusCode: result.statusCode ?? null,
      cost: result.cost ?? null,
      ...(isSealed(row.body) ? { replaceBody: SENT_SECRET_NOTE } : {}),
    });
    log?.info({ smsId: row.id, event: row.event }, 'sms sent');
    return 'sent';
  }
  const attempts = row.attempts + 1;
  const next = result.outcome === 'permanent' || attempts >= MAX_ATTEMPTS ? null : new Date(now.getTime() + backoffMs(attempts));
  await markSmsAttemptFailed(ctx.db, row.id, result.reason ?? 'failed', next, result.statusCode ?? null);
  log?.warn({ smsId: row.id, event: row.event, attempts, permanent: result.outcome === 'permanent', retryAt: next?.toISOString() ?? null, reason: result.reason }, 'sms not sent');
  return next ? 'retry' : 'permanent';
}

/** How many texts one round of one instance may send: SMS_MAX_PER_MINUTE spread over the rounds of a minute. */
export function smsBatchSize(ctx: Pick<SmsContext, 'config'>): number {
  return Math.max(1, Math.floor((ctx.config.sms.maxPerMinute * smsTiming.intervalMs) / 60_000));
}

/** One round: claims and sends up to a batch of due texts. The worker calls it; tests may too. */
export async function processSmsOutbox(ctx: SmsContext, limit = smsBatchSize(ctx)): Promise<{ sent: number; retry: number; permanent: number }> {
  const counts = { sent: 0, retry: 0, permanent: 0 };
  if (ctx.config.sms.mode === 'off') return counts;
  const now = ctx.clock.now();
  if (!(await anySmsDue(ctx.db, now))) return counts;
  const rows = await claimDueSms(ctx.db, limit, smsTiming.leaseMs, now);
  for (const row of rows) counts[await deliver(ctx, row)] += 1;
  return counts;
}

export interface DeliveryReport {
  id: string;
  status: string;
  failureReason?: string | null;
}

/** A delivery report from the provider, recorded on its message; false when the id is not ours. */
export async function recordDeliveryReport(ctx: SmsContext, report: DeliveryReport): Promise<boolean> {
  return recordDelivery(ctx.db, report.id, report.status, report.failureReason?.trim() || null, ctx.clock.now());
}

/** Starts the SMS worker of this app (not in 'off' mode). */
export function startSmsWorker(app: FastifyInstance, ctx: SmsContext): void {
  const state = stateOf(ctx);
  state.app = app;
  state.log = app.log;
  if (ctx.config.sms.mode === 'off') {
    app.log.info('SMS is off: no AFRICASTALKING_API_KEY and SMS_SANDBOX is not true');
    return;
  }
  // API tests (NODE_ENV=test) drive rounds themselves with processSmsOutbox, as the reminder tests do.
  if (!smsTiming.worker || ctx.config.env === 'test') return;
  runPeriodically(app, {
    everyMs: smsTiming.intervalMs,
    run: () => processSmsOutbox(ctx),
    report: (counts) => {
      if (counts.sent + counts.retry + counts.permanent > 0) app.log.info({ sms: counts }, 'sms outbox round');
    },
    failure: 'sms outbox round failed',
  });
}
