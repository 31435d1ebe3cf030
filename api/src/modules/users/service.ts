/** Staff views of accounts, the archive / unarchive switch, and an ADMIN's blocks. */
import type { Paged, StudentListItem, UniversityBlock, User } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../errors';
import type { Caller } from '../../infrastructure/http/access';
import { audit } from '../audit';
import { toUser } from '../auth';
import { accountArchivedEmail, accountArchivedSms, queueEmailNotice, queueSmsNotice } from '../notifications';
import { isBlockedFrom, listStudents, listUsers, setBlockedFrom, setEnabled, userInReach, type UserReach } from './queries';

export const USER_NOT_FOUND = 'User not found';

export const ONLY_SUPERUSER_ARCHIVES = 'Only a superuser can archive or unarchive an account.';

/** A staff caller's reach; an ADMIN without a university reaches nobody but itself. */
export function reachOf(caller: Caller): UserReach {
  if (caller.role === 'SUPERUSER') return { kind: 'all' };
  return { kind: 'university', universityId: caller.universityId ?? -1 };
}

export interface UserListQuery {
  page?: number;
  size?: number;
  search?: string;
  role?: User['role'];
  universityId?: number;
}

export async function listUsersFor(ctx: AppContext, caller: Caller, query: UserListQuery): Promise<User[] | Paged<User>> {
  let reach = reachOf(caller);
  // A SUPERUSER may narrow to one university (the selector); an ADMIN's is fixed.
  if (reach.kind === 'all' && query.universityId) reach = { kind: 'university', universityId: query.universityId };
  const paged = query.page !== undefined || query.size !== undefined || (query.search !== undefined && query.search !== '');
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { rows, total } = await listUsers(ctx.db, {
    reach,
    role: query.role,
    search: query.search || undefined,
    ...(paged ? { page, size } : {}),
  });
  const items = rows.map(toUser);
  return paged ? { items, total, page, size } : items;
}

export async function getUserFor(ctx: AppContext, caller: Caller, id: number): Promise<User> {
  if (caller.id === id) {
    const self = await userInReach(ctx.db, id, { kind: 'all' });
    if (!self) throw notFound(USER_NOT_FOUND);
    return toUser(self);
  }
  if (caller.role === 'USER') throw notFound(USER_NOT_FOUND);
  const row = await userInReach(ctx.db, id, reachOf(caller));
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
}

export async function setUserEnabled(ctx: AppContext, caller: Caller, id: number, body: { enabled: boolean; email?: string; role?: string }, ip: string): Promise<User> {
  const row = await userInReach(ctx.db, id, reachOf(caller));
  if (!row) throw notFound(USER_NOT_FOUND);
  if (body.email !== undefined && body.email.trim().toLowerCase() !== row.email.toLowerCase()) throw badRequest('email: cannot be changed here');
  if (body.role !== undefined && body.role.trim().toUpperCase() !== row.role) throw badRequest('role: cannot be changed here');
  if (row.id === caller.id) throw forbidden('You cannot archive or unarchive your own account.');
  if (row.role === 'SUPERUSER' && caller.role !== 'SUPERUSER') throw notFound(USER_NOT_FOUND);
  // An account spans universities (an applicant may apply to several; an ADMIN's
  // colleague is the platform's to manage), so only the platform's SUPERUSER
  // switches one off or on. An ADMIN decides its own university's applications.
  if (caller.role !== 'SUPERUSER') throw forbidden(ONLY_SUPERUSER_ARCHIVES);
  const archiving = row.enabled && !body.enabled;
  // The switch and the person's message (ACCOUNT_ARCHIVED: archived, or restored) commit together, once:
  // a second request switching the same way at the same moment changes nothing and tells nobody.
  const updated =
    row.enabled === body.enabled
      ? row
      : await ctx.db.transaction(async (tx) => {
          const switched = await setEnabled(tx, id, body.enabled, archiving);
          if (!switched) return userInReach(tx, id, reachOf(caller));
          const event = { userId: id, archived: !body.enabled };
          await queueSmsNotice(ctx, tx, accountArchivedSms(ctx, { ...event, occurrence: switched.tokenVersion }));
          await queueEmailNotice(ctx, tx, accountArchivedEmail(ctx, event));
          return switched;
        });
  if (!updated) throw notFound(USER_NOT_FOUND);
  await audit(ctx, {
    actorId: caller.id,
    actorEmail: caller.email,
    action: body.enabled ? 'user.unarchive' : 'user.archive',
    target: `user:${id}`,
    outcome: 'success',
    ip,
    detail: row.enabled === body.enabled ? 'no change' : null,
  });
  return toUser(updated);
}

export const BLOCK_NEEDS_ADMIN = 'Only an admin blocks applicants from its university; a superuser archives the account instead.';

/**
 * An ADMIN's own answer to an applicant it no longer wants: no new
 * application to its university (the applications module refuses them),
 * while the account and the applicant's other universities are untouched.
 * The applicant must have applied to the ADMIN's university.
 */
export async function setUniversityBlock(ctx: AppContext, caller: Caller, id: number, blocked: boolean, ip: string): Promise<UniversityBlock> {
  if (caller.role !== 'ADMIN') throw forbidden(BLOCK_NEEDS_ADMIN);
  const universityId = caller.universityId ?? -1;
  const row = await userInReach(ctx.db, id, { kind: 'university', universityId });
  if (!row || row.role !== 'USER') throw notFound(USER_NOT_FOUND);
  const changed = await setBlockedFrom(ctx.db, universityId, id, blocked, caller.id);
  await audit(ctx, {
    actorId: caller.id,
    actorEmail: caller.email,
    action: blocked ? 'user.block_university' : 'user.unblock_university',
    target: `user:${id}`,
    outcome: 'success',
    ip,
    detail: `university:${universityId}${changed ? '' : ' (no change)'}`,
  });
  return { userId: id, universityId, blocked };
}

export async function listStudentsFor(ctx: AppContext, caller: Caller, query: { page?: number; size?: number; search?: string; universityId?: number }): Promise<Paged<StudentListItem>> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const universityId = caller.role === 'SUPERUSER' ? query.universityId : (caller.universityId ?? -1);
  const { rows, total } = await listStudents(ctx.db, { universityId, search: query.search || undefined, page, size });
  return {
    items: rows.map((r) => ({
      id: r.id,
      fullName: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      phone: r.phone,
      applications: r.applications,
      lastAppliedAt: r.lastAppliedAt ? r.lastAppliedAt.toISOString() : null,
      blocked: r.blocked,
    })),
    total,
    page,
    size,
  };
}

/** Whether an ADMIN of the university blocked this applicant from applying to it. */
export function isBlockedFromUniversity(ctx: Pick<AppContext, 'db'>, universityId: number, userId: number): Promise<boolean> {
  return isBlockedFrom(ctx.db, universityId, userId);
}
