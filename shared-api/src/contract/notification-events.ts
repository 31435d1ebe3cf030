/**
 * The notification events and their defaults (issue 18), without zod: the
 * applicant's Settings page takes them through 'shared-api/notifications', so
 * they are not in the browser barrel every page (guests' too) downloads; the
 * server takes them through the contract.
 */
/** The events an applicant is told about, each by SMS and/or e-mail as they choose on Settings. */
export const NOTIFICATION_EVENTS = ['SUBMITTED', 'PAYMENT', 'DOCUMENTS', 'DECISION', 'OFFER_LAPSING', 'INTAKE_CLOSING', 'ACCOUNT_ARCHIVED'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  SUBMITTED: 'Application submitted',
  PAYMENT: 'Payment received or failed',
  DOCUMENTS: 'A document needs a new file',
  DECISION: 'Decision on an application',
  OFFER_LAPSING: 'An offer lapses in 48 hours',
  INTAKE_CLOSING: 'An intake is closing soon',
  ACCOUNT_ARCHIVED: 'Account archived or restored',
};
/** Events that also have an e-mail (today every one; an event told by SMS only would be left out). */
export const NOTIFICATION_EVENTS_WITH_EMAIL: readonly NotificationEvent[] = NOTIFICATION_EVENTS;
/**
 * Until the applicant chooses: SMS for decisions, payments, a lapsing offer,
 * a closing intake and an archived account; every e-mail. A saved choice
 * made before an event existed keeps these, except that an applicant who
 * had turned every SMS off gets no SMS of the new event either.
 */
export const NOTIFICATION_DEFAULTS: Record<NotificationEvent, { sms: boolean; email: boolean }> = {
  SUBMITTED: { sms: false, email: true },
  PAYMENT: { sms: true, email: true },
  DOCUMENTS: { sms: false, email: true },
  DECISION: { sms: true, email: true },
  OFFER_LAPSING: { sms: true, email: true },
  INTAKE_CLOSING: { sms: true, email: true },
  ACCOUNT_ARCHIVED: { sms: true, email: true },
};
/** What an applicant agrees to by turning an SMS on (recorded with the time). */
export const SMS_CONSENT_VERSION = 'sms-2026-11';
