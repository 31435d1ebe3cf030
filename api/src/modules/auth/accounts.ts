/**
 * Accounts as the other modules use them: one account by id or e-mail, a new
 * password, and the wire shape of a user (never the password hash, the token
 * version or consent internals). Their SQL stays in this module.
 */
import type { User } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { hashPassword } from '../../infrastructure/security/passwords';
import { findUserByEmail, findUserById, setPassword, type UserRow } from './queries';

export type { UserRow } from './queries';

/** The account with this id, archived or deleted ones included. */
export function findAccount(ctx: Pick<AppContext, 'db'>, id: number): Promise<UserRow | undefined> {
  return findUserById(ctx.db, id);
}

/** The live (not deleted) account with this e-mail, whatever its case. */
export function findAccountByEmail(ctx: Pick<AppContext, 'db'>, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(ctx.db, email);
}

/** Sets a new password; the token version moves on, so every session of the account ends. */
export async function setAccountPassword(ctx: Pick<AppContext, 'db'>, id: number, password: string): Promise<void> {
  await setPassword(ctx.db, id, await hashPassword(password));
}

/** The wire shape: never the password hash, the token version or consent internals. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    userId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone,
    role: row.role,
    enabled: row.enabled,
    universityId: row.universityId,
    createdAt: row.createdAt.toISOString(),
  };
}
