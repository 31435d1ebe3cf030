/**
 * Offers and decision letters (issue 17 items 5 and 6). Accepting an
 * application makes an offer: unconditional or conditional, answered by the
 * applicant before its reply deadline; an accepted offer ends in the spec's
 * APPROVED. Each decision has a PDF letter with a verification code anyone
 * can check (name and program only).
 */
import { z } from 'zod';
import { PlainString } from './schemas';

export const OFFER_TYPES = ['UNCONDITIONAL', 'CONDITIONAL'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
export const OFFER_STATES = ['OPEN', 'ACCEPTED', 'DECLINED', 'LAPSED'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
export const LETTER_KINDS = ['OFFER', 'DECLINE'] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];
export const CONDITIONS_REQUIRED_MESSAGE = 'conditions: a conditional offer needs its conditions.';
export const OFFER_NOT_FOUND = 'Offer not found';
export const OFFER_LAPSED_MESSAGE = 'This offer has lapsed: its reply deadline has passed.';
export const OFFER_ANSWERED_MESSAGE = 'This offer has already been answered.';
export const LETTER_NOT_FOUND = 'Letter not found';
export const LETTER_CODE_UNKNOWN = 'No decision letter has this verification code.';

export const Offer = z.object({
  id: z.number(),
  applicationId: z.number(),
  programId: z.number(),
  programName: z.string(),
  type: z.enum(OFFER_TYPES),
  conditions: z.string().nullable(),
  /** ISO instant; screens show it in Lusaka time. */
  replyBy: z.string(),
  state: z.enum(OFFER_STATES),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type Offer = z.infer<typeof Offer>;

export const DecisionLetter = z.object({
  id: z.number(),
  kind: z.enum(LETTER_KINDS),
  code: z.string(),
  /** The PDF, for the applicant and staff in reach. */
  url: z.string(),
  createdAt: z.string(),
});
export type DecisionLetter = z.infer<typeof DecisionLetter>;

/** GET /api/applications/{id}/offer: the latest offer (or none) and the decision letters. */
export const ApplicationOffer = z.object({ offer: Offer.nullable(), letters: z.array(DecisionLetter) });
export type ApplicationOffer = z.infer<typeof ApplicationOffer>;

/** GET /api/letters/verify/{code}: for whom a letter was issued, nothing more. */
export const LetterVerification = z.object({
  valid: z.literal(true),
  kind: z.enum(LETTER_KINDS),
  name: z.string(),
  program: z.string().nullable(),
  issuedAt: z.string(),
});
export type LetterVerification = z.infer<typeof LetterVerification>;

/** A verification code: 20 characters of Crockford base 32 (100 bits), case and dashes ignored. */
export const LetterCodeParams = z
  .object({
    code: PlainString.max(40, 'is not a letter code')
      .transform((v) => v.replace(/-/g, '').toUpperCase())
      .refine((v) => /^[0-9A-HJKMNP-TV-Z]{20}$/.test(v), 'is not a letter code'),
  })
  .strict();
