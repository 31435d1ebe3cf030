/**
 * Slow clients may not hold a connection for ever. Node's own limits cover a
 * silent connection (idle timeout), slow headers (headers timeout) and the
 * whole request (request timeout, set to the upload deadline: the longest any
 * request may legitimately take, see uploadSecondsAt3g in config.ts). A body
 * sent slowly but steadily to any other route gets a much shorter deadline
 * here; only a route marked `config.upload` (the application form) gets the
 * upload's.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route takes large uploads: its body may take the upload deadline. */
    upload?: boolean;
  }
}

export interface TimeoutSettings {
  uploadMs: number;
  bodyMs: number;
  idleMs: number;
  headersMs: number;
}

/**
 * Options for Node's HTTP server. Node checks the headers and request
 * timeouts only every `connectionsCheckingInterval` (30 s by default, which
 * would let slow headers live up to 45 s): check every second instead.
 */
export function httpServerOptions(settings: TimeoutSettings) {
  return { headersTimeout: Math.min(settings.headersMs, settings.uploadMs), connectionsCheckingInterval: 1000 };
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = Number(headers['content-length'] ?? 0);
  return (Number.isFinite(length) && length > 0) || headers['transfer-encoding'] !== undefined;
}

/** The per-route body deadline: past it, a body still arriving loses its connection. */
export function registerBodyDeadline(app: FastifyInstance, settings: TimeoutSettings): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(raw.headers)) return done();
    const limit = request.routeOptions.config?.upload ? settings.uploadMs : settings.bodyMs;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      request.log.info({ limitMs: limit }, 'request body too slow: connection closed');
      // An injected request (tests, the server's in-process calls) has a stand-in socket without destroy().
      if (typeof raw.socket?.destroy === 'function') raw.socket.destroy();
    }, limit);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    // Answered before its body was read (a 4xx): the deadline no longer matters.
    reply.raw.once('finish', clear);
    done();
  });
}
