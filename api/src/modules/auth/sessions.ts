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
import { deleteAllSessions, deleteExpiredSessions, deleteSession, insertSession, prepareAccessCheck, type UserRow } from './queries';

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

/**
 * What the access check asks on every signed-in request: is the token's
 * account enabled, not deleted, at the token's version, and its session alive?
 */
export function sessionChecker(db: Database): (token: VerifiedToken) => Promise<SessionCheck> {
  const checkCaller = prepareAccessCheck(db);
  return async (verified) => {
    const [row] = await checkCaller.execute({ id: verified.userId, sid: verified.sessionId });
    // Archived, deleted or re-versioned accounts, and ended sessions: the token stops working at once.
    if (row && !row.enabled && !row.deletedAt) return 'archived';
    if (!row || !row.enabled || row.deletedAt || row.tokenVersion !== verified.tokenVersion) return 'invalid';
    if (!row.sessionExpiresAt || row.sessionExpiresAt.getTime() <= Date.now()) return 'invalid';
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
