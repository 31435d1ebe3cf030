/** The waitlist: a repeated e-mail is welcomed kindly and counted once. */
import type { AppContext } from '../context';
import { addSubscriber, countSubscribers } from '../db/queries/subscribers';

export const SUBSCRIBER_MESSAGES = {
  joined: 'Thanks for joining the waitlist!',
  already: 'You are already on the waitlist!',
} as const;

export function subscriberCount(ctx: Pick<AppContext, 'db'>): Promise<number> {
  return countSubscribers(ctx.db);
}

export async function subscribe(ctx: Pick<AppContext, 'db'>, input: { name: string; email: string }): Promise<{ created: boolean; message: string }> {
  const created = await addSubscriber(ctx.db, input.name, input.email.toLowerCase());
  return { created, message: created ? SUBSCRIBER_MESSAGES.joined : SUBSCRIBER_MESSAGES.already };
}
