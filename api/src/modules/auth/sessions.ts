/**
 * Server-side sessions: every sign-in gets a row (db sessions table) whose id
 * its token carries as `sid`; the access check (infrastructure/http/access.ts)
 * asks `sessionChecker` about the row on every request, so ending a session
 * takes effect at once on every instance, whatever each instance remembers
 * about verified signatures.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Database } from '../../infrastructure/database/client';
import type { Caller, SessionCheck } from '../../infrastructure/http/access';
import type { VerifiedToken } from '../../infrastructure/security/tokens';
import { audit } from '../audit';
import { askedTogether } from '../../infrastructure/database/asked-together';
import { deleteAllSessions, deleteExpiredSessions, deleteSession, insertSession, prepareAccessChecks, type UserRow } from './queries';

export const SESSION_MESSAGES = {
  loggedOut: 'Logged out successfully',
  signedOutEverywhere: 'You have been signed out on every device.',
} as const;

function displayName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** Records a new session for the user and signs its token. */
export async function startSession(
  ctx: Pick<AppContext, 'db' | 'tokens' | 'config'>,
  user: Pick<UserRow, 'id' | 'email' | 'phone' | 'role' | 'universityId' | 'firstName' | 'lastName' | 'tokenVersion'>,
): Promise<string> {
  const sessionId = randomBytes(16).toString('base64url');
  await deleteExpiredSessions(ctx.db, user.id);
  await insertSession(ctx.db, { id: sessionId, userId: user.id, expiresAt: new Date(Date.now() + ctx.config.jwt.expiresInSeconds * 1000) });
  return ctx.tokens.sign({
    id: user.id,
    email: user.email,
    phone: user.phone,
    role: user.role,
    universityId: user.universityId,
    name: displayName(user),
    tokenVersion: user.tokenVersion,
    sessionId,
  });
}

/** Logout: this session only; the account's other devices stay signed in. */
export async function endSession(ctx: AppContext, caller: Caller, ip: string): Promise<{ message: string }> {
  await deleteSession(ctx.db, caller.id, caller.sessionId);
  await audit(ctx, { actorId: caller.id, actorEmail: caller.email, action: 'auth.logout', target: `user:${caller.id}`, outcome: 'success', ip });
  return { message: SESSION_MESSAGES.loggedOut };
}

/** 'Sign out everywhere': every session of the account, this one included. */
export async function endAllSessions(ctx: AppContext, caller: Caller, ip: string): Promise<{ message: string }> {
  await deleteAllSessions(ctx.db, caller.id);
  await audit(ctx, { actorId: caller.id, actorEmail: caller.email, action: 'auth.logout_everywhere', target: `user:${caller.id}`, outcome: 'success', ip });
  return { message: SESSION_MESSAGES.signedOutEverywhere };
}

/**
 * The browser's session after a change to the account: a new session (its
 * row and token, with the account's new details and token version) in place
 * of the one the change was made from.
 */
export async function renewSession(ctx: Pick<AppContext, 'db' | 'tokens' | 'config'>, caller: Caller, user: UserRow): Promise<string> {
  await deleteSession(ctx.db, caller.id, caller.sessionId);
  return startSession(ctx, user);
}

type AccessRow = Awaited<ReturnType<ReturnType<typeof prepareAccessChecks>['execute']>>[number];

/** A token's account and session, as the access check reads them together. */
interface SessionRead {
  account: AccessRow;
  sessionExpiresAt: Date | null;
}

/**
 * What the access check asks on every signed-in request: is the token's
 * account enabled, not deleted, at the token's version, and its session alive?
 * Requests that arrive together are asked about in one statement
 * (asked-together.ts): on the embedded database, whose one thread runs every
 * statement, that is most of what a signed-in read costs.
 */
export function sessionChecker(db: Database, kind: 'pglite' | 'postgres'): (token: VerifiedToken) => Promise<SessionCheck> {
  const checkCallers = prepareAccessChecks(db);
  const read = askedTogether<string, SessionRead>(
    async (keys) => {
      const asked = keys.map((key) => key.split(' ') as [string, string]);
      const rows = await checkCallers.execute({ ids: [...new Set(asked.map(([id]) => Number(id)))], sids: asked.map(([, sid]) => sid) });
      const rowsOf = new Map<number, AccessRow[]>();
      for (const row of rows) rowsOf.set(row.id, [...(rowsOf.get(row.id) ?? []), row]);
      const found = new Map<string, SessionRead>();
      for (const [id, sid] of asked) {
        const ofAccount = rowsOf.get(Number(id));
        if (!ofAccount) continue;
        found.set(`${id} ${sid}`, { account: ofAccount[0]!, sessionExpiresAt: ofAccount.find((row) => row.sessionId === sid)?.sessionExpiresAt ?? null });
      }
      return found;
    },
    // The embedded database runs one statement at a time: a second one out would only queue.
    { inFlight: kind === 'pglite' ? 1 : 2, maxKeys: 100 },
  );
  return async (verified) => {
    const got = await read(`${verified.userId} ${verified.sessionId}`);
    const row = got?.account;
    // Archived, deleted or re-versioned accounts, and ended sessions: the token stops working at once.
    if (row && !row.enabled && !row.deletedAt) return 'archived';
    if (!row || !row.enabled || row.deletedAt || row.tokenVersion !== verified.tokenVersion) return 'invalid';
    if (!got.sessionExpiresAt || got.sessionExpiresAt.getTime() <= Date.now()) return 'invalid';
    return {
      caller: {
        id: row.id,
        role: row.role,
        universityId: row.universityId,
        email: row.email,
        name: `${row.firstName} ${row.lastName}`.trim(),
        sessionId: verified.sessionId,
      },
      staffListVersion: row.staffListVersion ?? undefined,
    };
  };
}
