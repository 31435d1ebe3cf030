/**
 * Decision letters (issue 17 item 6): an offer letter for each offer (and for
 * an approval made the spec's way) and a decline letter for each decline, as
 * a PDF drawn with the portal's one PDF builder (infrastructure/pdf.ts), with
 * the university's name, the applicant, the program, the conditions and the
 * reply deadline, and a verification code: 100 random bits, so nobody can
 * guess one. `GET /api/letters/verify/{code}` tells anyone for whom a letter
 * with that code was issued (name and program only). Each download is
 * recorded in the application's history with who and when.
 */
import { randomBytes } from 'node:crypto';
import { LETTER_CODE_UNKNOWN, LETTER_NOT_FOUND, type DecisionLetter, type LetterKind, type LetterVerification } from 'shared-api/contract';
import { formatDateTime } from 'shared-api/format';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { Executor } from '../../infrastructure/database/client';
import type { Caller } from '../../infrastructure/http/access';
import { renderPdf, type PdfSection } from '../../infrastructure/pdf';
import * as q from './queries';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** '25 Nov 2026, 14:05 (Lusaka time)': the portal's date format, said to be Lusaka's. */
export function formatDateTimeInLusaka(at: Date): string {
  return `${formatDateTime(at)} (Lusaka time)`;
}

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 20 characters, 100 random bits. */
export function newLetterCode(): string {
  const bytes = randomBytes(20);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte & 31];
  return out;
}

/** 'ABCDE-FGHJK-MNPQR-STVWX', as printed and e-mailed (the check ignores dashes and case). */
export function displayCode(code: string): string {
  return code.match(/.{1,5}/g)!.join('-');
}

export function toLetter(row: q.LetterRow): DecisionLetter {
  return { id: row.id, kind: row.kind, code: displayCode(row.code), url: `/api/letters/${row.id}`, createdAt: row.createdAt.toISOString() };
}

/** Inside the decision's transaction: the letter row with its code. */
export async function issueLetter(tx: Executor, ctx: Pick<AppContext, 'clock'>, input: { applicationId: number; offerId: number | null; kind: LetterKind }): Promise<{ id: number; code: string }> {
  const row = await q.insertLetter(tx, { ...input, code: newLetterCode(), createdAt: ctx.clock.now() });
  return { id: row.id, code: displayCode(row.code) };
}

function programOf(app: q.ApplicationFacts, offer: q.OfferWithProgram | undefined): string | null {
  return offer?.programName ?? app.approvedProgramName ?? app.firstChoiceName;
}

function letterSpec(ctx: Ctx, letter: q.LetterRow, app: q.ApplicationFacts, offer: q.OfferWithProgram | undefined) {
  const code = displayCode(letter.code);
  const program = programOf(app, offer) ?? 'Not stated';
  const verify: PdfSection = {
    heading: 'Verification',
    rows: [['Verification code', code]],
    paragraphs: [`Anyone can check this letter: ${ctx.config.publicUrl}/api/letters/verify/${code} answers whether it was issued and for whom.`],
  };
  const common: [string, string][] = [
    ['Applicant', app.fullName],
    ['Application', `#${app.id}`],
    ['Program', program],
    ['Date of letter', formatDateTimeInLusaka(letter.createdAt)],
  ];
  if (letter.kind === 'DECLINE') {
    return {
      issuer: app.universityName,
      title: 'Decision on your application',
      subtitle: `${app.universityName}, admissions office`,
      sections: [
        { rows: common },
        {
          paragraphs: [
            `Dear ${app.fullName},`,
            `We regret to inform you that your application to ${app.universityName} has not been successful.`,
            ...(app.reviewNotes ? [`Reason: ${app.reviewNotes}`] : []),
          ],
        },
        verify,
      ],
      footer: `${app.universityName}. This letter was issued through the admissions portal.`,
    };
  }
  const rows = [...common];
  if (offer) {
    rows.push(['Offer', offer.type === 'CONDITIONAL' ? 'Conditional' : 'Unconditional']);
    if (offer.conditions) rows.push(['Conditions', offer.conditions]);
    rows.push(['Reply by', formatDateTimeInLusaka(offer.replyBy)]);
  }
  return {
    issuer: app.universityName,
    title: 'Offer of admission',
    subtitle: `${app.universityName}, admissions office`,
    sections: [
      { rows },
      {
        paragraphs: [
          `Dear ${app.fullName},`,
          offer
            ? `We are pleased to offer you a place in ${program} at ${app.universityName}.${offer.type === 'CONDITIONAL' ? ' This offer is conditional on the conditions above.' : ''} Please accept or decline it on the portal by ${formatDateTimeInLusaka(offer.replyBy)}; an offer not answered by then lapses.`
            : `We are pleased to confirm your admission to ${program} at ${app.universityName}.`,
        ],
      },
      verify,
    ],
    footer: `${app.universityName}. This letter was issued through the admissions portal.`,
  };
}

/** The PDF of a letter, for the applicant and staff in reach (anyone else: 404); the download is recorded in the history. */
export async function letterPdf(ctx: Ctx, caller: Caller, letterId: number, mayRead: (caller: Caller, app: q.ApplicationFacts) => boolean): Promise<{ fileName: string; pdf: Buffer }> {
  const letter = await q.findLetter(ctx.db, letterId);
  const app = letter ? await q.applicationFacts(ctx.db, letter.applicationId) : undefined;
  if (!letter || !app || !mayRead(caller, app)) throw notFound(LETTER_NOT_FOUND);
  const offer = letter.offerId !== null ? await q.findOffer(ctx.db, letter.offerId) : undefined;
  const pdf = await renderPdf(letterSpec(ctx, letter, app, offer));
  const what = letter.kind === 'DECLINE' ? 'Decline letter' : 'Offer letter';
  const who = caller.id === app.userId ? 'the applicant' : caller.role === 'SUPERUSER' ? 'a superuser' : 'staff';
  await ctx.db.transaction((tx) => q.insertHistory(tx, { applicationId: app.id, kind: 'LETTER', note: `${what} downloaded by ${who}.`, actorId: caller.id }));
  return { fileName: `${letter.kind === 'DECLINE' ? 'decision' : 'offer'}-letter-${app.id}.pdf`, pdf };
}

/** Public: for whom a letter with this code was issued (name and program only), else 404. */
export async function verifyLetter(ctx: Ctx, code: string): Promise<LetterVerification> {
  const letter = await q.findLetterByCode(ctx.db, code);
  const app = letter ? await q.applicationFacts(ctx.db, letter.applicationId) : undefined;
  if (!letter || !app) throw notFound(LETTER_CODE_UNKNOWN);
  const offer = letter.offerId !== null ? await q.findOffer(ctx.db, letter.offerId) : undefined;
  return { valid: true, kind: letter.kind, name: app.fullName, program: programOf(app, offer), issuedAt: letter.createdAt.toISOString() };
}
