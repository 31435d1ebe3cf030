/**
 * Notifications (issue 18): which channels an applicant wants per event
 * (Settings), and the SMS of each event, queued in the transaction of the
 * event itself (infrastructure/sms/outbox.ts) under a key naming the event,
 * so it is queued once. The e-mails of the first events stay where they
 * were (decisions, documents, receipts) and ask `wantsEmail` first; the
 * later ones (submitted, offer lapsing, intake closing, account archived)
 * are notices of the one template (infrastructure/mail/template.ts) queued
 * by `queueEmailNotice` in the same transaction. An account that is archived
 * or deleted is told nothing, except that it was archived.
 */
import { NOTIFICATION_DEFAULTS, NOTIFICATION_EVENTS, NOTIFICATION_EVENTS_WITH_EMAIL, SMS_CONSENT_VERSION, type NotificationEvent } from 'shared-api/contract';
import type { NotificationChoice, NotificationPreferences } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { Executor } from '../../infrastructure/database/client';
import { queueMailInTransaction } from '../../infrastructure/mail/outbox';
import { renderNotice, type Notice } from '../../infrastructure/mail/template';
import { recordApplicantNotice } from './centre';
import { queueSmsInTransaction } from '../../infrastructure/sms/outbox';
import { fitSms } from '../../infrastructure/sms/text';
import { findPreferences, findRecipient, savePreferences, universityName, type PreferencesRow, type Recipient } from './queries';

type Ctx = Pick<AppContext, 'config' | 'db' | 'database' | 'clock'>;
type Choices = Record<NotificationEvent, { sms: boolean; email: boolean }>;

function choicesOf(row: PreferencesRow | undefined): Choices {
  const stored = (row?.choices ?? {}) as Partial<Record<string, { sms?: unknown; email?: unknown }>>;
  const out = {} as Choices;
  // Saved with every SMS off (no consent kept): an event added since then is not texted either.
  const smsRefused = row !== undefined && row.smsConsentAt === null;
  for (const event of NOTIFICATION_EVENTS) {
    const own = stored[event];
    const fallback = NOTIFICATION_DEFAULTS[event];
    out[event] = {
      sms: typeof own?.sms === 'boolean' ? own.sms : fallback.sms && !smsRefused,
      email: NOTIFICATION_EVENTS_WITH_EMAIL.includes(event) && (typeof own?.email === 'boolean' ? own.email : fallback.email),
    };
  }
  return out;
}

export async function getPreferences(ctx: Ctx, userId: number): Promise<NotificationPreferences> {
  const recipient = await findRecipient(ctx.db, userId);
  if (!recipient) throw notFound('User not found');
  const row = await findPreferences(ctx.db, userId);
  const choices = choicesOf(row);
  return {
    events: NOTIFICATION_EVENTS.map((event) => ({ event, ...choices[event] })),
    phone: recipient.phone,
    smsConsentAt: row?.smsConsentAt?.toISOString() ?? null,
    smsAvailable: ctx.config.sms.mode !== 'off',
  };
}

/**
 * Saves the events named; the others keep their choice. Turning any SMS on
 * records the consent with the time (kept while some SMS stays on; cleared
 * when all are off).
 */
export async function updatePreferences(ctx: Ctx, userId: number, changes: NotificationChoice[]): Promise<NotificationPreferences> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await findPreferences(tx, userId);
    const choices = choicesOf(row);
    const smsBefore = new Set(NOTIFICATION_EVENTS.filter((e) => choices[e].sms));
    for (const change of changes) choices[change.event] = { sms: change.sms, email: NOTIFICATION_EVENTS_WITH_EMAIL.includes(change.event) && change.email };
    const anySms = NOTIFICATION_EVENTS.some((e) => choices[e].sms);
    const newlyOn = NOTIFICATION_EVENTS.some((e) => choices[e].sms && !smsBefore.has(e));
    // Consent is given when the applicant saves with SMS on: the first save, or an SMS turned on since.
    const consentAt = !anySms ? null : newlyOn || !row?.smsConsentAt ? now : row.smsConsentAt;
    await savePreferences(tx, { userId, choices, smsConsentAt: consentAt, smsConsentVersion: anySms ? SMS_CONSENT_VERSION : null, updatedAt: now });
  });
  return getPreferences(ctx, userId);
}

/** Whether the applicant wants this event's e-mail (the e-mail senders ask before queueing). */
export async function wantsEmail(ctx: { db: Executor }, userId: number, event: NotificationEvent): Promise<boolean> {
  const recipient = await findRecipient(ctx.db, userId);
  if (!recipient?.reachable) return false;
  if (recipient.role !== 'USER') return true;
  return choicesOf(await findPreferences(ctx.db, userId))[event].email;
}

export interface SmsNotice {
  userId: number;
  event: NotificationEvent;
  /** Names this very occurrence of the event: a second queue with it is ignored. */
  key: string;
  /** The text, given the part that may be shortened to fit one SMS (a name). */
  text: (part: string) => string;
  part?: string;
  /** The university whose name is the shortenable part (looked up when `part` is absent). */
  universityId?: number;
  /** Used when the account has no phone (the application's contact number). */
  fallbackPhone?: string | null;
  /** Told even though the account is archived (not when deleted): the news of its archiving. */
  evenIfArchived?: boolean;
  /** The application the event is about (the notification centre links to it). */
  applicationId?: number;
  /** The notification centre's words (else the event's label and its SMS text); never a reviewer note or document number. */
  inApp?: { title: string; body: string | ((part: string) => string); link?: string };
}

const canTell = (recipient: Recipient | undefined, evenIfArchived = false): recipient is Recipient => !!recipient && (evenIfArchived ? recipient.exists : recipient.reachable);

/**
 * The one dispatch of an applicant event: writes its notification centre
 * entry, then queues the event's SMS inside `tx` when the applicant wants it, the account
 * is reachable and there is a number; true when queued.
 */
export async function queueSmsNotice(ctx: Ctx, tx: Executor, notice: SmsNotice): Promise<boolean> {
  // Every event is an entry of the notification centre, whatever the channels chosen (centre.ts).
  await recordApplicantNotice(ctx, tx, notice);
  if (ctx.config.sms.mode === 'off') return false;
  const recipient = await findRecipient(tx, notice.userId);
  if (!canTell(recipient, notice.evenIfArchived)) return false;
  const to = recipient.phone || notice.fallbackPhone || null;
  if (!to || !to.startsWith('+')) return false;
  if (!choicesOf(await findPreferences(tx, notice.userId))[notice.event].sms) return false;
  const part = notice.part ?? (notice.universityId === undefined ? '' : ((await universityName(tx, notice.universityId)) ?? ''));
  const id = await queueSmsInTransaction(ctx, tx, {
    userId: notice.userId,
    to,
    text: fitSms(notice.text, part),
    event: notice.event,
    idempotencyKey: notice.key,
  });
  return id !== null;
}

export interface EmailNotice {
  userId: number;
  event: NotificationEvent;
  /** The notice, given the university's name ('' when none) and the account's first and last name. */
  notice: (facts: { university: string; name: string }) => Omit<Notice, 'to' | 'universityName'>;
  /** The university the notice is from (its name heads the e-mail). */
  universityId?: number;
  /** Used when the account has no address (the application's). */
  fallbackEmail?: string | null;
  evenIfArchived?: boolean;
}

/**
 * Queues the event's e-mail (the notice template: text and HTML) inside `tx`
 * when the applicant wants it and the account can be told; true when queued.
 * Staff accounts have no Settings for these and always get them.
 */
export async function queueEmailNotice(ctx: Ctx, tx: Executor, notice: EmailNotice): Promise<boolean> {
  const recipient = await findRecipient(tx, notice.userId);
  if (!canTell(recipient, notice.evenIfArchived)) return false;
  const to = recipient.email || notice.fallbackEmail || null;
  if (!to) return false;
  if (recipient.role === 'USER' && !choicesOf(await findPreferences(tx, notice.userId))[notice.event].email) return false;
  const university = notice.universityId === undefined ? '' : ((await universityName(tx, notice.universityId)) ?? '');
  const content = notice.notice({ university, name: `${recipient.firstName} ${recipient.lastName}`.trim() });
  await queueMailInTransaction(ctx, tx, renderNotice(ctx.config, { ...content, to, universityName: university || null }));
  return true;
}
