/**
 * The About page's contact form: the message goes to the mail outbox, to the
 * portal's team (CONTACT_TO), with the sender's address in the text so the
 * team can answer. What the page promises ('We'll get back to you soon') is
 * then something a person can do.
 */
import type { AppContext } from '../../context';
import { sendMail } from '../../infrastructure/mail/outbox';
import { enforceLimits, LIMITS, type RateLimiter } from '../../infrastructure/rate-limit';

export const CONTACT_SENT_MESSAGE = 'Your message has been sent to the UniPortal team.';

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export async function sendContactMessage(ctx: Pick<AppContext, 'config' | 'db' | 'database'>, limiter: RateLimiter, input: ContactInput, ip: string): Promise<string> {
  await enforceLimits(limiter, [{ key: `contact:ip:${ip}`, limit: LIMITS.contactPerIp }]);
  await sendMail(ctx, {
    to: ctx.config.mail.contactTo,
    subject: `Contact form: ${input.subject}`,
    text: [`From: ${input.name} <${input.email}>`, `Subject: ${input.subject}`, '', input.message, '', 'Sent from the About page of UniPortal. Reply to the address above.'].join('\n'),
  });
  return CONTACT_SENT_MESSAGE;
}
