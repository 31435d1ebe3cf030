/** /api/auth: register, sign in and out, and password reset. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginRequest, LoginResponse, MessageBody, RegisterRequest, RequestResetCodeRequest, RequestResetRequest, ResetPasswordRequest, ResetPasswordWithCodeRequest } from 'shared-api/contract';
import type { AppContext } from '../../context';
import { callerOf } from '../../infrastructure/http/access';
import { withRetryAfter } from '../../infrastructure/http/retry-after';
import { cookieValue, DEVICE_COOKIE, deviceSetCookie } from './device-cookie';
import { requestReset, resetPassword } from './password-reset';
import { requestResetCode, resetPasswordWithCode } from './reset-by-code';
import { login, register } from './service';
import { endAllSessions, endSession } from './sessions';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const secureCookies = ctx.config.publicUrl.startsWith('https:');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/register',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Register (USER; ADMIN when a SUPERUSER calls)', body: RegisterRequest, response: { 201: MessageBody } } },
    async (request, reply) =>
      withRetryAfter(reply, async () => reply.code(201).send(await register(ctx, request.caller, request.body, request.ip, { presentedToken: Boolean(request.headers.authorization) }))),
  );

  r.post('/api/auth/login', { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Sign in', body: LoginRequest, response: { 200: LoginResponse } } }, async (request, reply) =>
    withRetryAfter(reply, async () => {
      const { device, ...answer } = await login(ctx, request.body, request.ip, cookieValue(request.headers.cookie, DEVICE_COOKIE));
      reply.header('set-cookie', deviceSetCookie(device, secureCookies));
      return answer;
    }),
  );

  r.post('/api/auth/logout', { config: { access: 'signedIn' }, schema: { tags: ['auth'], summary: 'Sign out (this session only)', response: { 200: MessageBody } } }, async (request) =>
    endSession(ctx, callerOf(request), request.ip),
  );

  r.post('/api/auth/logout-everywhere', { config: { access: 'signedIn' }, schema: { tags: ['auth'], summary: 'Sign out on every device', response: { 200: MessageBody } } }, async (request) =>
    endAllSessions(ctx, callerOf(request), request.ip),
  );

  r.post(
    '/api/auth/request-reset',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Ask for a password reset link', body: RequestResetRequest, response: { 200: MessageBody } } },
    async (request, reply) => withRetryAfter(reply, () => requestReset(ctx, request.body.email, request.ip, cookieValue(request.headers.cookie, DEVICE_COOKIE))),
  );

  r.post(
    '/api/auth/reset-password',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Set a new password with a reset link', body: ResetPasswordRequest, response: { 200: MessageBody } } },
    async (request, reply) => withRetryAfter(reply, () => resetPassword(ctx, request.body, request.ip)),
  );

  r.post(
    '/api/auth/request-reset-code',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Ask for a password reset code by SMS (applicants who registered a phone)', body: RequestResetCodeRequest, response: { 200: MessageBody } },
    },
    async (request, reply) => withRetryAfter(reply, () => requestResetCode(ctx, request.body.phone, request.ip)),
  );

  r.post(
    '/api/auth/reset-password-code',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Set a new password with the phone number and the SMS code', body: ResetPasswordWithCodeRequest, response: { 200: MessageBody } },
    },
    async (request, reply) => withRetryAfter(reply, () => resetPasswordWithCode(ctx, request.body, request.ip)),
  );
}
