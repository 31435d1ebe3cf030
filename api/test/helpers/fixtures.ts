/**
 * Builds the people and places most tests need, straight in the database, and
 * signs their tokens with the app's own token service.
 */
import type { Role } from 'shared-api/contract';
import { applications, universities, users } from '../../src/infrastructure/database/schema';
import { hashPassword } from '../../src/infrastructure/security/passwords';
import { startSession } from '../../src/modules/auth';
import type { TestApp } from './test-app';

export const DEFAULT_PASSWORD = 'Correct-Horse-42';

/** The columns of an application row with plausible values, for tests that insert applications directly. */
export function applicationRow(userId: number, universityId: number, extra: Partial<typeof applications.$inferInsert> = {}): typeof applications.$inferInsert {
  return {
    userId,
    universityId,
    status: 'PENDING',
    fullName: 'Applicant',
    email: `a${userId}@example.test`,
    phoneNumber: '+260971234567',
    dateOfBirth: '2004-01-01',
    nationality: 'Zambian',
    province: 'Lusaka',
    nationalRegNumber: '123456/10/1',
    country: 'Zambia',
    city: 'Lusaka',
    highestQualification: 'Grade 12',
    institutionAttended: 'School',
    ...extra,
  };
}
let cachedHash: Promise<string> | undefined;

export interface TestUser {
  id: number;
  email: string;
  role: Role;
  universityId: number | null;
  token: string;
  password: string;
}

export async function createUniversity(t: TestApp, name: string, extra: Partial<typeof universities.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(universities)
    .values({ name, location: 'Lusaka', ...extra })
    .returning();
  return row!;
}

let counter = 0;
export async function createUser(t: TestApp, role: Role, options: { universityId?: number | null; email?: string; firstName?: string; lastName?: string; phone?: string } = {}): Promise<TestUser> {
  counter += 1;
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  const email = options.email ?? `${role.toLowerCase()}${counter}-${Date.now()}@example.test`;
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: await cachedHash,
      firstName: options.firstName ?? role.charAt(0) + role.slice(1).toLowerCase(),
      lastName: options.lastName ?? `Tester${counter}`,
      phone: options.phone ?? '+260971234567',
      role,
      universityId: options.universityId ?? null,
    })
    .returning();
  const token = await startSession(t.ctx, row!);
  return { id: row!.id, email, role, universityId: row!.universityId, token, password: DEFAULT_PASSWORD };
}

/** Two universities, each with an ADMIN; a SUPERUSER; two applicants. */
export async function createWorld(t: TestApp) {
  const uniA = await createUniversity(t, 'University of Zambia', { location: 'Lusaka' });
  const uniB = await createUniversity(t, 'Copperbelt University', { location: 'Kitwe' });
  const superuser = await createUser(t, 'SUPERUSER');
  const adminA = await createUser(t, 'ADMIN', { universityId: uniA.id });
  const adminB = await createUser(t, 'ADMIN', { universityId: uniB.id });
  const userA = await createUser(t, 'USER');
  const userB = await createUser(t, 'USER');
  return { uniA, uniB, superuser, adminA, adminB, userA, userB };
}
export type World = Awaited<ReturnType<typeof createWorld>>;

/** app.inject with JSON and an optional bearer token. */
export function call(t: TestApp, method: string, url: string, options: { token?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.json !== undefined ? { payload: options.json as object } : {}),
  });
}
