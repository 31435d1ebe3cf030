/**
 * One's own account settings: change the password (the current one required;
 * every other session ends), and change the e-mail or phone once a 6-digit
 * code sent by mail confirms it.
 *
 * A change in progress is a signed ticket the browser holds (payload and HMAC
 * under the session secret, with a hash of the code, the user's token version
 * and a 15-minute limit), so no table keeps half-made changes; wrong codes are
 * counted by the rate limiter like sign-in attempts.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { badRequest, conflict, unauthorized } from '../../errors';
import type { Caller } from '../../infrastructure/http/access';
import { sendMail } from '../../infrastructure/mail/outbox';
import { enforceLimits, type Limit, type RateLimiter } from '../../infrastructure/rate-limit';
import { verifyPassword } from '../../infrastructure/security/passwords';
import { audit } from '../audit';
import { AUTH_MESSAGES, checkPasswordStrength, findAccount, findAccountByEmail, renewSession, setAccountPassword, sha256, type UserRow } from '../auth';
import { setContact } from './queries';

export const SETTINGS_MESSAGES = {
  wrongPassword: 'The current password is not correct.',
  passwordChanged: 'Your password has been changed. You have been signed out on every other device.',
  codeSentEmail: 'We sent a 6-digit code to the new e-mail address. Enter it to confirm the change.',
  codeSentPhone: 'We sent a 6-digit code to your e-mail address. Enter it to confirm the new phone number.',
  sameEmail: 'That is already the e-mail address of your account.',
  samePhone: 'That is already the phone number of your account.',
  emailTaken: AUTH_MESSAGES.emailTaken,
  badTicket: 'This code has expired or was for another change. Please ask for a new code.',
  wrongCode: 'That code is not correct. Check the e-mail and try again.',
  emailChanged: 'Your e-mail address has been changed.',
  phoneChanged: 'Your phone number has been changed.',
} as const;

export const CONTACT_CODE_TTL_MS = 15 * 60_000;
/** Wrong current passwords and wrong codes, per account. */
export const SETTINGS_LIMITS = {
  passwordPerUser: { max: 10, windowMs: 15 * 60_000 },
  codePerUser: { max: 5, windowMs: 15 * 60_000 },
  codesSentPerUser: { max: 5, windowMs: 60 * 60_000 },
} as const satisfies Record<string, Limit>;

async function activeUser(ctx: AppContext, caller: Caller): Promise<UserRow> {
  const user = await findAccount(ctx, caller.id);
  if (!user || !user.enabled || user.deletedAt) throw unauthorized();
  return user;
}

export async function changePassword(
  ctx: AppContext,
  limiter: RateLimiter,
  caller: Caller,
  body: { currentPassword: string; newPassword: string },
  ip: string,
): Promise<{ message: string; token: string }> {
  const key = { key: `password-change:user:${caller.id}`, limit: SETTINGS_LIMITS.passwordPerUser };
  await enforceLimits(limiter, [key]);
  const user = await activeUser(ctx, caller);
  const valid = await verifyPassword(user.passwordHash, body.currentPassword);
  if (!valid) {
    await audit(ctx, { actorId: user.id, actorEmail: user.email, action: 'account.change_password', target: `user:${user.id}`, outcome: 'failure', ip });
    // 400, not 401: the session is fine, only the answer was wrong (a 401 would sign the browser out).
    throw badRequest(SETTINGS_MESSAGES.wrongPassword);
  }
  await limiter.undo(key.key);
  checkPasswordStrength(body.newPassword);
  // setPassword bumps the token version: every session, this one included, ends; this one gets a new token.
  await setAccountPassword(ctx, user.id, body.newPassword);
  const updated = await activeUser(ctx, caller);
  await audit(ctx, { actorId: user.id, actorEmail: user.email, action: 'account.change_password', target: `user:${user.id}`, outcome: 'success', ip });
  await sendMail(ctx, {
    to: user.email,
    subject: 'Your UniPortal password was changed',
    text: [
      `Hello ${user.firstName},`,
      '',
      'The password of your UniPortal account was just changed, and every other session was signed out.',
      'If this was not you, reset your password at once from the sign-in page.',
      '',
      'UniPortal',
    ].join('\n'),
  });
  return { message: SETTINGS_MESSAGES.passwordChanged, token: await renewSession(ctx, caller, updated) };
}

/* ---------- e-mail and phone, confirmed by a code ---------- */

interface Ticket {
  /** user id */
  u: number;
  k: 'email' | 'phone';
  v: string;
  /** token version when asked: a password change meanwhile voids the ticket */
  t: number;
  /** expiry, ms since the epoch */
  e: number;
  n: string;
  /** sha256 of nonce:code */
  h: string;
}

const mac = (ctx: AppContext, payload: string) => createHmac('sha256', `contact-change:${ctx.config.jwt.secret}`).update(payload).digest('base64url');

function signTicket(ctx: AppContext, ticket: Ticket): string {
  const payload = Buffer.from(JSON.stringify(ticket)).toString('base64url');
  return `${payload}.${mac(ctx, payload)}`;
}

function readTicket(ctx: AppContext, raw: string): Ticket | null {
  const [payload, signature, extra] = raw.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(ctx, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Ticket;
  } catch {
    return null;
  }
}

export async function startContactChange(
  ctx: AppContext,
  limiter: RateLimiter,
  caller: Caller,
  body: { kind: 'email'; value: string } | { kind: 'phone'; value: string },
  ip: string,
): Promise<{ message: string; ticket: string; sentTo: string }> {
  const user = await activeUser(ctx, caller);
  const value = body.value.trim();
  if (body.kind === 'email' ? value === user.email : value === user.phone) throw badRequest(body.kind === 'email' ? SETTINGS_MESSAGES.sameEmail : SETTINGS_MESSAGES.samePhone);
  if (body.kind === 'email' && (await findAccountByEmail(ctx, value))) throw conflict(SETTINGS_MESSAGES.emailTaken);
  await enforceLimits(limiter, [{ key: `contact-code:sent:${user.id}`, limit: SETTINGS_LIMITS.codesSentPerUser }]);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const nonce = randomBytes(12).toString('base64url');
  const ticket = signTicket(ctx, { u: user.id, k: body.kind, v: value, t: user.tokenVersion, e: Date.now() + CONTACT_CODE_TTL_MS, n: nonce, h: sha256(`${nonce}:${code}`) });
  // The code goes where it proves something: to the new address, or for a phone to the account's own.
  const sentTo = body.kind === 'email' ? value : user.email;
  await sendMail(ctx, {
    to: sentTo,
    subject: body.kind === 'email' ? 'Confirm your new UniPortal e-mail address' : 'Confirm your new UniPortal phone number',
    text: [
      `Hello ${user.firstName},`,
      '',
      body.kind === 'email' ? 'Enter this code in Settings to make this your UniPortal e-mail address:' : `Enter this code in Settings to change your phone number to ${value}:`,
      '',
      code,
      '',
      'The code works for 15 minutes. If you did not ask for this, ignore this e-mail: nothing changes.',
      '',
      'UniPortal',
    ].join('\n'),
  });
  await audit(ctx, { actorId: user.id, actorEmail: user.email, action: `account.${body.kind}_change_requested`, target: `user:${user.id}`, outcome: 'success', ip });
  return { message: body.kind === 'email' ? SETTINGS_MESSAGES.codeSentEmail : SETTINGS_MESSAGES.codeSentPhone, ticket, sentTo };
}

export async function confirmContactChange(ctx: AppContext, limiter: RateLimiter, caller: Caller, body: { ticket: string; code: string }, ip: string): Promise<{ message: string; token: string }> {
  const user = await activeUser(ctx, caller);
  const ticket = readTicket(ctx, body.ticket);
  if (!ticket || ticket.u !== user.id || ticket.t !== user.tokenVersion || Date.now() > ticket.e) throw badRequest(SETTINGS_MESSAGES.badTicket);
  await enforceLimits(limiter, [{ key: `contact-code:tries:${user.id}`, limit: SETTINGS_LIMITS.codePerUser }]);
  const expected = Buffer.from(ticket.h);
  const given = Buffer.from(sha256(`${ticket.n}:${body.code.trim()}`));
  if (!timingSafeEqual(expected, given)) {
    await audit(ctx, { actorId: user.id, actorEmail: user.email, action: `account.${ticket.k}_change`, target: `user:${user.id}`, outcome: 'failure', ip, detail: 'wrong code' });
    throw badRequest(SETTINGS_MESSAGES.wrongCode);
  }
  const updated = await setContact(ctx.db, user.id, ticket.k === 'email' ? { email: ticket.v } : { phone: ticket.v });
  if (!updated) throw conflict(SETTINGS_MESSAGES.emailTaken);
  await audit(ctx, { actorId: user.id, actorEmail: updated.email, action: `account.${ticket.k}_change`, target: `user:${user.id}`, outcome: 'success', ip });
  if (ticket.k === 'email') {
    // The old address hears of it: if someone else made the change, the owner can act.
    await sendMail(ctx, {
      to: user.email,
      subject: 'Your UniPortal e-mail address was changed',
      text: [
        `Hello ${user.firstName},`,
        '',
        'The e-mail address of your UniPortal account was just changed, and this address no longer signs in.',
        'If this was not you, contact the admissions office at once.',
        '',
        'UniPortal',
      ].join('\n'),
    });
  }
  return { message: ticket.k === 'email' ? SETTINGS_MESSAGES.emailChanged : SETTINGS_MESSAGES.phoneChanged, token: await renewSession(ctx, caller, updated) };
}
