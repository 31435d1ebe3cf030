/**
 * Offers (issue 17 item 5). Staff accepting an application make an offer
 * (through the decision, `PUT /api/applications/{id}` with status OFFERED):
 * unconditional or conditional, answered by a deadline (14 days unless staff
 * set one). The open offer holds a place of the intake's program, as an
 * acceptance does (the intakes module counts OFFERED with APPROVED). The
 * applicant accepts (the application ends in the spec's APPROVED, and every
 * other open offer of theirs in the same intake is declined) or declines
 * (OFFER_DECLINED, the place is free again); unanswered at the deadline, the
 * periodic job lapses it (OFFER_LAPSED). Every move is recorded in the
 * application's history in words, with who and when.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  CONDITIONS_REQUIRED_MESSAGE,
  DEFAULT_OFFER_REPLY_DAYS,
  OFFER_ANSWERED_MESSAGE,
  OFFER_LAPSED_MESSAGE,
  OFFER_NOT_FOUND,
  type ApplicationOffer,
  type ApplicationStatus,
  type Offer,
  type OfferType,
} from 'shared-api/contract';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import type { Executor } from '../../infrastructure/database/client';
import type { Caller } from '../../infrastructure/http/access';
import { runPeriodically } from '../../infrastructure/jobs/periodic';
import { queueMailInTransaction, sendMail, type MailMessage } from '../../infrastructure/mail/outbox';
import { renderNoticeLines } from '../../infrastructure/mail/template';
import { audit } from '../audit';
import { notifyAssignee, offerLapsingEmail, offerLapsingSms, queueEmailNotice, queueSmsNotice } from '../notifications';
import { formatDateTimeInLusaka, issueLetter, toLetter } from './letters';
import * as q from './queries';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'database'>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The terms of an offer as the decision's body gives them. */
export interface OfferTermsInput {
  status: string;
  offerType?: OfferType | undefined;
  conditions?: string | null | undefined;
  replyBy?: string | null | undefined;
}

export interface OfferTerms {
  type: OfferType;
  conditions: string | null;
  replyBy: Date;
}

/**
 * Checks an offer's terms before anything is written: conditions for a
 * conditional offer, a deadline in the future (default 14 days), and no terms
 * on another decision. Null when the decision is not an offer.
 */
export function offerTerms(ctx: Pick<AppContext, 'clock'>, input: OfferTermsInput): OfferTerms | null {
  const conditions = input.conditions?.trim() || null;
  if (input.status !== 'OFFERED') {
    if (input.offerType || conditions || input.replyBy) throw badRequest('offerType: only an offer (status OFFERED) has offer terms.');
    return null;
  }
  const type = input.offerType ?? (conditions ? 'CONDITIONAL' : 'UNCONDITIONAL');
  if (type === 'CONDITIONAL' && !conditions) throw badRequest(CONDITIONS_REQUIRED_MESSAGE);
  if (type === 'UNCONDITIONAL' && conditions) throw badRequest('conditions: an unconditional offer has no conditions.');
  const now = ctx.clock.now();
  const replyBy = input.replyBy ? new Date(input.replyBy) : new Date(now.getTime() + DEFAULT_OFFER_REPLY_DAYS * DAY_MS);
  if (replyBy.getTime() <= now.getTime()) throw badRequest('replyBy: the reply deadline must be in the future.');
  if (replyBy.getTime() > now.getTime() + 365 * DAY_MS) throw badRequest('replyBy: the reply deadline must be within a year.');
  return { type, conditions, replyBy };
}

function describeOffer(terms: OfferTerms, programName: string): string {
  const kind = terms.type === 'CONDITIONAL' ? 'Conditional offer' : 'Unconditional offer';
  const conditions = terms.conditions ? `\nConditions: ${terms.conditions}` : '';
  return `${kind} made for ${programName}; reply by ${formatDateTimeInLusaka(terms.replyBy)}.${conditions}`;
}

export interface OpenedOffer {
  offer: q.OfferRow;
  letterId: number;
  letterCode: string;
}

/**
 * Inside the decision's transaction, after the application moved to OFFERED
 * (and its place was claimed): the offer, its letter and the history entry
 * saying what was offered.
 */
export async function openOffer(
  tx: Executor,
  ctx: Pick<AppContext, 'clock'>,
  input: { applicationId: number; programId: number; from: string; terms: OfferTerms; note: string | null; actorId: number },
): Promise<OpenedOffer> {
  const now = ctx.clock.now();
  const offer = await q.insertOffer(tx, {
    applicationId: input.applicationId,
    programId: input.programId,
    type: input.terms.type,
    conditions: input.terms.conditions,
    replyBy: input.terms.replyBy,
    createdBy: input.actorId,
    createdAt: now,
  });
  const described = describeOffer(input.terms, (await q.programName(tx, input.programId)) ?? `program ${input.programId}`);
  await q.insertHistory(tx, {
    applicationId: input.applicationId,
    kind: 'STATUS',
    from: input.from,
    to: 'OFFERED',
    note: input.note ? `${described}\n${input.note}` : described,
    actorId: input.actorId,
  });
  const letter = await issueLetter(tx, ctx, { applicationId: input.applicationId, offerId: offer.id, kind: 'OFFER' });
  return { offer, letterId: letter.id, letterCode: letter.code };
}

/** Lines the decision e-mail adds for an offer: the terms, the deadline and where the letter is. */
export function offerMailLines(ctx: Pick<AppContext, 'config'>, applicationId: number, opened: OpenedOffer | null, letterCode: string | null): string[] {
  const lines: string[] = [];
  if (opened) {
    const { offer } = opened;
    lines.push('', offer.type === 'CONDITIONAL' ? 'This is a conditional offer.' : 'This is an unconditional offer.');
    if (offer.conditions) lines.push(`Conditions: ${offer.conditions}`);
    lines.push(`Please accept or decline it by ${formatDateTimeInLusaka(offer.replyBy)}. If you do not answer by then, the offer lapses.`);
  }
  if (letterCode) {
    lines.push('', `Your decision letter (PDF): ${ctx.config.publicUrl}/applications/${applicationId}`, `Letter verification code: ${letterCode}`);
  }
  return lines;
}

/* ---------- reading ---------- */

export function toOffer(row: q.OfferWithProgram): Offer {
  return {
    id: row.id,
    applicationId: row.applicationId,
    programId: row.programId,
    programName: row.programName,
    type: row.type,
    conditions: row.conditions,
    replyBy: row.replyBy.toISOString(),
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
  };
}

/** The applicant reads their own; staff of the application's university (a SUPERUSER any). */
export function mayRead(caller: Caller, app: Pick<q.ApplicationFacts, 'userId' | 'universityId'>): boolean {
  if (caller.role === 'SUPERUSER') return true;
  if (caller.role === 'ADMIN') return caller.universityId !== null && caller.universityId === app.universityId;
  return caller.id === app.userId;
}

export async function offerOfApplication(ctx: Ctx, caller: Caller, applicationId: number): Promise<ApplicationOffer> {
  const app = await q.applicationFacts(ctx.db, applicationId);
  if (!app || !mayRead(caller, app)) throw notFound('Application not found');
  const [offer, letters] = await Promise.all([q.latestOffer(ctx.db, applicationId), q.lettersOf(ctx.db, applicationId)]);
  return { offer: offer ? toOffer(offer) : null, letters: letters.map(toLetter) };
}

/* ---------- the applicant's answer ---------- */

export type Answer = 'ACCEPTED' | 'DECLINED';
const ANSWERED_TO: Record<Answer, ApplicationStatus> = { ACCEPTED: 'APPROVED', DECLINED: 'OFFER_DECLINED' };

function refusal(offer: q.OfferRow, now: Date): Error {
  if (offer.state === 'LAPSED' || (offer.state === 'OPEN' && offer.replyBy.getTime() <= now.getTime())) return conflict(OFFER_LAPSED_MESSAGE);
  return conflict(OFFER_ANSWERED_MESSAGE);
}

/** Declines one open offer for the applicant, inside `tx` (another offer of theirs was accepted). */
async function declineBecauseAccepted(
  ctx: Pick<AppContext, 'clock'>,
  tx: Executor,
  now: Date,
  offerId: number,
  applicationId: number,
  accepted: { programName: string; universityName: string },
  actorId: number,
): Promise<void> {
  const claimed = await q.claimOffer(tx, offerId, 'DECLINED', now, false);
  if (!claimed) return;
  await q.moveApplication(tx, applicationId, 'OFFERED', 'OFFER_DECLINED', now);
  await q.insertHistory(tx, {
    applicationId,
    kind: 'STATUS',
    from: 'OFFERED',
    to: 'OFFER_DECLINED',
    note: `Offer declined automatically: the applicant accepted an offer for ${accepted.programName} at ${accepted.universityName} in the same intake.`,
    actorId,
  });
  await notifyAssignee(ctx, tx, {
    kind: 'OFFER_ANSWERED',
    applicationId,
    title: 'Offer declined',
    body: `The offer on application #${applicationId} was declined: the applicant accepted another offer in the same intake.`,
  });
}

export async function answerOffer(ctx: Ctx, caller: Caller, offerId: number, answer: Answer, meta: { ip: string | null; log: FastifyBaseLogger }): Promise<ApplicationOffer> {
  const offer = await q.findOffer(ctx.db, offerId);
  const app = offer ? await q.applicationFacts(ctx.db, offer.applicationId) : undefined;
  // Someone else's offer is no business of the caller: as if it did not exist.
  if (!offer || !app || app.userId !== caller.id) throw notFound(OFFER_NOT_FOUND);
  const now = ctx.clock.now();
  if (offer.state !== 'OPEN' || offer.replyBy.getTime() <= now.getTime()) throw refusal(offer, now);
  const done = await ctx.db.transaction(async (tx) => {
    const claimed = await q.claimOffer(tx, offerId, answer, now, true);
    if (!claimed) return false;
    const to = ANSWERED_TO[answer];
    await q.moveApplication(tx, app.id, 'OFFERED', to, now);
    await q.insertHistory(tx, {
      applicationId: app.id,
      kind: 'STATUS',
      from: 'OFFERED',
      to,
      note: answer === 'ACCEPTED' ? `Offer accepted by the applicant: ${offer.programName}.` : `Offer declined by the applicant: ${offer.programName}.`,
      actorId: caller.id,
    });
    await notifyAssignee(ctx, tx, {
      kind: 'OFFER_ANSWERED',
      applicationId: app.id,
      title: answer === 'ACCEPTED' ? 'Offer accepted' : 'Offer declined',
      body: `The applicant ${answer === 'ACCEPTED' ? 'accepted' : 'declined'} the offer on application #${app.id} (${offer.programName}).`,
    });
    if (answer === 'ACCEPTED' && app.intakeId !== null) {
      for (const other of await q.otherOpenOffersInIntake(tx, caller.id, app.intakeId, offerId)) {
        await declineBecauseAccepted(ctx, tx, now, other.offerId, other.applicationId, { programName: offer.programName, universityName: app.universityName }, caller.id);
      }
    }
    return true;
  });
  if (!done) {
    const again = await q.findOffer(ctx.db, offerId);
    throw refusal(again ?? offer, now);
  }
  await audit(ctx, {
    actorId: caller.id,
    actorEmail: caller.email,
    action: answer === 'ACCEPTED' ? 'offer.accept' : 'offer.decline',
    target: `application:${app.id}`,
    outcome: 'success',
    ip: meta.ip,
    detail: `offer:${offerId}`,
  });
  try {
    await sendMail(ctx, answerMail(ctx.config, app, offer.programName, answer));
  } catch (error) {
    meta.log.error({ err: error, applicationId: app.id }, 'could not queue the offer answer notice');
  }
  return offerOfApplication(ctx, caller, app.id);
}

function answerMail(config: { publicUrl: string }, app: q.ApplicationFacts, programName: string, answer: Answer): MailMessage {
  const accepted = answer === 'ACCEPTED';
  return renderNoticeLines(config, {
    to: app.email,
    subject: accepted ? `You accepted your offer from ${app.universityName}` : `You declined your offer from ${app.universityName}`,
    lines: [
      `Dear ${app.fullName},`,
      '',
      accepted
        ? `You accepted the offer of a place in ${programName} at ${app.universityName}. Your application is now approved.`
        : `You declined the offer of a place in ${programName} at ${app.universityName}.`,
      '',
      'You can see the details of your application when you sign in to the portal.',
    ],
    link: { label: 'View your application', url: `${config.publicUrl}/applications/${app.id}` },
    universityName: app.universityName,
  });
}

/* ---------- the lapse job ---------- */

const LAPSE_BATCH = 50;

function lapseMail(ctx: Pick<AppContext, 'config'>, app: q.ApplicationFacts, offer: q.OfferRow): MailMessage {
  return renderNoticeLines(ctx.config, {
    to: app.email,
    subject: `Your offer from ${app.universityName} has lapsed`,
    lines: [`Dear ${app.fullName},`, '', `The offer of a place at ${app.universityName} was not answered by ${formatDateTimeInLusaka(offer.replyBy)}, so it has lapsed.`],
    link: { label: 'View your application', url: `${ctx.config.publicUrl}/applications/${app.id}` },
    universityName: app.universityName,
  });
}

/**
 * One round at `ctx.clock` time: every open offer past its deadline lapses,
 * once. Each batch is claimed by one conditional update in the transaction
 * that moves the application, writes the history and queues the e-mail, so
 * several instances running at once lapse each offer exactly once. Answers
 * how many offers this round lapsed.
 */
export async function lapseDueOffers(ctx: Ctx): Promise<number> {
  let total = 0;
  for (;;) {
    const now = ctx.clock.now();
    const lapsed = await ctx.db.transaction(async (tx) => {
      const claimed = await q.claimDueOffers(tx, now, LAPSE_BATCH);
      for (const offer of claimed) {
        await q.moveApplication(tx, offer.applicationId, 'OFFERED', 'OFFER_LAPSED', now);
        await q.insertHistory(tx, {
          applicationId: offer.applicationId,
          kind: 'STATUS',
          from: 'OFFERED',
          to: 'OFFER_LAPSED',
          note: `Offer lapsed: no reply by ${formatDateTimeInLusaka(offer.replyBy)}.`,
          actorId: null,
        });
        const app = await q.applicationFacts(tx, offer.applicationId);
        if (app) await queueMailInTransaction(ctx, tx, lapseMail(ctx, app, offer));
      }
      return claimed.length;
    });
    total += lapsed;
    if (lapsed < LAPSE_BATCH) return total;
  }
}

/** How long before its deadline an unanswered offer is recalled to the applicant (issue 18). */
export const LAPSE_WARNING_MS = 48 * 60 * 60 * 1000;

/**
 * One round at `ctx.clock` time: every open offer whose deadline is 48 hours
 * away or less, not warned yet, is claimed (`lapse_warned_at`, one
 * conditional update) in the transaction that queues its SMS and e-mail
 * through the notifications module, as the applicant chose; so any number of
 * instances send each warning once. Answered, lapsed and declined offers
 * (erasing an account declines its offers) are never claimed; an archived
 * account is told nothing. Answers how many offers this round claimed.
 */
export async function warnLapsingOffers(ctx: Ctx): Promise<number> {
  let total = 0;
  for (;;) {
    const now = ctx.clock.now();
    const claimed = await ctx.db.transaction(async (tx) => {
      const rows = await q.claimLapsingOffers(tx, now, LAPSE_WARNING_MS, LAPSE_BATCH);
      for (const offer of rows) {
        const app = await q.applicationFacts(tx, offer.applicationId);
        const programName = await q.programName(tx, offer.programId);
        if (!app || !programName) continue;
        const facts = { userId: app.userId, offerId: offer.id, applicationId: app.id, universityId: app.universityId, programName, replyBy: offer.replyBy, email: app.email };
        await queueSmsNotice(ctx, tx, offerLapsingSms(ctx, { ...facts, universityName: app.universityName }));
        await queueEmailNotice(ctx, tx, offerLapsingEmail(ctx, facts));
      }
      return rows.length;
    });
    total += claimed;
    if (claimed < LAPSE_BATCH) return total;
  }
}

/**
 * Runs lapseDueOffers and warnLapsingOffers every OFFER_LAPSE_INTERVAL_SECONDS
 * on this instance (the claims keep instances from lapsing or warning twice).
 */
export function startOfferLapses(app: FastifyInstance, ctx: Ctx): void {
  runPeriodically(app, {
    everyMs: ctx.config.offers.lapseIntervalMs,
    run: async () => ({ lapsed: await lapseDueOffers(ctx), warned: await warnLapsingOffers(ctx) }),
    report: ({ lapsed, warned }) => {
      if (lapsed > 0) app.log.info({ offersLapsed: lapsed }, 'offers lapsed');
      if (warned > 0) app.log.info({ offersWarned: warned }, 'offers about to lapse: applicants told');
    },
    failure: 'offer lapse round failed',
  });
}
