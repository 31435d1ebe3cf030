/**
 * The notification centre (issue 18 item 4): what the bell and the
 * notifications page show, each account its own.
 *
 * Applicants: every event that goes through `queueSmsNotice` (the one
 * dispatch of an applicant event) is also an entry here, written in the
 * event's own transaction, whatever the applicant chose for SMS and e-mail,
 * and once per occurrence (the SMS key is the entry's dedupe key). An event
 * whose builder gives no `inApp` words is shown with its SMS text and the
 * portal path the text links to.
 *
 * Staff: about their queue, to the application's assignee only (an
 * unassigned application tells nobody: its queue is the whole team's, read
 * from the staff list): assigned to them by someone else, a document
 * re-uploaded, an offer accepted or declined.
 *
 * No entry carries a reviewer note, a document number or the applicant's
 * name: an entry names the application by its number.
 */
import { NOTIFICATION_EVENT_LABELS, type NotificationItem, type NotificationList, type STAFF_NOTIFICATION_KINDS } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { Executor } from '../../infrastructure/database/client';
import { assigneeOf, findRecipient, insertNotifications, listNotifications, markAllRead, markRead, unreadCount, universityName, type NotificationRow } from './queries';
import type { SmsNotice } from './service';

type Ctx = Pick<AppContext, 'config' | 'db' | 'clock'>;
export type StaffNotificationKind = (typeof STAFF_NOTIFICATION_KINDS)[number];

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
const DEFAULT_SIZE = 20;

function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    applicationId: row.applicationId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** GET /api/notifications: the caller's own, newest first, with the unread count of all of them. */
export async function listOwnNotifications(ctx: Ctx, userId: number, query: { page?: number; size?: number }): Promise<NotificationList> {
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_SIZE;
  const [{ rows, total }, unread] = await Promise.all([listNotifications(ctx.db, userId, page, size), unreadCount(ctx.db, userId)]);
  return { items: rows.map(toItem), total, page, size, unreadCount: unread };
}

export async function ownUnreadCount(ctx: Ctx, userId: number): Promise<{ unreadCount: number }> {
  return { unreadCount: await unreadCount(ctx.db, userId) };
}

/** POST /api/notifications/{id}/read: someone else's entry is as if it did not exist (404). */
export async function readNotification(ctx: Ctx, userId: number, id: number): Promise<{ unreadCount: number }> {
  if (!(await markRead(ctx.db, userId, id, ctx.clock.now()))) throw notFound(NOTIFICATION_NOT_FOUND);
  return ownUnreadCount(ctx, userId);
}

export async function readAllNotifications(ctx: Ctx, userId: number): Promise<{ unreadCount: number }> {
  await markAllRead(ctx.db, userId, ctx.clock.now());
  return ownUnreadCount(ctx, userId);
}

/** The portal path a text links to (the public URL's own pages only), without trailing punctuation. */
function linkedPath(ctx: Pick<AppContext, 'config'>, text: string): string | null {
  const base = ctx.config.publicUrl.replace(/\/+$/, '');
  const at = base ? text.indexOf(`${base}/`) : -1;
  if (at < 0) return null;
  const path = /^\/[^\s]*/.exec(text.slice(at + base.length))?.[0]?.replace(/[.,;:!?)]+$/, '');
  return path && !path.startsWith('//') ? path : null;
}

/**
 * The entry of an applicant event, inside the event's transaction (called by
 * `queueSmsNotice` before any channel is judged). A deleted account gets
 * nothing.
 */
export async function recordApplicantNotice(ctx: Ctx, tx: Executor, notice: SmsNotice): Promise<void> {
  const recipient = await findRecipient(tx, notice.userId);
  if (!recipient || recipient.deleted) return;
  const fullPart = notice.part ?? (notice.universityId === undefined ? '' : ((await universityName(tx, notice.universityId)) ?? ''));
  const smsText = notice.text(fullPart);
  const title = notice.inApp?.title ?? (NOTIFICATION_EVENT_LABELS as Record<string, string | undefined>)[notice.event] ?? 'Notice';
  const own = notice.inApp?.body;
  const body = own === undefined ? smsText.replace(/^UniPortal:\s*/, '') : typeof own === 'string' ? own : own(fullPart);
  const applicationId = notice.applicationId ?? null;
  const link = notice.inApp?.link ?? linkedPath(ctx, smsText) ?? (applicationId === null ? null : `/applications/${applicationId}`);
  await insertNotifications(tx, [{ userId: notice.userId, kind: notice.event, title, body, link, applicationId, dedupeKey: notice.key, createdAt: ctx.clock.now() }]);
}

export interface StaffNotice {
  kind: StaffNotificationKind;
  /** The application it is about; null for one about several (it links to the list). */
  applicationId: number | null;
  title: string;
  body: string;
}

/** Entries for staff (inside the event's transaction), each linking to its application (or to the list). */
export async function notifyStaff(tx: Executor, entries: Array<StaffNotice & { userId: number }>, at?: Date): Promise<void> {
  await insertNotifications(
    tx,
    entries.map((e) => ({
      userId: e.userId,
      kind: e.kind,
      title: e.title,
      body: e.body,
      link: e.applicationId === null ? '/applications' : `/applications/${e.applicationId}`,
      applicationId: e.applicationId,
      ...(at ? { createdAt: at } : {}),
    })),
  );
}

/** Tells the application's assignee (inside the event's transaction); nobody when it is unassigned. */
export async function notifyAssignee(ctx: Pick<AppContext, 'clock'>, tx: Executor, notice: StaffNotice & { applicationId: number }): Promise<void> {
  const assignee = await assigneeOf(tx, notice.applicationId);
  if (assignee === null) return;
  await notifyStaff(tx, [{ ...notice, userId: assignee }], ctx.clock.now());
}
