/**
 * Registration and sign-in. Answers never tell whether an e-mail has an
 * account beyond what the spec needs (a taken e-mail on register), and take
 * about as long either way. Password reset is in password-reset.ts.
 */
import { createHash } from 'node:crypto';
import { PRIVACY_POLICY_VERSION, type RegisterRequest } from 'shared-api/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, unauthorized } from '../../errors';
import { isUniqueViolation } from '../../infrastructure/database/sql';
import { SESSION_ENDED_MESSAGE, type Caller } from '../../infrastructure/http/access';
import { BACKOFFS, checkBackoff, enforceLimits, LIMITS, SPRAYING_ADDRESS, TooManyAttempts, type Backoff } from '../../infrastructure/rate-limit';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../infrastructure/security/common-passwords';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../infrastructure/security/passwords';
import { audit, auditThrottled } from '../audit';
import { universityExists } from '../catalogue';
import { issueDevice, readDevice } from './device-cookie';
import { findUserByEmail, insertUser } from './queries';
import { startSession } from './sessions';

type RegisterBody = z.output<typeof RegisterRequest>;

export const AUTH_MESSAGES = {
  registered: 'Registration successful',
  adminCreated: 'Admin user added successfully',
  emailTaken: 'An account with this email already exists',
  passwordsDiffer: 'Passwords do not match',
  loginOk: 'Login successful',
  invalidLogin: 'Invalid email or password',
  disabled: 'Account disabled. Please contact support.',
  resetRequested: 'If an account exists for this email, a reset link has been sent.',
  resetInvalid: 'This reset link is invalid or has expired.',
  resetDone: 'Password reset successfully.',
  resetCodeRequested: 'If an account exists for this phone number, a reset code has been sent by SMS.',
  resetCodeInvalid: 'This code is not valid or has expired. Ask for a new code.',
} as const;

export function checkPasswordStrength(password: string): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/* ---------- register ---------- */

export async function register(ctx: AppContext, caller: Caller | null, body: RegisterBody, ip: string, options: { presentedToken?: boolean } = {}): Promise<{ message: string }> {
  const { presentedToken = false } = options;
  if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) throw badRequest(AUTH_MESSAGES.passwordsDiffer);
  const asSuperuser = caller?.role === 'SUPERUSER';
  // Staff create ADMINs: a SUPERUSER for any university, an ADMIN for its own only.
  const asStaff = asSuperuser || caller?.role === 'ADMIN';
  if (body.role === 'ADMIN' && !asStaff) {
    // The Add Admin form with a stale session must not quietly create an applicant.
    if (presentedToken && !caller) throw unauthorized(SESSION_ENDED_MESSAGE);
    if (caller) throw forbidden('Only staff can create admin accounts.');
  }
  if (asStaff && body.role === 'SUPERUSER') throw badRequest('role: must be USER or ADMIN');
  // Only staff may create staff; a guest always becomes an applicant, whatever the body says.
  const role = asStaff && body.role === 'ADMIN' ? 'ADMIN' : 'USER';
  let universityId: number | null = null;
  if (role === 'ADMIN') {
    if (body.confirmPassword === undefined) throw badRequest('confirmPassword: is required');
    // An ADMIN's new colleague joins the ADMIN's university, whatever the form says.
    const wanted = asSuperuser ? body.universityId : caller?.universityId;
    if (!asSuperuser && !wanted) throw forbidden('Your account belongs to no university, so it cannot add admins.');
    if (!wanted) throw badRequest('universityId: is required');
    if (!(await universityExists(ctx, wanted))) throw badRequest('universityId: no such university');
    universityId = wanted;
  }
  checkPasswordStrength(body.password);
  // Per address: new accounts (counted up front, taken back unless one is made), and
  // taken-address answers, which enumeration would probe; beyond their own limit only
  // those answers are refused, so a repeated taken e-mail never blocks a new registration.
  const throttled = !asSuperuser;
  const newKey = `register:ip:${ip}`;
  if (throttled) {
    try {
      await enforceLimits(ctx.limiter, [{ key: newKey, limit: LIMITS.registerPerIp }]);
    } catch (error) {
      await ctx.limiter.undo(newKey);
      if (error instanceof TooManyAttempts) await auditThrottled(ctx, `register:${ip}`, { actorEmail: body.email, action: 'auth.register', outcome: 'rate_limited', ip });
      throw error;
    }
  }
  // Hash before looking at the e-mail, so a taken address answers no faster.
  const passwordHash = await hashPassword(body.password);
  const consent = body.consent === true;
  let user;
  try {
    user = await insertUser(ctx.db, {
      email: body.email,
      passwordHash,
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      role,
      universityId,
      consentAt: consent ? new Date() : null,
      consentVersion: consent ? PRIVACY_POLICY_VERSION : null,
    });
  } catch (error) {
    if (throttled) await ctx.limiter.undo(newKey);
    if (!isUniqueViolation(error)) throw error;
    if (throttled) {
      try {
        await enforceLimits(ctx.limiter, [{ key: `register:taken:ip:${ip}`, limit: LIMITS.registerTakenPerIp }]);
      } catch (refused) {
        if (refused instanceof TooManyAttempts) await auditThrottled(ctx, `register:${ip}`, { actorEmail: body.email, action: 'auth.register', outcome: 'rate_limited', ip });
        throw refused;
      }
    }
    throw conflict(AUTH_MESSAGES.emailTaken);
  }
  await audit(ctx, {
    actorId: caller?.id ?? user.id,
    actorEmail: caller?.email ?? user.email,
    action: role === 'ADMIN' ? 'user.create_admin' : 'auth.register',
    target: `user:${user.id}`,
    outcome: 'success',
    ip,
    detail: role === 'ADMIN' ? `university:${universityId}` : null,
  });
  return { message: role === 'ADMIN' ? AUTH_MESSAGES.adminCreated : AUTH_MESSAGES.registered };
}

/* ---------- login ---------- */

export interface LoginResult {
  token: string;
  message: string;
  /** The device cookie's new value (device-cookie.ts). */
  device: string;
}

/**
 * Sign-in with delays instead of lockouts (OWASP): failures slow down the
 * account from that address (infrastructure/rate-limit.ts BACKOFFS.loginPair) and
 * the account from devices it never signed in from (loginAccount); a device
 * the account signed in from before is slowed by its own failures only, so
 * an attack from elsewhere never keeps the owner out. Failures from one
 * address over many accounts only shorten that address's free attempts.
 */
export async function login(ctx: AppContext, body: { email: string; password: string }, ip: string, deviceCookie?: string): Promise<LoginResult> {
  const limiter = ctx.limiter;
  const email = body.email.trim().toLowerCase();
  const user = await findUserByEmail(ctx.db, email);
  const device = user ? readDevice(ctx.config.jwt.secret, deviceCookie) : null;
  const knownDevice = device !== null && device.userId === user!.id ? device : null;
  // Not 'login:ip:', the name of the fixed-window counters this replaced (another Redis type).
  const addressKey = `login:failed-ip:${ip}`;
  const spraying = knownDevice ? false : (await limiter.failures(addressKey)).count >= SPRAYING_ADDRESS.failures;
  const checks: Array<{ key: string; backoff: Backoff }> = knownDevice
    ? [{ key: `login:device:${knownDevice.deviceId}`, backoff: BACKOFFS.loginDevice }]
    : [
        { key: `login:pair:${email}:${ip}`, backoff: spraying ? { ...BACKOFFS.loginPair, free: 1 } : BACKOFFS.loginPair },
        { key: `login:account:${email}`, backoff: BACKOFFS.loginAccount },
      ];
  try {
    for (const check of checks) await checkBackoff(limiter, check.key, check.backoff);
  } catch (error) {
    if (error instanceof TooManyAttempts) await auditThrottled(ctx, `login:${ip}`, { actorEmail: email, action: 'auth.login', outcome: 'rate_limited', ip });
    throw error;
  }
  // Verify against a dummy hash for unknown e-mails: same work, same answer.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user || !valid) {
    const now = Date.now();
    await Promise.all([...checks.map((c) => limiter.recordFailure(c.key, now, c.backoff.forgetMs)), knownDevice ? undefined : limiter.recordFailure(addressKey, now, SPRAYING_ADDRESS.forgetMs)]);
    await audit(ctx, { actorId: user?.id ?? null, actorEmail: email, action: 'auth.login', outcome: 'failure', ip });
    throw unauthorized(AUTH_MESSAGES.invalidLogin);
  }
  // The owner's success forgets their own typos; what other devices did to the account stays counted.
  await limiter.clearFailures(checks[0]!.key);
  if (!user.enabled) {
    await audit(ctx, { actorId: user.id, actorEmail: user.email, action: 'auth.login', outcome: 'disabled', ip });
    throw forbidden(AUTH_MESSAGES.disabled);
  }
  const token = await startSession(ctx, user);
  await audit(ctx, { actorId: user.id, actorEmail: user.email, action: 'auth.login', target: `user:${user.id}`, outcome: 'success', ip });
  return { token, message: AUTH_MESSAGES.loginOk, device: issueDevice(ctx.config.jwt.secret, user.id, knownDevice?.deviceId).value };
}
