/**
 * Notification preferences and password reset by SMS code (issue 18). The
 * event names, labels and defaults are constants (constants.ts).
 */
import { z } from 'zod';
import { NOTIFICATION_EVENTS } from './notification-events';
import { Password, Phone } from './schemas';

export const NotificationChoice = z.object({ event: z.enum(NOTIFICATION_EVENTS), sms: z.boolean(), email: z.boolean() }).strict();
export type NotificationChoice = z.infer<typeof NotificationChoice>;

export const NotificationPreferences = z.object({
  /** Every event, in NOTIFICATION_EVENTS order; `email` is false for an event without an e-mail. */
  events: z.array(NotificationChoice),
  /** The account's phone in E.164, where SMS go; null: no SMS can go. */
  phone: z.string().nullable(),
  /** When the applicant last agreed to SMS (null: never saved with an SMS on). */
  smsConsentAt: z.string().nullable(),
  /** Whether this portal sends SMS at all. */
  smsAvailable: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** The events changed (any subset; the others keep their current choice). */
export const UpdateNotificationPreferences = z
  .object({
    events: z
      .array(NotificationChoice)
      .min(1, 'choose at least one event')
      .max(NOTIFICATION_EVENTS.length)
      .refine((list) => new Set(list.map((c) => c.event)).size === list.length, 'must name each event once'),
  })
  .strict();
export type UpdateNotificationPreferences = z.input<typeof UpdateNotificationPreferences>;

/** Password reset by SMS code: the phone the account registered. */
export const RequestResetCodeRequest = z.object({ phone: Phone }).strict();
export type RequestResetCodeRequest = z.input<typeof RequestResetCodeRequest>;

export const ResetPasswordWithCodeRequest = z
  .object({
    phone: Phone,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'must be the 6 digits of the code'),
    newPassword: Password,
  })
  .strict();
export type ResetPasswordWithCodeRequest = z.input<typeof ResetPasswordWithCodeRequest>;
