/**
 * What a page the server rendered hands over to the app once it takes over in
 * the browser (hydration), both halves:
 *
 * - the API responses the page was rendered with: the server's render provides
 *   them through context and writes them into the page
 *   (`embeddedResponsesElement`); the browser reads them from the page once.
 *   They serve the first render of that page only: a screen forgets a response
 *   once it has used it, so coming back later asks the API again;
 * - what the visitor did in a form before the app took over: the pre-start
 *   script records what they typed, per element, and which forms they sent
 *   (BEFORE_START_GLOBAL), because taking over resets every controlled field to
 *   its component's state and the browser must not send a form itself.
 *
 * One instance per page: the shell bundles it inside shared-api, which the
 * remotes take from the shell by name (a remote never imports this module
 * itself; lint says so).
 */
import { createContext, createElement, useContext, useEffect, useLayoutEffect, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { BEFORE_START_GLOBAL, PRELOADED_RESPONSES_ELEMENT_ID, type BeforeStart } from './page-document';

/** API responses by API path ('/api/universities'). */
export type PreloadedResponses = Record<string, unknown>;

const PreloadedResponsesContext = createContext<PreloadedResponses | null>(null);

/** The server's render: the responses this page is rendered with. */
export function PreloadedResponsesProvider({ responses, children }: { responses: PreloadedResponses; children?: ReactNode }) {
  return createElement(PreloadedResponsesContext.Provider, { value: responses }, children);
}

/** JSON inside a <script> element: '<' escaped, so no text can close the element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The server's render: the element that carries `responses` in the page ('' when there are none). */
export function embeddedResponsesElement(responses: PreloadedResponses): string {
  return Object.keys(responses).length ? `<script type="application/json" id="${PRELOADED_RESPONSES_ELEMENT_ID}">${scriptSafeJson(responses)}</script>` : '';
}

let inPage: PreloadedResponses | null = null;

function pageResponses(): PreloadedResponses {
  if (inPage) return inPage;
  inPage = {};
  if (typeof document === 'undefined') return inPage;
  const text = document.getElementById(PRELOADED_RESPONSES_ELEMENT_ID)?.textContent;
  if (!text) return inPage;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) inPage = parsed as PreloadedResponses;
  } catch {
    // A damaged block only means the screen asks the API, as it would without one.
  }
  return inPage;
}

/** The response of GET `apiPath` ('/api/universities') this page was rendered with, if any. */
export function usePreloaded<T>(apiPath: string): T | undefined {
  const fromServer = useContext(PreloadedResponsesContext);
  return (fromServer ?? pageResponses())[apiPath] as T | undefined;
}

/** Called once a screen has shown the response: later visits ask the API. */
export function forgetPreloaded(apiPath: string): void {
  delete pageResponses()[apiPath];
}

/** Tests: read the page again. */
export function resetPreloadedResponses(): void {
  inPage = null;
}

/** A form control the visitor changed before the app took over the server's page. */
export interface TypedField {
  name: string;
  value: string;
  checked: boolean;
}

function beforeStart(): BeforeStart | undefined {
  if (typeof window === 'undefined') return undefined;
  const recorded = (window as unknown as Record<string, unknown>)[BEFORE_START_GLOBAL] as Partial<BeforeStart> | undefined;
  return recorded?.typed instanceof WeakMap && recorded.submitted instanceof WeakSet && recorded.takenOver instanceof WeakSet ? (recorded as BeforeStart) : undefined;
}

/**
 * Takes a form over from the server's page when it mounts: gives its
 * controlled fields what the visitor typed into them before the app started
 * (the same elements), and sends it if they already pressed its button, once
 * those values are in place. Until then the pre-start script holds the form's
 * sending, so the app never sends it with its fields still empty. Every form
 * of a page the server renders uses this.
 */
export function useFormHandover(form: RefObject<HTMLFormElement | null>, apply: (field: TypedField) => void): void {
  const [resend, setResend] = useState(false);
  // In the commit that adopts the form, before the browser paints: an effect after it let a render
  // in between draw a typed field with the app's empty value (its text vanished for a moment).
  useLayoutEffect(() => {
    const recorded = beforeStart();
    const element = form.current;
    if (!recorded || !element) return;
    for (const control of Array.from(element.elements)) {
      const entry = recorded.typed.get(control);
      const name = (control as HTMLInputElement).name;
      if (!entry || !name) continue;
      recorded.typed.delete(control);
      apply({ name, value: entry[0], checked: entry[1] });
    }
    recorded.takenOver.add(element);
    if (recorded.submitted.has(element)) {
      recorded.submitted.delete(element);
      setResend(true);
    }
    // Once, on mount: later typing goes through the fields' own onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!resend) return;
    setResend(false);
    // After the render that put the typed values into the form's state.
    form.current?.requestSubmit();
  }, [resend, form]);
}

const subscribeToNothing = () => () => undefined;

/**
 * True on the server and while the browser adopts the server's HTML
 * (hydration), false in every other render. A render that depends on what only
 * the browser knows (the window's width: a phone's cards or a table, a menu
 * button or a sidebar) must, while adopting, draw what the server drew: both,
 * with CSS showing the one that fits. React renders again once adopted, and
 * that render may choose.
 */
export function useAdoptingServerHtml(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
