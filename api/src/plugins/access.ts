/**
 * Who may call what. Every /api route declares `config.access`; a route
 * without it fails at start-up, so no route can be added unguarded. The check
 * runs on `onRequest`, before any body is read, so a guest's upload is refused
 * without being received.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from 'shared-api/contract';
import type { Database } from '../db/client';
import { staffListVersionNow } from '../db/queries/staff-list-version';
import { users } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import type { TokenService } from '../lib/tokens';

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
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The staff list version, read with the caller before the handler runs (services/staff-list-cache.ts). */
    staffListVersion: number | undefined;
  }
}

const ALLOWED: Record<Exclude<Access, 'public' | 'webhook' | 'signedIn'>, readonly Role[]> = {
  applicant: ['USER'],
  staff: ['ADMIN', 'SUPERUSER'],
  superuser: ['SUPERUSER'],
};

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

export function registerAccessControl(app: FastifyInstance, deps: { db: Database; tokens: TokenService }): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('staffListVersion', undefined);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${route.url} declares no config.access`);
  });

  // Prepared once: this runs on every signed-in request. It also reads the
  // staff list version, so that a cached staff page is validated without a
  // second round trip (the check itself is never skipped).
  const checkCaller = deps.db
    .select({
      id: users.id,
      role: users.role,
      universityId: users.universityId,
      enabled: users.enabled,
      tokenVersion: users.tokenVersion,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      deletedAt: users.deletedAt,
      staffListVersion: staffListVersionNow,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('access_check');

  async function resolveCaller(request: FastifyRequest): Promise<{ caller: Caller; staffListVersion: number | undefined } | null | 'invalid'> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return 'invalid';
    const verified = await deps.tokens.verify(match[1]!);
    if (!verified) return 'invalid';
    const [row] = await checkCaller.execute({ id: verified.userId });
    // Archived, deleted or re-versioned accounts: the token stops working at once.
    if (!row || !row.enabled || row.deletedAt || row.tokenVersion !== verified.tokenVersion) return 'invalid';
    return {
      caller: { id: row.id, role: row.role, universityId: row.universityId, email: row.email, name: `${row.firstName} ${row.lastName}`.trim() },
      staffListVersion: row.staffListVersion ?? undefined,
    };
  }

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'webhook') return;
    const resolved = await resolveCaller(request);
    if (access === 'public') {
      // Public reads ignore a stale token instead of failing: the spec sends none.
      request.caller = resolved === null || resolved === 'invalid' ? null : resolved.caller;
      return;
    }
    if (resolved === null) throw unauthorized();
    if (resolved === 'invalid') throw unauthorized(SESSION_ENDED_MESSAGE);
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
