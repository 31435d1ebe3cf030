/**
 * The server names the first invalid field of a request as 'field: reason'
 * (api/src/errors.ts): written for programs, not people. A form turns it into
 * plain words under the field it concerns with `fieldProblem`, so no one reads
 * 'password: is too common…' or 'phone: is required' for a phone of 'abc'.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../contract/constants';
import { errorBody, errorStatus } from './http';

export interface FieldProblem {
  /** The field as the contract names it ('email', 'phoneNumber', 'programIds.1'…): the first segment. */
  field: string;
  /** What to do, in plain words. */
  text: string;
}

/** 'field: reason' or 'field.0.part: reason', as api/src/errors.ts words a refused field. */
const FIELD_MESSAGE = /^([A-Za-z][\w]*)(?:\.[\w.]+)?: (.+)$/;

/** What the person can do about a field the server refused, by what the field holds. */
const PLAIN_BY_FIELD: ReadonlyArray<[RegExp, string]> = [
  [/^(email)$/i, 'Enter a valid email address, like name@example.com'],
  [/^(phone|phoneNumber)$/i, 'Enter a valid phone number, like 0977 123 456 or +260 977 123 456'],
  [/^(dateOfBirth|startDate|endDate)$/i, 'Enter a real date'],
  [/^(nrcNumber)$/i, 'Enter your NRC number as printed on the card, like 123456/10/1'],
  [/^(programIds)$/i, 'Choose each program only once'],
];

/** Plain words for one refused field, from the reason the server gave. */
export function plainFieldText(field: string, reason: string): string {
  if (/too common/i.test(reason)) return 'Choose a less common password. This one is among the first that attackers try.';
  if (/at least \d+ characters/i.test(reason) && /password/i.test(field)) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  if (/at most \d+ characters/i.test(reason) && /password/i.test(field)) return `Use at most ${PASSWORD_MAX_LENGTH} characters`;
  for (const [pattern, text] of PLAIN_BY_FIELD) if (pattern.test(field)) return text;
  if (/required|expected \w+, received undefined/i.test(reason)) return 'This field is required';
  const longest = /at most (\d+)/i.exec(reason);
  if (longest) return `Use at most ${longest[1]} characters`;
  if (/control characters|line breaks/i.test(reason)) return 'Remove the special characters from this field';
  return 'Check this field';
}

/** Fields whose name does not read as words on its own. */
const FIELD_LABELS: Readonly<Record<string, string>> = { programIds: 'Programs', nrcNumber: 'NRC number', programId: 'Program', universityId: 'University', intakeId: 'Intake' };

/** 'phoneNumber' → 'Phone number', 'programIds' → 'Program ids': the field as a person reads it. */
export function fieldLabel(field: string): string {
  const named = FIELD_LABELS[field];
  if (named) return named;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A server error turned into text in the spec's order: message, then error,
 * then the fallback. A 'field: reason' message (written for programs) comes
 * out in plain words with the field as a person names it, so a dialog never
 * says 'phone: is required' for a phone of 'abc'.
 */
export function errorText(error: unknown, fallback: string): string {
  const body = errorBody(error);
  const status = errorStatus(error);
  const problem = status === 400 || status === 409 ? FIELD_MESSAGE.exec(body?.message ?? '') : null;
  if (problem) {
    const [, field, reason] = problem;
    const plain = plainFieldText(field, reason);
    return `${fieldLabel(field)}: ${plain === 'Check this field' ? sentence(reason) : plain}`;
  }
  return body?.message || body?.error || fallback;
}

const sentence = (reason: string) => reason.charAt(0).toUpperCase() + reason.slice(1);

/**
 * The field a 400 answer refused and what to say under it; undefined for any
 * other failure (the form shows those in its own words).
 */
export function fieldProblem(error: unknown): FieldProblem | undefined {
  if (errorStatus(error) !== 400) return undefined;
  const match = FIELD_MESSAGE.exec(errorBody(error)?.message ?? '');
  if (!match) return undefined;
  const [, field, reason] = match;
  return { field, text: plainFieldText(field, reason) };
}
