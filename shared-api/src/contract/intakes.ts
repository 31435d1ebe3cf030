/**
 * Admission rounds (issue 16): an intake is a university's window for
 * applications ("2027 January intake"), with the programs it offers, the
 * places in each and, optionally, a fee per applicant category.
 *
 * Times travel as ISO 8601 instants (UTC); screens show them in
 * Africa/Lusaka time. A university that never defined an intake takes
 * applications as the spec describes (no intake, no deadline).
 */
import { z } from 'zod';
import { APPLICANT_CATEGORIES, FEE_CURRENCIES, INTAKE_STATES } from './constants';
import { Id, PlainString } from './schemas';

const Instant = PlainString.trim()
  .max(40, 'must be a date and time')
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'must be a date and time (ISO 8601)')
  .refine((v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= 2000 && year <= 2100;
  }, 'must be between the years 2000 and 2100')
  .transform((v) => new Date(v).toISOString());

export const IntakeProgramInput = z
  .object({
    programId: Id,
    /** Places in the program for this intake; null (or absent) for unlimited. */
    capacity: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .max(100_000, 'is too large')
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  })
  .strict();

export const IntakeFee = z
  .object({
    category: z.enum(APPLICANT_CATEGORIES, { error: `must be one of ${APPLICANT_CATEGORIES.join(', ')}` }),
    amount: z.number({ error: 'must be a number' }).min(0, 'must not be below zero').max(100_000, 'is too large'),
    currency: z.enum(FEE_CURRENCIES, { error: `must be one of ${FEE_CURRENCIES.join(', ')}` }),
  })
  .strict();
export type IntakeFee = z.infer<typeof IntakeFee>;

export const IntakeInput = z
  .object({
    name: PlainString.trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
    opensAt: Instant,
    closesAt: Instant,
    programs: z
      .array(IntakeProgramInput)
      .min(1, 'offer at least one program')
      .max(500)
      .refine((list) => new Set(list.map((p) => p.programId)).size === list.length, 'must not list a program twice'),
    /** Empty or absent: every applicant pays the spec's ZMW 150.75. */
    fees: z
      .array(IntakeFee)
      .max(APPLICANT_CATEGORIES.length)
      .refine((list) => new Set(list.map((f) => f.category)).size === list.length, 'must not list a category twice')
      .optional()
      .nullable()
      .transform((v) => v ?? []),
  })
  .strict()
  .refine((i) => i.closesAt > i.opensAt, { message: 'must be after the opening date', path: ['closesAt'] });
export type IntakeInput = z.input<typeof IntakeInput>;

export const IntakeProgram = z.object({
  programId: z.number(),
  programName: z.string(),
  capacity: z.number().nullable(),
});
export type IntakeProgram = z.infer<typeof IntakeProgram>;

export const Intake = z.object({
  id: z.number(),
  universityId: z.number(),
  name: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** Computed by the server at answer time. */
  state: z.enum(INTAKE_STATES),
  programs: z.array(IntakeProgram),
  fees: z.array(IntakeFee),
  /** Submitted applications into this intake (staff answers only). */
  applicationCount: z.number().optional(),
});
export type Intake = z.infer<typeof Intake>;

/** Places per program of an intake, for the staff list and dashboard. */
export const IntakeCapacityRow = z.object({
  programId: z.number(),
  programName: z.string(),
  capacity: z.number().nullable(),
  accepted: z.number(),
  pending: z.number(),
  /** Offers (issue 17): open offers hold a place; places left = capacity - accepted - offered. */
  offered: z.number().optional(),
  waitlisted: z.number().optional(),
  /**
   * Set when an offer in this program was declined or lapsed, someone waits on
   * its waitlist and a place is free: staff see 'Offer to next on waitlist'.
   */
  nextOnWaitlist: z.object({ applicationId: z.number(), fullName: z.string() }).nullable().optional(),
});
export type IntakeCapacityRow = z.infer<typeof IntakeCapacityRow>;
export const IntakeCapacity = z.object({ intakeId: z.number(), programs: z.array(IntakeCapacityRow) });
export type IntakeCapacity = z.infer<typeof IntakeCapacity>;

export const IntakeIdParams = z.object({ id: Id }).strict();
