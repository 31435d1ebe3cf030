/**
 * Start-up data: the first superuser from PORTAL_SUPERUSER_EMAIL/PASSWORD and,
 * once per database, the demo data set (when PORTAL_DEMO_DATA is on, the
 * default for the embedded database). Both are idempotent and safe when
 * several instances start together.
 */
import { eq } from 'drizzle-orm';
import { PRIVACY_POLICY_VERSION } from 'shared-api/contract';
import type { AppContext } from '../context';
import { findUserByEmail } from '../db/queries/users';
import { courses, programs, settings, universities, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { DEMO_APPLICANT, DEMO_LOGINS, DEMO_PASSWORDS, DEMO_SUPERUSER, DEMO_UNIVERSITIES } from './demo-data';

export { DEMO_LOGINS, type DemoLogin } from './demo-data';

export const DEMO_SETTING_KEY = 'demo_loaded';

export interface BootstrapResult {
  superuserCreated: boolean;
  demoLoaded: boolean;
}

type SeedContext = Pick<AppContext, 'config' | 'db'>;

export async function ensureSuperuser(ctx: SeedContext): Promise<boolean> {
  const su = ctx.config.superuser;
  if (!su) return false;
  if (await findUserByEmail(ctx.db, su.email)) return false;
  const rows = await ctx.db
    .insert(users)
    .values({
      email: su.email,
      passwordHash: await hashPassword(su.password),
      firstName: 'Portal',
      lastName: 'Superuser',
      role: 'SUPERUSER',
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Loads the demo set once per database; false when it was already there. */
export async function loadDemoData(ctx: SeedContext): Promise<boolean> {
  const [already] = await ctx.db.select({ key: settings.key }).from(settings).where(eq(settings.key, DEMO_SETTING_KEY)).limit(1);
  if (already) return false;
  // One hash per distinct password, computed before the transaction.
  const hashes = new Map<string, string>();
  for (const password of new Set(Object.values(DEMO_PASSWORDS))) hashes.set(password, await hashPassword(password));
  const hashOf = (password: string) => hashes.get(password)!;

  return ctx.db.transaction(async (tx) => {
    // Claim the load: a second instance starting at the same time waits here, then finds it done.
    const claimed = await tx
      .insert(settings)
      .values({ key: DEMO_SETTING_KEY, value: { at: new Date().toISOString(), logins: DEMO_LOGINS.length } })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed.length === 0) return false;

    const now = new Date();
    const demoUsers: Array<typeof users.$inferInsert> = [
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
      const [row] = await tx
        .insert(universities)
        .values({ name: uni.name, location: uni.location, website: uni.website, contactInfo: uni.contactInfo, about: uni.about })
        .returning({ id: universities.id });
      const universityId = row!.id;
      demoUsers.push({ ...uni.admin, passwordHash: hashOf(DEMO_PASSWORDS.admin), role: 'ADMIN', universityId });
      for (const program of uni.programs) {
        const [p] = await tx
          .insert(programs)
          .values({
            universityId,
            name: program.name,
            description: program.description,
            durationYears: program.durationYears,
            requirements: program.requirements,
            careerOpportunities: program.careerOpportunities,
            faculty: program.faculty,
          })
          .returning({ id: programs.id });
        await tx.insert(courses).values(
          program.courses.map((course) => ({
            programId: p!.id,
            universityId,
            courseName: course.name,
            courseDescription: course.description,
            semester: course.semester,
            year: course.year,
          })),
        );
      }
    }
    // An e-mail already in use (for example the configured superuser's) is left as it is.
    await tx.insert(users).values(demoUsers).onConflictDoNothing();
    return true;
  });
}

/** Called once by buildApp after migrations. */
export async function bootstrapData(ctx: SeedContext): Promise<BootstrapResult> {
  const superuserCreated = await ensureSuperuser(ctx);
  const demoLoaded = ctx.config.demoData ? await loadDemoData(ctx) : false;
  return { superuserCreated, demoLoaded };
}
