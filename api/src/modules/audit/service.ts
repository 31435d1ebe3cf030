/**
 * The audit log: who did what, to what, when, from where, with what outcome.
 * Callers pass only identifiers and short facts: never passwords, tokens,
 * reset links or document numbers (the detail is also scrubbed below).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { insertAudit, listAudit, type AuditRow } from './queries';
import type { AuditEntry, Paged } from 'shared-api/contract';

export type AuditOutcome = 'success' | 'failure' | 'denied' | 'rate_limited' | 'disabled';

export interface AuditInput {
  actorId?: number | null;
  actorEmail?: string | null;
  /** Dotted verb, for example 'auth.login', 'user.archive', 'application.decide'. */
  action: string;
  /** What was acted on, for example 'user:12' or 'application:7'. */
  target?: string | null;
  outcome: AuditOutcome | string;
  ip?: string | null;
  detail?: string | null;
}

const SECRETS = [
  // JWTs and long random tokens (reset tokens are 43 base64url characters).
  /eyJ[\w-]+\.[\w-]+\.[\w-]*/g,
  /\b[A-Za-z0-9_-]{32,}\b/g,
  // Anything that looks like a Zambian NRC number (123456/12/1) or a passport number.
  /\b\d{6}\/\d{2}\/\d\b/g,
  /\b[A-Z]{1,2}\d{6,9}\b/g,
];

function scrub(text: string | null | undefined, max: number): string | null {
  if (text === null || text === undefined) return null;
  let out = text;
  for (const pattern of SECRETS) out = out.replace(pattern, '[redacted]');
  return out.slice(0, max);
}

/** Records one entry; an audit failure is reported on stderr and never breaks the request. */
export async function audit(ctx: Pick<AppContext, 'db'>, entry: AuditInput): Promise<void> {
  try {
    await insertAudit(ctx.db, {
      actorId: entry.actorId ?? null,
      actorEmail: entry.actorEmail ? entry.actorEmail.slice(0, 254) : null,
      action: entry.action.slice(0, 100),
      target: scrub(entry.target, 200),
      outcome: entry.outcome.slice(0, 40),
      ip: entry.ip ? entry.ip.slice(0, 64) : null,
      detail: scrub(entry.detail, 1000),
    });
  } catch (error) {
    process.stderr.write(`audit log write failed for ${entry.action}: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

/** Entries of one kind from one source recorded per window; the rest are counted, not written. */
export const AUDIT_REPEATS = { max: 5, windowMs: 10 * 60_000 } as const;

/**
 * Records an entry that anyone can cause at will (refused tokens, refused
 * attempts): at most AUDIT_REPEATS.max per `key` and window, the last one
 * saying that more are not recorded, so junk requests cannot fill the log.
 */
export async function auditThrottled(ctx: Pick<AppContext, 'db' | 'limiter'>, key: string, entry: AuditInput): Promise<void> {
  const { count } = await ctx.limiter.hit(`audit:${key}`, AUDIT_REPEATS.windowMs);
  if (count > AUDIT_REPEATS.max) return;
  if (count === AUDIT_REPEATS.max) {
    const note = `further entries like this are not recorded for ${AUDIT_REPEATS.windowMs / 60_000} minutes`;
    entry = { ...entry, detail: entry.detail ? `${entry.detail}; ${note}` : note };
  }
  await audit(ctx, entry);
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    ip: row.ip,
    detail: row.detail,
  };
}

export async function listAuditEntries(ctx: Pick<AppContext, 'db'>, query: { page?: number; size?: number; search?: string; action?: string }): Promise<Paged<AuditEntry>> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { rows, total } = await listAudit(ctx.db, { page, size, search: query.search || undefined, action: query.action || undefined });
  return { items: rows.map(toAuditEntry), total, page, size };
}

/**
 * Records refused authorizations: every 403 under /api, and every 401 of a
 * request that presented a token (bad, expired or revoked). Sign-in and
 * registration outcomes are recorded by their own service, and a guest simply
 * asked to sign in is not an event. Written after the answer has gone, and
 * throttled per address (auditThrottled).
 */
export function recordRefusals(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'limiter'>): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    if (status !== 401 && status !== 403) return;
    const path = request.url.split('?')[0]!;
    if (!path.startsWith('/api/') || path.startsWith('/api/auth/')) return;
    if (status === 401 && !request.headers.authorization) return;
    // Per address and kind: a script replaying a junk token writes a handful of rows, not one per request.
    await auditThrottled(ctx, `denied:${status}:${request.ip}`, {
      actorId: request.caller?.id ?? null,
      actorEmail: request.caller?.email ?? null,
      action: 'access.denied',
      target: `${request.method} ${path}`,
      outcome: 'denied',
      ip: request.ip,
      detail: status === 401 ? 'invalid, expired or revoked session' : `role ${request.caller?.role ?? 'unknown'} not allowed`,
    });
  });
}
