/**
 * Public catalogue reads: `Cache-Control: public, max-age=60`, a weak ETag
 * (hash of the exact body) and 304 on a matching If-None-Match. Bodies are
 * serialised once and, outside tests, kept in a small in-process cache for a
 * few seconds; every catalogue write through this server clears it, so this
 * instance never serves its own stale data (other instances for at most the TTL).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Database } from '../db/client';

export interface CachedBody {
  json: string;
  etag: string;
}

export function cachedBody(value: unknown): CachedBody {
  const json = JSON.stringify(value);
  return { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
}

function matches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  const values = (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch).split(',').map((v) => v.trim());
  return values.some((v) => v === '*' || v.replace(/^W\//, '') === bare);
}

/**
 * Sends a JSON body with validators. `shared` false (a read narrowed for the
 * signed-in caller) is marked private so no shared cache keeps it;
 * `variesByCaller` marks a read whose answer depends on the token at all.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  options: { shared?: boolean; variesByCaller?: boolean } = {},
) {
  const shared = options.shared ?? true;
  reply.header('cache-control', shared ? 'public, max-age=60' : 'private, max-age=60');
  if (options.variesByCaller || !shared) reply.header('vary', 'Authorization');
  reply.header('etag', body.etag);
  if (matches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body.json);
}

export class CatalogueCache {
  private entries = new Map<string, { body: CachedBody; expires: number }>();
  private generation = 0;

  constructor(private ttlMs: number) {}

  /** Turns the cache on or off (tests turn it on to exercise it). */
  setTtl(ms: number) {
    this.ttlMs = ms;
    this.entries.clear();
  }

  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    if (this.ttlMs <= 0) return cachedBody(await load());
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.body;
    const generation = this.generation;
    const body = cachedBody(await load());
    // A write that landed while loading makes this body suspect: do not keep it.
    if (generation === this.generation) {
      if (this.entries.size > 5_000) this.entries.clear();
      this.entries.set(key, { body, expires: Date.now() + this.ttlMs });
    }
    return body;
  }

  /** Any catalogue write: universities, programs and courses all show in each other's reads. */
  invalidate() {
    this.generation += 1;
    this.entries.clear();
  }
}

const caches = new WeakMap<Database, CatalogueCache>();

/** One cache per app (keyed by its database handle, which every route shares). */
export function catalogueCache(ctx: Pick<AppContext, 'db' | 'config'>): CatalogueCache {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new CatalogueCache(ctx.config.env === 'test' ? 0 : 5_000);
    caches.set(ctx.db, cache);
  }
  return cache;
}

/** A body from the cache that no browser or proxy may keep (per-caller figures). */
export function sendUncacheable(reply: FastifyReply, body: CachedBody) {
  return reply.header('cache-control', 'private, no-store').type('application/json; charset=utf-8').send(body.json);
}
