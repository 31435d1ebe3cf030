/**
 * The SMS of each event: one GSM-7 segment (160 characters) where possible,
 * the university's name shortened first; a link only to the portal's own
 * public URL, never a token.
 */
import { formatDate, formatTime } from 'shared-api/format';
import type { AppContext } from '../../context';
import { PORTAL_NAME } from '../../infrastructure/mail/template';
import type { EmailNotice, SmsNotice } from './service';

type Cfg = Pick<AppContext, 'config'>;
/** '25 Nov 2026 14:05', Lusaka time. */
export const lusakaDateTime = (at: Date) => `${formatDate(at)} ${formatTime(at)}`;
const page = (ctx: Cfg, applicationId: number) => `${ctx.config.publicUrl}/applications/${applicationId}`;

export function submittedSms(ctx: Cfg, a: { userId: number; applicationId: number; phone?: string | null }): SmsNotice {
  return {
    userId: a.userId,
    event: 'SUBMITTED',
    key: `submitted:${a.applicationId}`,
    fallbackPhone: a.phone ?? null,
    applicationId: a.applicationId,
    inApp: { title: 'Application submitted', body: `Your application #${a.applicationId} was submitted. Pay the application fee so the university can review it.` },
    text: () => `UniPortal: your application was submitted. Reference #${a.applicationId}. Pay the fee and follow it at ${page(ctx, a.applicationId)}`,
  };
}

export function submittedEmail(ctx: Cfg, a: { userId: number; applicationId: number; universityId: number; email?: string | null }): EmailNotice {
  return {
    userId: a.userId,
    event: 'SUBMITTED',
    universityId: a.universityId,
    fallbackEmail: a.email ?? null,
    notice: ({ university, name }) => ({
      subject: `Application #${a.applicationId} submitted to ${university || 'the university'}`,
      greeting: `Dear ${name},`,
      paragraphs: [
        `Your application to ${university || 'the university'} was submitted. Its reference is #${a.applicationId}: quote it whenever you contact the university.`,
        "The next step is paying the application fee on your application's page, where you can also follow its progress.",
      ],
      link: { label: 'View your application', url: page(ctx, a.applicationId) },
    }),
  };
}

/** A payment that did not go through: what happened and the next step (issue 18: every event has an e-mail). */
export function paymentFailedEmail(ctx: Cfg, p: { userId: number; applicationId: number; universityId: number; amount: string; reference: string }): EmailNotice {
  return {
    userId: p.userId,
    event: 'PAYMENT',
    universityId: p.universityId,
    notice: ({ university, name }) => ({
      subject: `Payment for application #${p.applicationId} did not go through`,
      greeting: `Dear ${name},`,
      paragraphs: [
        `Your payment of ${p.amount} for application #${p.applicationId} to ${university || 'the university'} did not go through, so the fee is still to be paid.`,
        `You can try again from your application's page. If money left your account for this attempt (reference ${p.reference}), your provider returns it; keep this e-mail in case you need to ask them.`,
      ],
      link: { label: 'Pay the fee', url: page(ctx, p.applicationId) },
    }),
  };
}

export function paymentSms(ctx: Cfg, p: { userId: number; applicationId: number; paymentId: number; ok: boolean; amount: string; phone?: string | null }): SmsNotice {
  return {
    userId: p.userId,
    event: 'PAYMENT',
    key: `payment:${p.paymentId}:${p.ok ? 'received' : 'failed'}`,
    fallbackPhone: p.phone ?? null,
    applicationId: p.applicationId,
    inApp: p.ok
      ? { title: 'Payment received', body: `Your payment of ${p.amount} for application #${p.applicationId} was received. Thank you.` }
      : { title: 'Payment failed', body: `Your payment of ${p.amount} for application #${p.applicationId} failed. Please try again.` },
    text: () =>
      p.ok
        ? `UniPortal: payment of ${p.amount} received for application #${p.applicationId}. Thank you. ${page(ctx, p.applicationId)}`
        : `UniPortal: your payment of ${p.amount} for application #${p.applicationId} failed. Please try again: ${page(ctx, p.applicationId)}`,
  };
}

export function documentsSms(ctx: Cfg, d: { userId: number; applicationId: number; documentId: number; occurrence: string; document: string; phone?: string | null }): SmsNotice {
  return {
    userId: d.userId,
    event: 'DOCUMENTS',
    key: `documents:${d.applicationId}:${d.documentId}:${d.occurrence}`,
    part: d.document,
    fallbackPhone: d.phone ?? null,
    applicationId: d.applicationId,
    inApp: { title: 'A document needs a new file', body: `Application #${d.applicationId} needs a new file for ${d.document || 'a document'}. Open the application to upload it.` },
    text: (doc) => `UniPortal: application #${d.applicationId} needs a new file for ${doc || 'a document'}. Upload it at ${page(ctx, d.applicationId)}`,
  };
}

/** What a decision told the applicant; the key holds it, so a waitlisting and a later offer are each sent once. */
export type DecisionOutcome = 'APPROVED' | 'REJECTED' | 'OFFERED' | 'WAITLISTED';

export function decisionSms(ctx: Cfg, d: { userId: number; applicationId: number; outcome: DecisionOutcome; universityId: number; phone?: string | null; replyBy?: Date | null }): SmsNotice {
  // An offer names its deadline (issue 18: 'decision or offer (with the deadline)').
  const replyBy = d.replyBy ? `by ${lusakaDateTime(d.replyBy)}` : 'by the deadline';
  const details = `Details: ${page(ctx, d.applicationId)}`;
  const texts: Record<DecisionOutcome, (uni: string) => string> = {
    APPROVED: (uni) => `UniPortal: congratulations! ${uni} approved application #${d.applicationId}. ${details}`,
    REJECTED: (uni) => `UniPortal: ${uni} has declined application #${d.applicationId}. ${details}`,
    OFFERED: (uni) => `UniPortal: ${uni} offers you a place (application #${d.applicationId}). Reply ${replyBy}: ${page(ctx, d.applicationId)}`,
    WAITLISTED: (uni) => `UniPortal: ${uni} has put application #${d.applicationId} on its waitlist. ${details}`,
  };
  const inApp: Record<DecisionOutcome, { title: string; body: (uni: string) => string }> = {
    APPROVED: { title: 'Application approved', body: (uni) => `Congratulations! ${uni} approved application #${d.applicationId}.` },
    REJECTED: { title: 'Decision on your application', body: (uni) => `${uni} has declined application #${d.applicationId}.` },
    OFFERED: {
      title: 'You have an offer',
      body: (uni) =>
        `${uni} offers you a place (application #${d.applicationId}). Open it to see the terms and reply ${d.replyBy ? `by ${lusakaDateTime(d.replyBy)} (Lusaka time)` : 'by the deadline'}.`,
    },
    WAITLISTED: { title: 'Application waitlisted', body: (uni) => `${uni} has put application #${d.applicationId} on its waitlist.` },
  };
  return {
    userId: d.userId,
    event: 'DECISION',
    applicationId: d.applicationId,
    inApp: { title: inApp[d.outcome].title, body: (uni) => inApp[d.outcome].body(uni || 'The university') },
    key: d.outcome === 'APPROVED' || d.outcome === 'REJECTED' ? `decision:${d.applicationId}` : `decision:${d.applicationId}:${d.outcome}`,
    universityId: d.universityId,
    fallbackPhone: d.phone ?? null,
    text: (uni) => texts[d.outcome](uni || 'The university'),
  };
}

/* ---------- an offer about to lapse (48 hours before its deadline) ---------- */

export interface LapsingOffer {
  userId: number;
  offerId: number;
  applicationId: number;
  universityId: number;
  programName: string;
  replyBy: Date;
  email?: string | null;
}

export function offerLapsingSms(ctx: Cfg, o: LapsingOffer & { universityName: string }): SmsNotice {
  return {
    userId: o.userId,
    event: 'OFFER_LAPSING',
    key: `offer-lapsing:${o.offerId}`,
    part: `${o.programName} at ${o.universityName}`,
    text: (what) => `UniPortal: your offer for ${what || `application #${o.applicationId}`} lapses ${lusakaDateTime(o.replyBy)} Lusaka time. Reply at ${page(ctx, o.applicationId)}`,
  };
}

export function offerLapsingEmail(ctx: Cfg, o: LapsingOffer): EmailNotice {
  const deadline = lusakaDateTime(o.replyBy);
  return {
    userId: o.userId,
    event: 'OFFER_LAPSING',
    universityId: o.universityId,
    fallbackEmail: o.email ?? null,
    notice: ({ university, name }) => ({
      subject: `Your offer from ${university} lapses on ${deadline}`,
      greeting: `Dear ${name},`,
      paragraphs: [
        `${university} offered you a place in ${o.programName} (application #${o.applicationId}). You have not replied yet, and the offer lapses on ${deadline} (Lusaka time) unless you accept or decline it before then.`,
        "Accept or decline it on your application's page.",
      ],
      link: { label: 'Reply to your offer', url: page(ctx, o.applicationId) },
    }),
  };
}

/* ---------- an intake closing (the reminders' SMS; their e-mails are the reminders module's) ---------- */

export function intakeClosingSms(
  ctx: Cfg,
  r: { userId: number; intakeId: number; kind: string; universityId: number; universityName: string; closesAt: Date; applicationId?: number | undefined },
): SmsNotice {
  const closes = lusakaDateTime(r.closesAt);
  return {
    userId: r.userId,
    event: 'INTAKE_CLOSING',
    key: `intake-closing:${r.intakeId}:${r.userId}:${r.kind}`,
    part: r.universityName,
    text: (uni) =>
      r.applicationId === undefined
        ? `UniPortal: applications to ${uni || 'the university'} close ${closes} Lusaka time. Finish yours at ${ctx.config.publicUrl}/apply/${r.universityId}`
        : `UniPortal: pay the fee for #${r.applicationId} before ${uni ? `${uni} closes` : 'the intake closes'} ${closes} Lusaka time: ${page(ctx, r.applicationId)}`,
  };
}

/* ---------- an account archived or restored by a superuser ---------- */

/** `occurrence` tells one archiving from the next (the account's token version after it). */
export function accountArchivedSms(ctx: Cfg, a: { userId: number; archived: boolean; occurrence: number }): SmsNotice {
  return {
    userId: a.userId,
    event: 'ACCOUNT_ARCHIVED',
    key: `account-${a.archived ? 'archived' : 'restored'}:${a.userId}:${a.occurrence}`,
    evenIfArchived: true,
    text: () =>
      a.archived
        ? `UniPortal: your account was archived and can no longer sign in. Questions? Write to ${ctx.config.mail.contactTo}`
        : `UniPortal: your account was restored. You can sign in again at ${ctx.config.publicUrl}/login`,
  };
}

export function accountArchivedEmail(ctx: Cfg, a: { userId: number; archived: boolean }): EmailNotice {
  const contact = ctx.config.mail.contactTo;
  return {
    userId: a.userId,
    event: 'ACCOUNT_ARCHIVED',
    evenIfArchived: true,
    notice: ({ name }) =>
      a.archived
        ? {
            subject: `Your ${PORTAL_NAME} account was archived`,
            greeting: `Dear ${name},`,
            paragraphs: [
              `Your ${PORTAL_NAME} account was archived by the portal's administrators: you can no longer sign in. Your applications are kept as they were.`,
              `If you think this is a mistake, or have a question, contact the ${PORTAL_NAME} team at ${contact} or through the About page.`,
            ],
            link: { label: 'Contact the team', url: `${ctx.config.publicUrl}/about` },
          }
        : {
            subject: `Your ${PORTAL_NAME} account was restored`,
            greeting: `Dear ${name},`,
            paragraphs: [`Your ${PORTAL_NAME} account was restored by the portal's administrators: you can sign in again.`, `Questions? Contact the ${PORTAL_NAME} team at ${contact}.`],
            link: { label: 'Sign in', url: `${ctx.config.publicUrl}/login` },
          },
  };
}
