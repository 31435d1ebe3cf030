/**
 * Notifications (issue 18): the applicant's channels per event, the SMS of
 * each event queued in the event's own transaction, and whether an e-mail is
 * wanted.
 */
export { notificationRoutes } from './routes';
export { queueSmsNotice, wantsEmail, type SmsNotice } from './service';
export { decisionSms, documentsSms, paymentSms, submittedSms, type DecisionOutcome } from './texts';
