/**
 * One way to show dates, times and phone numbers on every screen of every
 * remote: dates as '25 Nov 2026', times as '14:05', both in Lusaka time (the
 * portal's people are in Zambia, whatever zone a laptop is set to), and
 * Zambian phone numbers in their national form '0977 123 456'.
 */

import { INTAKE_TIME_ZONE } from '../contract/constants';

export const PORTAL_TIME_ZONE = INTAKE_TIME_ZONE;
export const NOT_PROVIDED = 'Not provided';

// Spelt out: ICU's en-GB says 'Sept' for September in some versions.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

let lusaka: Intl.DateTimeFormat | null = null;

export interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export function partsInLusaka(date: Date): Parts {
  lusaka ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: PORTAL_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const found: Record<string, number> = {};
  for (const part of lusaka.formatToParts(date)) if (part.type !== 'literal') found[part.type] = Number(part.value);
  return { year: found.year!, month: found.month!, day: found.day!, hour: found.hour! % 24, minute: found.minute! };
}

/** A calendar day ('2004-05-06', a date of birth) is that day everywhere; an instant is read in Lusaka. */
function parts(value: string | Date): Parts | null {
  if (typeof value === 'string') {
    const day = CALENDAR_DATE.exec(value.trim());
    if (day) return { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: 0, minute: 0 };
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : partsInLusaka(date);
}

export const two = (n: number) => String(n).padStart(2, '0');

/** '25 Nov 2026'; the fallback for nothing, the value itself when it is not a date. */
export function formatDate(value: string | Date | null | undefined, fallback: string = NOT_PROVIDED): string {
  if (value === null || value === undefined || value === '') return fallback;
  const p = parts(value);
  return p ? `${p.day} ${MONTHS[p.month - 1]} ${p.year}` : String(value);
}

/** '14:05' in Lusaka time. */
export function formatTime(value: string | Date | null | undefined, fallback: string = NOT_PROVIDED): string {
  if (value === null || value === undefined || value === '') return fallback;
  const p = parts(value);
  return p ? `${two(p.hour)}:${two(p.minute)}` : String(value);
}

/** '25 Nov 2026, 14:05' in Lusaka time. */
export function formatDateTime(value: string | Date | null | undefined, fallback: string = NOT_PROVIDED): string {
  if (value === null || value === undefined || value === '') return fallback;
  const p = parts(value);
  return p ? `${p.day} ${MONTHS[p.month - 1]} ${p.year}, ${two(p.hour)}:${two(p.minute)}` : String(value);
}

/**
 * A phone number as people write it: a Zambian number (+260…, 260…, 0…
 * with nine digits after the prefix) in its national form '0977 123 456';
 * any other number as it was given, trimmed.
 */
export function formatPhone(value: string | null | undefined, fallback: string = NOT_PROVIDED): string {
  const given = (value ?? '').trim();
  if (!given) return fallback;
  const digits = given.replace(/[\s()-]/g, '');
  const national = /^(?:\+?260|0)([0-9]{9})$/.exec(digits);
  if (!national) return given;
  const n = national[1]!;
  return `0${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
}
