/**
 * /api/users: staff views of accounts, archiving and blocks; one's own data
 * export and account deletion (the data-protection module's rules); and
 * one's own account settings.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangePasswordRequest,
  ContactChangeConfirm,
  ContactChangeRequest,
  ContactChangeStarted,
  DeleteAccountRequest,
  IdParams,
  MessageBody,
  Paged,
  SessionRenewed,
  StudentListItem,
  UniversityBlock,
  UniversityBlockUpdate,
  User,
  UserListQuery,
  UserUpdate,
} from 'shared-api/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { callerOf } from '../../infrastructure/http/access';
import { withRetryAfter } from '../../infrastructure/http/retry-after';
import { createRateLimiter } from '../../infrastructure/rate-limit';
import { deleteOwnAccount, exportPersonalData } from '../data-protection';
import { changePassword, confirmContactChange, startContactChange } from './account-settings';
import { StudentQuery } from './schemas';
import { getUserFor, listStudentsFor, listUsersFor, setUniversityBlock, setUserEnabled } from './service';

export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users',
    {
      config: { access: 'staff' },
      schema: { tags: ['users'], summary: 'Users in reach (plain array, or a page with page/size/search)', querystring: UserListQuery, response: { 200: z.union([z.array(User), Paged(User)]) } },
    },
    async (request) => listUsersFor(ctx, callerOf(request), request.query),
  );

  r.get(
    '/api/users/students',
    { config: { access: 'staff' }, schema: { tags: ['users'], summary: 'Applicants in reach with application counts', querystring: StudentQuery, response: { 200: Paged(StudentListItem) } } },
    async (request) => listStudentsFor(ctx, callerOf(request), request.query),
  );

  r.get('/api/users/me/export', { config: { access: 'signedIn' }, schema: { tags: ['users'], summary: 'Download all my data as JSON' } }, async (request, reply) => {
    const data = await exportPersonalData(ctx, callerOf(request));
    return reply.header('content-disposition', `attachment; filename="uniportal-my-data-${data.profile.id}.json"`).header('cache-control', 'no-store').send(data);
  });

  r.delete(
    '/api/users/me',
    {
      config: { access: 'applicant' },
      schema: { tags: ['users'], summary: 'Delete my account (applicant; asks for the password)', body: DeleteAccountRequest.nullish(), response: { 200: MessageBody } },
    },
    async (request, reply) => {
      // A request without a body (an older client) is told what is missing, not about JSON.
      if (!request.body) throw badRequest('password: is required');
      const { password } = request.body;
      return withRetryAfter(reply, () => deleteOwnAccount(ctx, callerOf(request), password, request.ip));
    },
  );

  r.get(
    '/api/users/:id',
    { config: { access: 'signedIn' }, schema: { tags: ['users'], summary: 'One user (oneself or staff in reach)', params: IdParams, response: { 200: User } } },
    async (request) => getUserFor(ctx, callerOf(request), request.params.id),
  );

  r.put(
    '/api/users/:id',
    { config: { access: 'staff' }, schema: { tags: ['users'], summary: 'Archive or unarchive (enabled)', params: IdParams, body: UserUpdate, response: { 200: User } } },
    async (request) => setUserEnabled(ctx, callerOf(request), request.params.id, request.body, request.ip),
  );

  r.put(
    '/api/users/:id/university-block',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['users'],
        summary: "ADMIN: block or unblock an applicant from applying to the ADMIN's university",
        params: IdParams,
        body: UniversityBlockUpdate,
        response: { 200: UniversityBlock },
      },
    },
    async (request) => setUniversityBlock(ctx, callerOf(request), request.params.id, request.body.blocked, request.ip),
  );
}

/** Settings of one's own account (any signed-in role). */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const limiter = createRateLimiter({
    redisUrl: ctx.config.redisUrl,
    onError: (error) => app.log.warn({ reason: error.message }, 'rate limiter: Redis unavailable, counting in memory'),
  });
  app.addHook('onClose', () => limiter.close());
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/users/me/password',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['users'], summary: 'Change my password (the current one required); other sessions end', body: ChangePasswordRequest, response: { 200: SessionRenewed } },
    },
    async (request) => changePassword(ctx, limiter, callerOf(request), request.body, request.ip),
  );

  r.post(
    '/api/users/me/contact-change',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['users'], summary: 'Start changing my e-mail or phone: a 6-digit code is mailed', body: ContactChangeRequest, response: { 200: ContactChangeStarted } },
    },
    async (request) => startContactChange(ctx, limiter, callerOf(request), request.body, request.ip),
  );

  r.post(
    '/api/users/me/contact-change/confirm',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['users'], summary: 'Confirm the change with the code', body: ContactChangeConfirm, response: { 200: SessionRenewed } },
    },
    async (request) => confirmContactChange(ctx, limiter, callerOf(request), request.body, request.ip),
  );
}
