/**
 * Staff list pages, cached in each API instance's memory and never stale.
 *
 * A page is kept with the staff list version (schema.ts) read before it was
 * computed, and served again only while the version read for the new request
 * is the same. PostgreSQL raises the version in the same transaction as every
 * write that can change a page, whichever instance made it, so an unchanged
 * version means no such write has committed since that read, and the page
 * (computed after it) is exactly what computing it now would give. A page
 * computed while a write committed is labelled with the older version and is
 * simply recomputed on the next request.
 *
 * The caller's access is checked on every request before this (infrastructure/http/access.ts).
 */
import type { AppContext } from '../../context';
import type { Database } from '../database/client';

/** Bounded by the bytes of the kept JSON (a page of 100 applications is about 170 KB). */
const MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  version: number;
  /** The JSON, encoded once: a hit is written to the socket as it is. */
  body: Buffer;
}

export class StaffListCache {
  /** In least recently used order (a Map keeps insertion order). */
  private entries = new Map<string, Entry>();
  private bytes = 0;
  /** Pages being computed, so concurrent misses for one page and version compute it once. */
  private loading = new Map<string, Promise<Buffer>>();
  private hits = 0;
  private misses = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /**
   * The page as JSON: kept if it was computed under `version`, else from `load`.
   * Without a version (its row is missing) nothing can be validated: always `load`.
   */
  async get(key: string, version: number | undefined, load: () => Promise<unknown>): Promise<Buffer> {
    if (version === undefined) return Buffer.from(JSON.stringify(await load()));
    const hit = this.entries.get(key);
    if (hit?.version === version) {
      this.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.body;
    }
    this.misses += 1;
    const flight = `${version}\u0000${key}`;
    let pending = this.loading.get(flight);
    if (!pending) {
      pending = load()
        .then((page) => {
          const body = Buffer.from(JSON.stringify(page));
          this.keep(key, { version, body });
          return body;
        })
        .finally(() => this.loading.delete(flight));
      this.loading.set(flight, pending);
    }
    return pending;
  }

  private keep(key: string, entry: Entry) {
    const current = this.entries.get(key);
    // A slower computation under an older version must not replace a newer page.
    if (current && current.version > entry.version) return;
    if (current) this.drop(key, current);
    if (entry.body.length > this.maxBytes) return;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes + entry.body.length <= this.maxBytes) break;
      this.drop(oldestKey, oldest);
    }
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }

  /** What is kept and how requests were answered, for tests. */
  stats(): { pages: number; bytes: number; hits: number; misses: number } {
    return { pages: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }
}

const caches = new WeakMap<Database, StaffListCache>();

/** One cache per app (keyed by its database handle, which every route shares). */
export function staffListCache(ctx: Pick<AppContext, 'db'>): StaffListCache {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new StaffListCache();
    caches.set(ctx.db, cache);
  }
  return cache;
}
