import { httpClient, type NotificationPreferences } from 'shared-api';

/** GET /api/users/me/notification-preferences: which channels tell the applicant about which event. */
export async function getNotificationPreferences(): Promise<NotificationPreferences> {
  return (await httpClient()).get('users/me/notification-preferences').json<NotificationPreferences>();
}
