/**
 * Staff decisions: approve (one of the applicant's program choices, within
 * the intake's places) or decline (with a reason), recorded with history and
 * audit, and told to the applicant through the mail outbox.
 */
import type { FastifyBaseLogger } from 'fastify';
import { DECIDABLE_STATUSES, type Application, type ApplicationStatus } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Caller } from '../../infrastructure/http/access';
import type { Executor } from '../../infrastructure/database/client';
import { queueMailInTransaction, sendMail, type MailMessage } from '../../infrastructure/mail/outbox';
import { renderNoticeLines } from '../../infrastructure/mail/template';
import { audit, type AuditInput } from '../audit';
import { decisionSms, queueSmsNotice, wantsEmail } from '../notifications';
import { claimPlace, OVERRIDE_NEEDS_SUPERUSER, OVERRIDE_ONLY_WHEN_ACCEPTING } from '../intakes';
import { issueLetter, offerMailLines, offerTerms, openOffer, type OfferTerms, type OpenedOffer } from '../offers';
import { recordHistory } from './history';
import { toApplication, toApplications } from './mapping';
import { choiceProgramIds, decideApplicationRow, findApplicationRow, type ApplicationRow } from './queries';
import { APPLICATION_NOT_FOUND, canDecide } from './reach';

export const DECLINE_REASON_MESSAGE = 'A reason is required to decline an application.';

type ParsedUpdate = {
  status: ApplicationStatus;
  reviewNotes?: string | null;
  programId?: number | null;
  overrideReason?: string | null;
  offerType?: 'UNCONDITIONAL' | 'CONDITIONAL' | undefined;
  conditions?: string | null;
  replyBy?: string | null;
};

const SUBJECTS: Partial<Record<ApplicationStatus, string>> = {
  APPROVED: 'Your application has been approved',
  OFFERED: 'You have an offer of a place',
  WAITLISTED: 'Your application is on the waitlist',
};

/** The email an applicant receives about a decision; `extra`: the offer's terms and the letter (offers module). */
export function decisionNotice(config: { publicUrl: string }, application: Application, extra: string[] = []): MailMessage {
  const approved = application.status === 'APPROVED';
  const declined = application.status === 'REJECTED';
  const subject = SUBJECTS[application.status] ?? 'Your application has been declined';
  const program = application.program?.name ?? 'your chosen program';
  const lines = [
    `Dear ${application.fullName},`,
    '',
    approved
      ? `Congratulations! Your application to ${application.university.name} has been approved for ${program}.`
      : application.status === 'OFFERED'
        ? `Congratulations! ${application.university.name} offers you a place in ${program}.`
        : application.status === 'WAITLISTED'
          ? `Your application to ${application.university.name} for ${program} is on the waitlist: you will hear from us if a place becomes free.`
          : `We are sorry to tell you that your application to ${application.university.name} has been declined.`,
  ];
  if (declined && application.reviewNotes) lines.push('', `Reason: ${application.reviewNotes}`);
  else if (!declined && application.reviewNotes) lines.push('', `Notes: ${application.reviewNotes}`);
  lines.push(...extra);
  lines.push('', 'You can see the details of your application when you sign in to the portal.');
  return renderNoticeLines(config, {
    to: application.user.email || application.email,
    subject,
    lines,
    link: { label: 'View your application', url: `${config.publicUrl}/applications/${application.id}` },
    universityName: application.university.name,
  });
}

/** Tells the applicant about a decision through the mail outbox (unless they turned that e-mail off); a failure never undoes the decision. `extra`: the offer's terms and the letter. */
export async function notifyApplicantOfDecision(ctx: AppContext, application: Application, userId: number, log: FastifyBaseLogger, extra: string[] = []): Promise<void> {
  try {
    if (!(await wantsEmail(ctx, userId, 'DECISION'))) return;
    await sendMail(ctx, decisionNotice(ctx.config, application, extra));
  } catch (error) {
    log.error({ err: error, applicationId: application.id }, 'could not queue the decision notice');
  }
}

export interface RequestMeta {
  log: FastifyBaseLogger;
  ip: string | null;
}

/** A decision as the service applies it: the notes trimmed, the program chosen (when approving). */
export interface Decision {
  status: ApplicationStatus;
  notes: string | null;
  approvedProgramId: number | null;
  overrideReason: string | null;
  /** An offer's terms (status OFFERED), checked before anything is written. */
  terms: OfferTerms | null;
}

export interface RecordedDecision {
  row: ApplicationRow;
  overrideNote: string | null;
  /** The offer made, when the decision is one. */
  opened: OpenedOffer | null;
  /** The code of the letter issued (offer, acceptance or decline), if any. */
  letterCode: string | null;
}

/**
 * The writes of one decision inside `tx`: the intake's place (when
 * approving), the compare-and-set of the status and the history entry.
 * Undefined when the application had already been decided. Used for one
 * decision and for bulk declines (bulk.ts), so both record the same things
 * (the SMS to the applicant included, queued in the same transaction).
 */
export async function recordDecision(ctx: AppContext, tx: Executor, caller: Caller, current: ApplicationRow, decision: Decision): Promise<RecordedDecision | undefined> {
  let overrideNote: string | null = null;
  // Places of the intake: the program's row stays locked until this decision commits (an open offer holds one too).
  if (decision.approvedProgramId !== null && current.intakeId !== null && decision.status !== 'WAITLISTED') {
    overrideNote = await claimPlace(tx, caller, current.intakeId, decision.approvedProgramId, decision.overrideReason);
  }
  const updated = await decideApplicationRow(tx, current.id, DECIDABLE_STATUSES, { status: decision.status, reviewNotes: decision.notes, approvedProgramId: decision.approvedProgramId });
  if (!updated) return undefined;
  let opened: OpenedOffer | null = null;
  let letterCode: string | null = null;
  if (decision.terms && decision.approvedProgramId !== null) {
    // The offer's entry in the history says what was offered, with the notes and an override.
    opened = await openOffer(tx, ctx, {
      applicationId: current.id,
      programId: decision.approvedProgramId,
      from: current.status,
      terms: decision.terms,
      note: [decision.notes, overrideNote].filter(Boolean).join('\n') || null,
      actorId: caller.id,
    });
    letterCode = opened.letterCode;
  } else {
    if (decision.status === 'APPROVED' || decision.status === 'REJECTED') {
      letterCode = (await issueLetter(tx, ctx, { applicationId: current.id, offerId: null, kind: decision.status === 'APPROVED' ? 'OFFER' : 'DECLINE' })).code;
    }
    const note = decision.notes ?? (decision.status === 'APPROVED' ? 'Application approved' : decision.status === 'WAITLISTED' ? 'Application waitlisted' : null);
    await recordHistory(tx, {
      applicationId: current.id,
      kind: 'STATUS',
      from: current.status,
      to: decision.status,
      note: overrideNote ? `${note}\n${overrideNote}` : note,
      actorId: caller.id,
    });
  }
  if (decision.status === 'APPROVED' || decision.status === 'REJECTED' || decision.status === 'OFFERED' || decision.status === 'WAITLISTED') {
    await queueSmsNotice(
      ctx,
      tx,
      decisionSms(ctx, {
        userId: current.userId,
        applicationId: current.id,
        outcome: decision.status,
        universityId: current.universityId,
        phone: current.phoneNumber,
        replyBy: opened?.offer.replyBy ?? null,
      }),
    );
  }
  return { row: updated, overrideNote, opened, letterCode };
}

/** The audit record of one decision. */
export function decisionAudit(caller: Caller, current: ApplicationRow, decision: Decision, overrideNote: string | null, ip: string | null, how = ''): AuditInput {
  return {
    actorId: caller.id,
    actorEmail: caller.email,
    action: 'application.decide',
    target: `application:${current.id}`,
    outcome: 'success',
    ip,
    detail: `${current.status} -> ${decision.status}${decision.approvedProgramId ? ` (program ${decision.approvedProgramId})` : ''}${overrideNote ? ' beyond the places of the intake' : ''}${how}`,
  };
}

export async function decideApplication(ctx: AppContext, caller: Caller, id: number, update: ParsedUpdate, meta: RequestMeta): Promise<Application> {
  const current = await findApplicationRow(ctx.db, id);
  if (!current || !canDecide(caller, current)) throw notFound(APPLICATION_NOT_FOUND);
  const notes = update.reviewNotes?.trim() || null;
  const overrideReason = update.overrideReason?.trim() || null;
  if (overrideReason && caller.role !== 'SUPERUSER') throw forbidden(OVERRIDE_NEEDS_SUPERUSER);
  if (overrideReason && update.status !== 'APPROVED' && update.status !== 'OFFERED') throw badRequest(OVERRIDE_ONLY_WHEN_ACCEPTING);
  // Offers (issue 17): the terms are checked before anything is written.
  const terms = offerTerms(ctx, update);
  let approvedProgramId: number | null = null;
  if (update.status === 'REJECTED') {
    if (!notes) throw badRequest(DECLINE_REASON_MESSAGE);
  } else {
    const chosen = await choiceProgramIds(ctx.db, id);
    if (chosen.length === 0) throw badRequest('No Programs: This application has no program choices.');
    if (update.programId === undefined || update.programId === null) throw badRequest("programId: choose one of the applicant's program choices to approve");
    if (!chosen.includes(update.programId)) throw badRequest("programId: must be one of the application's program choices");
    approvedProgramId = update.programId;
  }
  if (!DECIDABLE_STATUSES.includes(current.status)) {
    throw conflict(`This application has already been decided (${current.status}).`);
  }
  const decision: Decision = { status: update.status, notes, approvedProgramId, overrideReason, terms };
  const recorded = await ctx.db.transaction((tx) => recordDecision(ctx, tx, caller, current, decision));
  if (!recorded) throw conflict('This application has already been decided.');
  await audit(ctx, decisionAudit(caller, current, decision, recorded.overrideNote, meta.ip));
  const application = await toApplication(ctx.db, recorded.row, caller);
  await notifyApplicantOfDecision(ctx, application, current.userId, meta.log, offerMailLines(ctx, id, recorded.opened, recorded.letterCode));
  return application;
}

/**
 * Declines several applications with one reason inside the caller's
 * transaction `tx` (bulk.ts): each gets its decision, its history entry and
 * its decision e-mail, queued in the outbox in the same transaction, so all
 * of it commits or none. Throws 409 (rolling everything back) when one of
 * them had been decided meanwhile. Answers the audit records to write once
 * the transaction has committed.
 */
export async function declineApplications(ctx: AppContext, tx: Executor, caller: Caller, rows: ApplicationRow[], reason: string, ip: string | null): Promise<AuditInput[]> {
  const notes = reason.trim();
  if (!notes) throw badRequest(DECLINE_REASON_MESSAGE);
  const decision: Decision = { status: 'REJECTED', notes, approvedProgramId: null, overrideReason: null, terms: null };
  const audits: AuditInput[] = [];
  const decided: ApplicationRow[] = [];
  const letterOf = new Map<number, string | null>();
  for (const current of rows) {
    const recorded = await recordDecision(ctx, tx, caller, current, decision);
    if (!recorded) throw conflict(`Application ${current.id} has already been decided; nothing was changed.`);
    decided.push(recorded.row);
    letterOf.set(current.id, recorded.letterCode);
    audits.push(decisionAudit(caller, current, decision, null, ip, ' (bulk)'));
  }
  const applicantOf = new Map(rows.map((row) => [row.id, row.userId]));
  for (const application of await toApplications(tx, decided, caller)) {
    const applicant = applicantOf.get(application.id);
    // Read inside the transaction: the embedded database has one connection, which it holds.
    if (applicant !== undefined && (await wantsEmail({ db: tx }, applicant, 'DECISION')))
      await queueMailInTransaction(ctx, tx, decisionNotice(ctx.config, application, offerMailLines(ctx, application.id, null, letterOf.get(application.id) ?? null)));
  }
  return audits;
}
