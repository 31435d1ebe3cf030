/**
 * The intake form's values as typed, their checks, and the way to and from
 * the contract's IntakeInput. Times are typed in datetime-local inputs and
 * read as Lusaka time, whatever zone the browser is set to.
 */
import { APPLICANT_CATEGORIES, errorBody, errorStatus, type ApplicantCategory, type FeeCurrency, type Intake, type IntakeInput } from 'shared-api';
import { fromLusakaInput, toLusakaInput } from 'shared-api/intakes';

export interface ProgramChoice {
  offered: boolean;
  /** Places as typed; empty for unlimited. */
  capacity: string;
}

export interface FeeChoice {
  /** As typed; empty when the category pays the default fee. */
  amount: string;
  currency: FeeCurrency;
}

export interface IntakeFormValues {
  name: string;
  opensAt: string;
  closesAt: string;
  programs: Record<number, ProgramChoice>;
  fees: Record<ApplicantCategory, FeeChoice>;
}

/** Keys of the form's errors: a field name, `programs`, `capacity.{programId}` or `fee.{category}`. */
export type IntakeFormErrors = Record<string, string>;

const NO_FEES = Object.fromEntries(APPLICANT_CATEGORIES.map((c) => [c, { amount: '', currency: 'ZMW' }])) as Record<ApplicantCategory, FeeChoice>;

export const EMPTY_INTAKE: IntakeFormValues = { name: '', opensAt: '', closesAt: '', programs: {}, fees: NO_FEES };

export function intakeToValues(intake: Intake): IntakeFormValues {
  const fees = { ...NO_FEES };
  for (const fee of intake.fees) fees[fee.category] = { amount: String(fee.amount), currency: fee.currency };
  return {
    name: intake.name,
    opensAt: toLusakaInput(intake.opensAt),
    closesAt: toLusakaInput(intake.closesAt),
    programs: Object.fromEntries(intake.programs.map((p) => [p.programId, { offered: true, capacity: p.capacity === null ? '' : String(p.capacity) }])),
    fees,
  };
}

/** What the server expects for an intake as it stands, for the list's quick actions. */
export function intakeToInput(intake: Intake, change: Partial<Pick<IntakeInput, 'opensAt' | 'closesAt'>> = {}): IntakeInput {
  return {
    name: intake.name,
    opensAt: intake.opensAt,
    closesAt: intake.closesAt,
    programs: intake.programs.map((p) => ({ programId: p.programId, capacity: p.capacity })),
    fees: intake.fees,
    ...change,
  };
}

const WHOLE = /^\d+$/;
const AMOUNT = /^-?\d+(\.\d{1,2})?$/;

export function validateIntake(values: IntakeFormValues): IntakeFormErrors {
  const errors: IntakeFormErrors = {};
  if (!values.name.trim()) errors.name = 'This field is required';
  const opens = values.opensAt ? fromLusakaInput(values.opensAt) : null;
  const closes = values.closesAt ? fromLusakaInput(values.closesAt) : null;
  if (!values.opensAt) errors.opensAt = 'This field is required';
  else if (!opens) errors.opensAt = 'Enter a real date and time';
  if (!values.closesAt) errors.closesAt = 'This field is required';
  else if (!closes) errors.closesAt = 'Enter a real date and time';
  else if (opens && closes <= opens) errors.closesAt = 'The closing date must be after the opening date';
  const offered = Object.entries(values.programs).filter(([, p]) => p.offered);
  if (offered.length === 0) errors.programs = 'Offer at least one program';
  for (const [id, p] of offered) {
    const text = p.capacity.trim();
    if (text === '') continue;
    if (/^-/.test(text)) errors[`capacity.${id}`] = 'Places cannot be negative';
    else if (!WHOLE.test(text)) errors[`capacity.${id}`] = 'Enter a whole number of places, or leave it empty for unlimited';
  }
  for (const category of APPLICANT_CATEGORIES) {
    const text = values.fees[category].amount.trim();
    if (text === '') continue;
    if (!AMOUNT.test(text)) errors[`fee.${category}`] = 'Enter an amount, like 150 or 60.50';
    else if (Number(text) < 0) errors[`fee.${category}`] = 'The fee cannot be below zero';
  }
  return errors;
}

/** The request for valid values (validateIntake found nothing). */
export function valuesToInput(values: IntakeFormValues): IntakeInput {
  return {
    name: values.name.trim(),
    opensAt: fromLusakaInput(values.opensAt) ?? values.opensAt,
    closesAt: fromLusakaInput(values.closesAt) ?? values.closesAt,
    programs: Object.entries(values.programs)
      .filter(([, p]) => p.offered)
      .map(([id, p]) => ({ programId: Number(id), capacity: p.capacity.trim() === '' ? null : Number(p.capacity) })),
    fees: APPLICANT_CATEGORIES.filter((c) => values.fees[c].amount.trim() !== '').map((category) => ({
      category,
      amount: Number(values.fees[category].amount),
      currency: values.fees[category].currency,
    })),
  };
}

const FIELD_LABELS: Record<string, string> = { name: 'Name', opensAt: 'Opens at', closesAt: 'Closes at', programs: 'Programs', fees: 'Fees' };

/**
 * A 400 answer ('closesAt: must be after the opening date',
 * 'programs.1.capacity: must not be negative') as an error under the field
 * it concerns, in words: the label and the server's reason. Undefined for
 * any other failure.
 */
export function serverFieldError(error: unknown, sent: IntakeInput): IntakeFormErrors | undefined {
  if (errorStatus(error) !== 400) return undefined;
  const match = /^([A-Za-z]\w*)(?:\.(\d+))?(?:\.(\w+))?: (.+)$/.exec(errorBody(error)?.message ?? '');
  if (!match) return undefined;
  const [, field, index, , reason] = match;
  const at = index === undefined ? undefined : Number(index);
  if (field === 'programs' && at !== undefined && sent.programs[at]) return { [`capacity.${sent.programs[at].programId}`]: `Places ${reason}` };
  if (field === 'fees' && at !== undefined && sent.fees?.[at]) return { [`fee.${sent.fees[at].category}`]: `The fee ${reason}` };
  const label = FIELD_LABELS[field];
  return label ? { [field]: `${label} ${reason}` } : undefined;
}
