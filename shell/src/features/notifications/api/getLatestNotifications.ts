/** GET /api/notifications?size=5: the latest few, shown when the bell is opened. */
import { httpClient, type NotificationList } from 'shared-api';

export const BELL_SIZE = 5;

export async function getLatestNotifications(): Promise<NotificationList> {
  return (await httpClient()).get('notifications', { searchParams: { page: '1', size: String(BELL_SIZE) } }).json<NotificationList>();
}
