/**
 * Reading applications: the staff list (plain, or paged through the exact
 * staff list cache), one application, and one user's applications.
 */
import type { Application, ApplicationListQuery, Paged } from 'shared-api/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../errors';
import { staffListCache } from '../../infrastructure/caches/staff-list-cache';
import type { Caller } from '../../infrastructure/http/access';
import { toApplication, toLoadedApplication, withDuplicateFlags } from './mapping';
import { countApplications, listLoadedApplications, type ApplicationFilter, type ApplicationSort } from './queries';
import { readableApplication, staffUniversity } from './reach';

/** The plain (unpaged) staff list is capped; X-Total-Count tells when more exist. */
export const PLAIN_LIST_LIMIT = 1000;

/** Offset paging stops here; deeper rows are reached by narrowing the filters or sorting the other way. */
export const MAX_OFFSET = 10_000;
export const DEFAULT_PAGE_SIZE = 20;

export type ListQuery = z.output<typeof ApplicationListQuery>;

const PAGING_KEYS = ['page', 'size', 'search', 'status', 'from', 'to', 'sort', 'paymentStatus', 'assigned', 'maxPoints'] as const;

export function wantsPaging(query: ListQuery): boolean {
  return PAGING_KEYS.some((k) => query[k] !== undefined);
}

export function staffFilter(caller: Caller, query: ListQuery): ApplicationFilter {
  return {
    universityId: staffUniversity(caller, query.universityId),
    status: query.status,
    search: query.search || undefined,
    from: query.from,
    to: query.to,
    paymentStatus: query.paymentStatus,
    // The caller's own id, not 'me': the cached page's key names whose queue it is.
    assigneeId: query.assigned === 'me' ? caller.id : query.assigned === 'none' ? null : undefined,
    maxPoints: query.maxPoints,
  };
}

/** `staffListVersion`: read before this is called (with the caller's access check), or undefined to compute afresh. */
export async function listApplications(
  ctx: AppContext,
  caller: Caller,
  query: ListQuery,
  staffListVersion: number | undefined,
): Promise<{ kind: 'plain'; items: Application[]; total: number | null } | { kind: 'paged'; body: Buffer }> {
  const filter = staffFilter(caller, query);
  if (!wantsPaging(query)) {
    const rows = await listLoadedApplications(ctx.db, filter, { sort: 'newest', limit: PLAIN_LIST_LIMIT });
    const total = rows.length === PLAIN_LIST_LIMIT ? await countApplications(ctx.db, filter) : null;
    return {
      kind: 'plain',
      items: await withDuplicateFlags(
        ctx.db,
        rows.map((row) => toLoadedApplication(row, caller)),
        caller,
      ),
      total,
    };
  }
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * size;
  if (offset > MAX_OFFSET) throw badRequest(`page: only the first ${MAX_OFFSET} results can be paged; narrow the filters`);
  const sort = (query.sort ?? 'newest') as ApplicationSort;
  const body = await staffListCache(ctx).get(staffPageKey(caller, filter, sort, page, size), staffListVersion, async (): Promise<Paged<Application>> => {
    const [rows, total] = await Promise.all([listLoadedApplications(ctx.db, filter, { sort, limit: size, offset }), countApplications(ctx.db, filter)]);
    return {
      items: await withDuplicateFlags(
        ctx.db,
        rows.map((row) => toLoadedApplication(row, caller)),
        caller,
      ),
      total,
      page,
      size,
    };
  });
  return { kind: 'paged', body };
}

/**
 * What a staff page depends on besides the data: the caller's scope and the
 * normalised query. The mapping depends on the viewer only through canDecide
 * (who sees national registration numbers), which is true of every row in a
 * staff caller's reach, so role and university are the whole scope.
 */
function staffPageKey(caller: Caller, filter: ApplicationFilter, sort: ApplicationSort, page: number, size: number): string {
  // Every field of the filter, whatever fields it grows, in a fixed order.
  const conditions = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([caller.role, caller.universityId, conditions, sort, page, size]);
}

export async function getApplication(ctx: AppContext, caller: Caller, id: number): Promise<Application> {
  const row = await readableApplication(ctx, caller, id);
  const [flagged] = await withDuplicateFlags(ctx.db, [await toApplication(ctx.db, row, caller)], caller);
  return flagged!;
}

/** The applications of one user: the user itself, or staff (only those within their reach). */
export async function applicationsOfUser(ctx: AppContext, caller: Caller, userId: number): Promise<Application[]> {
  let filter: ApplicationFilter;
  if (caller.role === 'USER') {
    if (caller.id !== userId) throw new AppError(403, 'You can only see your own applications.', 'Forbidden');
    filter = { userId };
  } else {
    filter = { userId, universityId: staffUniversity(caller, undefined) };
  }
  const rows = await listLoadedApplications(ctx.db, filter, { sort: 'newest', limit: PLAIN_LIST_LIMIT });
  return rows.map((row) => toLoadedApplication(row, caller));
}
