/** POST /api/notifications/{id}/read: answers the unread count left. */
import { httpClient, type UnreadCount } from 'shared-api';

export async function markNotificationRead(id: number): Promise<UnreadCount> {
  return (await httpClient()).post(`notifications/${id}/read`).json<UnreadCount>();
}
