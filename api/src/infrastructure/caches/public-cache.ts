/**
 * Public catalogue reads: `Cache-Control: no-cache`, a weak ETag (hash of the
 * exact body) and 304 on a matching If-None-Match. A browser keeps the body but
 * asks again every time (a 304 costs a few bytes), so staff see their own
 * create, edit or delete at once; an age (`max-age`) let lists and edit forms
 * show the old data for a minute, and saving such a form undid the change.
 *
 * Bodies are serialised once and, outside tests, kept in a small in-process
 * cache. A signed-in reader (the only kind who can have written) is served a
 * kept body only while the staff list version (schema.ts) is the one it was
 * computed under; that version is read with the caller, and every catalogue
 * write moves it, whichever instance made it, so such a reader never gets a
 * body older than a write committed before the request. A guest is served a
 * kept body for a few seconds; every catalogue write through this instance
 * clears them.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../database/client';

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
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: CachedBody, options: { shared?: boolean; variesByCaller?: boolean } = {}) {
  const shared = options.shared ?? true;
  reply.header('cache-control', shared ? 'public, no-cache' : 'private, no-cache');
  if (options.variesByCaller || !shared) reply.header('vary', 'Authorization');
  reply.header('etag', body.etag);
  if (matches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body.json);
}

/**
 * How fresh a kept body must be for this request: a guest's within the TTL
 * ('guest'); a signed-in caller's computed under the staff list version read
 * with it (a number), or never kept when that version is unknown (null).
 */
export type Freshness = 'guest' | number | null;

export function freshnessOf(request: FastifyRequest): Freshness {
  if (!request.caller) return 'guest';
  return request.staffListVersion ?? null;
}

export class CatalogueCache {
  private entries = new Map<string, { body: CachedBody; expires: number }>();
  private versioned = new Map<string, { body: CachedBody; version: number }>();
  private generation = 0;

  constructor(private ttlMs: number) {}

  /** Turns the cache on or off (tests turn it on to exercise it). */
  setTtl(ms: number) {
    this.ttlMs = ms;
    this.entries.clear();
    this.versioned.clear();
  }

  async get(key: string, freshness: Freshness, load: () => Promise<unknown>): Promise<CachedBody> {
    if (this.ttlMs <= 0 || freshness === null) return cachedBody(await load());
    if (freshness !== 'guest') return this.getVersioned(key, freshness, load);
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

  /**
   * The version was read before `load` runs, so a body kept under it is what
   * loading now gives for as long as the version has not moved.
   */
  private async getVersioned(key: string, version: number, load: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.versioned.get(key);
    if (hit?.version === version) return hit.body;
    const generation = this.generation;
    const body = cachedBody(await load());
    const current = this.versioned.get(key);
    if (generation === this.generation && !(current && current.version > version)) {
      if (this.versioned.size > 5_000) this.versioned.clear();
      this.versioned.set(key, { body, version });
    }
    return body;
  }

  /** Any catalogue write: universities, programs and courses all show in each other's reads. */
  invalidate() {
    this.generation += 1;
    this.entries.clear();
    this.versioned.clear();
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
