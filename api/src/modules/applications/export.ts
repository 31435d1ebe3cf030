/** The staff list as CSV: the same filters, every row, newest first. */
import { Readable } from 'node:stream';
import { formatPhone } from 'shared-api/format';
import type { AppContext } from '../../context';
import type { Caller } from '../../infrastructure/http/access';
import { staffFilter, type ListQuery } from './listing';
import { toLoadedApplication } from './mapping';
import { loadedApplicationsBefore } from './queries';

const CSV_COLUMNS = [
  'id',
  'status',
  'fullName',
  'email',
  'phoneNumber',
  'gender',
  'dateOfBirth',
  'nationality',
  'province',
  'country',
  'city',
  'highestQualification',
  'institutionAttended',
  'university',
  'programChoices',
  'approvedProgram',
  'paid',
  'paymentStatus',
  'submittedAt',
  'lastUpdated',
  'reviewNotes',
  'points',
] as const;

/**
 * One CSV cell: a leading = + - @ (or tab / carriage return) that a
 * spreadsheet would run as a formula is neutralised with a leading
 * apostrophe, and every cell is quoted with inner quotes doubled.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLine(cells: unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

const EXPORT_BATCH = 500;

/** Every application matching the list filters, newest first, in keyset batches (no paging limit). */
/**
 * The first batch is read before the answer starts, so a filter the database
 * refuses (or a database that is down) still gets its proper status instead
 * of a 200 whose body is cut off.
 */
export async function exportApplicationsCsv(ctx: AppContext, caller: Caller, query: ListQuery): Promise<Readable> {
  const filter = staffFilter(caller, query);
  const first = await loadedApplicationsBefore(ctx.db, filter, null, EXPORT_BATCH);
  async function* lines(): AsyncGenerator<string> {
    yield `\ufeff${csvLine([...CSV_COLUMNS])}`;
    let before: number | null = null;
    for (;;) {
      const rows: typeof first = before === null ? first : await loadedApplicationsBefore(ctx.db, filter, before, EXPORT_BATCH);
      if (rows.length === 0) return;
      const mapped = rows.map((row) => toLoadedApplication(row, caller));
      let chunk = '';
      for (const a of mapped) {
        chunk += csvLine([
          a.id,
          a.status,
          a.fullName,
          a.email,
          // Stored in E.164; a Zambian number reads as people write it ('0971 000 111'),
          // which a spreadsheet keeps as text without the formula guard's apostrophe.
          formatPhone(a.phoneNumber, ''),
          a.gender,
          a.dateOfBirth,
          a.nationality,
          a.province,
          a.country,
          a.city,
          a.highestQualification,
          a.institutionAttended,
          a.university.name,
          a.programChoices.map((c) => c.programName).join('; '),
          a.status === 'APPROVED' ? (a.program?.name ?? '') : '',
          a.paid ? 'yes' : 'no',
          a.payment?.status ?? '',
          a.submittedAt,
          a.lastUpdated,
          a.reviewNotes,
          a.points,
        ]);
      }
      yield chunk;
      if (rows.length < EXPORT_BATCH) return;
      before = rows[rows.length - 1]!.id;
    }
  }
  return Readable.from(lines());
}
