/**
 * Shapes of the fee an application owes and of fee waiver codes (issue 16,
 * item 4). The rules themselves are in fee-rules.ts.
 */
import { z } from 'zod';
import { APPLICANT_CATEGORIES, APPLICATION_STATUSES } from './constants';
import { MAX_WAIVER_USES } from './fee-rules';
import { Id, PlainString } from './schemas';

export const ApplicationFee = z.object({
  amount: z.number(),
  currency: z.string(),
  category: z.enum(APPLICANT_CATEGORIES),
});
export type ApplicationFee = z.infer<typeof ApplicationFee>;

/* ---------- fee waiver codes ---------- */
export const FeeWaiverCreate = z
  .object({
    /** 1 = single-use. */
    maxUses: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(MAX_WAIVER_USES, `must be at most ${MAX_WAIVER_USES}`),
    /** ISO 8601; must be in the future. */
    expiresAt: PlainString.trim()
      .max(40, 'must be a date and time')
      .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'must be a date and time (ISO 8601)')
      .refine((v) => {
        const year = new Date(v).getUTCFullYear();
        return year >= 2000 && year <= 2100;
      }, 'must be between the years 2000 and 2100')
      .transform((v) => new Date(v).toISOString()),
    /** Limit the code to one intake of the university; absent or null: any application to the university. */
    intakeId: Id.nullable().optional(),
  })
  .strict();
export type FeeWaiverCreate = z.input<typeof FeeWaiverCreate>;

export const FeeWaiver = z.object({
  id: z.number(),
  universityId: z.number(),
  intakeId: z.number().nullable(),
  intakeName: z.string().nullable(),
  code: z.string(),
  maxUses: z.number(),
  uses: z.number(),
  usesLeft: z.number(),
  expiresAt: z.string(),
  expired: z.boolean(),
  createdAt: z.string(),
});
export type FeeWaiver = z.infer<typeof FeeWaiver>;

export const FeeWaiverApply = z
  .object({
    code: PlainString.trim()
      .min(1, 'is required')
      .max(40, 'is not a fee waiver code')
      .transform((c) => c.toUpperCase().replace(/[\s-]/g, '')),
  })
  .strict();
export type FeeWaiverApply = z.input<typeof FeeWaiverApply>;

/** What applying a code answers: the application is now paid by waiver. */
export const FeeWaiverApplied = z.object({
  message: z.string(),
  applicationId: z.number(),
  applicationStatus: z.enum(APPLICATION_STATUSES),
});
export type FeeWaiverApplied = z.infer<typeof FeeWaiverApplied>;
