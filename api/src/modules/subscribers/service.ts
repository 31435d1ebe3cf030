/**
 * The waitlist: a repeated e-mail is welcomed kindly and counted once. New
 * entries are limited per address, and so are repeats, separately: beyond
 * their own limit only repeats are refused, so someone resubmitting an
 * e-mail already listed never blocks a new sign-up from the same address.
 */
import type { AppContext } from '../../context';
import { addSubscriber, countSubscribers } from './queries';
import { auditThrottled } from '../audit';
import { enforceLimits, LIMITS, TooManyAttempts } from '../../infrastructure/rate-limit';

export const SUBSCRIBER_MESSAGES = {
  joined: 'Thanks for joining the waitlist!',
  already: 'You are already on the waitlist!',
} as const;

export function subscriberCount(ctx: Pick<AppContext, 'db'>): Promise<number> {
  return countSubscribers(ctx.db);
}

async function limited(ctx: Pick<AppContext, 'db' | 'limiter'>, key: string, limit: { max: number; windowMs: number }, ip: string): Promise<void> {
  try {
    await enforceLimits(ctx.limiter, [{ key, limit }]);
  } catch (error) {
    if (error instanceof TooManyAttempts) await auditThrottled(ctx, `subscribe:${ip}`, { action: 'subscriber.create', outcome: 'rate_limited', ip });
    throw error;
  }
}

export async function subscribe(ctx: Pick<AppContext, 'db' | 'limiter'>, input: { name: string; email: string }, ip: string): Promise<{ created: boolean; message: string }> {
  // Counted up front (concurrent sign-ups cannot slip past), taken back for a repeat.
  const newKey = `subscribe:ip:${ip}`;
  try {
    await limited(ctx, newKey, LIMITS.subscribePerIp, ip);
  } catch (error) {
    await ctx.limiter.undo(newKey);
    throw error;
  }
  let created: boolean;
  try {
    created = await addSubscriber(ctx.db, input.name, input.email.toLowerCase());
  } catch (error) {
    await ctx.limiter.undo(newKey);
    throw error;
  }
  if (!created) {
    await ctx.limiter.undo(newKey);
    await limited(ctx, `subscribe:repeat:ip:${ip}`, LIMITS.subscribeRepeatPerIp, ip);
  }
  return { created, message: created ? SUBSCRIBER_MESSAGES.joined : SUBSCRIBER_MESSAGES.already };
}
