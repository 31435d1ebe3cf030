/** GET /api/notifications?page=&size=: a page of one's own notifications, newest first, with the unread count. */
import { httpClient, type NotificationList } from 'shared-api';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export async function getNotifications(page: number): Promise<NotificationList> {
  return (await httpClient()).get('notifications', { searchParams: { page: String(page), size: String(NOTIFICATIONS_PAGE_SIZE) } }).json<NotificationList>();
}
