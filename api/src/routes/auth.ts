import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginRequest, LoginResponse, MessageBody, RegisterRequest, RequestResetRequest, ResetPasswordRequest } from 'shared-api/contract';
import type { AppContext } from '../context';
import { callerOf } from '../plugins/access';
import { audit } from '../services/audit';
import { AUTH_MESSAGES, login, register, requestReset, resetPassword } from '../services/auth';
import { createRateLimiter, TooManyAttempts } from '../services/rate-limit';

/** A 429 tells the client when to try again. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const limiter = createRateLimiter({
    redisUrl: ctx.config.redisUrl,
    onError: (error) => app.log.warn({ reason: error.message }, 'rate limiter: Redis unavailable, counting in memory'),
  });
  app.addHook('onClose', () => limiter.close());
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/register',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Register (USER; ADMIN when a SUPERUSER calls)', body: RegisterRequest, response: { 201: MessageBody } } },
    async (request, reply) =>
      withRetryAfter(reply, async () => reply.code(201).send(await register(ctx, request.caller, request.body, request.ip, { presentedToken: Boolean(request.headers.authorization), limiter }))),
  );

  r.post(
    '/api/auth/login',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Sign in', body: LoginRequest, response: { 200: LoginResponse } } },
    async (request, reply) => withRetryAfter(reply, () => login(ctx, limiter, request.body, request.ip)),
  );

  r.post('/api/auth/logout', { config: { access: 'signedIn' }, schema: { tags: ['auth'], summary: 'Sign out', response: { 200: MessageBody } } }, async (request) => {
    const caller = callerOf(request);
    await audit(ctx, { actorId: caller.id, actorEmail: caller.email, action: 'auth.logout', target: `user:${caller.id}`, outcome: 'success', ip: request.ip });
    return { message: AUTH_MESSAGES.loggedOut };
  });

  r.post(
    '/api/auth/request-reset',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Ask for a password reset link', body: RequestResetRequest, response: { 200: MessageBody } } },
    async (request, reply) => withRetryAfter(reply, () => requestReset(ctx, limiter, request.body.email, request.ip)),
  );

  r.post(
    '/api/auth/reset-password',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Set a new password with a reset link', body: ResetPasswordRequest, response: { 200: MessageBody } } },
    async (request) => resetPassword(ctx, request.body, request.ip),
  );
}
