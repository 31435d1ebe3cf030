/**
 * The notification events and their defaults (issue 18), without zod: the
 * applicant's Settings page takes them through 'shared-api/notifications', so
 * they are not in the browser barrel every page (guests' too) downloads; the
 * server takes them through the contract.
 */
/** The events an applicant is told about, each by SMS and/or e-mail as they choose on Settings. */
export const NOTIFICATION_EVENTS = ['SUBMITTED', 'PAYMENT', 'DOCUMENTS', 'DECISION'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  SUBMITTED: 'Application submitted',
  PAYMENT: 'Payment received or failed',
  DOCUMENTS: 'A document needs a new file',
  DECISION: 'Decision on an application',
};
/** Events that also have an e-mail (the others are told by SMS only). */
export const NOTIFICATION_EVENTS_WITH_EMAIL: readonly NotificationEvent[] = ['PAYMENT', 'DOCUMENTS', 'DECISION'];
/** Until the applicant chooses: SMS for decisions and payments, every e-mail there is. */
export const NOTIFICATION_DEFAULTS: Record<NotificationEvent, { sms: boolean; email: boolean }> = {
  SUBMITTED: { sms: false, email: false },
  PAYMENT: { sms: true, email: true },
  DOCUMENTS: { sms: false, email: true },
  DECISION: { sms: true, email: true },
};
/** What an applicant agrees to by turning an SMS on (recorded with the time). */
export const SMS_CONSENT_VERSION = 'sms-2026-11';
