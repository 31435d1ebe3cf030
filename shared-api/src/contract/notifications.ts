/**
 * Notification preferences and password reset by SMS code (issue 18). The
 * event names, labels and defaults are constants (constants.ts).
 */
import { z } from 'zod';
import { NOTIFICATION_EVENTS } from './notification-events';
import { Paged, PageQuery, Password, Phone } from './schemas';

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

/* ---------- the notification centre (issue 18 item 4) ---------- */

/** Kinds told to staff about their queue (an applicant's are the NOTIFICATION_EVENTS). */
export const STAFF_NOTIFICATION_KINDS = ['ASSIGNED', 'DOCUMENT_UPLOADED', 'OFFER_ANSWERED'] as const;

/** One message of the centre, the caller's own. `link` is a path of the portal ('/applications/12'), or null. */
export const NotificationItem = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  applicationId: z.number().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationListQuery = PageQuery.pick({ page: true, size: true }).strict();
export type NotificationListQuery = z.input<typeof NotificationListQuery>;

/** A page of one's notifications, newest first, with how many of all of them are unread. */
export const NotificationList = Paged(NotificationItem).extend({ unreadCount: z.number() });
export type NotificationList = Paged<NotificationItem> & { unreadCount: number };

/** The bell's poll, and the answer to marking read: the unread count alone. */
export const UnreadCount = z.object({ unreadCount: z.number() });
export type UnreadCount = z.infer<typeof UnreadCount>;
