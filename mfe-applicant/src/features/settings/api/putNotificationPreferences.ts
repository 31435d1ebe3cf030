import { httpClient, type NotificationPreferences, type UpdateNotificationPreferences } from 'shared-api';

/** PUT /api/users/me/notification-preferences: saves the events named; the answer is the whole new set. */
export async function putNotificationPreferences(body: UpdateNotificationPreferences): Promise<NotificationPreferences> {
  return (await httpClient()).put('users/me/notification-preferences', { json: body }).json<NotificationPreferences>();
}
