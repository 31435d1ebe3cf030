/**
 * Intake reminders (issue 16, item 6; the SMS: issue 18): an e-mail and an
 * SMS, as the applicant chose, 72 and 24 hours before an intake closes to
 * applicants with a draft or an unpaid application, each once, whatever the
 * number of instances.
 */
export { sendIntakeReminders, startIntakeReminders } from './service';
