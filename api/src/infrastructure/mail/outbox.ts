/**
 * Outgoing mail. Every message is first written to the mail_outbox table, so
 * nothing is lost when the mail server is down: with SMTP_URL it is sent
 * through nodemailer at once and retried from the outbox with backoff by a
 * small interval worker; without SMTP_URL it is marked 'logged' and its
 * recipient and subject are logged at info. Bodies are never logged. A body
 * carrying a secret (a reset link) is stored sealed (infrastructure/security/sealed.ts) and, once
 * delivered, replaced by a note. A developer without SMTP reads the newest
 * message to an address at GET /api/dev/mail?to=ADDRESS (dev-mail-routes.ts:
 * development only, from this machine only), never in the log.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../context';
import type { Executor } from '../database/client';
import { claimDue, insertOutbox, latestTo, markFailedAttempt, markSent, type OutboxRow } from './queries';
import { isSealed, seal, unseal } from '../security/sealed';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (a notice built by template.ts); never with a secret. */
  html?: string;
  /** The body carries a secret (a reset link): sealed at rest, removed once delivered. */
  secret?: boolean;
}

/** What a delivered secret body is replaced with in the outbox. */
export const DELIVERED_SECRET_NOTE = '[removed after delivery: this message carried a one-time link]';

type MailContext = Pick<AppContext, 'config' | 'db' | 'database'>;

function stored(ctx: MailContext, message: MailMessage): { to: string; subject: string; text: string; html: string | null } {
  if (message.secret) return { to: message.to, subject: message.subject, text: seal(ctx.config.jwt.secret, message.text), html: null };
  return { to: message.to, subject: message.subject, text: message.text, html: message.html ?? null };
}

/** Attempts before a message is given up as 'failed'. */
export const MAX_ATTEMPTS = 8;
const WORKER_INTERVAL_MS = 15_000;
const LEASE_MS = 60_000;

/** Seconds before attempt n+1: 30 s, 1 min, 2 min, ... capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

interface MailState {
  log: FastifyBaseLogger | null;
  inFlight: Set<Promise<unknown>>;
}
// Keyed by the database handle: stable across copies of the context object.
const states = new WeakMap<object, MailState>();
function stateOf(ctx: Pick<MailContext, 'database'>): MailState {
  let state = states.get(ctx.database);
  if (!state) {
    state = { log: null, inFlight: new Set() };
    states.set(ctx.database, state);
  }
  return state;
}

const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl, {});
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Runs work after the answer has gone (for example a reset request, so that
 * its timing does not tell whether the account exists); closing the app
 * waits for it.
 */
export function inBackground(ctx: Pick<AppContext, 'database'>, work: () => Promise<unknown>): void {
  void track(
    ctx,
    work().catch((error) => stateOf(ctx).log?.error({ err: error }, 'background task failed')),
  );
}

function track<T>(ctx: Pick<MailContext, 'database'>, promise: Promise<T>): Promise<T> {
  const { inFlight } = stateOf(ctx);
  const tracked = promise.finally(() => inFlight.delete(tracked));
  inFlight.add(tracked);
  return tracked;
}

async function deliver(ctx: MailContext, row: OutboxRow): Promise<boolean> {
  const smtpUrl = ctx.config.mail.smtpUrl;
  if (!smtpUrl) return false;
  const log = stateOf(ctx).log;
  try {
    await transportFor(smtpUrl).sendMail({ from: ctx.config.mail.from, to: row.to, subject: row.subject, text: unseal(ctx.config.jwt.secret, row.text), ...(row.html ? { html: row.html } : {}) });
    await markSent(ctx.db, row.id, isSealed(row.text) ? DELIVERED_SECRET_NOTE : undefined);
    log?.info({ mailId: row.id, to: row.to, subject: row.subject }, 'mail sent');
    return true;
  } catch (error) {
    const attempts = row.attempts + 1;
    const next = attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + backoffMs(attempts));
    const reason = error instanceof Error ? error.message : String(error);
    await markFailedAttempt(ctx.db, row.id, reason, next).catch(() => {});
    log?.warn({ mailId: row.id, to: row.to, attempts, retryAt: next?.toISOString() ?? null, reason }, 'mail delivery failed');
    return false;
  }
}

/**
 * Queues a message and, with SMTP configured, starts sending it without
 * making the caller wait for the mail server. Returns the outbox id.
 */
export async function sendMail(ctx: MailContext, message: MailMessage): Promise<number> {
  const log = stateOf(ctx).log;
  if (!ctx.config.mail.smtpUrl) {
    const row = await insertOutbox(ctx.db, { ...stored(ctx, message), status: 'logged', sentAt: new Date() });
    // The body may hold a reset link, which is a credential: it is sealed in the outbox and never logged.
    log?.info({ mailId: row.id, to: row.to, subject: row.subject }, 'mail logged (no SMTP_URL configured); read it at /api/dev/mail');
    return row.id;
  }
  const row = await insertOutbox(ctx.db, { ...stored(ctx, message), status: 'pending' });
  void track(
    ctx,
    claimDue(ctx.db, 1, LEASE_MS, row.id)
      .then(([claimed]) => (claimed ? deliver(ctx, claimed) : false))
      .catch((error) => log?.error({ err: error }, 'mail outbox claim failed')),
  );
  return row.id;
}

/**
 * Writes a message to the outbox inside the caller's transaction `tx`, so the
 * message exists exactly when the caller's other writes commit (a reminder's
 * claim, for example). Nothing is sent from inside the transaction: with
 * SMTP_URL the worker delivers it on its next round; without, it is 'logged'
 * as sendMail's are. Returns the outbox id.
 */
export async function queueMailInTransaction(ctx: MailContext, tx: Executor, message: MailMessage): Promise<number> {
  const row = await insertOutbox(tx, ctx.config.mail.smtpUrl ? { ...stored(ctx, message), status: 'pending' } : { ...stored(ctx, message), status: 'logged', sentAt: new Date() });
  return row.id;
}

/** The newest message to an address, unsealed (the development reader only). */
export async function readLatestMail(ctx: MailContext, to: string): Promise<{ subject: string; text: string; createdAt: Date } | null> {
  const row = await latestTo(ctx.db, to);
  if (!row) return null;
  return { subject: row.subject, text: unseal(ctx.config.jwt.secret, row.text), createdAt: row.createdAt };
}

/** Sends every due message of the outbox once; the worker calls it, tests may too. */
export async function processOutbox(ctx: MailContext, limit = 20): Promise<{ sent: number; failed: number }> {
  if (!ctx.config.mail.smtpUrl) return { sent: 0, failed: 0 };
  const rows = await claimDue(ctx.db, limit, LEASE_MS);
  let sent = 0;
  for (const row of rows) {
    if (await deliver(ctx, row)) sent += 1;
  }
  return { sent, failed: rows.length - sent };
}

/** Waits for deliveries started by sendMail (used on close and by tests). */
export async function settleMail(ctx: Pick<MailContext, 'database'>): Promise<void> {
  const { inFlight } = stateOf(ctx);
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/**
 * Starts the retry worker for this app (unref'd, so it never keeps the
 * process alive) and stops it, after pending deliveries, when the app closes.
 */
export function startMailWorker(app: FastifyInstance, ctx: MailContext, intervalMs = WORKER_INTERVAL_MS): void {
  const state = stateOf(ctx);
  state.log = app.log;
  if (!ctx.config.mail.smtpUrl) {
    app.addHook('onClose', () => settleMail(ctx));
    return;
  }
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    track(ctx, processOutbox(ctx))
      .catch((error) => app.log.error({ err: error }, 'mail outbox worker failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await settleMail(ctx);
  });
}
