/** What the worker is started with. */
export interface RenderWorkerData {
  /** The file whose packages the bundles' externals are loaded from (the shell's package.json). */
  modulesFrom: string;
}

/** Messages between the page renderer and its worker thread. */
export type WorkerRequest =
  | { id: number; kind: 'plan'; shellBundle: string; pathname: string; remoteBundles: Record<string, string>; remoteList: unknown }
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
    };

/** A plan: the remote the page needs and the API responses it shows; null when the browser renders the page. */
export type PagePlan = { remote: string | null; preload: string[] } | null;

export type WorkerReply = { id: number; result?: PagePlan | string; error?: string };
