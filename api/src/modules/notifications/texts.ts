/**
 * The SMS of each event: one GSM-7 segment (160 characters) where possible,
 * the university's name shortened first; a link only to the portal's own
 * public URL, never a token.
 */
import type { AppContext } from '../../context';
import type { SmsNotice } from './service';

type Cfg = Pick<AppContext, 'config'>;
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

export function decisionSms(ctx: Cfg, d: { userId: number; applicationId: number; outcome: DecisionOutcome; universityId: number; phone?: string | null }): SmsNotice {
  const details = `Details: ${page(ctx, d.applicationId)}`;
  const texts: Record<DecisionOutcome, (uni: string) => string> = {
    APPROVED: (uni) => `UniPortal: congratulations! ${uni} approved application #${d.applicationId}. ${details}`,
    REJECTED: (uni) => `UniPortal: ${uni} has declined application #${d.applicationId}. ${details}`,
    OFFERED: (uni) => `UniPortal: ${uni} offers you a place (application #${d.applicationId}). Reply by the deadline: ${page(ctx, d.applicationId)}`,
    WAITLISTED: (uni) => `UniPortal: ${uni} has put application #${d.applicationId} on its waitlist. ${details}`,
  };
  const inApp: Record<DecisionOutcome, { title: string; body: (uni: string) => string }> = {
    APPROVED: { title: 'Application approved', body: (uni) => `Congratulations! ${uni} approved application #${d.applicationId}.` },
    REJECTED: { title: 'Decision on your application', body: (uni) => `${uni} has declined application #${d.applicationId}.` },
    OFFERED: { title: 'You have an offer', body: (uni) => `${uni} offers you a place (application #${d.applicationId}). Open it to see the terms and reply by the deadline.` },
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
