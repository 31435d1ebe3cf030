/**
 * Password reset by SMS code (issue 18 item 5), beside the e-mailed link
 * (password-reset.ts, unchanged): an applicant who registered a phone asks
 * for a code with that number, gets 6 digits by SMS valid 10 minutes, and
 * sets a new password with number, code and password. A code dies after 5
 * wrong tries, or when used, or when a new one is asked for. Asking answers
 * the same whatever the number, and the work happens after the answer (as
 * the e-mail reset). The code is kept as an HMAC (the server's secret and the
 * account), sealed in the SMS outbox until sent, and never logged.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { inBackground } from '../../infrastructure/mail/outbox';
import { enforceLimits, LIMITS, TooManyAttempts } from '../../infrastructure/rate-limit';
import { hashPassword } from '../../infrastructure/security/passwords';
import { queueSmsInTransaction } from '../../infrastructure/sms/outbox';
import { audit, auditThrottled } from '../audit';
import { countResetCodeAttempt, deleteResetCode, deleteSessionsOf, findApplicantsByPhone, lockResetCode, replaceResetCode, setPassword } from './queries';
import { AUTH_MESSAGES, checkPasswordStrength } from './service';

export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_CODE_MAX_ATTEMPTS = 5;

function codeHash(ctx: Pick<AppContext, 'config'>, userId: number, code: string): string {
  return createHmac('sha256', ctx.config.jwt.secret).update(`password-reset-code:${userId}:${code}`).digest('base64url');
}

/** Same answer, same time, whatever the number (E.164, parsed by the contract). */
export async function requestResetCode(ctx: AppContext, phone: string, ip: string): Promise<{ message: string }> {
  try {
    await enforceLimits(ctx.limiter, [
      { key: `reset_code:pair:${phone}:${ip}`, limit: LIMITS.resetCodePerPhoneAndIp },
      { key: `reset_code:ip:${ip}`, limit: LIMITS.resetPerIp },
      { key: `reset_code:phone:${phone}`, limit: LIMITS.resetCodePerPhone },
    ]);
  } catch (error) {
    if (error instanceof TooManyAttempts) await auditThrottled(ctx, `request_reset_code:${ip}`, { action: 'auth.request_reset_code', outcome: 'rate_limited', ip });
    throw error;
  }
  inBackground(ctx, async () => {
    const found = await findApplicantsByPhone(ctx.db, phone);
    // One number on two accounts: no code, since the code would not say which account it resets.
    if (found.length !== 1 || ctx.config.sms.mode === 'off') {
      await audit(ctx, { action: 'auth.request_reset_code', outcome: 'failure', ip, detail: found.length > 1 ? 'number on several accounts' : found.length === 0 ? 'no active account' : 'sms off' });
      return;
    }
    const user = found[0]!;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const id = await replaceResetCode(tx, user.id, codeHash(ctx, user.id, code), new Date(now.getTime() + RESET_CODE_TTL_MS), now);
      await queueSmsInTransaction(ctx, tx, {
        userId: user.id,
        to: phone,
        event: 'RESET_CODE',
        idempotencyKey: `reset-code:${id}:${now.getTime()}`,
        secret: true,
        text: `UniPortal: your password reset code is ${code}. It works once, for 10 minutes. If you did not ask for it, ignore this SMS.`,
      });
    });
    await audit(ctx, { actorId: user.id, actorEmail: user.email, action: 'auth.request_reset_code', target: `user:${user.id}`, outcome: 'success', ip });
  });
  return { message: AUTH_MESSAGES.resetCodeRequested };
}

/**
 * Checks the code before hashing the new password; a wrong code counts an
 * attempt (the fifth kills it). One answer for every failure: no account,
 * no code, expired, used up or wrong.
 */
export async function resetPasswordWithCode(ctx: AppContext, body: { phone: string; code: string; newPassword: string }, ip: string): Promise<{ message: string }> {
  try {
    await enforceLimits(ctx.limiter, [{ key: `reset_code_check:ip:${ip}`, limit: LIMITS.resetCodeCheckPerIp }]);
  } catch (error) {
    if (error instanceof TooManyAttempts) await auditThrottled(ctx, `reset_code_check:${ip}`, { action: 'auth.reset_password_code', outcome: 'rate_limited', ip });
    throw error;
  }
  checkPasswordStrength(body.newPassword);
  const invalid = async () => {
    await auditThrottled(ctx, `reset_code_check:${ip}`, { action: 'auth.reset_password_code', outcome: 'failure', ip, detail: 'invalid, used or expired code' });
    return badRequest(AUTH_MESSAGES.resetCodeInvalid);
  };
  const found = await findApplicantsByPhone(ctx.db, body.phone);
  if (found.length !== 1) throw await invalid();
  const user = found[0]!;
  const now = ctx.clock.now();
  const expected = Buffer.from(codeHash(ctx, user.id, body.code));
  const check = await ctx.db.transaction(async (tx) => {
    const row = await lockResetCode(tx, user.id);
    if (!row || row.usedAt || row.expiresAt <= now || row.attempts >= RESET_CODE_MAX_ATTEMPTS) return 'invalid' as const;
    const stored = Buffer.from(row.codeHash);
    if (stored.length !== expected.length || !timingSafeEqual(stored, expected)) {
      await countResetCodeAttempt(tx, row.id);
      return 'invalid' as const;
    }
    return row.id;
  });
  if (check === 'invalid') throw await invalid();
  const passwordHash = await hashPassword(body.newPassword);
  const done = await ctx.db.transaction(async (tx) => {
    // Taken only now, locked: of two uses of one code, one wins.
    const row = await lockResetCode(tx, user.id);
    if (!row || row.id !== check || row.usedAt) return false;
    await deleteResetCode(tx, row.id);
    await setPassword(tx, user.id, passwordHash);
    await deleteSessionsOf(tx, user.id);
    return true;
  });
  if (!done) throw await invalid();
  await audit(ctx, { actorId: user.id, actorEmail: user.email, action: 'auth.reset_password_code', target: `user:${user.id}`, outcome: 'success', ip });
  return { message: AUTH_MESSAGES.resetDone };
}
