/**
 * The names a page of the portal, its pre-start script (before-start.ts), the
 * server's render and the app agree on. Nothing here imports anything, so the
 * pre-start script carries only these strings.
 */

/**
 * Set on <html> by the pre-start script while the stored session hides a page
 * the server rendered for someone else (pageStyle): a guest's page from a
 * visitor with a session, a role's page from a guest or another role. The
 * shell removes it once it has rendered the visitor's own page.
 */
export const SESSION_HIDES_PAGE_ATTRIBUTE = 'data-session';

/**
 * Set on <html> by the server's render of a page made for a signed-in role
 * rather than for guests: the role ('USER'). Such a page shows only what
 * every holder of that role sees (its manifest entry is marked `prerender`),
 * never who is looking. No attribute: a guest's page.
 */
export const RENDERED_FOR_ATTRIBUTE = 'data-rendered-for';

/**
 * Set on <html>, beside RENDERED_FOR_ATTRIBUTE, by the server's render of a
 * page made for one person (decision 013): that person's id. The pre-start
 * script hides the page from any other stored session, and from a SUPERUSER
 * with a university selected (such a page is rendered for none).
 */
export const RENDERED_FOR_PERSON_ATTRIBUTE = 'data-rendered-for-person';

/**
 * Set on <html>, beside RENDERED_FOR_PERSON_ATTRIBUTE, when the page's
 * manifest entry names local-storage keys (`prerenderUnlessStored`) whose
 * presence means this device holds its own state of the page, which the
 * server cannot see (the wizard's draft): space-separated. The pre-start
 * script hides the page on such a device, and the app renders it from that
 * state.
 */
export const RENDERED_UNLESS_STORED_ATTRIBUTE = 'data-rendered-unless-stored';

/** The page's one inline style: a page the server rendered for someone else stays hidden. */
export function pageStyle(): string {
  return `html[${SESSION_HIDES_PAGE_ATTRIBUTE}] #root{visibility:hidden}`;
}

/** `<script type="application/json" id=…>`: the shell's scripts, which the pre-start script adds once the page has painted. */
export const PAGE_SCRIPTS_ELEMENT_ID = 'portal-scripts';

/**
 * A page the server renders may carry the API responses it was rendered with,
 * as JSON in `<script type="application/json" id=…>` keyed by the API path
 * ('/api/universities'), so the browser's first render shows the same data
 * without asking for it again.
 */
export const PRELOADED_RESPONSES_ELEMENT_ID = 'portal-preloaded-responses';

/**
 * A page the server renders carries the runtime list it was rendered with
 * (what /remotes.json answered then), as JSON in `<script
 * type="application/json" id=…>`: the shell starts the page's remote from it
 * instead of asking for /remotes.json once its own scripts have run, a round
 * trip later. It names the versions the page was rendered with, so the app
 * takes the page over with the same ones.
 */
export const REMOTE_LIST_ELEMENT_ID = 'portal-remote-list';

/**
 * The global under which the pre-start script records what the visitor did
 * before the app took over a server-rendered form (BeforeStart).
 */
export const BEFORE_START_GLOBAL = '__portalBeforeStart';

/** What the pre-start script records; see useFormHandover in handover.ts. */
export interface BeforeStart {
  /** Each form control the visitor changed: its [value, checked]. */
  typed: WeakMap<Element, [value: string, checked: boolean]>;
  /** The forms they sent: held until the app has taken them over. */
  submitted: WeakSet<Element>;
  /** The forms the app has taken over: theirs alone from then on. */
  takenOver: WeakSet<Element>;
}
