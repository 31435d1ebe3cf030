/**
 * Who may call what. Every /api route declares `config.access`; a route
 * without it fails at start-up, so no route can be added unguarded. The check
 * runs on `onRequest`, before any body is read, so a guest's upload is refused
 * without being received.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from 'shared-api/contract';
import { forbidden, unauthorized } from '../../errors';
import type { TokenService, VerifiedToken } from '../security/tokens';

/**
 * public: anyone; signedIn: any valid session; applicant: USER; staff: ADMIN or
 * SUPERUSER; superuser: SUPERUSER; webhook: anyone, the handler checks a signature.
 */
export type Access = 'public' | 'signedIn' | 'applicant' | 'staff' | 'superuser' | 'webhook';

export interface Caller {
  id: number;
  role: Role;
  universityId: number | null;
  email: string;
  name: string;
  /** The server-side session of the token presented (logout ends this one only). */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The staff list version, read with the caller before the handler runs (infrastructure/caches/staff-list-cache.ts). */
    staffListVersion: number | undefined;
  }
}

const ALLOWED: Record<Exclude<Access, 'public' | 'webhook' | 'signedIn'>, readonly Role[]> = {
  applicant: ['USER'],
  staff: ['ADMIN', 'SUPERUSER'],
  superuser: ['SUPERUSER'],
};

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';
/** The 401 of an archived account's token says why (the sign-in form shows it), in the sign-in's own words. */
export const ACCOUNT_ARCHIVED_MESSAGE = 'Account disabled. Please contact support.';

/**
 * What a verified token's session is worth now: its caller (with the staff
 * list version read in the same statement), or why it no longer works. The
 * auth module answers it (app.ts wires it in); this plugin only asks.
 */
export type SessionCheck = { caller: Caller; staffListVersion: number | undefined } | 'invalid' | 'archived';

export function registerAccessControl(app: FastifyInstance, deps: { tokens: TokenService; checkSession: (token: VerifiedToken) => Promise<SessionCheck> }): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('staffListVersion', undefined);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${route.url} declares no config.access`);
  });

  async function resolveCaller(request: FastifyRequest): Promise<SessionCheck | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return 'invalid';
    const verified = await deps.tokens.verify(match[1]!);
    if (!verified) return 'invalid';
    return deps.checkSession(verified);
  }

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'webhook') return;
    const resolved = await resolveCaller(request);
    if (access === 'public') {
      // Public reads ignore a stale token instead of failing: the spec sends none.
      if (resolved === null || resolved === 'invalid' || resolved === 'archived') return;
      request.caller = resolved.caller;
      request.staffListVersion = resolved.staffListVersion;
      return;
    }
    if (resolved === null) throw unauthorized();
    if (resolved === 'invalid') throw unauthorized(SESSION_ENDED_MESSAGE);
    if (resolved === 'archived') throw unauthorized(ACCOUNT_ARCHIVED_MESSAGE);
    request.caller = resolved.caller;
    request.staffListVersion = resolved.staffListVersion;
    if (access === 'signedIn') return;
    if (!ALLOWED[access].includes(resolved.caller.role)) throw forbidden();
  });
}

/** The caller of a route whose access is not public (set by the hook above). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/** Who is writing, for the reach rules and the audit log. */
export interface Actor {
  caller: Caller;
  ip: string | null;
}

/** The signed-in writer of a request (its access level already guarantees one). */
export function actorOf(request: FastifyRequest): Actor {
  return { caller: callerOf(request), ip: request.ip ?? null };
}
