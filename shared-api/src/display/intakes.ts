/**
 * Where a university's admission rounds stand for an applicant or a guest,
 * the same on the applicant's and the guest's pages: an open intake (with
 * its deadline), none open but one coming (applications are closed until
 * then), or no intakes at all (the spec's behaviour: apply at any time).
 */
import { formatDateTime, NOT_PROVIDED, partsInLusaka, two, type Intake } from 'shared-api';

export type IntakeOutlook = { kind: 'none' } | { kind: 'open'; open: Intake[] } | { kind: 'closed'; next: Intake | null };

/** The intakes as the server answered them (its `state` is what it enforces). */
export function intakeOutlook(intakes: readonly Intake[] | null | undefined): IntakeOutlook {
  if (!intakes || intakes.length === 0) return { kind: 'none' };
  const open = intakes.filter((i) => i.state === 'OPEN').sort((a, b) => a.closesAt.localeCompare(b.closesAt));
  if (open.length > 0) return { kind: 'open', open };
  const upcoming = intakes.filter((i) => i.state === 'UPCOMING').sort((a, b) => Date.parse(a.opensAt) - Date.parse(b.opensAt));
  return { kind: 'closed', next: upcoming[0] ?? null };
}

/** 'The next intake opens on 1 Mar 2027, 08:00 CAT' is built from this: the applicant-facing sentence. */
export const nextIntakeSentence = (opensOn: string) => `The next intake opens on ${opensOn}`;

/** Lusaka keeps Central Africa Time (UTC+2) all year: it has no daylight saving. */
const LUSAKA_ZONE_NAME = 'CAT';

/** An intake's opening or closing instant: '15 Jan 2027, 17:00 CAT', in Lusaka time. */
export function formatIntakeDate(value: string | Date | null | undefined, fallback: string = NOT_PROVIDED): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${formatDateTime(date)} ${LUSAKA_ZONE_NAME}`;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * How long an intake stays open: 'Closes in 12 days', in its last day
 * 'Closes in 5 hours' (then 'less than an hour'), 'Closed' once past. Whole
 * units are rounded down, so the countdown never promises more time than is left.
 */
export function timeLeft(closesAt: string | Date, now: Date = new Date()): string {
  const left = new Date(closesAt).getTime() - now.getTime();
  if (Number.isNaN(left) || left <= 0) return 'Closed';
  if (left < HOUR_MS) return 'Closes in less than an hour';
  if (left < DAY_MS) return `Closes in ${plural(Math.floor(left / HOUR_MS), 'hour')}`;
  return `Closes in ${plural(Math.floor(left / DAY_MS), 'day')}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The value of a datetime-local input showing an instant in Lusaka time
 * ('2027-01-15T17:00'), whatever zone the browser is set to.
 */
export function toLusakaInput(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = partsInLusaka(date);
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * The instant (ISO 8601, UTC) a datetime-local value means when read as
 * Lusaka time, whatever zone the browser is set to; null when it is not one.
 */
export function fromLusakaInput(value: string): string | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at that moment, found by reading a first guess back in Lusaka.
  let instant = wall;
  for (let i = 0; i < 2; i++) {
    const p = partsInLusaka(new Date(instant));
    instant -= Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - wall;
  }
  const check = partsInLusaka(new Date(instant));
  if (check.year !== year || check.month !== month || check.day !== day || check.hour !== hour || check.minute !== minute) return null;
  return new Date(instant).toISOString();
}
