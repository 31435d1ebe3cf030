/**
 * Registration, sign-in and password reset. Answers never tell whether an
 * e-mail has an account beyond what the spec needs (a taken e-mail on
 * register), and take about as long either way.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PRIVACY_POLICY_VERSION, type RegisterRequest } from 'shared-api/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { universities } from '../db/schema';
import {
  consumeResetToken,
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
  replaceResetToken,
  setPassword,
  type UserRow,
} from '../db/queries/users';
import { badRequest, conflict, forbidden, unauthorized } from '../errors';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../lib/common-passwords';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../lib/passwords';
import { SESSION_ENDED_MESSAGE, type Caller } from '../plugins/access';
import { audit } from './audit';
import { inBackground, sendMail } from './mail';
import { enforceLimits, LIMITS, TooManyAttempts, type RateLimiter } from './rate-limit';

type RegisterBody = z.output<typeof RegisterRequest>;

export const AUTH_MESSAGES = {
  registered: 'Registration successful',
  adminCreated: 'Admin user added successfully',
  emailTaken: 'An account with this email already exists',
  passwordsDiffer: 'Passwords do not match',
  loginOk: 'Login successful',
  invalidLogin: 'Invalid email or password',
  disabled: 'Account disabled. Please contact support.',
  loggedOut: 'Logged out successfully',
  resetRequested: 'If an account exists for this email, a reset link has been sent.',
  resetInvalid: 'This reset link is invalid or has expired.',
  resetDone: 'Password reset successfully.',
} as const;

export const RESET_TOKEN_TTL_MS = 30 * 60_000;

export function displayNameOf(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function checkPasswordStrength(password: string): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/* ---------- register ---------- */

export async function register(
  ctx: AppContext,
  caller: Caller | null,
  body: RegisterBody,
  ip: string,
  options: { presentedToken?: boolean; limiter?: RateLimiter } = {},
): Promise<{ message: string }> {
  const { presentedToken = false, limiter } = options;
  if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) throw badRequest(AUTH_MESSAGES.passwordsDiffer);
  const asSuperuser = caller?.role === 'SUPERUSER';
  if (body.role === 'ADMIN' && !asSuperuser) {
    // The Add Admin form with a stale session must not quietly create an applicant.
    if (presentedToken && !caller) throw unauthorized(SESSION_ENDED_MESSAGE);
    if (caller) throw forbidden('Only a superuser can create admin accounts.');
  }
  // Only a SUPERUSER may create staff; a guest always becomes an applicant, whatever the body says.
  const role = asSuperuser && body.role === 'ADMIN' ? 'ADMIN' : 'USER';
  if (asSuperuser && body.role === 'SUPERUSER') throw badRequest('role: must be USER or ADMIN');
  let universityId: number | null = null;
  if (role === 'ADMIN') {
    if (body.confirmPassword === undefined) throw badRequest('confirmPassword: is required');
    if (!body.universityId) throw badRequest('universityId: is required');
    const [uni] = await ctx.db.select({ id: universities.id }).from(universities).where(eq(universities.id, body.universityId)).limit(1);
    if (!uni) throw badRequest('universityId: no such university');
    universityId = uni.id;
  }
  checkPasswordStrength(body.password);
  // Taken-address answers are counted per address (they are what enumeration would probe): an
  // attempt is counted up front and taken back unless the e-mail turns out to be taken.
  const takenKey = `register:taken:ip:${ip}`;
  if (limiter && !asSuperuser) {
    try {
      await enforceLimits(limiter, [{ key: takenKey, limit: LIMITS.registerTakenPerIp }]);
    } catch (error) {
      await limiter.undo(takenKey);
      if (error instanceof TooManyAttempts) await audit(ctx, { actorEmail: body.email, action: 'auth.register', outcome: 'rate_limited', ip });
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
    if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTaken);
    if (limiter && !asSuperuser) await limiter.undo(takenKey);
    throw error;
  }
  if (limiter && !asSuperuser) await limiter.undo(takenKey);
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

export async function login(
  ctx: AppContext,
  limiter: RateLimiter,
  body: { email: string; password: string },
  ip: string,
): Promise<{ token: string; message: string }> {
  const email = body.email.trim().toLowerCase();
  const keys = [
    { key: `login:email:${email}`, limit: LIMITS.loginPerEmail },
    { key: `login:ip:${ip}`, limit: LIMITS.loginPerIp },
  ];
  try {
    await enforceLimits(limiter, keys);
  } catch (error) {
    if (error instanceof TooManyAttempts) await audit(ctx, { actorEmail: email, action: 'auth.login', outcome: 'rate_limited', ip });
    throw error;
  }
  const user = await findUserByEmail(ctx.db, email);
  // Verify against a dummy hash for unknown e-mails: same work, same answer.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user || !valid) {
    await audit(ctx, { actorId: user?.id ?? null, actorEmail: email, action: 'auth.login', outcome: 'failure', ip });
    throw unauthorized(AUTH_MESSAGES.invalidLogin);
  }
  // A good password takes its attempt back, so a user's own sign-ins never lock it out.
  await Promise.all(keys.map((k) => limiter.undo(k.key)));
  if (!user.enabled) {
    await audit(ctx, { actorId: user.id, actorEmail: user.email, action: 'auth.login', outcome: 'disabled', ip });
    throw forbidden(AUTH_MESSAGES.disabled);
  }
  const token = await ctx.tokens.sign({
    id: user.id,
    email: user.email,
    phone: user.phone,
    role: user.role,
    universityId: user.universityId,
    name: displayNameOf(user),
    tokenVersion: user.tokenVersion,
  });
  await audit(ctx, { actorId: user.id, actorEmail: user.email, action: 'auth.login', target: `user:${user.id}`, outcome: 'success', ip });
  return { token, message: AUTH_MESSAGES.loginOk };
}

/* ---------- password reset ---------- */

export function resetLink(ctx: Pick<AppContext, 'config'>, token: string): string {
  return `${ctx.config.publicUrl}/reset-password/${token}`;
}

export async function requestReset(ctx: AppContext, limiter: RateLimiter, rawEmail: string, ip: string): Promise<{ message: string }> {
  const email = rawEmail.trim().toLowerCase();
  try {
    await enforceLimits(limiter, [
      { key: `reset:email:${email}`, limit: LIMITS.resetPerEmail },
      { key: `reset:ip:${ip}`, limit: LIMITS.resetPerIp },
    ]);
  } catch (error) {
    if (error instanceof TooManyAttempts) await audit(ctx, { actorEmail: email, action: 'auth.request_reset', outcome: 'rate_limited', ip });
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

export async function resetPassword(ctx: AppContext, body: { token: string; newPassword: string }, ip: string): Promise<{ message: string }> {
  checkPasswordStrength(body.newPassword);
  const passwordHash = await hashPassword(body.newPassword);
  const tokenHash = sha256(body.token);
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await consumeResetToken(tx, tokenHash);
    if (id === null) return null;
    const user = await findUserById(tx, id);
    if (!user || !user.enabled || user.deletedAt) return null;
    await setPassword(tx, id, passwordHash);
    return id;
  });
  if (userId === null) {
    await audit(ctx, { action: 'auth.reset_password', outcome: 'failure', ip, detail: 'invalid or expired link' });
    throw badRequest(AUTH_MESSAGES.resetInvalid);
  }
  const user = await findUserById(ctx.db, userId);
  await audit(ctx, { actorId: userId, actorEmail: user?.email ?? null, action: 'auth.reset_password', target: `user:${userId}`, outcome: 'success', ip });
  return { message: AUTH_MESSAGES.resetDone };
}
