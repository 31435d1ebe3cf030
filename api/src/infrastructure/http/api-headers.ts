/**
 * Security headers of every answer and CORS for the configured origins only.
 * Pages and assets get their stricter headers (CSP, frame options) from
 * web.ts; this adds what every response, JSON included, must carry:
 * `X-Content-Type-Options: nosniff`, a Referrer-Policy, no X-Powered-By. CORS
 * answers only origins listed in CORS_ORIGINS (none by default: the portal is
 * served from one origin).
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

export async function registerApiHeaders(app: FastifyInstance, options: { corsOrigins: readonly string[] }): Promise<void> {
  const allowed = new Set(options.corsOrigins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin.toLowerCase())),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: ['X-Total-Count', 'Content-Disposition'],
    credentials: false,
    maxAge: 600,
    strictPreflight: true,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('X-Content-Type-Options')) reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', request.url.startsWith('/api/') ? 'no-referrer' : 'strict-origin-when-cross-origin');
    reply.removeHeader('X-Powered-By');
    // Handlers that set their own Vary (cached public reads) must not drop the Origin that CORS answers depend on.
    if (allowed.size > 0) {
      const vary = String(reply.getHeader('Vary') ?? '');
      if (!/(^|,)\s*(origin|\*)\s*(,|$)/i.test(vary)) reply.header('Vary', vary ? `${vary}, Origin` : 'Origin');
    }
    return payload;
  });
}
