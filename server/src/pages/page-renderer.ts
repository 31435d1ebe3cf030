/**
 * Renders the pages of visitors without a session on the server, so a phone
 * on a slow network paints the landing page, the university list or the
 * sign-in form from the HTML alone; the shell then adopts that HTML. For a
 * returning visitor of a signed-in role (the page-role cookie, which proves
 * nothing) it renders the pages a remote marks for that role
 * (`prerenderForRoles`): the role's frame and what every holder of the role
 * sees. No credential is ever used: the responses are fetched as a guest.
 *
 * The shell's server bundle decides which pages it can render (guest pages
 * that look the same for everyone) and which remote each needs; the remote's
 * server bundle names the API responses the page shows, which are fetched
 * here through the API itself (as a guest) and embedded in the page. The
 * render runs in a worker thread (render-worker.ts). Documents are cached by
 * everything they are made of: the URL, the shell and remote bundles, the
 * template and the responses, so a deploy or a data change shows at once.
 * Anything missing or failing answers null: the caller sends the plain page
 * and the browser renders it, as without this renderer.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { maskUrl } from 'api/log-safety';
import { PAGE_SCRIPTS_ELEMENT_ID } from 'page-platform/page-document';
import { PERSON_IN_PATH } from 'page-platform/render-contract';
import { peekSession, sessionPersonId, type SessionRole } from 'page-platform/session-peek';
import { fileStamp } from '../lib/file-stamp';
import { readPageScripts, scriptsToPreload, withPreloads } from './page-scripts';
import type { BrowserPage, PagePlan, RenderWorkerData, WorkerReply, WorkerRequest } from './protocol';

/** Where the built front ends are on disk, for the versions being served. */
export interface WebLayout {
  /** The shell's built folder: index.html and server/render-document.cjs. */
  shellDir(): string;
  /** Each remote's built folder (federation name → folder), for those served from this disk. */
  remoteDirs(): Record<string, string>;
  /** The runtime list served as /remotes.json (the remotes' entries and page manifests); undefined when there is none. */
  remoteList(): unknown;
}

const compressors = {
  br: (html: string) => promisify(brotliCompress)(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (html: string) => promisify(gzip)(html, { level: 9 }),
};

/** A rendered page, compressed once per encoding (in the thread pool) and kept with it. */
export class RenderedPage {
  private readonly encoded = new Map<keyof typeof compressors, Promise<Buffer>>();

  constructor(
    readonly html: string,
    /** Changes whenever anything the page is made of changes. */
    readonly etag: string,
    /** Made for one person (decision 013): no cache but the browser's own may keep it. */
    readonly personal = false,
  ) {}

  encodedAs(encoding: keyof typeof compressors): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body = compressors[encoding](this.html);
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

export interface PageRendererOptions {
  layout: WebLayout;
  /**
   * A file whose packages the server bundles' externals (React, router, MUI,
   * emotion) are loaded from: the shell's package.json, whose dependencies
   * they are, so the server renders with the versions the browser runs.
   */
  modulesFrom: string;
  /**
   * GET an API path, without a session or with `token`'s: its JSON body; null
   * when it answered 404 (there is none of it); undefined for any other answer.
   */
  fetchJson(apiPath: string, token?: string): Promise<unknown>;
  log: FastifyBaseLogger;
  /** Documents kept; each is a few tens of KB. */
  maxDocuments?: number;
  /** Renders of a person's page that may wait for the worker at once (PERSON_RENDERS_WAITING). */
  personRendersWaiting?: number;
}

/**
 * A person's page is rendered on every visit, never from a cache (decision
 * 013), in the one render worker (tens of milliseconds each). When this many
 * such renders already wait for it, the next person's page is left to the
 * browser at once: rendering ahead is a head start, and a queue of renders
 * would take it away (the bench measured 1.8 s at the median with 32 staff
 * asking at once, and no bound).
 */
export const PERSON_RENDERS_WAITING = 4;

const SHELL_BUNDLE = path.join('server', 'render-document.cjs');
const REMOTE_BUNDLE = path.join('server', 'remote.cjs');
/** What a remote may ask to embed: a GET of this API (a list's plain query included), nothing else. */
const EMBEDDABLE_API_PATH = /^\/api\/[A-Za-z0-9/_-]+(\?[A-Za-z0-9=&_-]+)?$/;

/** The render thread: dist/render-worker.mjs beside the built server, or the TypeScript source under tests. */
function startRenderThread(modulesFrom: string): Worker {
  const env = { ...process.env, NODE_ENV: 'production' };
  const workerData: RenderWorkerData = { modulesFrom };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./render-worker.mjs', import.meta.url), { env, workerData });
  // From source (the tests run through tsx), whose loader a worker does not inherit on Node 20.
  const source = JSON.stringify(new URL('./render-worker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); })`, { eval: true, env, workerData });
}

/** The entry URL of each remote in a runtime list (/remotes.json: name → { entry, pages }), in either layout. */
export function remoteEntries(list: unknown): Array<[name: string, entry: string]> {
  if (typeof list !== 'object' || list === null) return [];
  return Object.entries(list).flatMap(([name, value]) => {
    const entry = (value as { entry?: unknown } | null)?.entry;
    return typeof entry === 'string' ? [[name, entry] as [string, string]] : [];
  });
}

/** The shell's first scripts, which its page lists in #portal-scripts (and preloads already). */
function shellScriptsOf(template: string): string[] {
  const listed = new RegExp(`id="?${PAGE_SCRIPTS_ELEMENT_ID}"?>([^<]*)<`).exec(template)?.[1];
  try {
    const scripts: unknown = listed ? JSON.parse(listed) : [];
    return Array.isArray(scripts) ? scripts.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export class PageRenderer {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: (value: WorkerReply['result']) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private readonly documents = new Map<string, RenderedPage>();
  /**
   * Pages the browser renders, kept apart: any path may ask for one (each id
   * of /applications/:id is its own), and a run of them must not push out the
   * rendered pages, which cost a render to make again.
   */
  private readonly browserPages = new Map<string, RenderedPage>();
  private template: { stamp: string; text: string } | null = null;
  private readonly maxDocuments: number;
  private readonly failuresLogged = new Set<string>();
  private personRenders = 0;

  constructor(private readonly options: PageRendererOptions) {
    this.maxDocuments = options.maxDocuments ?? 200;
  }

  /**
   * The page at `url` rendered for a visitor whose page-role cookie says `role`
   * (null: a guest), or null when the browser should render it. A role without
   * a page of its own at `url` gets the guests' page, as without the cookie.
   * `sessionToken`: the page-session cookie's (decision 013). A page marked for
   * its person is rendered from responses asked with it, which is how the
   * session is checked: any refusal leaves the page to the browser. Such a
   * page is never kept here.
   */
  async render(url: string, role: SessionRole | null = null, sessionToken: string | null = null): Promise<RenderedPage | null> {
    // A query string is left to the browser: pages do not depend on one, and
    // distinct queries must not each cost a render.
    if (url.includes('?') || url.includes('#')) return null;
    const shellBundle = path.join(this.options.layout.shellDir(), SHELL_BUNDLE);
    const templateFile = path.join(this.options.layout.shellDir(), 'index.html');
    const shellStamp = fileStamp(shellBundle);
    const template = this.readTemplate(templateFile);
    if (!shellStamp || !template) return null;
    const remoteBundles: Record<string, string> = {};
    for (const [name, dir] of Object.entries(this.options.layout.remoteDirs())) {
      const bundle = path.join(dir, REMOTE_BUNDLE);
      if (fileStamp(bundle)) remoteBundles[name] = bundle;
    }
    const remoteList = this.options.layout.remoteList();
    // Only a session of the role the page-role cookie names, not expired, is worth asking the API about.
    const peek = sessionToken ? peekSession(sessionToken) : null;
    const person = peek !== null && peek.role === role ? { token: sessionToken!, id: sessionPersonId(peek) } : null;
    try {
      const plan = (await this.call({ kind: 'plan', shellBundle, pathname: url, remoteBundles, remoteList, role, person: person !== null })) as PagePlan;
      if (!plan) return null;
      const forPerson = plan.forPerson && person !== null ? person : null;
      // Renders already waiting: the browser's page now, without asking the API for this one.
      if (forPerson && this.personRendersFull()) return null;
      const responses: Record<string, unknown> = {};
      for (const planned of plan.preload) {
        // A person's page may name its person's own records ('/api/applications/user/{person}').
        if (planned.includes(PERSON_IN_PATH) && !forPerson) continue;
        const apiPath = forPerson ? planned.replaceAll(PERSON_IN_PATH, encodeURIComponent(forPerson.id)) : planned;
        if (!EMBEDDABLE_API_PATH.test(apiPath)) continue;
        const body = await this.options.fetchJson(apiPath, forPerson?.token);
        // A person's page shows all of its data or is left to the browser: a refusal means the session is not good.
        if (body === undefined && forPerson) return null;
        // 'There is none' (404) is an answer a person's page shows (no draft yet); a guest's page is rendered without it.
        if (body === null && !forPerson) continue;
        if (body !== undefined) responses[apiPath] = body;
      }
      const remote = plan.remote ? { name: plan.remote, bundle: remoteBundles[plan.remote]! } : null;
      const shellScripts = readPageScripts(this.options.layout.shellDir());
      const remoteScripts = remote ? readPageScripts(path.dirname(path.dirname(remote.bundle))) : null;
      const key = createHash('sha256')
        .update(
          JSON.stringify([
            url,
            plan.renderedFor,
            forPerson?.id ?? null,
            shellStamp,
            template.stamp,
            remote?.bundle ?? null,
            remote ? fileStamp(remote.bundle) : null,
            remoteList ?? null,
            responses,
            plan.shellCode,
            plan.remoteCode,
            shellScripts?.stamp ?? null,
            remoteScripts?.stamp ?? null,
          ]),
        )
        .digest('base64url');
      const cached = forPerson ? undefined : this.cachedDocument(key);
      if (cached !== undefined) return cached;
      // Again after the API's answers: others may have taken the places meanwhile.
      if (forPerson && this.personRendersFull()) return null;
      if (forPerson) this.personRenders += 1;
      let rendered: string;
      try {
        rendered = (await this.call({
          kind: 'render',
          shellBundle,
          url,
          template: template.text,
          remote,
          remoteList,
          responses,
          renderedFor: plan.renderedFor,
          personToken: forPerson?.token ?? null,
        })) as string;
      } finally {
        if (forPerson) this.personRenders -= 1;
      }
      const preloads = scriptsToPreload({
        shell: shellScripts?.scripts ?? null,
        shellCode: plan.shellCode,
        remote: remote ? { scripts: remoteScripts?.scripts ?? null, entry: remoteEntries(remoteList).find(([name]) => name === remote.name)?.[1] ?? '', code: plan.remoteCode } : null,
        already: shellScriptsOf(template.text),
      });
      const page = new RenderedPage(withPreloads(rendered, preloads), `"${key}"`, forPerson !== null);
      return forPerson ? page : this.keepDocument(key, page);
    } catch (error) {
      this.logFailure(url, error, 'pages: rendering on the server failed; the browser renders this page');
      return null;
    }
  }

  private personRendersFull(): boolean {
    return this.personRenders >= (this.options.personRendersWaiting ?? PERSON_RENDERS_WAITING);
  }

  private cachedDocument(key: string, documents = this.documents): RenderedPage | undefined {
    const cached = documents.get(key);
    if (cached !== undefined) {
      // Most recently used last: the oldest is the first dropped.
      documents.delete(key);
      documents.set(key, cached);
    }
    return cached;
  }

  private keepDocument(key: string, page: RenderedPage, documents = this.documents): RenderedPage {
    documents.set(key, page);
    if (documents.size > this.maxDocuments) documents.delete(documents.keys().next().value!);
    return page;
  }

  /** Each distinct failure once: a broken bundle would otherwise log on every page. */
  private logFailure(url: string, error: unknown, message: string): void {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    if (this.failuresLogged.has(reason)) return;
    this.failuresLogged.add(reason);
    this.options.log.warn({ url: maskUrl(url), err: reason }, message);
  }

  /**
   * A page the browser renders (it shows a person's own data), for a visitor
   * whose page-role cookie says `role`: the shell's template carrying the
   * runtime list, with the scripts of the remote's page the browser will run
   * named in its head, so a phone asks for them with the shell's own instead
   * of one round trip after another. null when the shell cannot tell which
   * page it is (the caller sends the template as it is).
   */
  async browserPage(url: string, role: SessionRole | null): Promise<RenderedPage | null> {
    if (url.includes('#')) return null;
    const pathname = url.split('?')[0]!;
    const shellBundle = path.join(this.options.layout.shellDir(), SHELL_BUNDLE);
    const shellStamp = fileStamp(shellBundle);
    const template = this.readTemplate(path.join(this.options.layout.shellDir(), 'index.html'));
    if (!shellStamp || !template) return null;
    const remoteList = this.options.layout.remoteList();
    try {
      // The page depends on the path (not the query), the role and what the files say: cache by those.
      const shellScripts = readPageScripts(this.options.layout.shellDir());
      const remoteDirs = this.options.layout.remoteDirs();
      const remoteStamps = Object.fromEntries(Object.entries(remoteDirs).map(([name, dir]) => [name, readPageScripts(dir)?.stamp ?? null]));
      const key = createHash('sha256')
        .update(JSON.stringify(['browser', pathname, role, shellStamp, template.stamp, remoteList ?? null, shellScripts?.stamp ?? null, remoteStamps]))
        .digest('base64url');
      const cached = this.cachedDocument(key, this.browserPages);
      if (cached !== undefined) return cached;
      const prepared = (await this.call({ kind: 'browser-page', shellBundle, pathname, template: template.text, remoteList, role })) as BrowserPage;
      if (!prepared) return null;
      const remoteDir = Object.hasOwn(remoteDirs, prepared.remote) ? remoteDirs[prepared.remote] : undefined;
      const preloads = scriptsToPreload({
        shell: shellScripts?.scripts ?? null,
        shellCode: prepared.shellCode,
        remote: {
          scripts: remoteDir ? (readPageScripts(remoteDir)?.scripts ?? null) : null,
          entry: remoteEntries(remoteList).find(([name]) => name === prepared.remote)?.[1] ?? '',
          code: prepared.remoteCode,
        },
        already: shellScriptsOf(template.text),
      });
      return this.keepDocument(key, new RenderedPage(withPreloads(prepared.html, preloads), `"${key}"`), this.browserPages);
    } catch (error) {
      this.logFailure(url, error, 'pages: naming the scripts of a page failed; its template is sent');
      return null;
    }
  }

  /** Renders pages ahead of their first visitor (in the background, after start-up). */
  async warm(pages: ReadonlyArray<readonly [url: string, role: SessionRole | null]>): Promise<void> {
    for (const [url, role] of pages) await this.render(url, role);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private readTemplate(file: string): { stamp: string; text: string } | null {
    const stamp = fileStamp(file);
    if (!stamp) return null;
    if (this.template?.stamp !== stamp) this.template = { stamp, text: readFileSync(file, 'utf8') };
    return this.template;
  }

  private startWorker(): Worker {
    const worker = startRenderThread(this.options.modulesFrom);
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.error !== undefined) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.result);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the page render worker stopped (exit ${code})`)));
    return worker;
  }

  private call(request: WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never): Promise<WorkerReply['result']> {
    this.worker ??= this.startWorker();
    const worker = this.worker;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  }
}
