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
import { sendMail } from '../../infrastructure/mail/outbox';
import { audit } from '../audit';
import { claimPlace, OVERRIDE_NEEDS_SUPERUSER, OVERRIDE_ONLY_WHEN_ACCEPTING } from '../intakes';
import { issueLetter, offerMailLines, offerTerms, openOffer, type OpenedOffer } from '../offers';
import { recordHistory } from './history';
import { toApplication } from './mapping';
import { choiceProgramIds, decideApplicationRow, findApplicationRow } from './queries';
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

export interface DecisionNotice {
  to: string;
  subject: string;
  text: string;
}

const SUBJECTS: Partial<Record<ApplicationStatus, string>> = {
  APPROVED: 'Your application has been approved',
  OFFERED: 'You have an offer of a place',
  WAITLISTED: 'Your application is on the waitlist',
};

/** The email an applicant receives about a decision; `extra`: the offer's terms and the letter (offers module). */
export function decisionNotice(application: Application, extra: string[] = []): DecisionNotice {
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
  return { to: application.user.email || application.email, subject, text: lines.join('\n') };
}

/** Tells the applicant about a decision through the mail outbox; a failure never undoes the decision. */
export async function notifyApplicantOfDecision(ctx: AppContext, application: Application, log: FastifyBaseLogger, extra: string[] = []): Promise<void> {
  try {
    await sendMail(ctx, decisionNotice(application, extra));
  } catch (error) {
    log.error({ err: error, applicationId: application.id }, 'could not queue the decision notice');
  }
}

export interface RequestMeta {
  log: FastifyBaseLogger;
  ip: string | null;
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
  let overrideNote: string | null = null;
  let opened: OpenedOffer | null = null;
  let letterCode: string | null = null;
  const row = await ctx.db.transaction(async (tx) => {
    // Places of the intake: the program's row stays locked until this decision commits (an open offer holds one too).
    if (approvedProgramId !== null && current.intakeId !== null && update.status !== 'WAITLISTED') overrideNote = await claimPlace(tx, caller, current.intakeId, approvedProgramId, overrideReason);
    const updated = await decideApplicationRow(tx, id, DECIDABLE_STATUSES, { status: update.status, reviewNotes: notes, approvedProgramId });
    if (!updated) return undefined;
    if (terms && approvedProgramId !== null) {
      // The offer's entry in the history says what was offered, with the notes and an override.
      opened = await openOffer(tx, ctx, {
        applicationId: id,
        programId: approvedProgramId,
        from: current.status,
        terms,
        note: [notes, overrideNote].filter(Boolean).join('\n') || null,
        actorId: caller.id,
      });
      letterCode = opened.letterCode;
      return updated;
    }
    if (update.status === 'APPROVED' || update.status === 'REJECTED') {
      letterCode = (await issueLetter(tx, ctx, { applicationId: id, offerId: null, kind: update.status === 'APPROVED' ? 'OFFER' : 'DECLINE' })).code;
    }
    const note = notes ?? (update.status === 'APPROVED' ? 'Application approved' : update.status === 'WAITLISTED' ? 'Application waitlisted' : null);
    await recordHistory(tx, {
      applicationId: id,
      kind: 'STATUS',
      from: current.status,
      to: update.status,
      note: overrideNote ? `${note}\n${overrideNote}` : note,
      actorId: caller.id,
    });
    return updated;
  });
  if (!row) throw conflict('This application has already been decided.');
  await audit(ctx, {
    actorId: caller.id,
    actorEmail: caller.email,
    action: 'application.decide',
    target: `application:${id}`,
    outcome: 'success',
    ip: meta.ip,
    detail: `${current.status} -> ${update.status}${approvedProgramId ? ` (program ${approvedProgramId})` : ''}${overrideNote ? ' beyond the places of the intake' : ''}`,
  });
  const application = await toApplication(ctx.db, row, caller);
  await notifyApplicantOfDecision(ctx, application, meta.log, offerMailLines(ctx, id, opened, letterCode));
  return application;
}
