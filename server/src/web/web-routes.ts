/**
 * The web platform, added to the API's app by the composition root
 * (src/main.ts): the shell's bundle at /, each remote's bundle under
 * /remotes/<package>/, the runtime list /remotes.json that tells the shell
 * where every remote lives and which pages it has (so a remote is redeployed,
 * pages and menu entries included, by changing its entry, never by rebuilding
 * the shell), and guests' pages rendered on the server (../pages). Behind
 * nginx (PORTAL_SERVE_WEB=false) only the rendered pages.
 *
 * Caching: HTML, remote entries and manifests are revalidated on every load
 * (no-cache); content-hashed assets are immutable for a year. Files are sent by
 * @fastify/static (ETag, 304, HEAD), with the precompressed .br / .gz siblings
 * written at build time when the browser accepts them.
 * A missing dist folder only logs a warning: the API keeps serving.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseRemoteList, type RemoteList } from 'shared-api/contract';
import { readPageRoleCookie, readPageSessionCookie } from 'page-platform/session-peek';
import { jsonFileReader } from '../lib/file-stamp';
import { PageRenderer, remoteEntries, type WebLayout } from '../pages/page-renderer';
import { REMOTE_PACKAGES, type WebConfig } from './config';

/** What the page's inline scripts are allowed by: written by the shell's build beside index.html (page-platform/build/before-start.cjs). */
export const PAGE_CSP_FILE = 'page-csp.json';

/** The shell's package: the server bundles run against its dependencies (React, router, MUI, emotion). */
const SHELL_PACKAGE = fileURLToPath(import.meta.resolve('shell/package.json'));

export interface WebPlatformOptions {
  web: WebConfig;
  /** The payment widget's script (the API's configuration): the pages load it. */
  paymentWidgetUrl: string;
}

/** The federation name of a remote package: 'mfe-staff' → 'mfe_staff'. */
export const federationName = (pkg: string) => pkg.replace(/-/g, '_');

/** Paths with one of these extensions are files: a miss is a 404, never the SPA page. */
const ASSET_EXTENSION = /\.(html|js|mjs|css|json|map|txt|svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|webmanifest|br|gz)$/i;
/** webpack's [contenthash:8] in a file name. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/i;
/** sw.js too: a browser checks the service worker at most once a day anyway, and a new shell's worker must take over on the next visit. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json', 'sw.js']);

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

/**
 * The runtime list of the workspace layout: federation name → the remote's
 * entry URL (config) and its page manifest (the pages.json of its build).
 * A remote not built yet, or built with a manifest that fails the schema, is
 * left out and logged once.
 */
export function workspaceRemoteList(web: WebConfig, warn: (message: string) => void = () => undefined): () => RemoteList {
  const readers = REMOTE_PACKAGES.map((pkg) => [pkg, jsonFileReader(path.join(web.root, pkg, 'dist', 'pages.json'))] as const);
  const warned = new Set<string>();
  return () => {
    const list: Record<string, unknown> = {};
    for (const [pkg, read] of readers) {
      const pages = read();
      if (pages !== undefined) list[federationName(pkg)] = { entry: web.remotes[pkg], pages };
    }
    const { remotes, rejected } = parseRemoteList(list);
    for (const name of rejected.filter((n) => !warned.has(n))) {
      warned.add(name);
      warn(`web: ${name}'s dist/pages.json is not a valid page manifest; the remote is left out of /remotes.json`);
    }
    return remotes;
  };
}

/** The CSP sources ('sha256-…') of the page's inline scripts, as the shell's build wrote them (none when it wrote none). */
export function pageScriptSources(file: unknown): string[] {
  const sources = (file as { scriptSrc?: unknown } | undefined)?.scriptSrc;
  return Array.isArray(sources) ? sources.filter((s): s is string => typeof s === 'string' && /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(s)) : [];
}

/**
 * The Content-Security-Policy of the portal's pages. Scripts come from this
 * origin, the payment widget's origin and any remote deployed on another origin,
 * plus the page's own inline scripts by hash; emotion injects style elements,
 * hence 'unsafe-inline' for styles only.
 */
export function contentSecurityPolicy({ web, paymentWidgetUrl }: WebPlatformOptions, scriptHashes: readonly string[] = []): string {
  const widget = originOf(paymentWidgetUrl);
  const remoteOrigins = [
    ...new Set(
      Object.values(web.remotes)
        .map(originOf)
        .filter((o): o is string => o !== null),
    ),
  ];
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

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
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

/**
 * Sends one file found inside `root` through @fastify/static: its precompressed
 * sibling when the browser accepts one, ETag and 304, HEAD. The portal's own
 * headers (cache policy, security headers, CSP on pages) are set first.
 */
function sendFile(reply: FastifyReply, root: string, file: string, cacheControl: string, csp: string) {
  if (path.extname(file).toLowerCase() === '.html') htmlHeaders(reply, csp);
  else baseHeaders(reply);
  reply.header('Cache-Control', cacheControl);
  reply.header('Vary', 'Accept-Encoding');
  return reply.sendFile(path.relative(root, file), root);
}

/** Where the built front ends are on disk, and the runtime list served as /remotes.json (see WebConfig.layout). */
export function webLayout(web: WebConfig, warn?: (message: string) => void): WebLayout {
  const root = web.root;
  if (web.layout === 'deployed') {
    // Written by deploy/tools/deploy-remote.mjs; served as it is, as nginx does.
    const remoteList = jsonFileReader(path.join(root, 'config', 'remotes.json'));
    return {
      shellDir: () => root,
      remoteList,
      remoteDirs: () => {
        const dirs: Record<string, string> = {};
        for (const [name, entry] of remoteEntries(remoteList())) {
          const dir = entry.startsWith('/remotes/') ? resolveInside(root, path.posix.dirname(entry).slice(1)) : null;
          if (dir) dirs[name] = dir;
        }
        return dirs;
      },
    };
  }
  const dirs: Record<string, string> = {};
  for (const pkg of REMOTE_PACKAGES) {
    const prefix = `/remotes/${pkg}/`;
    const entry = web.remotes[pkg];
    if (entry.startsWith(prefix)) dirs[federationName(pkg)] = path.join(root, pkg, 'dist', path.posix.dirname(entry.slice(prefix.length)));
  }
  return { shellDir: () => path.join(root, 'shell', 'dist'), remoteDirs: () => dirs, remoteList: workspaceRemoteList(web, warn) };
}

/** An API response as a guest would get it: its JSON, or undefined unless 200 with JSON. */
async function apiJson(app: FastifyInstance, apiPath: string, token?: string): Promise<unknown> {
  const response = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  if (response.statusCode === 404) return null;
  if (response.statusCode !== 200 || !String(response.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  return response.json();
}

/** Pages rendered ahead of their first visitor once the server listens: guests' pages, and the applicant's first page. */
const WARM_PAGES = [
  ['/', null],
  ['/home', null],
  ['/login', null],
  ['/universities', null],
  ['/dashboard', 'USER'],
] as const;

/**
 * The web platform as a plugin of the API's app (BuildOptions.plugins): it
 * fetches the responses a page embeds from the same app, as a guest.
 */
export function webPlatform(options: WebPlatformOptions): (app: FastifyInstance) => Promise<void> {
  return (app) => webRoutes(app, options);
}

async function webRoutes(app: FastifyInstance, options: WebPlatformOptions): Promise<void> {
  const { web } = options;
  if (!web.serve && !web.renderPages) return;
  const root = web.root;
  const layout = webLayout(web, (message) => app.log.warn(message));
  const shellDist = layout.shellDir();
  const deployed = web.layout === 'deployed';
  // A deployed web root keeps every version under remotes/<package>/<version>/.
  const remoteDist = new Map<string, string>(REMOTE_PACKAGES.map((pkg) => [pkg, deployed ? path.join(root, 'remotes', pkg) : path.join(root, pkg, 'dist')]));
  const renderer = web.renderPages ? new PageRenderer({ layout, modulesFrom: SHELL_PACKAGE, fetchJson: (apiPath, token) => apiJson(app, apiPath, token), log: app.log }) : null;
  if (renderer) {
    app.addHook('onListen', async () => {
      void renderer.warm(WARM_PAGES);
    });
    app.addHook('onClose', async () => renderer.close());
  }

  // The policy allows the page's inline script by the hash the shell's build
  // wrote beside it, read again when a deploy changes it.
  const readPageCsp = jsonFileReader(path.join(shellDist, PAGE_CSP_FILE));
  let policy: { file: unknown; csp: string } | null = null;
  const csp = (): string => {
    const file = readPageCsp();
    if (!policy || policy.file !== file) policy = { file, csp: contentSecurityPolicy(options, pageScriptSources(file)) };
    return policy.csp;
  };

  /**
   * A page rendered on the server (for a guest, or for the role the page-role
   * cookie names), or else the page the browser renders with the scripts it
   * will run named in its head; false when neither can be made (the caller
   * sends the template as it is).
   */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (!renderer || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const role = readPageRoleCookie(request.headers.cookie);
    const session = readPageSessionCookie(request.headers.cookie);
    const page = (await renderer.render(request.url, role, session)) ?? (await renderer.browserPage(request.url, role));
    if (page === null) return false;
    htmlHeaders(reply, csp());
    // A page made for one person (decision 013) is kept by no cache, the browser's included.
    reply.header('Cache-Control', page.personal ? 'private, no-store' : NO_CACHE);
    // The page cookies pick the page (and the scripts it names): no cache may give one role's or person's page to another.
    reply.header('Vary', 'Accept-Encoding, Cookie');
    if (!page.personal) reply.header('ETag', page.etag);
    reply.type('text/html; charset=utf-8');
    if (!page.personal && request.headers['if-none-match'] === page.etag) {
      await reply.code(304).send();
      return true;
    }
    const encoding = acceptedEncodings(request)[0];
    if (encoding) reply.header('Content-Encoding', encoding);
    const body = encoding ? await page.encodedAs(encoding === 'br' ? 'br' : 'gzip') : page.html;
    await reply.send(request.method === 'HEAD' ? undefined : body);
    return true;
  };

  if (!web.serve) {
    // Behind nginx, which serves the files: only the pages made here (rendered,
    // or naming their scripts), and a 404 otherwise, on which nginx sends its
    // static index.html.
    if (renderer) {
      app.get('/*', async (request, reply) => {
        const urlPath = request.url.split('?')[0]!;
        if (urlPath === '/api' || urlPath.startsWith('/api/') || ASSET_EXTENSION.test(urlPath)) return reply.callNotFound();
        if (await sendPage(request, reply)) return reply;
        return reply.callNotFound();
      });
    }
    return;
  }

  // reply.sendFile only: every route below decides which file a path means.
  await app.register(fastifyStatic, { serve: false, preCompressed: true, cacheControl: false });

  for (const [name, dir] of [['shell', shellDist] as const, ...remoteDist.entries()]) {
    if (!existsSync(dir)) app.log.warn({ dir }, `web: ${name} is not built (${dir} is missing); its pages answer 404/503 until it is`);
  }

  app.get('/remotes.json', async (_request, reply) => {
    baseHeaders(reply);
    reply.header('Cache-Control', 'no-store');
    const list = layout.remoteList();
    if (list === undefined) return reply.callNotFound();
    return reply.send(list);
  });

  app.get('/remotes/:pkg/*', async (request, reply) => {
    const { pkg, '*': rest } = request.params as { pkg: string; '*': string };
    const dir = remoteDist.get(pkg);
    const file = dir ? resolveInside(dir, rest || 'index.html') : null;
    // The server bundles run here; they are not for browsers.
    if (!dir || !file || rest.startsWith('server/') || rest.includes('/server/')) return reply.callNotFound();
    if (!(await isFile(file))) return reply.callNotFound();
    return sendFile(reply, dir, file, cacheControlFor(path.basename(file)), csp());
  });

  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0]!;
    if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/server/') || (deployed && urlPath.startsWith('/config/'))) return reply.callNotFound();
    if (urlPath !== '/') {
      const file = resolveInside(shellDist, urlPath.slice(1));
      if (file && (await isFile(file))) return sendFile(reply, shellDist, file, cacheControlFor(path.basename(file)), csp());
      if (!file || ASSET_EXTENSION.test(urlPath)) return reply.callNotFound();
    }
    // Every other path is a page of the single-page app, rendered here when it can be.
    if (await sendPage(request, reply)) return reply;
    const index = path.join(shellDist, 'index.html');
    if (!(await isFile(index))) {
      htmlHeaders(reply, csp());
      reply.header('Cache-Control', NO_CACHE);
      return reply.code(503).type('text/html; charset=utf-8').send('<!doctype html><title>UniPortal</title><p>The portal is not built yet. Run <code>npm start</code> to build it.</p>');
    }
    return sendFile(reply, shellDist, index, NO_CACHE, csp());
  });
}
