/**
 * Bulk actions on the staff list (issue 17 item 3): assign, or decline with
 * one reason, up to BULK_MAX_APPLICATIONS applications named by id or by the
 * list's filters. All or nothing: one transaction locks every application;
 * if one is out of the caller's reach (404) or cannot be declined because it
 * has been decided (409), nothing changes and the answer names it. Each
 * application still gets its own history entry, audit record and (when
 * declined) decision e-mail, queued in the outbox in the same transaction.
 */
import { BULK_LIMIT_MESSAGE, BULK_MAX_APPLICATIONS, DECIDABLE_STATUSES, type ApplicationBulkResult } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import type { Caller } from '../../infrastructure/http/access';
import { audit } from '../audit';
import { assigneeFor, assignRows } from './assignment';
import { declineApplications } from './decisions';
import { staffFilter, type ListQuery } from './listing';
import { idsMatching, lockApplicationRows } from './queries';
import { canDecide } from './reach';

export interface BulkRequest {
  action: 'assign' | 'decline';
  userId?: number | null;
  reason?: string;
  ids?: number[];
  filter?: ListQuery;
}

export const NOTHING_MATCHES = 'No application matches these filters: nothing was changed.';

/** At most this many ids are named in a refusal; the rest are counted. */
const NAMED = 20;

function named(ids: number[]): string {
  const shown = ids.slice(0, NAMED).join(', ');
  return ids.length > NAMED ? `${shown} and ${ids.length - NAMED} more` : shown;
}

export async function bulkApplications(ctx: AppContext, caller: Caller, body: BulkRequest, ip: string | null): Promise<ApplicationBulkResult> {
  let ids: number[];
  if (body.ids) {
    ids = [...new Set(body.ids)];
  } else {
    // One more than allowed tells 'too many' without counting them all.
    const filter = staffFilter(caller, body.filter ?? {});
    // What the list shows: an ADMIN's list leaves submitted applications out (spec §2.4), and so does its bulk action.
    if (caller.role === 'ADMIN' && filter.status === undefined) filter.excludeStatus = 'SUBMITTED';
    ids = await idsMatching(ctx.db, filter, BULK_MAX_APPLICATIONS + 1);
    if (ids.length === 0) throw badRequest(NOTHING_MATCHES);
  }
  if (ids.length > BULK_MAX_APPLICATIONS) throw badRequest(BULK_LIMIT_MESSAGE);

  const audits = await ctx.db.transaction(async (tx) => {
    const rows = await lockApplicationRows(tx, ids);
    const reachable = new Set(rows.filter((row) => canDecide(caller, row)).map((row) => row.id));
    const missing = ids.filter((id) => !reachable.has(id));
    if (missing.length > 0) throw notFound(`${missing.length === 1 ? 'Application' : 'Applications'} not found: ${named(missing)}. Nothing was changed.`);
    if (body.action === 'assign') {
      const assignee = await assigneeFor(
        tx,
        body.userId ?? null,
        rows.map((row) => row.universityId),
      );
      return assignRows(tx, caller, rows, assignee, ip, ' (bulk)');
    }
    const decided = rows.filter((row) => !DECIDABLE_STATUSES.includes(row.status)).map((row) => row.id);
    if (decided.length > 0) {
      throw conflict(
        `Already decided, so ${decided.length === 1 ? 'it cannot' : 'they cannot'} be declined: ${decided.length === 1 ? 'application' : 'applications'} ${named(decided)}. Nothing was changed.`,
      );
    }
    return declineApplications(ctx, tx, caller, rows, body.reason ?? '', ip);
  });
  for (const entry of audits) await audit(ctx, entry);
  return { action: body.action, count: ids.length, ids };
}
