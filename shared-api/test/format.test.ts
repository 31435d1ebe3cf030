import { formatDate, formatDateTime, formatPhone, formatTime } from '../src/display/format';
import { formatIntakeDate, fromLusakaInput, intakeOutlook, timeLeft, toLusakaInput } from '../src/display/intakes';
import type { Intake } from '../src/contract/intakes';

describe('one way to show dates, times and phones', () => {
  it('shows instants in Lusaka time (UTC+2), whatever the zone of the machine', () => {
    expect(formatDate('2026-11-25T12:05:00Z')).toBe('25 Nov 2026');
    expect(formatTime('2026-11-25T12:05:00Z')).toBe('14:05');
    expect(formatDateTime('2026-11-25T12:05:00Z')).toBe('25 Nov 2026, 14:05');
    // 23:30 UTC is already the next day in Lusaka.
    expect(formatDate('2026-09-30T23:30:00Z')).toBe('1 Oct 2026');
    expect(formatDate('2026-09-03T10:00:00Z')).toBe('3 Sep 2026');
  });

  it('keeps a calendar day (a date of birth) on its day', () => {
    expect(formatDate('2004-05-06')).toBe('6 May 2004');
  });

  it('says Not provided for nothing and shows what is not a date as given', () => {
    expect(formatDate(null)).toBe('Not provided');
    expect(formatDateTime('', '—')).toBe('—');
    expect(formatDate('soon')).toBe('soon');
  });

  it('shows Zambian numbers nationally and others as given', () => {
    expect(formatPhone('+260977123456')).toBe('0977 123 456');
    expect(formatPhone('260 97 712 3456')).toBe('0977 123 456');
    expect(formatPhone('0977123456')).toBe('0977 123 456');
    expect(formatPhone(' +263 77 123 4567 ')).toBe('+263 77 123 4567');
    expect(formatPhone(null)).toBe('Not provided');
  });
});

describe('intake dates and the countdown to a deadline', () => {
  const closesAt = '2027-01-15T15:00:00.000Z'; // 17:00 in Lusaka
  const before = (ms: number) => new Date(Date.parse(closesAt) - ms);
  const HOUR = 3_600_000;

  it('shows an intake instant in Lusaka time with its zone', () => {
    expect(formatIntakeDate(closesAt)).toBe('15 Jan 2027, 17:00 CAT');
    expect(formatIntakeDate('2026-12-31T22:30:00Z')).toBe('1 Jan 2027, 00:30 CAT');
    expect(formatIntakeDate(null)).toBe('Not provided');
  });

  it('counts days, then hours in the last day, then says Closed', () => {
    expect(timeLeft(closesAt, before(12 * 24 * HOUR + 5 * HOUR))).toBe('Closes in 12 days');
    expect(timeLeft(closesAt, before(24 * HOUR))).toBe('Closes in 1 day');
    expect(timeLeft(closesAt, before(24 * HOUR - 1))).toBe('Closes in 23 hours');
    expect(timeLeft(closesAt, before(5 * HOUR + 59 * 60_000))).toBe('Closes in 5 hours');
    expect(timeLeft(closesAt, before(HOUR))).toBe('Closes in 1 hour');
    expect(timeLeft(closesAt, before(HOUR - 1))).toBe('Closes in less than an hour');
    expect(timeLeft(closesAt, before(1))).toBe('Closes in less than an hour');
    expect(timeLeft(closesAt, before(0))).toBe('Closed');
    expect(timeLeft(closesAt, before(-HOUR))).toBe('Closed');
  });

  describe('datetime-local values read and written in Lusaka time, whatever the zone of the machine', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    for (const machineZone of ['UTC', 'America/New_York', 'Asia/Tokyo', 'Africa/Lusaka']) {
      it(`on a machine set to ${machineZone}`, () => {
        process.env.TZ = machineZone;
        expect(fromLusakaInput('2027-01-15T17:00')).toBe('2027-01-15T15:00:00.000Z');
        expect(fromLusakaInput('2027-01-01T01:30')).toBe('2026-12-31T23:30:00.000Z');
        expect(toLusakaInput('2027-01-15T15:00:00.000Z')).toBe('2027-01-15T17:00');
        expect(toLusakaInput('2026-12-31T23:30:00Z')).toBe('2027-01-01T01:30');
      });
    }

    it('refuses what is not a date and time', () => {
      expect(fromLusakaInput('')).toBeNull();
      expect(fromLusakaInput('2027-02-30T10:00')).toBeNull();
      expect(fromLusakaInput('tomorrow')).toBeNull();
      expect(toLusakaInput('soon')).toBe('');
    });
  });
});

describe('where the intakes of a university stand', () => {
  const base = { universityId: 1, programs: [], fees: [] };
  const open = (id: number, closesAt: string): Intake => ({ ...base, id, name: `Open ${id}`, opensAt: '2027-01-01T00:00:00Z', closesAt, state: 'OPEN' });
  const upcoming = (id: number, opensAt: string): Intake => ({ ...base, id, name: `Upcoming ${id}`, opensAt, closesAt: '2028-01-01T00:00:00Z', state: 'UPCOMING' });

  it('has nothing to say for a university without intakes', () => {
    expect(intakeOutlook([])).toEqual({ kind: 'none' });
    expect(intakeOutlook(null)).toEqual({ kind: 'none' });
  });

  it('lists the open intakes, the first to close first', () => {
    const outlook = intakeOutlook([upcoming(3, '2027-06-01T00:00:00Z'), open(1, '2027-03-01T00:00:00Z'), open(2, '2027-02-01T00:00:00Z')]);
    expect(outlook.kind === 'open' && outlook.open.map((i) => i.id)).toEqual([2, 1]);
  });

  it('says applications are closed until the soonest upcoming intake', () => {
    expect(intakeOutlook([upcoming(4, '2027-09-01T00:00:00Z'), upcoming(3, '2027-06-01T00:00:00Z')])).toMatchObject({ kind: 'closed', next: { id: 3 } });
    expect(intakeOutlook([{ ...open(5, '2027-01-02T00:00:00Z'), state: 'CLOSED' }])).toEqual({ kind: 'closed', next: null });
  });
});
