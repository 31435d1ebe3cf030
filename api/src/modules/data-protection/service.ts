/**
 * The applicant's rights under Zambia's Data Protection Act 2021: a copy of
 * everything stored about them, and deletion of their account (personal data
 * removed; a decided application keeps only its non-personal facts).
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import type { Caller } from '../../infrastructure/http/access';
import { BACKOFFS, checkBackoff, TooManyAttempts } from '../../infrastructure/rate-limit';
import { verifyPassword } from '../../infrastructure/security/passwords';
import { storageFor } from '../../infrastructure/storage';
import { audit, auditThrottled } from '../audit';
import { findAccount, toUser } from '../auth';
import { endDraft } from '../drafts';
import { erasePersonalData, personalData } from './queries';

export const ACCOUNT_DELETED_MESSAGE = 'Your account and personal data have been deleted.';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function exportPersonalData(ctx: AppContext, caller: Caller) {
  const user = await findAccount(ctx, caller.id);
  if (!user || user.deletedAt) throw notFound('User not found');
  const data = await personalData(ctx.db, caller.id);
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...toUser(user), consentAt: iso(user.consentAt), consentVersion: user.consentVersion },
    applications: data.applications.map((a) => ({
      id: a.id,
      status: a.status,
      universityId: a.universityId,
      fullName: a.fullName,
      gender: a.gender,
      email: a.email,
      phoneNumber: a.phoneNumber,
      dateOfBirth: a.dateOfBirth,
      nationality: a.nationality,
      province: a.province,
      nationalRegNumber: a.nationalRegNumber,
      country: a.country,
      city: a.city,
      highestQualification: a.highestQualification,
      institutionAttended: a.institutionAttended,
      submissionDetails: a.submissionDetails,
      programNotes: a.programNotes,
      reviewNotes: a.reviewNotes,
      grade12Results: a.grade12Results ?? [],
      points: a.grade12Points,
      approvedProgramId: a.approvedProgramId,
      paid: a.paid,
      createdAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
      programChoices: data.choices.filter((c) => c.applicationId === a.id).map((c) => ({ priority: c.priority, programId: c.programId, programName: c.programName, universityName: c.universityName })),
      files: data.files
        .filter((f) => f.applicationId === a.id)
        .map((f) => ({ id: f.id, documentType: f.documentType, fileName: f.fileName, fileType: f.contentType, size: f.size, sha256: f.sha256, uploadedAt: iso(f.uploadedAt) })),
      history: data.history.filter((h) => h.applicationId === a.id).map((h) => ({ at: iso(h.at), kind: h.kind, from: h.from, to: h.to, note: h.note })),
    })),
    payments: data.payments.map((p) => ({ ...p, amount: Number(p.amount), paidAt: iso(p.paidAt), createdAt: iso(p.createdAt) })),
    activity: data.activity.map((e) => ({ ...e, at: iso(e.at) })),
  };
}

export const WRONG_PASSWORD_MESSAGE = 'The password is not correct. Your account has not been deleted.';

/**
 * Deletes the caller's account once they have typed their password again.
 * A wrong password is a 400 (a 401 would end the session) and slows further
 * tries of that account (BACKOFFS.reauth), so an open session left on a
 * shared computer cannot guess it either.
 */
export async function deleteOwnAccount(ctx: AppContext, caller: Caller, password: string, ip: string): Promise<{ message: string }> {
  const reauthKey = `reauth:user:${caller.id}`;
  try {
    await checkBackoff(ctx.limiter, reauthKey, BACKOFFS.reauth);
  } catch (error) {
    if (error instanceof TooManyAttempts)
      await auditThrottled(ctx, `delete_self:${caller.id}`, { actorId: caller.id, action: 'user.delete_self', target: `user:${caller.id}`, outcome: 'rate_limited', ip });
    throw error;
  }
  const user = await findAccount(ctx, caller.id);
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    await ctx.limiter.recordFailure(reauthKey, Date.now(), BACKOFFS.reauth.forgetMs);
    await audit(ctx, { actorId: caller.id, action: 'user.delete_self', target: `user:${caller.id}`, outcome: 'failure', ip, detail: 'wrong password' });
    throw badRequest(WRONG_PASSWORD_MESSAGE);
  }
  await ctx.limiter.clearFailures(reauthKey);
  const anonymousEmail = `deleted-${caller.id}-${randomBytes(4).toString('hex')}@deleted.invalid`;
  // The draft (issue 16) is personal data with no record to keep: it goes whole.
  const keys = await ctx.db.transaction(async (tx) => [...(await endDraft(tx, caller.id)), ...(await erasePersonalData(tx, caller.id, anonymousEmail))]);
  // Documents go after the commit; a failed delete leaves an orphan blob, never a dangling row.
  const storage = storageFor(ctx.config.storage);
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
  await audit(ctx, { actorId: caller.id, action: 'user.delete_self', target: `user:${caller.id}`, outcome: 'success', ip, detail: `${keys.length} documents removed` });
  return { message: ACCOUNT_DELETED_MESSAGE };
}
