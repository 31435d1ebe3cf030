/**
 * The shell's server entry (built to dist/server/render-document.cjs by the
 * server build): renders the page of a visitor without a session to HTML, so
 * a phone on a slow network paints the page before any JavaScript arrives;
 * the browser then adopts that HTML (hydration, see bootstrap.tsx).
 *
 * The caller (the portal server's page renderer, server/src/pages) loads this bundle and the remotes'
 * server bundles with one set of React, router, MUI and emotion modules, so
 * the shell and the remote render as one tree, exactly as in the browser.
 * Only pages that look the same for every visitor they are rendered for:
 * the shell's /login and /register and the guest pages a remote's manifest
 * marks `prerender`, and, for a returning visitor of a signed-in role (the
 * page-role cookie), the pages its `prerenderForRoles` names that role for,
 * in that role's frame but for nobody in particular.
 */
import { StrictMode, type ComponentType } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { embeddedResponsesElement, PreloadedResponsesProvider, scriptSafeJson, type PreloadedResponses } from 'page-platform/handover';
import { REMOTE_LIST_ELEMENT_ID, RENDERED_FOR_ATTRIBUTE, RENDERED_FOR_PERSON_ATTRIBUTE, RENDERED_UNLESS_STORED_ATTRIBUTE } from 'page-platform/page-document';
import { SERVER_RENDER_CONTRACT, type ServerRemoteBundle } from 'page-platform/render-contract';
import * as sharedApi from 'shared-api';
import * as sharedAuth from 'shared-auth';
import { decodeSession, sessionWriter, type SessionUser } from 'shared-auth';
import { AppProviders } from '../App';
import { forgetLoadedRemotes } from '../features/remotes/RemoteArea';
import { mayPrerenderFor, mayRenderForPerson, pagesAt, readRemoteList, STORAGE_KEY_NAME, type PageEntry, type SignedInRole } from 'shared-api/pages';
import { areaFor } from '../routes/paths';
import { FRAME_CODE, PortalRoutes, SHELL_PAGE_CODE } from '../routes/PortalRoutes';
import { provideRemotes, type RemoteList, type RemoteName } from './server-registry';

export { SERVER_RENDER_CONTRACT };

/** What a remote's server bundle (dist/server/remote.cjs) exports. */
export type ServerRemote = ServerRemoteBundle<ComponentType>;

/**
 * The single-instance packages the remotes' server bundles take from this
 * bundle, as the browser's federation shares them (one session store, one
 * preloaded-responses context).
 */
export const sharedModules: Record<string, unknown> = { 'shared-auth': sharedAuth, 'shared-api': sharedApi };

/** The remote list as the browser will read it from /remotes.json; null when there is none or it is not an object. */
function remoteListFrom(list: unknown): RemoteList | null {
  if (list === undefined || list === null) return null;
  return readRemoteList(list).remotes;
}

/** What the server renders at a path: the remote that owns the page (null: the shell's own), and for whom (null: a guest). */
export interface DocumentPlan {
  remote: RemoteName | null;
  renderedFor?: SignedInRole | null;
  /** Rendered for the person whose session the server checked, not only for the role (decision 013). */
  forPerson?: boolean;
  /** The names of the shell's code the page runs (webpackChunkNames of lazy imports): its own page's, or the frame's around a remote's page. */
  code?: readonly string[];
  /** A person's page: the storage keys of its manifest entry that hide it on a device holding them (`prerenderUnlessStored`). */
  unlessStored?: readonly string[];
}

/**
 * The page at `pathname` of the remote that owns it for `role`, when `mayRender` allows its
 * manifest entry: for the role or a guest (mayPrerenderFor), or for a person (mayRenderForPerson).
 */
function plannedPage(remotes: RemoteList, pathname: string, role: SignedInRole | null, mayRender: (page: PageEntry) => boolean, forPerson = false): DocumentPlan | null {
  const area = areaFor(remotes, role, pathname);
  if (area.kind !== 'remote') return null;
  const page = pagesAt(remotes, pathname).find((p) => p.remote === area.remote && mayRender(p.page));
  if (!page) return null;
  // Checked here again, as they go into the page's markup (the browser's structural check of the list leaves them alone).
  const unlessStored = forPerson ? page.page.prerenderUnlessStored?.filter((key) => typeof key === 'string' && STORAGE_KEY_NAME.test(key)) : undefined;
  return {
    remote: area.remote,
    renderedFor: role,
    ...(forPerson ? { forPerson } : {}),
    ...(unlessStored?.length ? { unlessStored } : {}),
    code: Object.hasOwn(FRAME_CODE, area.layout) ? FRAME_CODE[area.layout] : [],
  };
}

/**
 * Which page the server may render at `pathname`, and the remote it needs;
 * null: the browser renders it. `role` is what the visitor's page-role cookie
 * says: a page of that role marked for it in `prerenderForRoles`, else the
 * guests' page (which the pre-start script hides from a session), as a
 * remote's manifest marks `prerender`. `person`: the server has checked a
 * session of that role, so a page marked `prerenderForPerson` is rendered for
 * them (decision 013). `remoteList` is what the server serves as
 * /remotes.json, so the browser decides the same.
 */
export function documentPlan(pathname: string, remoteList?: unknown, role: SignedInRole | null = null, person = false): DocumentPlan | null {
  const own = Object.hasOwn(SHELL_PAGE_CODE, pathname) ? SHELL_PAGE_CODE[pathname] : undefined;
  if (own) return { remote: null, renderedFor: null, code: own };
  const remotes = remoteListFrom(remoteList);
  if (!remotes) return null;
  return (
    (role && person && plannedPage(remotes, pathname, role, (page) => mayRenderForPerson(page, role), true)) ||
    (role && plannedPage(remotes, pathname, role, (page) => mayPrerenderFor(page, role))) ||
    plannedPage(remotes, pathname, null, (page) => mayPrerenderFor(page, 'guest'))
  );
}

/** What the head of a page the browser renders can name ahead (browserPagePlan). */
export interface BrowserPagePlan {
  /** The remote whose page it is for the visitor's role. */
  remote: RemoteName;
  /** The names of the shell's code of the frame around it. */
  code: readonly string[];
  /** The names of the page's own code in the remote's build (its manifest entry's `code`); none when the manifest names none. */
  remoteCode: readonly string[];
}

/**
 * For a page the server does not render (it shows a person's or a
 * university's own data): the remote and code the browser will run for it, as
 * the shell will decide for the visitor whose page-role cookie says `role`,
 * so the server can name those scripts in the page's head. null: the shell's
 * own page, a redirect, or nothing the role may open.
 */
export function browserPagePlan(pathname: string, remoteList: unknown, role: SignedInRole | null): BrowserPagePlan | null {
  const remotes = remoteListFrom(remoteList);
  if (!remotes || Object.hasOwn(SHELL_PAGE_CODE, pathname)) return null;
  const area = areaFor(remotes, role, pathname);
  if (area.kind !== 'remote') return null;
  const page = pagesAt(remotes, pathname).find((p) => p.remote === area.remote && p.page.roles.includes(role ?? 'guest'));
  return { remote: area.remote, code: Object.hasOwn(FRAME_CODE, area.layout) ? FRAME_CODE[area.layout]! : [], remoteCode: page?.page.code ?? [] };
}

/**
 * The template of a page the browser renders, carrying the runtime list the
 * server has (REMOTE_LIST_ELEMENT_ID), so the shell starts the page's remote
 * without asking for /remotes.json first. Its root stays empty.
 */
export function browserDocument({ template, remoteList }: { template: string; remoteList: unknown }): string {
  if (!ROOT_ELEMENT.test(template)) throw new Error('the template has no empty <div id="root">');
  return template.replace(ROOT_ELEMENT, (root) => `${remoteListElement(remoteList)}${root}`);
}

/** The template's empty root (the HTML minifier may drop the quotes). */
const ROOT_ELEMENT = /<div id="?root"?><\/div>/;

export interface RenderDocumentInput {
  /** The path and query of the page. */
  url: string;
  /** The shell's built index.html. */
  template: string;
  remotes: Partial<Record<RemoteName, ComponentType>>;
  /** What the server serves as /remotes.json (the remotes' entries and page manifests). */
  remoteList?: unknown;
  /** API responses the page shows, by API path; embedded in the page for the browser's first render. */
  responses: PreloadedResponses;
  /** The signed-in role the page is rendered for (documentPlan's `renderedFor`); a guest's page when left out. */
  renderedFor?: SignedInRole | null;
  /**
   * The session of the person a page is rendered for (documentPlan's
   * `forPerson`), which the server has checked: the store holds its user,
   * never the token itself, and the page is marked with the person's id.
   */
  personToken?: string | null;
}

/**
 * The styles a render used, as <style> elements for the page's head. emotion
 * would otherwise write them inline, next to each element, and the browser
 * would move every one of them into the head before adopting the page. Marked
 * data-s so the browser's emotion cache leaves them where they are and only
 * records them as inserted; each global style gets its own element, which
 * emotion's Global looks up by name.
 */
function stylesFor(cache: EmotionCache, globalNames: ReadonlySet<string>): string {
  const ids: string[] = [];
  const rules: string[] = [];
  const globals: string[] = [];
  for (const [id, inserted] of Object.entries(cache.inserted)) {
    if (typeof inserted !== 'string') continue;
    if (globalNames.has(id)) globals.push(`<style data-emotion="${cache.key}-global ${id}" data-s="">${inserted}</style>`);
    else {
      ids.push(id);
      rules.push(inserted);
    }
  }
  return `${globals.join('')}<style data-emotion="${cache.key} ${ids.join(' ')}" data-s="">${rules.join('')}</style>`;
}

/** A style cache that collects what a render inserts, and remembers which insertions were emotion's Global. */
function collectingCache(): { cache: EmotionCache; globalNames: Set<string> } {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const globalNames = new Set<string>();
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    // Global inserts without a selector; so do keyframes, named animation-….
    if (selector === '' && !serialized.name.startsWith('animation-')) globalNames.add(serialized.name);
    return insert(selector, serialized, sheet, shouldCache);
  };
  return { cache, globalNames };
}

async function renderToHtml({ url, remotes, remoteList, responses, renderedFor, personToken }: RenderDocumentInput, person: SessionUser | null): Promise<{ html: string; styles: string }> {
  provideRemotes(remoteListFrom(remoteList), remotes);
  // Each render starts from the remotes it was given, not a previous render's.
  forgetLoadedRemotes();
  // A role's page is rendered for the role alone: no token, no name; a person's with their user, still no token (see sessionWriter.renderAs).
  sessionWriter.renderAs(renderedFor ?? null, personToken ? person : null);
  // Collect the styles instead of writing them beside the elements (see stylesFor).
  const { cache, globalNames } = collectingCache();
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders>
          <StaticRouter location={url}>
            <PreloadedResponsesProvider responses={responses}>
              <PortalRoutes />
            </PreloadedResponsesProvider>
          </StaticRouter>
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
    // One piece: React would otherwise move large parts to the end of the page,
    // to be put in place by inline scripts (which the page's policy forbids).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  // A page with a failed part is left to the browser rather than sent half-rendered.
  if (errors.length) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return { html, styles: stylesFor(cache, globalNames) };
}

/** The runtime list the page was rendered with, for the browser's start (REMOTE_LIST_ELEMENT_ID); '' without one. */
function remoteListElement(remoteList: unknown): string {
  return remoteList === undefined || remoteList === null ? '' : `<script type="application/json" id="${REMOTE_LIST_ELEMENT_ID}">${scriptSafeJson(remoteList)}</script>`;
}

let queue: Promise<unknown> = Promise.resolve();

/** The whole page: the template with the styles, the rendered root and the embedded responses. Renders run one at a time. */
export function renderDocument(input: RenderDocumentInput): Promise<string> {
  if (!ROOT_ELEMENT.test(input.template) || !input.template.includes('</head>')) return Promise.reject(new Error('the template has no </head> or no empty <div id="root">'));
  const person = input.personToken ? decodeSession(input.personToken) : null;
  if (input.personToken && (!person || person.role !== input.renderedFor)) return Promise.reject(new Error("the person's session does not name the role the page is rendered for"));
  const run = queue.then(async () => {
    const { html, styles } = await renderToHtml(input, person);
    const embedded = embeddedResponsesElement(input.responses) + remoteListElement(input.remoteList);
    // The pre-start script shows a role's page only to a stored session of that role, and a person's to
    // that person, on a device holding none of the page's own state (keys the manifest checked).
    const unlessStored = person && input.renderedFor ? (documentPlan(new URL(input.url, 'http://page').pathname, input.remoteList, input.renderedFor, true)?.unlessStored ?? []) : [];
    const personMarks = person ? ` ${RENDERED_FOR_PERSON_ATTRIBUTE}="${person.id}"${unlessStored.length ? ` ${RENDERED_UNLESS_STORED_ATTRIBUTE}="${unlessStored.join(' ')}"` : ''}` : '';
    const marks = input.renderedFor ? ` ${RENDERED_FOR_ATTRIBUTE}="${input.renderedFor}"${personMarks}` : '';
    const marked = marks ? input.template.replace(/<html\b/i, `<html${marks}`) : input.template;
    return marked.replace('</head>', () => `${styles}</head>`).replace(ROOT_ELEMENT, () => `${embedded}<div id="root">${html}</div>`);
  });
  queue = run.catch(() => undefined);
  return run;
}
