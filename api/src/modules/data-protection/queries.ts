/** Everything stored about one applicant, and its erasure (Data Protection Act 2021). */
import { and, asc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../infrastructure/database/client';
import {
  applicationChoices,
  applicationFiles,
  applicationHistory,
  applicationNotes,
  applications,
  auditLog,
  decisionLetters,
  intakeReminders,
  mailOutbox,
  notificationPreferences,
  notifications,
  passwordResetCodes,
  offers,
  passwordResets,
  payments,
  programs,
  sessions,
  subscribers,
  universities,
  users,
} from '../../infrastructure/database/schema';
import { containsPattern } from '../../infrastructure/database/sql';
import { deleteSmsOf } from '../../infrastructure/sms/queries';

export async function personalData(db: Executor, userId: number) {
  const apps = await db.select().from(applications).where(eq(applications.userId, userId)).orderBy(asc(applications.createdAt));
  const ids = apps.map((a) => a.id);
  const none = ids.length === 0;
  const [choices, files, history, pays] = await Promise.all([
    none
      ? []
      : db
          .select({
            applicationId: applicationChoices.applicationId,
            priority: applicationChoices.priority,
            programId: programs.id,
            programName: programs.name,
            universityName: universities.name,
          })
          .from(applicationChoices)
          .innerJoin(programs, eq(programs.id, applicationChoices.programId))
          .innerJoin(universities, eq(universities.id, programs.universityId))
          .where(inArray(applicationChoices.applicationId, ids))
          .orderBy(asc(applicationChoices.applicationId), asc(applicationChoices.priority)),
    none
      ? []
      : db
          .select({
            id: applicationFiles.id,
            applicationId: applicationFiles.applicationId,
            documentType: applicationFiles.documentType,
            fileName: applicationFiles.fileName,
            contentType: applicationFiles.contentType,
            size: applicationFiles.size,
            sha256: applicationFiles.sha256,
            uploadedAt: applicationFiles.createdAt,
          })
          .from(applicationFiles)
          .where(inArray(applicationFiles.applicationId, ids))
          .orderBy(asc(applicationFiles.id)),
    none
      ? []
      : db
          .select({
            applicationId: applicationHistory.applicationId,
            at: applicationHistory.createdAt,
            kind: applicationHistory.kind,
            from: applicationHistory.fromValue,
            to: applicationHistory.toValue,
            note: applicationHistory.note,
          })
          .from(applicationHistory)
          // Who reviews an application and that staff wrote notes (issue 17) are the staff's business, not the applicant's data.
          .where(and(inArray(applicationHistory.applicationId, ids), notInArray(applicationHistory.kind, ['ASSIGNMENT', 'NOTE'])))
          .orderBy(asc(applicationHistory.createdAt), asc(applicationHistory.id)),
    db
      .select({
        applicationId: payments.applicationId,
        reference: payments.reference,
        amount: payments.amount,
        currency: payments.currency,
        status: payments.status,
        channel: payments.channel,
        paidAt: payments.paidAt,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.createdAt)),
  ]);
  const signIns = await db
    .select({ at: auditLog.at, action: auditLog.action, outcome: auditLog.outcome, ip: auditLog.ip })
    .from(auditLog)
    .where(eq(auditLog.actorId, userId))
    .orderBy(asc(auditLog.at))
    .limit(1000);
  return { applications: apps, choices, files, history, payments: pays, activity: signIns };
}

export const DECIDED = ['APPROVED', 'REJECTED', 'OFFER_DECLINED', 'OFFER_LAPSED'] as const;
export const WITHDRAWN_NOTE = 'Withdrawn: the applicant deleted their account.';

export const ERASED = '[erased]';

/**
 * Replaces every copy of `values` (any case) in the given text columns of the
 * rows of `table` that mention one: records kept for someone else (an e-mail to
 * staff, an audit entry) then keep their sense without the erased person.
 */
async function redactMentions<T extends typeof mailOutbox | typeof auditLog | typeof applicationNotes>(
  tx: Executor,
  table: T,
  columns: Partial<Record<keyof T['$inferSelect'] & string, PgColumn>>,
  values: string[],
): Promise<void> {
  const entries = Object.entries(columns) as Array<[string, PgColumn]>;
  if (values.length === 0 || entries.length === 0) return;
  const mentions: SQL[] = entries.flatMap(([, column]) => values.map((value) => ilike(column, containsPattern(value))));
  const rows = (await tx
    .select()
    .from(table as typeof mailOutbox)
    .where(or(...mentions))) as unknown as Array<Record<string, unknown> & { id: number }>;
  const patterns = values.map((value) => new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'));
  for (const row of rows) {
    const changes: Record<string, string> = {};
    for (const [key] of entries) {
      const text = row[key];
      if (typeof text !== 'string') continue;
      const redacted = patterns.reduce((acc, pattern) => acc.replace(pattern, ERASED), text);
      if (redacted !== text) changes[key] = redacted;
    }
    if (Object.keys(changes).length > 0)
      await tx
        .update(table as typeof mailOutbox)
        .set(changes)
        .where(eq((table as typeof mailOutbox).id, row.id));
  }
}

/**
 * Erases an applicant's personal data inside `tx`: undecided applications
 * without payments are deleted; decided (or paid) ones keep their
 * non-personal facts (university, programs, status, qualification) with the
 * person removed; staff notes about them (review and history notes) go, since
 * staff write names and document numbers into them; e-mail to them leaves the
 * outbox; documents go; reviewer notes on their applications go, and
 * mentions of them in other notes are redacted. Payments keep amount, date and reference. Returns the
 * storage keys to delete.
 */
export async function erasePersonalData(tx: Executor, userId: number, anonymousEmail: string): Promise<string[]> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return [];
  const apps = await tx.select().from(applications).where(eq(applications.userId, userId));
  const ids = apps.map((a) => a.id);
  // Every address, number and name the person gave, on the account and on each application.
  const emails = [...new Set([user.email, ...apps.map((a) => a.email)].map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const identifying = [
    ...new Set(
      [...emails, user.phone, `${user.firstName} ${user.lastName}`, ...apps.flatMap((a) => [a.fullName, a.phoneNumber, a.nationalRegNumber])].map((v) => (v ?? '').trim()).filter((v) => v.length >= 4),
    ),
  ];
  if (ids.length) await tx.update(applicationHistory).set({ note: null }).where(inArray(applicationHistory.applicationId, ids));
  // Reviewer notes (issue 17) on their applications go; a note on someone else's keeps its sense without them.
  if (ids.length) await tx.delete(applicationNotes).where(inArray(applicationNotes.applicationId, ids));
  // Offers and decision letters (issue 17): the letters go (their codes no longer verify); an open
  // offer is declined (its place is free again) and no offer keeps its conditions, written about them.
  if (ids.length) await tx.delete(decisionLetters).where(inArray(decisionLetters.applicationId, ids));
  if (ids.length)
    await tx
      .update(offers)
      .set({ state: 'DECLINED', answeredAt: new Date() })
      .where(and(inArray(offers.applicationId, ids), eq(offers.state, 'OPEN')));
  if (ids.length) await tx.update(offers).set({ conditions: null }).where(inArray(offers.applicationId, ids));
  const keys = ids.length ? (await tx.select({ key: applicationFiles.storageKey }).from(applicationFiles).where(inArray(applicationFiles.applicationId, ids))).map((r) => r.key) : [];
  if (ids.length) await tx.delete(applicationFiles).where(inArray(applicationFiles.applicationId, ids));
  const paid = new Set(ids.length ? (await tx.select({ id: payments.applicationId }).from(payments).where(inArray(payments.applicationId, ids))).map((r) => r.id) : []);
  for (const app of apps) {
    const decided = (DECIDED as readonly string[]).includes(app.status);
    if (!decided && !paid.has(app.id)) {
      await tx.delete(applications).where(eq(applications.id, app.id));
      continue;
    }
    if (!decided) {
      await tx.insert(applicationHistory).values({
        applicationId: app.id,
        kind: 'STATUS',
        fromValue: app.status,
        toValue: 'REJECTED',
        note: WITHDRAWN_NOTE,
        actorId: userId,
      });
    }
    await tx
      .update(applications)
      .set({
        ...(decided ? { reviewNotes: null } : { status: 'REJECTED' as const, reviewNotes: WITHDRAWN_NOTE }),
        fullName: 'Deleted applicant',
        gender: null,
        email: anonymousEmail,
        phoneNumber: '',
        dateOfBirth: '',
        province: '',
        nationalRegNumber: '',
        city: '',
        submissionDetails: null,
        programNotes: null,
        // The subjects and grades go; the points total stays, a fact about the decision like the qualification.
        grade12Results: null,
        updatedAt: new Date(),
      })
      .where(eq(applications.id, app.id));
  }
  await tx.update(payments).set({ providerPayload: null }).where(eq(payments.userId, userId));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  // SMS (issue 18): every text to the person or their numbers (sandbox copies too), their reset codes and channel choices.
  const numbers = [...new Set([user.phone, ...apps.map((a) => a.phoneNumber)].map((v) => (v ?? '').trim()).filter((v) => v.startsWith('+')))];
  await deleteSmsOf(tx, userId, numbers);
  await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  // The notification centre's entries of the account (issue 18 item 4).
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  // Which intake reminders went to the person (issue 16): a trace of their drafts and applications.
  await tx.delete(intakeReminders).where(eq(intakeReminders.userId, userId));
  await tx.delete(subscribers).where(inArray(sql`lower(${subscribers.email})`, emails));
  await tx.update(auditLog).set({ actorEmail: null }).where(eq(auditLog.actorId, userId));
  await tx
    .update(auditLog)
    .set({ actorEmail: null })
    .where(and(isNull(auditLog.actorId), inArray(sql`lower(${auditLog.actorEmail})`, emails)));
  // Mail to the person (decisions, reset links), sent or not, goes; mail to others keeps its text without them.
  await tx.delete(mailOutbox).where(inArray(sql`lower(trim(${mailOutbox.to}))`, emails));
  await redactMentions(tx, mailOutbox, { to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, lastError: mailOutbox.lastError }, identifying);
  await redactMentions(tx, auditLog, { actorEmail: auditLog.actorEmail, target: auditLog.target, detail: auditLog.detail }, identifying);
  await redactMentions(tx, applicationNotes, { text: applicationNotes.text }, identifying);
  await tx
    .update(users)
    .set({
      email: anonymousEmail,
      firstName: 'Deleted',
      lastName: 'user',
      phone: null,
      // Not an argon2 hash: no password can ever match it.
      passwordHash: '!deleted',
      enabled: false,
      deletedAt: new Date(),
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  return keys;
}
