/** POST /api/notifications/read-all. */
import { httpClient, type UnreadCount } from 'shared-api';

export async function markAllNotificationsRead(): Promise<UnreadCount> {
  return (await httpClient()).post('notifications/read-all').json<UnreadCount>();
}
