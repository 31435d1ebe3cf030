/**
 * The fee an application owes (issue 16, item 4): one rule for the server
 * (which alone sets what is charged) and the wizard's review step (which shows
 * it before submission). The applicant category follows from the nationality
 * given on step 2; the intake's fee table names the amount; without a table
 * (or for a legacy application without an intake) everyone owes the spec's
 * ZMW 150.75. No zod here: the browser entry exports it.
 */
import { APPLICATION_FEE, type ApplicantCategory } from './constants';

/**
 * Member states of the Southern African Development Community (other than
 * Zambia), each with the names and demonyms an applicant may type as a
 * nationality; compared without case, spaces or punctuation.
 */
export const SADC_MEMBER_STATES: readonly { country: string; names: readonly string[] }[] = [
  { country: 'Angola', names: ['Angola', 'Angolan'] },
  { country: 'Botswana', names: ['Botswana', 'Motswana', 'Batswana', 'Botswanan'] },
  { country: 'Comoros', names: ['Comoros', 'Comorian', 'Union of the Comoros'] },
  { country: 'DR Congo', names: ['DR Congo', 'DRC', 'Democratic Republic of the Congo', 'Democratic Republic of Congo', 'Congo-Kinshasa', 'Congolese (DRC)', 'DR Congolese'] },
  { country: 'Eswatini', names: ['Eswatini', 'Swaziland', 'Swazi', 'Liswati', 'Emaswati'] },
  { country: 'Lesotho', names: ['Lesotho', 'Mosotho', 'Basotho'] },
  { country: 'Madagascar', names: ['Madagascar', 'Malagasy'] },
  { country: 'Malawi', names: ['Malawi', 'Malawian'] },
  { country: 'Mauritius', names: ['Mauritius', 'Mauritian'] },
  { country: 'Mozambique', names: ['Mozambique', 'Mozambican'] },
  { country: 'Namibia', names: ['Namibia', 'Namibian'] },
  { country: 'Seychelles', names: ['Seychelles', 'Seychellois'] },
  { country: 'South Africa', names: ['South Africa', 'South African', 'RSA'] },
  { country: 'Tanzania', names: ['Tanzania', 'Tanzanian', 'United Republic of Tanzania'] },
  { country: 'Zimbabwe', names: ['Zimbabwe', 'Zimbabwean'] },
];
const ZAMBIA_NAMES = ['Zambia', 'Zambian'];

const key = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');
const ZAMBIAN_KEYS = new Set(ZAMBIA_NAMES.map(key));
const SADC_KEYS = new Set(SADC_MEMBER_STATES.flatMap((s) => s.names.map(key)));

/** ZAMBIAN, SADC or INTERNATIONAL from the nationality on step 2 (a country name or a demonym). */
export function applicantCategoryOf(nationality: string | null | undefined): ApplicantCategory {
  const k = key(nationality ?? '');
  if (ZAMBIAN_KEYS.has(k)) return 'ZAMBIAN';
  if (SADC_KEYS.has(k)) return 'SADC';
  return 'INTERNATIONAL';
}

/** The fee an application owes: its amount, currency and the applicant category it follows from. */
export interface FeeDue {
  amount: number;
  currency: string;
  category: ApplicantCategory;
}

/** The fee owed by an applicant of this nationality under this fee table (empty or absent: ZMW 150.75). */
export function feeFor(fees: readonly { category: string; amount: number; currency: string }[] | null | undefined, nationality: string | null | undefined): FeeDue {
  const category = applicantCategoryOf(nationality);
  const row = (fees ?? []).find((f) => f.category === category);
  return row ? { amount: Number(row.amount), currency: row.currency, category } : { amount: APPLICATION_FEE.amount, currency: APPLICATION_FEE.currency, category };
}

/** 'ZMW 150.75', 'USD 60.00': how every page writes a fee. */
export function feeLabel(fee: { amount: number; currency: string }): string {
  return `${fee.currency} ${Number(fee.amount).toFixed(2)}`;
}

/**
 * A waived fee is recorded as a successful payment of zero on this channel
 * (no provider is asked and no money moves), so every list and badge that
 * shows payment shows it paid.
 */
export const FEE_WAIVER_CHANNEL = 'waiver';
/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
export const WAIVER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const WAIVER_CODE_LENGTH = 8;
export const MAX_WAIVER_USES = 10_000;

export const FEE_WAIVER_MESSAGES = {
  unknown: 'code: this fee waiver code is not valid.',
  otherUniversity: 'code: this fee waiver code is for another university.',
  otherIntake: 'code: this fee waiver code is for another intake.',
  expired: 'code: this fee waiver code has expired.',
  usedUp: 'code: this fee waiver code has already been used as many times as allowed.',
  applied: 'Fee waived: your application is ready for review.',
} as const;
