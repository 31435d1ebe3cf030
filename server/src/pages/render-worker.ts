/**
 * The worker thread that renders guests' pages (see page-renderer.ts). It runs
 * with NODE_ENV=production, so React, MUI and emotion take their production
 * paths and write exactly the markup and class names the browser's production
 * bundles expect, and the render's CPU time stays off the API's event loop.
 *
 * It loads the shell's server bundle and a remote's server bundle as CommonJS
 * against one set of React, router, MUI and emotion modules (the shell's
 * dependencies, resolved from its package: workerData.modulesFrom), and gives
 * the remote the shell's shared-auth and shared-api, as Module Federation
 * shares them in the browser.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { SERVER_RENDER_CONTRACT, type ServerRemoteBundle, type ServerShellBundle } from 'page-platform/render-contract';
import type { RenderWorkerData, WorkerReply, WorkerRequest } from './protocol';

const nodeRequire = createRequire((workerData as RenderWorkerData).modulesFrom);
type ShellBundle = ServerShellBundle;
type RemoteBundle = ServerRemoteBundle;

const loaded = new Map<string, { stamp: string; exports: unknown }>();

function stampOf(file: string): string {
  const stats = statSync(file);
  return `${stats.mtimeMs}:${stats.size}`;
}

/**
 * Loads a CommonJS bundle, again when the file changed or when what it was
 * loaded against (`against`: the shell bundle a remote takes its shared
 * modules from) changed.
 */
function loadBundle(file: string, requireFor: (id: string) => unknown, against = ''): unknown {
  const stamp = `${stampOf(file)}|${against}`;
  const cached = loaded.get(file);
  if (cached?.stamp === stamp) return cached.exports;
  const module = { exports: {} as unknown };
  const wrapper = runInThisContext(`(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`, { filename: file }) as (
    exports: unknown,
    require: (id: string) => unknown,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  wrapper(module.exports, requireFor, module, file, path.dirname(file));
  loaded.set(file, { stamp, exports: module.exports });
  return module.exports;
}

function shellAt(file: string): ShellBundle {
  const shell = loadBundle(file, nodeRequire) as ShellBundle;
  if (shell.SERVER_RENDER_CONTRACT !== SERVER_RENDER_CONTRACT) throw new Error(`${file} speaks render contract ${shell.SERVER_RENDER_CONTRACT}, not ${SERVER_RENDER_CONTRACT}`);
  return shell;
}

function remoteAt(file: string, shellFile: string, shell: ShellBundle): RemoteBundle {
  // A new shell bundle means new instances of the modules it lends: load the remote against them.
  const remote = loadBundle(file, (id) => (Object.hasOwn(shell.sharedModules, id) ? shell.sharedModules[id] : nodeRequire(id)), `${shellFile}@${loaded.get(shellFile)?.stamp ?? ''}`) as RemoteBundle;
  if (remote.SERVER_RENDER_CONTRACT !== SERVER_RENDER_CONTRACT) throw new Error(`${file} speaks render contract ${remote.SERVER_RENDER_CONTRACT}, not ${SERVER_RENDER_CONTRACT}`);
  return remote;
}

/** A bundle's code names as a list: an older remote names one, or none. */
function codeNames(code: string | readonly string[] | null | undefined): readonly string[] {
  if (typeof code === 'string') return [code];
  return Array.isArray(code) ? code.filter((name): name is string => typeof name === 'string') : [];
}

async function handle(request: WorkerRequest): Promise<WorkerReply['result']> {
  const shell = shellAt(request.shellBundle);
  if (request.kind === 'plan') {
    const plan = shell.documentPlan(request.pathname, request.remoteList, request.role, request.person);
    if (!plan) return null;
    // A shell that predates rendering for a role plans guests' pages only.
    const renderedFor = plan.renderedFor ?? null;
    const forPerson = request.person && plan.forPerson === true;
    const shellCode = plan.code ?? [];
    if (plan.remote === null) return { remote: null, preload: [], renderedFor, forPerson: false, shellCode, remoteCode: [] };
    const remoteFile = request.remoteBundles[plan.remote];
    if (!remoteFile) return null;
    const remote = remoteAt(remoteFile, request.shellBundle, shell);
    return remote.canPrerender(request.pathname)
      ? { remote: plan.remote, preload: remote.preloadFor(request.pathname), renderedFor, forPerson, shellCode, remoteCode: codeNames(remote.codeFor?.(request.pathname)) }
      : null;
  }
  if (request.kind === 'browser-page') {
    // A shell that predates this sends such pages as its template.
    const plan = shell.browserPagePlan?.(request.pathname, request.remoteList, request.role) ?? null;
    if (!plan || !shell.browserDocument) return null;
    return { html: shell.browserDocument({ template: request.template, remoteList: request.remoteList }), remote: plan.remote, shellCode: plan.code, remoteCode: codeNames(plan.remoteCode) };
  }
  const remotes: Record<string, unknown> = {};
  if (request.remote) remotes[request.remote.name] = remoteAt(request.remote.bundle, request.shellBundle, shell).App;
  return shell.renderDocument({
    url: request.url,
    template: request.template,
    remotes,
    remoteList: request.remoteList,
    responses: request.responses,
    renderedFor: request.renderedFor,
    personToken: request.personToken,
  });
}

parentPort!.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (result) => parentPort!.postMessage({ id: request.id, result } satisfies WorkerReply),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) } satisfies WorkerReply),
  );
});
