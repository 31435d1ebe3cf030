import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Id, IdParams, MessageBody, PageQuery, Paged, StudentListItem, User, UserListQuery, UserUpdate } from 'shared-api/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import { callerOf } from '../plugins/access';
import { deleteOwnAccount, exportPersonalData } from '../services/data-protection';
import { getUserFor, listStudentsFor, listUsersFor, setUserEnabled } from '../services/users';

const StudentQuery = PageQuery.extend({ universityId: Id.optional() }).strict();

export async function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users',
    { config: { access: 'staff' }, schema: { tags: ['users'], summary: 'Users in reach (plain array, or a page with page/size/search)', querystring: UserListQuery, response: { 200: z.union([z.array(User), Paged(User)]) } } },
    async (request) => listUsersFor(ctx, callerOf(request), request.query),
  );

  r.get(
    '/api/users/students',
    { config: { access: 'staff' }, schema: { tags: ['users'], summary: 'Applicants in reach with application counts', querystring: StudentQuery, response: { 200: Paged(StudentListItem) } } },
    async (request) => listStudentsFor(ctx, callerOf(request), request.query),
  );

  r.get('/api/users/me/export', { config: { access: 'signedIn' }, schema: { tags: ['users'], summary: 'Download all my data as JSON' } }, async (request, reply) => {
    const data = await exportPersonalData(ctx, callerOf(request));
    return reply
      .header('content-disposition', `attachment; filename="uniportal-my-data-${data.profile.id}.json"`)
      .header('cache-control', 'no-store')
      .send(data);
  });

  r.delete('/api/users/me', { config: { access: 'applicant' }, schema: { tags: ['users'], summary: 'Delete my account (applicant)', response: { 200: MessageBody } } }, async (request) =>
    deleteOwnAccount(ctx, callerOf(request), request.ip),
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
}
