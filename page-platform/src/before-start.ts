/**
 * The page's pre-start script: it runs in the <head> of every page of the
 * portal, before any of the shell's scripts. The shell's build inlines it into
 * index.html, built from this file and minified (build/before-start.cjs), and
 * the Content-Security-Policy allows it by its SHA-256, which the same build
 * writes beside the page (page-csp.json) for the server and which nginx's
 * config carries (deploy/test/nginx-csp.test.mjs compares them). It does three
 * things:
 *
 * 1. A page the server rendered is made for guests, or for one signed-in role
 *    (RENDERED_FOR_ATTRIBUTE on <html>): a visitor whose stored session (the
 *    session peek: a token of a role that has not expired) says otherwise
 *    does not see it while the shell renders theirs.
 * 2. The shell's scripts (listed in #portal-scripts) are added once the
 *    server's HTML has painted, so a slow phone shows the page before it
 *    starts compiling JavaScript; at once when there is nothing to paint.
 * 3. Until the app takes over a form the server rendered, what the visitor
 *    types in it is recorded per field, and sending it is held and recorded
 *    (BEFORE_START_GLOBAL; useFormHandover in handover.ts, which every form on
 *    such a page uses, takes it over): the app sends it once it has taken the
 *    form over with what was typed. The browser never sends a form itself
 *    (that would put a password in the address).
 */
import {
  BEFORE_START_GLOBAL,
  PAGE_SCRIPTS_ELEMENT_ID,
  RENDERED_FOR_ATTRIBUTE,
  RENDERED_FOR_PERSON_ATTRIBUTE,
  RENDERED_UNLESS_STORED_ATTRIBUTE,
  SESSION_HIDES_PAGE_ATTRIBUTE,
  type BeforeStart,
} from './page-document';
import { peekStoredSession, SELECTED_UNIVERSITY_KEY, sessionPersonId } from './session-peek';

const page = document;
const html = page.documentElement;
/** The forms of the server's HTML, held until the app takes each over. */
const served = new WeakSet<EventTarget>();
const before: BeforeStart = { typed: new WeakMap(), submitted: new WeakSet(), takenOver: new WeakSet() };
(window as unknown as Record<string, unknown>)[BEFORE_START_GLOBAL] = before;

page.addEventListener(
  'input',
  (event) => {
    const target = event.target as HTMLInputElement | null;
    if (event.isTrusted && target && 'value' in target) before.typed.set(target, [target.value, !!target.checked]);
  },
  true,
);
page.addEventListener(
  'submit',
  (event) => {
    const form = event.target as Element;
    if (served.has(form) && !before.takenOver.has(form)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      before.submitted.add(form);
    }
  },
  true,
);
// Whatever the app does with a form, the browser never sends it.
page.addEventListener('submit', (event) => {
  if (!event.defaultPrevented) event.preventDefault();
});

let storedRole: string | null = null;
let storedPerson = '';
let selected: string | null = null;
let deviceHoldsPageState = false;
try {
  const stored = peekStoredSession(localStorage);
  storedRole = stored?.role ?? null;
  storedPerson = sessionPersonId(stored);
  selected = localStorage.getItem(SELECTED_UNIVERSITY_KEY);
  deviceHoldsPageState = (html.getAttribute(RENDERED_UNLESS_STORED_ATTRIBUTE) ?? '').split(' ').some((key) => key !== '' && localStorage.getItem(key) !== null);
} catch {
  // No storage at all (privacy modes): a guest.
}
// A person's page (decision 013) is theirs alone, rendered with no university selected and
// with none of the page's own state this device may keep (the wizard's draft).
const forPerson = html.getAttribute(RENDERED_FOR_PERSON_ATTRIBUTE);
if (storedRole !== html.getAttribute(RENDERED_FOR_ATTRIBUTE) || (forPerson !== null && (forPerson !== storedPerson || selected !== null || deviceHoldsPageState)))
  html.setAttribute(SESSION_HIDES_PAGE_ATTRIBUTE, '');

let started = false;
function addShellScripts(): void {
  if (started) return;
  started = true;
  const sources = JSON.parse(page.getElementById(PAGE_SCRIPTS_ELEMENT_ID)!.textContent!) as string[];
  for (const source of sources) {
    const script = page.createElement('script');
    script.src = source;
    script.async = false;
    page.head.appendChild(script);
  }
}

page.addEventListener('DOMContentLoaded', () => {
  const root = page.getElementById('root');
  if (!root?.firstChild || html.hasAttribute(SESSION_HIDES_PAGE_ATTRIBUTE)) return addShellScripts();
  root.querySelectorAll('form').forEach((form) => served.add(form));
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        setTimeout(addShellScripts, 0);
      }
    }).observe({ type: 'paint', buffered: true });
  } catch {
    addShellScripts();
  }
  setTimeout(addShellScripts, 1000);
});
