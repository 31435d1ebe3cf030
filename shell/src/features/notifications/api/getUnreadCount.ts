/** GET /api/notifications/unread-count: the bell's poll, a few bytes. */
import { httpClient, type UnreadCount } from 'shared-api';

export async function getUnreadCount(): Promise<UnreadCount> {
  return (await httpClient()).get('notifications/unread-count').json<UnreadCount>();
}
