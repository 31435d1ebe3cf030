/**
 * The page's pre-start script as the page carries it: built and minified by
 * build/before-start.cjs (in a child process: esbuild does not run inside
 * jsdom), then run against a page, as a browser runs it from the <head>.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  BEFORE_START_GLOBAL,
  PAGE_SCRIPTS_ELEMENT_ID,
  RENDERED_FOR_ATTRIBUTE,
  RENDERED_FOR_PERSON_ATTRIBUTE,
  RENDERED_UNLESS_STORED_ATTRIBUTE,
  SESSION_HIDES_PAGE_ATTRIBUTE,
  type BeforeStart,
} from '../src/page-document';
import { SELECTED_UNIVERSITY_KEY, SESSION_TOKEN_KEY } from '../src/session-peek';
import { token } from './tokens';

const built = JSON.parse(
  execFileSync(process.execPath, ['-e', `process.stdout.write(JSON.stringify(require(${JSON.stringify(path.join(__dirname, '..', 'build', 'before-start.cjs'))}).beforeStartScript()))`], {
    encoding: 'utf8',
  }),
) as { script: string; sha256: string; cspSource: string; style: string; scriptsElementId: string; inputs: string[] };

const SCRIPTS = ['/react.1a2b3c4d.js', '/main.5e6f7a8b.js'];

/** A fresh page (its own document, window and storage) with the pre-start script run in its head. */
function pageWith({
  root,
  stored,
  renderedFor,
  forPerson,
  selected,
  unlessStored,
  deviceKeys = {},
}: {
  root: string;
  stored?: string;
  renderedFor?: string;
  forPerson?: string;
  selected?: string;
  unlessStored?: string;
  deviceKeys?: Record<string, string>;
}) {
  const page = document.implementation.createHTMLDocument('UniPortal');
  if (renderedFor) page.documentElement.setAttribute(RENDERED_FOR_ATTRIBUTE, renderedFor);
  if (forPerson !== undefined) page.documentElement.setAttribute(RENDERED_FOR_PERSON_ATTRIBUTE, forPerson);
  if (unlessStored !== undefined) page.documentElement.setAttribute(RENDERED_UNLESS_STORED_ATTRIBUTE, unlessStored);
  page.head.innerHTML = `<script type="application/json" id="${built.scriptsElementId}">${JSON.stringify(SCRIPTS)}</script>`;
  page.body.innerHTML = `<div id="root">${root}</div>`;
  const pageWindow: Record<string, unknown> = {};
  const storage = { getItem: (key: string) => (key === SESSION_TOKEN_KEY ? (stored ?? null) : key === SELECTED_UNIVERSITY_KEY ? (selected ?? null) : (deviceKeys[key] ?? null)) };
  new Function('document', 'window', 'localStorage', built.script)(page, pageWindow, storage);
  page.dispatchEvent(new Event('DOMContentLoaded'));
  return { page, recorded: pageWindow[BEFORE_START_GLOBAL] as BeforeStart, added: () => [...page.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src')) };
}

const inAnHour = Date.now() / 1000 + 3600;

describe('the pre-start script', () => {
  it('is one minified text whose SHA-256 is the CSP source the build reports', () => {
    expect(built.script).not.toMatch(/\n/);
    expect(built.cspSource).toBe(`'sha256-${createHash('sha256').update(built.script).digest('base64')}'`);
    expect(built.scriptsElementId).toBe(PAGE_SCRIPTS_ELEMENT_ID);
    expect(built.style).toBe(`html[${SESSION_HIDES_PAGE_ATTRIBUTE}] #root{visibility:hidden}`);
  });

  it('reads the stored session with the session peek, the one module that decodes a token', () => {
    expect(built.inputs.map((file) => path.relative(path.join(__dirname, '..'), file)).sort()).toEqual(['src/before-start.ts', 'src/page-document.ts', 'src/session-peek.ts']);
  });

  it("hides a guest's page from a visitor with a live session, and adds the shell's scripts at once", () => {
    const { page, added } = pageWith({ root: '<h1>Start Your Journey</h1>', stored: token({ role: 'USER', exp: inAnHour }) });
    expect(page.documentElement.hasAttribute(SESSION_HIDES_PAGE_ATTRIBUTE)).toBe(true);
    expect(added()).toEqual(SCRIPTS);
  });

  it("shows a person's page to that person's stored session only, and not while a university is selected", () => {
    const hidden = (options: { stored?: string; selected?: string }) =>
      pageWith({ root: '<h1>Applications</h1>', renderedFor: 'SUPERUSER', forPerson: '7', ...options }).page.documentElement.hasAttribute(SESSION_HIDES_PAGE_ATTRIBUTE);
    expect(hidden({ stored: token({ role: 'SUPERUSER', id: 7, exp: inAnHour }) })).toBe(false);
    expect(hidden({ stored: token({ role: 'SUPERUSER', id: 8, exp: inAnHour }) })).toBe(true);
    expect(hidden({ stored: token({ role: 'ADMIN', id: 7, exp: inAnHour }) })).toBe(true);
    expect(hidden({})).toBe(true);
    expect(hidden({ stored: token({ role: 'SUPERUSER', id: 7, exp: inAnHour }), selected: '3' })).toBe(true);
  });

  it("hides a person's page on a device keeping its own state of the page under a key the page names (the wizard's draft)", () => {
    const applicant = token({ role: 'USER', id: 7, exp: inAnHour });
    const hidden = (deviceKeys: Record<string, string>, unlessStored: string | null = 'applicationDraft otherKey') =>
      pageWith({ root: '<h1>Apply</h1>', renderedFor: 'USER', forPerson: '7', stored: applicant, unlessStored: unlessStored ?? undefined, deviceKeys }).page.documentElement.hasAttribute(
        SESSION_HIDES_PAGE_ATTRIBUTE,
      );
    expect(hidden({})).toBe(false);
    expect(hidden({ applicationDraft: '{"step":2}' })).toBe(true);
    expect(hidden({ otherKey: '' })).toBe(true);
    expect(hidden({ unrelated: 'x' })).toBe(false);
    // A page naming no keys is shown whatever the device keeps.
    expect(hidden({ applicationDraft: '{}' }, null)).toBe(false);
  });

  it('shows it to a guest, and to a visitor whose token has expired or names no role', () => {
    for (const stored of [undefined, token({ role: 'USER', exp: Date.now() / 1000 - 5 }), token({ role: 'ROOT', exp: inAnHour }), 'garbage']) {
      const { page } = pageWith({ root: '<h1>Start Your Journey</h1>', stored });
      expect(page.documentElement.hasAttribute(SESSION_HIDES_PAGE_ATTRIBUTE)).toBe(false);
    }
  });

  it('shows a page rendered for a role to a visitor with a live session of that role', () => {
    const { page } = pageWith({ root: '<h1>Universities</h1>', stored: token({ role: 'USER', exp: inAnHour }), renderedFor: 'USER' });
    expect(page.documentElement.hasAttribute(SESSION_HIDES_PAGE_ATTRIBUTE)).toBe(false);
  });

  it('hides a page rendered for a role from a guest, from another role and from an expired session of that role', () => {
    for (const stored of [undefined, token({ role: 'ADMIN', exp: inAnHour }), token({ role: 'USER', exp: Date.now() / 1000 - 5 })]) {
      const { page, added } = pageWith({ root: '<h1>Universities</h1>', stored, renderedFor: 'USER' });
      expect(page.documentElement.hasAttribute(SESSION_HIDES_PAGE_ATTRIBUTE)).toBe(true);
      expect(added()).toEqual(SCRIPTS);
    }
  });

  it("adds the shell's scripts in order, once, when there is nothing to paint", () => {
    const { added, page } = pageWith({ root: '' });
    expect(added()).toEqual(SCRIPTS);
    expect([...page.head.querySelectorAll('script[src]')].every((s) => (s as HTMLScriptElement).async === false)).toBe(true);
    page.dispatchEvent(new Event('DOMContentLoaded'));
    expect(added()).toEqual(SCRIPTS);
  });

  it('holds and records the sending of a server-rendered form until the app has taken it over, and never lets the browser send one', () => {
    const { page, recorded } = pageWith({ root: '<form><input name="email"><button>Sign In</button></form>' });
    const form = page.querySelector('form')!;
    const held = new Event('submit', { bubbles: true, cancelable: true });
    let appSaw = false;
    form.addEventListener('submit', () => (appSaw = true));
    form.dispatchEvent(held);
    expect(held.defaultPrevented).toBe(true);
    expect(appSaw).toBe(false);
    expect(recorded.submitted.has(form)).toBe(true);

    recorded.takenOver.add(form);
    const sent = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(sent);
    expect(appSaw).toBe(true);
    expect(sent.defaultPrevented).toBe(true);
  });
});
