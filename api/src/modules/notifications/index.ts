/**
 * Notifications (issue 18): the applicant's channels per event, the SMS of
 * each event queued in the event's own transaction, and whether an e-mail is
 * wanted.
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
  paymentSms,
  submittedEmail,
  submittedSms,
  type DecisionOutcome,
  type LapsingOffer,
} from './texts';
