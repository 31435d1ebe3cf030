/**
 * Queues (issue 17 item 3): an application is assigned to one reviewer, an
 * enabled ADMIN of its university or a SUPERUSER, or to nobody. Assigning,
 * reassigning and unassigning are history entries in words ('Assigned to
 * Jane Banda') and audit records. Only staff see who reviews an application
 * (mapping.ts leaves the assignee and these entries out of an applicant's
 * answer). The staff list cache follows by itself: the assignee is a column
 * of `applications`, whose every change moves the staff list version.
 */
import type { Application, Assignee } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import type { Executor } from '../../infrastructure/database/client';
import type { Caller } from '../../infrastructure/http/access';
import { audit, type AuditInput } from '../audit';
import { notifyStaff } from '../notifications';
import { recordHistory } from './history';
import { personName, toApplication } from './mapping';
import { assignableStaff, findApplicationRow, lockApplicationRow, setAssignee, staffMembers, type ApplicationRow, type StaffMember } from './queries';
import { APPLICATION_NOT_FOUND, canDecide, staffUniversity } from './reach';

export const ASSIGNEE_NOT_ALLOWED = "userId: choose an active ADMIN of the application's university or a SUPERUSER";

/** The reviewer `userId` names, if applications of these universities may be assigned to them; else 400 naming userId. */
export async function assigneeFor(db: Executor, userId: number | null, universityIds: Iterable<number>): Promise<StaffMember | null> {
  if (userId === null) return null;
  const [member] = await staffMembers(db, [userId]);
  if (!member || !member.enabled || member.deleted) throw badRequest(ASSIGNEE_NOT_ALLOWED);
  if (member.role === 'SUPERUSER') return member;
  if (member.role !== 'ADMIN' || member.universityId === null) throw badRequest(ASSIGNEE_NOT_ALLOWED);
  for (const universityId of universityIds) if (universityId !== member.universityId) throw badRequest(ASSIGNEE_NOT_ALLOWED);
  return member;
}

/** What an assignment change reads as in the history. */
export function assignmentWords(previous: string | null, next: string | null): string {
  if (next === null) return previous ? `Unassigned (was ${previous})` : 'Unassigned';
  if (previous === null) return `Assigned to ${next}`;
  return `Reassigned from ${previous} to ${next}`;
}

/**
 * Gives these applications (locked by the caller, inside `tx`) to `assignee`,
 * or to nobody: one history entry for each that changes, then one update.
 * Answers the audit records of the changed ones, to write after the commit.
 */
export async function assignRows(tx: Executor, caller: Caller, rows: ApplicationRow[], assignee: StaffMember | null, ip: string | null, how = ''): Promise<AuditInput[]> {
  const to = assignee?.id ?? null;
  const changing = rows.filter((row) => row.assigneeId !== to);
  const previousIds = [...new Set(changing.map((row) => row.assigneeId).filter((id): id is number => id !== null))];
  const previous = new Map((await staffMembers(tx, previousIds)).map((m) => [m.id, personName(m)]));
  const nextName = assignee ? personName(assignee) : null;
  const audits: AuditInput[] = [];
  for (const row of changing) {
    const before = row.assigneeId === null ? null : (previous.get(row.assigneeId) ?? 'a former staff member');
    await recordHistory(tx, {
      applicationId: row.id,
      kind: 'ASSIGNMENT',
      from: row.assigneeId === null ? null : String(row.assigneeId),
      to: to === null ? null : String(to),
      note: assignmentWords(before, nextName),
      actorId: caller.id,
    });
    audits.push({
      actorId: caller.id,
      actorEmail: caller.email,
      action: 'application.assign',
      target: `application:${row.id}`,
      outcome: 'success',
      ip,
      detail: `assignee ${row.assigneeId ?? 'none'} -> ${to ?? 'none'}${how}`,
    });
  }
  await setAssignee(
    tx,
    changing.map((row) => row.id),
    to,
  );
  // The notification centre: the new reviewer learns of it, unless they assigned it to themselves; several at once are one entry.
  if (to !== null && to !== caller.id && changing.length > 0) {
    const one = changing.length === 1 ? changing[0]!.id : null;
    await notifyStaff(tx, [
      one === null
        ? { userId: to, kind: 'ASSIGNED', applicationId: null, title: 'Applications assigned to you', body: `${changing.length} applications were assigned to you.` }
        : { userId: to, kind: 'ASSIGNED', applicationId: one, title: 'Application assigned to you', body: `Application #${one} was assigned to you.` },
    ]);
  }
  return audits;
}

/** PUT /api/applications/{id}/assignee: staff in reach assign the application, or (null) take it back. */
export async function assignApplication(ctx: AppContext, caller: Caller, id: number, userId: number | null, ip: string | null): Promise<Application> {
  const found = await findApplicationRow(ctx.db, id);
  if (!found || !canDecide(caller, found)) throw notFound(APPLICATION_NOT_FOUND);
  const assignee = await assigneeFor(ctx.db, userId, [found.universityId]);
  const audits = await ctx.db.transaction(async (tx) => {
    const row = await lockApplicationRow(tx, id);
    if (!row) throw notFound(APPLICATION_NOT_FOUND);
    return assignRows(tx, caller, [row], assignee, ip);
  });
  for (const entry of audits) await audit(ctx, entry);
  return toApplication(ctx.db, (await findApplicationRow(ctx.db, id))!, caller);
}

/**
 * GET /api/applications/assignees: whom the caller may assign applications
 * of a university to: its enabled ADMINs (an ADMIN's own university, a
 * SUPERUSER's choice), and, for a SUPERUSER, the SUPERUSERs.
 */
export async function listAssignees(ctx: AppContext, caller: Caller, universityId: number | undefined): Promise<Assignee[]> {
  const university = staffUniversity(caller, universityId);
  const members = await assignableStaff(ctx.db, university === 0 ? undefined : university, caller.role === 'SUPERUSER');
  return members.map((m) => ({ id: m.id, name: personName(m), role: m.role }));
}
