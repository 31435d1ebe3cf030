/**
 * One process, one port: the shell's bundle at /, each remote's bundle under
 * /remotes/<package>/, and the runtime manifest /remotes.json that tells the
 * shell where every remote lives (so a remote is redeployed by changing one URL,
 * never by rebuilding the shell).
 *
 * Caching: HTML, remote entries and manifests are revalidated on every load
 * (no-cache); content-hashed assets are immutable for a year. Precompressed
 * .br / .gz siblings written at build time are sent when the browser accepts them.
 * A missing dist folder only logs a warning: the API keeps serving.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { PageRenderer, type WebLayout } from './pages/page-renderer';

export const REMOTE_PACKAGES = ['mfe-public', 'mfe-applicant', 'mfe-staff'] as const;
export type RemotePackage = (typeof REMOTE_PACKAGES)[number];

/** The federation name of a remote package: 'mfe-staff' → 'mfe_staff'. */
export const federationName = (pkg: string) => pkg.replace(/-/g, '_');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
};

/** Paths with one of these extensions are files: a miss is a 404, never the SPA page. */
const ASSET_EXTENSION = /\.(html|js|mjs|css|json|map|txt|svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|webmanifest|br|gz)$/i;
/** webpack's [contenthash:8] in a file name. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/i;
const ALWAYS_REVALIDATE = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json']);
const COMPRESSIBLE = /\.(html|js|mjs|css|json|map|svg|txt|webmanifest)$/i;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The runtime manifest: federation name → remote entry (or mf-manifest.json) URL. */
export function remoteManifest(config: Config): Record<string, string> {
  const manifest: Record<string, string> = {};
  for (const pkg of REMOTE_PACKAGES) manifest[federationName(pkg)] = config.web.remotes[pkg];
  return manifest;
}

/** The CSP sources ('sha256-…') of a page's inline scripts: the shell's session check in index.html. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) hashes.push(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
  return hashes;
}

/**
 * The Content-Security-Policy of the portal's pages. Scripts come from this
 * origin, the payment widget's origin and any remote deployed on another origin,
 * plus the page's own inline scripts by hash; emotion injects style elements,
 * hence 'unsafe-inline' for styles only.
 */
export function contentSecurityPolicy(config: Config, scriptHashes: readonly string[] = []): string {
  const widget = originOf(config.payments.widgetUrl);
  const remoteOrigins = [...new Set(Object.values(config.web.remotes).map(originOf).filter((o): o is string => o !== null))];
  const scripts = ["'self'", ...scriptHashes, ...(widget ? [widget] : []), ...remoteOrigins];
  const connect = ["'self'", ...remoteOrigins];
  const frames = ["'self'", ...(widget ? [widget] : [])];
  return [
    "default-src 'self'",
    `script-src ${[...new Set(scripts)].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    `frame-src ${[...new Set(frames)].join(' ')}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

function cacheControlFor(fileName: string): string {
  if (ALWAYS_REVALIDATE.has(fileName)) return NO_CACHE;
  if (HASHED.test(fileName)) return IMMUTABLE;
  return NO_CACHE;
}

async function fileStat(file: string): Promise<Stats | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/** Resolves a URL path inside root, or null when it would leave it. */
function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split(/[\\/]/).some((segment) => segment === '..')) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

function acceptedEncodings(request: FastifyRequest): string[] {
  const header = String(request.headers['accept-encoding'] ?? '');
  const accepted: string[] = [];
  if (/\bbr\b/.test(header)) accepted.push('br');
  if (/\bgzip\b/.test(header)) accepted.push('gzip');
  return accepted;
}

/** Headers every page and asset of the portal carries. */
function baseHeaders(reply: FastifyReply): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  // HSTS only means something over HTTPS (directly or behind a trusted proxy).
  if (reply.request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

function htmlHeaders(reply: FastifyReply, csp: string): void {
  baseHeaders(reply);
  reply.header('Content-Security-Policy', csp);
  reply.header('X-Frame-Options', 'DENY');
}

/** Sends one file (its precompressed sibling when accepted), with ETag / 304 support. */
async function sendFile(request: FastifyRequest, reply: FastifyReply, file: string, stats: Stats, cacheControl: string, csp: string) {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.html') htmlHeaders(reply, csp);
  else baseHeaders(reply);
  reply.header('Cache-Control', cacheControl);
  reply.type(MIME[ext] ?? 'application/octet-stream');

  let sendPath = file;
  let size = stats.size;
  let mtime = stats.mtimeMs;
  let encoding: string | null = null;
  if (COMPRESSIBLE.test(file)) {
    reply.header('Vary', 'Accept-Encoding');
    for (const candidate of acceptedEncodings(request)) {
      const sibling = `${file}${candidate === 'br' ? '.br' : '.gz'}`;
      const siblingStats = await fileStat(sibling);
      if (siblingStats) {
        sendPath = sibling;
        size = siblingStats.size;
        mtime = siblingStats.mtimeMs;
        encoding = candidate;
        break;
      }
    }
  }
  const etag = `W/"${size.toString(16)}-${Math.floor(mtime).toString(16)}${encoding ? `-${encoding}` : ''}"`;
  reply.header('ETag', etag);
  reply.header('Last-Modified', new Date(stats.mtimeMs).toUTCString());
  if (encoding) reply.header('Content-Encoding', encoding);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.header('Content-Length', size);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(createReadStream(sendPath));
}

/** Where the built front ends are on disk (see config.web.layout). */
export function webLayout(config: Config): WebLayout {
  const root = config.web.root;
  if (config.web.layout === 'deployed') {
    let manifest: { stamp: number; dirs: Record<string, string> } | null = null;
    return {
      shellDir: () => root,
      remoteDirs: () => {
        const file = path.join(root, 'config', 'remotes.json');
        let stamp: number;
        try {
          stamp = statSync(file).mtimeMs;
        } catch {
          return {};
        }
        if (manifest?.stamp !== stamp) {
          const dirs: Record<string, string> = {};
          try {
            for (const [name, entry] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)) {
              const dir = typeof entry === 'string' && entry.startsWith('/remotes/') ? resolveInside(root, path.posix.dirname(entry).slice(1)) : null;
              if (dir) dirs[name] = dir;
            }
          } catch {
            // A manifest being rewritten is read again on the next page.
          }
          manifest = { stamp, dirs };
        }
        return manifest.dirs;
      },
    };
  }
  const dirs: Record<string, string> = {};
  for (const pkg of REMOTE_PACKAGES) {
    const prefix = `/remotes/${pkg}/`;
    const entry = config.web.remotes[pkg];
    if (entry.startsWith(prefix)) dirs[federationName(pkg)] = path.join(root, pkg, 'dist', path.posix.dirname(entry.slice(prefix.length)));
  }
  return { shellDir: () => path.join(root, 'shell', 'dist'), remoteDirs: () => dirs };
}

/** An API response as a guest would get it: its JSON, or undefined unless 200 with JSON. */
async function guestJson(app: FastifyInstance, apiPath: string): Promise<unknown> {
  const response = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
  if (response.statusCode !== 200 || !String(response.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  return response.json();
}

/** Pages rendered ahead of their first visitor once the server listens. */
const WARM_PAGES = ['/', '/home', '/login', '/universities'];

export async function webRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  const root = config.web.root;
  const layout = webLayout(config);
  const shellDist = layout.shellDir();
  const remoteDist = new Map<string, string>(REMOTE_PACKAGES.map((pkg) => [pkg, path.join(root, pkg, 'dist')]));
  const manifest = remoteManifest(config);
  const renderer = config.web.renderPages ? new PageRenderer({ layout, fetchJson: (apiPath) => guestJson(app, apiPath), log: app.log }) : null;
  if (renderer) {
    app.addHook('onListen', async () => {
      void renderer.warm(WARM_PAGES);
    });
    app.addHook('onClose', async () => renderer.close());
  }

  // The policy allows the shell's inline script by its hash, read from the page itself.
  let policy: { stamp: number; csp: string } | null = null;
  const csp = (): string => {
    let stamp = 0;
    let html = '';
    try {
      const index = path.join(shellDist, 'index.html');
      stamp = statSync(index).mtimeMs;
      if (policy?.stamp === stamp) return policy.csp;
      html = readFileSync(index, 'utf8');
    } catch {
      // Not built yet: no inline script to allow.
    }
    policy = { stamp, csp: contentSecurityPolicy(config, inlineScriptHashes(html)) };
    return policy.csp;
  };

  /** A guest's page rendered on the server, or false when the browser has to render it. */
  const sendRendered = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (!renderer || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const page = await renderer.render(request.url);
    if (page === null) return false;
    htmlHeaders(reply, csp());
    reply.header('Cache-Control', NO_CACHE);
    reply.header('Vary', 'Accept-Encoding');
    reply.header('ETag', page.etag);
    reply.type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === page.etag) {
      await reply.code(304).send();
      return true;
    }
    const encoding = acceptedEncodings(request)[0];
    if (encoding) reply.header('Content-Encoding', encoding);
    const body = encoding ? await page.encodedAs(encoding === 'br' ? 'br' : 'gzip') : page.html;
    await reply.send(request.method === 'HEAD' ? undefined : body);
    return true;
  };

  if (!config.web.serve) {
    // Behind nginx, which serves the files: only the pages rendered here, and a
    // 404 otherwise, on which nginx sends its static index.html.
    if (renderer) {
      app.get('/*', async (request, reply) => {
        const urlPath = request.url.split('?')[0]!;
        if (urlPath === '/api' || urlPath.startsWith('/api/') || ASSET_EXTENSION.test(urlPath)) return reply.callNotFound();
        if (await sendRendered(request, reply)) return reply;
        return reply.callNotFound();
      });
    }
    return;
  }

  for (const [name, dir] of [['shell', shellDist] as const, ...remoteDist.entries()]) {
    if (!existsSync(dir)) app.log.warn({ dir }, `web: ${name} is not built (${dir} is missing); its pages answer 404/503 until it is`);
  }

  app.get('/remotes.json', async (_request, reply) => {
    baseHeaders(reply);
    reply.header('Cache-Control', 'no-store');
    return reply.send(manifest);
  });

  app.get('/remotes/:pkg/*', async (request, reply) => {
    const { pkg, '*': rest } = request.params as { pkg: string; '*': string };
    const dir = remoteDist.get(pkg);
    const file = dir ? resolveInside(dir, rest || 'index.html') : null;
    // The server bundles run here; they are not for browsers.
    if (!file || rest.startsWith('server/')) return reply.callNotFound();
    const stats = await fileStat(file);
    if (!stats) return reply.callNotFound();
    return sendFile(request, reply, file, stats, cacheControlFor(path.basename(file)), csp());
  });

  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0]!;
    if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/server/')) return reply.callNotFound();
    if (urlPath !== '/') {
      const file = resolveInside(shellDist, urlPath.slice(1));
      const stats = file ? await fileStat(file) : null;
      if (file && stats) return sendFile(request, reply, file, stats, cacheControlFor(path.basename(file)), csp());
      if (!file || ASSET_EXTENSION.test(urlPath)) return reply.callNotFound();
    }
    // Every other path is a page of the single-page app, rendered here when it can be.
    if (await sendRendered(request, reply)) return reply;
    const index = path.join(shellDist, 'index.html');
    const stats = await fileStat(index);
    if (!stats) {
      htmlHeaders(reply, csp());
      reply.header('Cache-Control', NO_CACHE);
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>UniPortal</title><p>The portal is not built yet. Run <code>npm start</code> to build it.</p>');
    }
    return sendFile(request, reply, index, stats, NO_CACHE, csp());
  });
}
