/**
 * Start-up data: the first superuser from PORTAL_SUPERUSER_EMAIL/PASSWORD and,
 * once per database, the demo data set (when PORTAL_DEMO_DATA is on, the
 * default for the embedded database). Both are idempotent and safe when
 * several instances start together.
 */
import { PRIVACY_POLICY_VERSION } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { hashPassword } from '../../infrastructure/security/passwords';
import { findAccountByEmail } from '../auth';
import { DEMO_APPLICANT, DEMO_LOGINS, DEMO_PASSWORDS, DEMO_SUPERUSER, DEMO_UNIVERSITIES, demoIntakes } from './data';
import { claimSetting, hasSetting, insertDemoUniversity, insertUsersUnlessTaken, insertUserUnlessTaken, type UserValues } from './queries';

export const DEMO_SETTING_KEY = 'demo_loaded';

export interface BootstrapResult {
  superuserCreated: boolean;
  demoLoaded: boolean;
}

type SeedContext = Pick<AppContext, 'config' | 'db'> & Partial<Pick<AppContext, 'clock'>>;

export async function ensureSuperuser(ctx: SeedContext): Promise<boolean> {
  const su = ctx.config.superuser;
  if (!su) return false;
  if (await findAccountByEmail(ctx, su.email)) return false;
  return insertUserUnlessTaken(ctx.db, {
    email: su.email,
    passwordHash: await hashPassword(su.password),
    firstName: 'Portal',
    lastName: 'Superuser',
    role: 'SUPERUSER',
  });
}

/** Loads the demo set once per database; false when it was already there. */
export async function loadDemoData(ctx: SeedContext): Promise<boolean> {
  if (await hasSetting(ctx.db, DEMO_SETTING_KEY)) return false;
  // One hash per distinct password, computed before the transaction.
  const hashes = new Map<string, string>();
  for (const password of new Set(Object.values(DEMO_PASSWORDS))) hashes.set(password, await hashPassword(password));
  const hashOf = (password: string) => hashes.get(password)!;

  return ctx.db.transaction(async (tx) => {
    // Claim the load: a second instance starting at the same time waits here, then finds it done.
    if (!(await claimSetting(tx, DEMO_SETTING_KEY, { at: new Date().toISOString(), logins: DEMO_LOGINS.length }))) return false;

    const now = new Date();
    const demoUsers: UserValues[] = [
      { ...DEMO_SUPERUSER, passwordHash: hashOf(DEMO_PASSWORDS.superuser), role: 'SUPERUSER' },
      {
        ...DEMO_APPLICANT,
        passwordHash: hashOf(DEMO_PASSWORDS.applicant),
        role: 'USER',
        consentAt: now,
        consentVersion: PRIVACY_POLICY_VERSION,
      },
    ];
    for (const uni of DEMO_UNIVERSITIES) {
      const universityId = await insertDemoUniversity(tx, uni, demoIntakes(uni.key, ctx.clock?.now() ?? now));
      demoUsers.push({ ...uni.admin, passwordHash: hashOf(DEMO_PASSWORDS.admin), role: 'ADMIN', universityId });
    }
    // An e-mail already in use (for example the configured superuser's) is left as it is.
    await insertUsersUnlessTaken(tx, demoUsers);
    return true;
  });
}

/** Called once by buildApp after migrations. */
export async function bootstrapData(ctx: SeedContext): Promise<BootstrapResult> {
  const superuserCreated = await ensureSuperuser(ctx);
  const demoLoaded = ctx.config.demoData ? await loadDemoData(ctx) : false;
  return { superuserCreated, demoLoaded };
}
