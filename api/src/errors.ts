/**
 * One error type and one error handler. Every failure leaves the server as
 * `{ message, error? }` (plus the facts an AppError names) with the right status; a 500 never carries its cause.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly error?: string,
    /** Plain facts the client may act on (for example the id of an application it already made); never internals. */
    readonly details?: Record<string, string | number>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message, 'Bad Request');
export const unauthorized = (message = 'Authentication required. Please log in again.') => new AppError(401, message, 'Unauthorized');
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, message, 'Forbidden');
export const notFound = (message = 'Not found') => new AppError(404, message, 'Not Found');
export const conflict = (message: string) => new AppError(409, message, 'Conflict');
export const payloadTooLarge = (message: string) => new AppError(413, message, 'Payload Too Large');
export const unsupportedMediaType = (message: string) => new AppError(415, message, 'Unsupported Media Type');
export const tooManyRequests = (message = 'Too many attempts. Please wait a few minutes and try again.') => new AppError(429, message, 'Too Many Requests');
export const badGateway = (message: string) => new AppError(502, message, 'Bad Gateway');

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** "email: must be a valid email address" — the first invalid field, named. */
function describeValidation(issues: ZodIssueLike[], context: string | undefined): string {
  const first = issues[0];
  const issuePath = first?.params?.issue?.path ?? first?.instancePath?.split('/').filter(Boolean) ?? [];
  const field = issuePath.map(String).join('.') || context || 'body';
  let message = first?.params?.issue?.message ?? first?.message ?? 'is invalid';
  if (/^Invalid input: expected \w+, received undefined$/.test(message)) message = 'is required';
  // A rule across fields (no path) speaks for itself as a whole sentence.
  if (issuePath.length === 0 && /^[A-Z].*\.$/.test(message)) return message;
  if (/^Unrecognized key/.test(message)) return `Unknown field: ${message.replace(/^Unrecognized keys?: /, '').replace(/"/g, '')}`;
  return `${field}: ${message}`;
}

/** PostgreSQL going away (restart, failover, network): the request may simply be retried. */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (/Connection terminated|connection timeout|terminating connection/i.test(String((e as { message?: unknown }).message ?? ''))) return true;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, error: 'Not Found' });
  });

  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({ ...err.details, message: err.message, ...(err.error ? { error: err.error } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const message = describeValidation(err.validation as ZodIssueLike[], err.validationContext);
      return reply.code(400).send({ message, error: 'Bad Request' });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Internal server error', error: 'Internal Server Error' });
    }
    const fastifyError = err as FastifyError;
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'Malformed JSON body'
          : fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'Request body is empty'
            : fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'Unsupported content type'
              : fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413
                ? 'The upload is too large'
                : err.message;
      return reply.code(status).send({ message, error: fastifyError.name === 'FastifyError' ? undefined : fastifyError.name });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: 'The service is briefly unavailable. Please try again in a moment.', error: 'Service Unavailable' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error', error: 'Internal Server Error' });
  });
}
