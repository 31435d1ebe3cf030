/** GET|PUT /api/users/me/notification-preferences: the applicant's channels per event (Settings). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotificationPreferences, UpdateNotificationPreferences } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { callerOf } from '../../infrastructure/http/access';
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
}
