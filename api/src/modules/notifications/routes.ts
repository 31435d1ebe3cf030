/**
 * GET|PUT /api/users/me/notification-preferences: the applicant's channels per
 * event (Settings); /api/notifications*: the notification centre, each
 * signed-in account its own.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, NotificationList, NotificationListQuery, NotificationPreferences, UnreadCount, UpdateNotificationPreferences } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { callerOf } from '../../infrastructure/http/access';
import { listOwnNotifications, ownUnreadCount, readAllNotifications, readNotification } from './centre';
import { getPreferences, updatePreferences } from './service';

export async function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/users/me/notification-preferences',
    { config: { access: 'applicant' }, schema: { tags: ['users'], summary: 'Which channels tell me about which event', response: { 200: NotificationPreferences } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPreferences(ctx, callerOf(request).id);
    },
  );
  r.put(
    '/api/users/me/notification-preferences',
    {
      config: { access: 'applicant' },
      schema: { tags: ['users'], summary: 'Choose SMS and e-mail per event', body: UpdateNotificationPreferences, response: { 200: NotificationPreferences } },
    },
    async (request) => updatePreferences(ctx, callerOf(request).id, request.body.events),
  );
  r.get(
    '/api/notifications',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['notifications'], summary: 'My notifications, newest first, with the unread count', querystring: NotificationListQuery, response: { 200: NotificationList } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOwnNotifications(ctx, callerOf(request).id, request.query);
    },
  );
  r.get(
    '/api/notifications/unread-count',
    { config: { access: 'signedIn' }, schema: { tags: ['notifications'], summary: "How many of my notifications are unread (the bell's poll)", response: { 200: UnreadCount } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ownUnreadCount(ctx, callerOf(request).id);
    },
  );
  r.post(
    '/api/notifications/:id/read',
    { config: { access: 'signedIn' }, schema: { tags: ['notifications'], summary: 'Mark one of my notifications read', params: IdParams, response: { 200: UnreadCount } } },
    async (request) => readNotification(ctx, callerOf(request).id, request.params.id),
  );
  r.post(
    '/api/notifications/read-all',
    { config: { access: 'signedIn' }, schema: { tags: ['notifications'], summary: 'Mark all my notifications read', response: { 200: UnreadCount } } },
    async (request) => readAllNotifications(ctx, callerOf(request).id),
  );
}
