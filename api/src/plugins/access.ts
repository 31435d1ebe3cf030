/**
 * Who may call what. Every /api route declares `config.access`; a route
 * without it fails at start-up, so no route can be added unguarded. The check
 * runs on `onRequest`, before any body is read, so a guest's upload is refused
 * without being received.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from 'shared-api/contract';
import type { Database } from '../db/client';
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

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (!route.config?.access) throw new Error(`Route ${route.method} ${route.url} declares no config.access`);
  });

  async function resolveCaller(request: FastifyRequest): Promise<Caller | null | 'invalid'> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return 'invalid';
    const verified = await deps.tokens.verify(match[1]!);
    if (!verified) return 'invalid';
    const [row] = await deps.db
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
      })
      .from(users)
      .where(eq(users.id, verified.userId))
      .limit(1);
    // Archived, deleted or re-versioned accounts: the token stops working at once.
    if (!row || !row.enabled || row.deletedAt || row.tokenVersion !== verified.tokenVersion) return 'invalid';
    return { id: row.id, role: row.role, universityId: row.universityId, email: row.email, name: `${row.firstName} ${row.lastName}`.trim() };
  }

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'webhook') return;
    const caller = await resolveCaller(request);
    if (access === 'public') {
      // Public reads ignore a stale token instead of failing: the spec sends none.
      request.caller = caller === 'invalid' ? null : caller;
      return;
    }
    if (caller === null) throw unauthorized();
    if (caller === 'invalid') throw unauthorized(SESSION_ENDED_MESSAGE);
    request.caller = caller;
    if (access === 'signedIn') return;
    if (!ALLOWED[access].includes(caller.role)) throw forbidden();
  });
}

/** The caller of a route whose access is not public (set by the hook above). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
