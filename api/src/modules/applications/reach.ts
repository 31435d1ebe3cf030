/**
 * Reach: a USER sees its own applications; an ADMIN those of its university
 * (from its account, never from a request); a SUPERUSER all. Anything outside
 * reach answers 404, as if it did not exist.
 */
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { Caller } from '../../infrastructure/http/access';
import { findApplicationRow, type ApplicationRow } from './queries';

export const APPLICATION_NOT_FOUND = 'Application not found';

export function isStaff(caller: Caller): boolean {
  return caller.role === 'ADMIN' || caller.role === 'SUPERUSER';
}

/** Whether the caller may read this application (its applicant, or staff in reach). */
export function canRead(caller: Caller, row: Pick<ApplicationRow, 'userId' | 'universityId'>): boolean {
  if (caller.role === 'SUPERUSER') return true;
  if (caller.role === 'ADMIN') return caller.universityId !== null && caller.universityId === row.universityId;
  return row.userId === caller.id;
}

/** Whether the caller may decide on this application. */
export function canDecide(caller: Caller, row: Pick<ApplicationRow, 'universityId'>): boolean {
  if (caller.role === 'SUPERUSER') return true;
  return caller.role === 'ADMIN' && caller.universityId !== null && caller.universityId === row.universityId;
}

/** The university filter of a staff caller: an ADMIN's own (0 = none when unbound), a SUPERUSER's choice. */
export function staffUniversity(caller: Caller, requested: number | undefined): number | undefined {
  if (caller.role === 'ADMIN') return caller.universityId ?? 0;
  return requested;
}

export async function readableApplication(ctx: AppContext, caller: Caller, id: number): Promise<ApplicationRow> {
  const row = await findApplicationRow(ctx.db, id);
  if (!row || !canRead(caller, row)) throw notFound(APPLICATION_NOT_FOUND);
  return row;
}
