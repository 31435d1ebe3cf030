/**
 * Intake reminders (issue 16, item 6): 72 and 24 hours before an intake
 * closes, an e-mail (the notice template: text and HTML) through the outbox to
 *
 * - applicants with an unsubmitted draft for the intake (DRAFT_72H,
 *   DRAFT_24H). The draft names a university, not an intake (the wizard
 *   chooses the intake at submission), so a draft counts for an intake only
 *   when that intake is the university's only open one at the time of the
 *   round; with several open intakes nobody can tell which one the draft is
 *   for, and no draft reminder goes. An applicant who already applied into the
 *   intake gets none for a new draft either.
 * - applicants with a submitted application in the intake whose fee is still
 *   owed (unpaid and undecided: UNPAID_72H, UNPAID_24H), unless a payment of
 *   it is under way with the provider (the payments module's `paymentState`);
 *   a later round reminds them if that payment fails.
 *
 * Exactly once per applicant, intake and kind, whatever the number of
 * instances: the row in `intake_reminders` is claimed (insert ... on conflict
 * do nothing returning) in the transaction that writes the mail to the
 * outbox, so either both exist or neither. A round sends the kind of the
 * window it is in: between 72 and 24 hours before closing the 72-hour one,
 * within 24 hours the 24-hour one only (a missed 72-hour window is not caught
 * up). Nothing before 72 hours, nothing once the intake has closed, nothing to
 * archived or deleted accounts and nothing for paid or decided applications.
 *
 * The same claim queues the reminder's SMS through the SMS outbox (issue 18,
 * event INTAKE_CLOSING), for applicants who want it (on by default), under a
 * key naming applicant, intake and kind; the e-mail, too, goes only when the
 * applicant wants this event's e-mails (on by default).
 */
import type { FastifyInstance } from 'fastify';
import { INTAKE_TIME_ZONE } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { runPeriodically } from '../../infrastructure/jobs/periodic';
import { queueMailInTransaction, type MailMessage } from '../../infrastructure/mail/outbox';
import { renderNotice } from '../../infrastructure/mail/template';
import { intakeClosingSms, queueSmsNotice, wantsEmail } from '../notifications';
import { paymentState } from '../payments';
import * as q from './queries';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'database'>;
export type { ReminderKind } from './queries';

const HOUR_MS = 60 * 60 * 1000;
/** The windows, longest first: a round inside several sends only the nearest one's reminder. */
export const REMINDER_WINDOWS = [
  { window: '72H', beforeMs: 72 * HOUR_MS },
  { window: '24H', beforeMs: 24 * HOUR_MS },
] as const;
export type ReminderWindow = (typeof REMINDER_WINDOWS)[number]['window'];

/** The window an intake closing at `closesAt` is in at `now`, or null (too early, or closed). */
export function reminderWindowAt(closesAt: Date, now: Date): ReminderWindow | null {
  const left = closesAt.getTime() - now.getTime();
  if (left <= 0) return null;
  let current: ReminderWindow | null = null;
  for (const { window, beforeMs } of REMINDER_WINDOWS) if (left <= beforeMs) current = window;
  return current;
}

/** "Friday 12 February 2027, 17:00 (Lusaka time)". */
export function lusakaDateTime(at: Date): string {
  // Built from parts, so the text does not depend on the ICU version's punctuation.
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: INTAKE_TIME_ZONE,
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} (Lusaka time)`;
}

const timeLeft = (window: ReminderWindow) => (window === '72H' ? 'in about three days' : 'in less than 24 hours');

export function draftReminder(ctx: Pick<AppContext, 'config'>, to: q.Recipient, intake: q.ClosingIntake, window: ReminderWindow): MailMessage {
  const closes = lusakaDateTime(intake.closesAt);
  return renderNotice(ctx.config, {
    to: to.email,
    universityName: intake.universityName,
    subject: `Finish your application: ${intake.universityName}, ${intake.name} closes ${closes}`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `Your application to ${intake.universityName} for the ${intake.name} is not finished yet. Applications for this intake close ${timeLeft(window)}, on ${closes}.`,
      'Your draft is saved: sign in on any device to carry on where you stopped.',
    ],
    link: { label: 'Continue your application', url: `${ctx.config.publicUrl}/apply/${intake.universityId}` },
  });
}

export function unpaidReminder(ctx: Pick<AppContext, 'config'>, to: q.Recipient, intake: q.ClosingIntake, window: ReminderWindow): MailMessage {
  const closes = lusakaDateTime(intake.closesAt);
  return renderNotice(ctx.config, {
    to: to.email,
    universityName: intake.universityName,
    subject: `Pay your application fee: ${intake.universityName}, ${intake.name} closes ${closes}`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `Your application ${to.applicationId} to ${intake.universityName} for the ${intake.name} has been submitted, but its application fee has not been paid yet. Applications for this intake close ${timeLeft(window)}, on ${closes}.`,
    ],
    link: { label: "Pay the fee on your application's page", url: `${ctx.config.publicUrl}/applications/${to.applicationId}` },
  });
}

/** Claims the reminder and queues its e-mail and SMS (as the applicant chose) in one transaction; false when it had been sent already. */
async function remindOnce(ctx: Ctx, to: q.Recipient, intake: q.ClosingIntake, kind: q.ReminderKind, message: MailMessage, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    if (!(await q.claimReminder(tx, to.userId, intake.id, kind, now))) return false;
    if (await wantsEmail({ db: tx }, to.userId, 'INTAKE_CLOSING')) await queueMailInTransaction(ctx, tx, message);
    await queueSmsNotice(
      ctx,
      tx,
      intakeClosingSms(ctx, {
        userId: to.userId,
        intakeId: intake.id,
        kind,
        universityId: intake.universityId,
        universityName: intake.universityName,
        closesAt: intake.closesAt,
        applicationId: to.applicationId,
      }),
    );
    return true;
  });
}

export type ReminderCounts = Record<q.ReminderKind, number>;

/** One round of the job at `ctx.clock` time: sends every reminder due and not sent yet; answers how many of each kind this round sent. */
export async function sendIntakeReminders(ctx: Ctx): Promise<ReminderCounts> {
  const now = ctx.clock.now();
  const sent: ReminderCounts = { DRAFT_72H: 0, DRAFT_24H: 0, UNPAID_72H: 0, UNPAID_24H: 0 };
  for (const intake of await q.intakesClosingWithin(ctx.db, now, REMINDER_WINDOWS[0].beforeMs)) {
    const window = reminderWindowAt(intake.closesAt, now);
    if (!window) continue;
    const onlyOpen = (await q.openIntakeCount(ctx.db, intake.universityId, now)) === 1;
    if (onlyOpen) {
      for (const to of await q.draftHoldersFor(ctx.db, intake.universityId, intake.id)) {
        if (await remindOnce(ctx, to, intake, `DRAFT_${window}`, draftReminder(ctx, to, intake, window), now)) sent[`DRAFT_${window}`] += 1;
      }
    }
    for (const to of await q.unpaidApplicationsIn(ctx.db, intake.id)) {
      // Money the provider is still collecting (a mobile-money prompt on the phone) is not a fee forgotten.
      if (to.openPayment && paymentState({ ...to.openPayment, providerReason: null }).awaitingProvider) continue;
      if (await remindOnce(ctx, to, intake, `UNPAID_${window}`, unpaidReminder(ctx, to, intake, window), now)) sent[`UNPAID_${window}`] += 1;
    }
  }
  return sent;
}

/** Runs sendIntakeReminders every REMINDER_INTERVAL_SECONDS on this instance (the claims keep instances from sending twice). */
export function startIntakeReminders(app: FastifyInstance, ctx: Ctx): void {
  runPeriodically(app, {
    everyMs: ctx.config.reminders.intervalMs,
    run: () => sendIntakeReminders(ctx),
    report: (counts) => {
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      if (total > 0) app.log.info({ reminders: counts }, 'intake reminders queued');
    },
    failure: 'intake reminder round failed',
  });
}
