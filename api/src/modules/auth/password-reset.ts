/**
 * Password reset by an e-mailed one-time link. Reset requests answer the same
 * whether or not the account exists, and do the work after the answer.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { enforceLimits, LIMITS, TooManyAttempts } from '../../infrastructure/rate-limit';
import { inBackground, sendMail } from '../../infrastructure/mail/outbox';
import { hashPassword } from '../../infrastructure/security/passwords';
import { audit, auditThrottled } from '../audit';
import { readDevice } from './device-cookie';
import { consumeResetToken, deleteSessionsOf, findResetTokenUser, findUserByEmail, findUserById, replaceResetToken, setPassword } from './queries';
import { AUTH_MESSAGES, checkPasswordStrength, sha256 } from './service';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;

export function resetLink(ctx: Pick<AppContext, 'config'>, token: string): string {
  return `${ctx.config.publicUrl}/reset-password/${token}`;
}

/**
 * Reset requests are limited per e-mail and address, per address, and per
 * e-mail from anywhere (an inbox is not flooded). That last cap is the one an
 * attacker could use to keep the owner from getting a link: a device the
 * account signed in from before (its device cookie) is not held by it.
 */
export async function requestReset(ctx: AppContext, rawEmail: string, ip: string, deviceCookie?: string): Promise<{ message: string }> {
  const email = rawEmail.trim().toLowerCase();
  const device = readDevice(ctx.config.jwt.secret, deviceCookie);
  // Looked up only for a valid device cookie, whether or not the e-mail has an account.
  const ownDevice = device !== null && (await findUserByEmail(ctx.db, email))?.id === device.userId;
  try {
    await enforceLimits(ctx.limiter, [
      { key: `reset:pair:${email}:${ip}`, limit: LIMITS.resetPerEmailAndIp },
      { key: `reset:ip:${ip}`, limit: LIMITS.resetPerIp },
      ...(ownDevice ? [] : [{ key: `reset:email:${email}`, limit: LIMITS.resetPerEmail }]),
    ]);
  } catch (error) {
    if (error instanceof TooManyAttempts) await auditThrottled(ctx, `request_reset:${ip}`, { actorEmail: email, action: 'auth.request_reset', outcome: 'rate_limited', ip });
    throw error;
  }
  // The lookup, the token and the mail happen after the answer: same answer, same time.
  inBackground(ctx, async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user || !user.enabled) {
      await audit(ctx, { actorEmail: email, action: 'auth.request_reset', outcome: 'failure', ip, detail: 'no active account' });
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await replaceResetToken(ctx.db, user.id, sha256(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
    await sendMail(ctx, {
      to: user.email,
      subject: 'Reset your UniPortal password',
      secret: true,
      text: [
        `Hello ${user.firstName},`,
        '',
        'We received a request to reset the password of your UniPortal account.',
        'Open this link within 30 minutes to choose a new password:',
        '',
        resetLink(ctx, token),
        '',
        'The link works once. If you did not ask for this, ignore this email: your password stays the same.',
        '',
        'UniPortal',
      ].join('\n'),
    });
    await audit(ctx, { actorId: user.id, actorEmail: user.email, action: 'auth.request_reset', target: `user:${user.id}`, outcome: 'success', ip });
  });
  return { message: AUTH_MESSAGES.resetRequested };
}

/**
 * The link is checked before the new password is hashed, and attempts are
 * limited per address: made-up links cost a lookup, never an argon2 hash.
 */
export async function resetPassword(ctx: AppContext, body: { token: string; newPassword: string }, ip: string): Promise<{ message: string }> {
  try {
    await enforceLimits(ctx.limiter, [{ key: `reset_password:ip:${ip}`, limit: LIMITS.resetPasswordPerIp }]);
  } catch (error) {
    if (error instanceof TooManyAttempts) await auditThrottled(ctx, `reset_password:${ip}`, { action: 'auth.reset_password', outcome: 'rate_limited', ip });
    throw error;
  }
  checkPasswordStrength(body.newPassword);
  const tokenHash = sha256(body.token);
  const invalid = async () => {
    await auditThrottled(ctx, `reset_password:${ip}`, { action: 'auth.reset_password', outcome: 'failure', ip, detail: 'invalid or expired link' });
    return badRequest(AUTH_MESSAGES.resetInvalid);
  };
  const holder = await findResetTokenUser(ctx.db, tokenHash);
  if (holder === null) throw await invalid();
  const passwordHash = await hashPassword(body.newPassword);
  const userId = await ctx.db.transaction(async (tx) => {
    // Consumed only now, atomically: of two submissions of one link, one wins.
    const id = await consumeResetToken(tx, tokenHash);
    if (id === null) return null;
    await setPassword(tx, id, passwordHash);
    await deleteSessionsOf(tx, id);
    return id;
  });
  if (userId === null) throw await invalid();
  const user = await findUserById(ctx.db, userId);
  await audit(ctx, { actorId: userId, actorEmail: user?.email ?? null, action: 'auth.reset_password', target: `user:${userId}`, outcome: 'success', ip });
  return { message: AUTH_MESSAGES.resetDone };
}
