/**
 * Keeps secrets out of the request log: the password-reset page's URL carries
 * its token (/reset-password/<token>), and no query parameter named like a
 * token may be logged either.
 */
import type { FastifyRequest } from 'fastify';

export function maskUrl(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/gi, '$1[redacted]')
    .replace(/([?&](?:token|reset|code|signature|key)=)[^&#]*/gi, '$1[redacted]');
}

/** Pino serializers for Fastify's logger: the default request fields, with the URL masked. */
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
};
