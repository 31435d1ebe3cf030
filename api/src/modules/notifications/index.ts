/**
 * Notifications (issue 18): the applicant's channels per event, the SMS of
 * each event queued in the event's own transaction, and whether an e-mail is
 * wanted; the notification centre (`centre.ts`): each account's own
 * entries, the applicant's written by `queueSmsNotice`, the staff's by
 * `notifyAssignee` and `notifyStaff`.
 */
export { notificationRoutes } from './routes';
export { queueEmailNotice, queueSmsNotice, wantsEmail, type EmailNotice, type SmsNotice } from './service';
export {
  accountArchivedEmail,
  accountArchivedSms,
  decisionSms,
  documentsSms,
  intakeClosingSms,
  lusakaDateTime,
  offerLapsingEmail,
  offerLapsingSms,
  paymentFailedEmail,
  paymentSms,
  submittedEmail,
  submittedSms,
  type DecisionOutcome,
  type LapsingOffer,
} from './texts';
export { notifyAssignee, notifyStaff, type StaffNotice } from './centre';
