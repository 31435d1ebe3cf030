/**
 * Keeps secrets and personal data out of every log line. Requests are logged
 * by path only: a query string may carry a search for a person's name or NRC,
 * and the password-reset page's URL carries its token (/reset-password/<token>).
 * Errors are logged by type, code and a scrubbed message: a failed query's
 * message lists its parameters (an argon2 hash at registration, an NRC number
 * in an application), and a database error's `detail` repeats the values.
 */
import type { FastifyRequest } from 'fastify';

export function maskUrl(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.replace(/(\/reset-password\/)[^/?#]+/gi, '$1[redacted]') + (query === -1 ? '' : '?[redacted]');
}

/** Anything shaped like a credential or a document number, wherever it appears in free text. */
const SECRET_PATTERNS: RegExp[] = [
  /\$argon2[a-z]*\$[^\s"']*/gi,
  /\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}/g,
  /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g,
  /\bBearer\s+\S+/gi,
  /\b[0-9a-f]{32,}\b/gi,
  /\b[A-Za-z0-9_-]{40,}\b/g,
  /\b\d{6}\/\d{2}\/\d\b/g,
];

export function scrubText(text: string): string {
  let out = text
    .replace(/(\/reset-password\/)[^\s/?#"']+/gi, '$1[redacted]')
    // A database quotes the value it refused ('invalid input syntax for type integer: "<value>"', 'Key (email)=(<value>)').
    .replace(/(:\s*)"[^"]*"/g, '$1"[redacted]"')
    .replace(/=\([^)]*\)/g, '=([redacted])');
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, '[redacted]');
  return out;
}

const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'constraint', 'table', 'column'] as const;

/**
 * An error as a log may show it: its type, code, scrubbed message (without a
 * failed query's parameters) and stack frames, and the same for its cause.
 * Never `detail`, `params`, `where` or any field not named here.
 */
export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: typeof error === 'string' ? scrubText(error).slice(0, 500) : '', stack: '' };
  const out: SafeError = { type: error.constructor?.name ?? 'Error', message: '', stack: '' };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = typeof value === 'string' ? scrubText(value) : value;
  }
  // Drizzle's "Failed query: <sql>\nparams: <values>": the SQL is ours, the values are the caller's.
  out.message = scrubText(error.message.split(/\nparams:/)[0]!).slice(0, 1000);
  out.stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .join('\n');
  if (error.cause !== undefined && depth < 3) out.cause = safeError(error.cause, depth + 1);
  return out;
}

/** Pino serializers for Fastify's logger: requests by path, errors made safe. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: maskUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  /** @fastify/multipart logs the options it gives its parser at trace level, the request's headers (the bearer token) among them. */
  busboyOptions: (options: { headers?: unknown; limits?: unknown } | undefined) => ({ limits: options?.limits }),
  err: (error: unknown) => safeError(error),
  error: (error: unknown) => safeError(error),
};
