import type { SessionRole } from 'page-platform/session-peek';

/** What the worker is started with. */
export interface RenderWorkerData {
  /** The file whose packages the bundles' externals are loaded from (the shell's package.json). */
  modulesFrom: string;
}

/** Messages between the page renderer and its worker thread. */
export type WorkerRequest =
  | { id: number; kind: 'plan'; shellBundle: string; pathname: string; remoteBundles: Record<string, string>; remoteList: unknown; role: SessionRole | null; person: boolean }
  | { id: number; kind: 'browser-page'; shellBundle: string; pathname: string; template: string; remoteList: unknown; role: SessionRole | null }
  | {
      id: number;
      kind: 'render';
      shellBundle: string;
      url: string;
      template: string;
      remote: { name: string; bundle: string } | null;
      /** What /remotes.json serves: the shell plans and renders from the same page manifests as the browser. */
      remoteList: unknown;
      responses: Record<string, unknown>;
      renderedFor: SessionRole | null;
      /** The checked session of the person a page is rendered for (decision 013); never written into the page. */
      personToken: string | null;
    };

/** A plan: the remote the page needs, the API responses it shows and whom it is for (null: a guest); null when the browser renders the page. */
/** `shellCode`, `remoteCode`: the names of the code the page runs in each build's dist/page-scripts.json (none known: empty). */
/** `forPerson`: rendered for the person whose session the server checked, from responses asked with it (decision 013). */
export type PagePlan = { remote: string | null; preload: string[]; renderedFor: SessionRole | null; forPerson: boolean; shellCode: readonly string[]; remoteCode: readonly string[] } | null;

/** A page the browser renders: its template carrying the runtime list, and the code it will run (as PagePlan); null when the shell cannot tell. */
export type BrowserPage = { html: string; remote: string; shellCode: readonly string[]; remoteCode: readonly string[] } | null;

export type WorkerReply = { id: number; result?: PagePlan | BrowserPage | string; error?: string };
