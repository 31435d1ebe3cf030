/**
 * @jest-environment node
 *
 * The shell's server render: which pages it renders for a guest, and what the
 * page it returns holds (the markup, the styles in the head, the embedded
 * responses), as the browser's hydration expects them.
 */
import Typography from '@mui/material/Typography';
import { embeddedResponsesElement } from 'page-platform/handover';
import { usePreloadedResponse } from 'shared-api';
import { TEST_REMOTES } from '../testing/remote-list';
import { browserDocument, browserPagePlan, documentPlan, renderDocument } from './render-document';

// The server build swaps the federation registry for the stand-in that hands
// over the remote Apps given to renderDocument; so does this test.
jest.mock('../features/remotes/registry', () => jest.requireActual('./server-registry'));

const TEMPLATE = '<!doctype html><html><head><title>UniPortal</title></head><body><div id="root"></div></body></html>';

function PublicApp() {
  const universities = usePreloadedResponse<Array<{ name: string }>>('universities');
  return <Typography component="h1">{universities ? universities.map((u) => u.name).join(', ') : 'no list'}</Typography>;
}

function rootOf(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</div>'));
}

describe('documentPlan', () => {
  it("renders the shell's sign-in pages itself and a guest page with the remote that owns it", () => {
    expect(documentPlan('/login')).toEqual({ remote: null, renderedFor: null, code: ['login'] });
    expect(documentPlan('/register')).toEqual({ remote: null, renderedFor: null, code: ['register'] });
    expect(documentPlan('/home', TEST_REMOTES)).toEqual({ remote: 'mfe_public', renderedFor: null, code: [] });
    expect(documentPlan('/universities', TEST_REMOTES)).toEqual({ remote: 'mfe_public', renderedFor: null, code: [] });
  });

  it("renders a page its manifest marks for the visitor's role for that role, and the guests' page of any other path", () => {
    // With the code of the applicant's frame, which the page's head names too.
    expect(documentPlan('/dashboard', TEST_REMOTES, 'USER')).toEqual({
      remote: 'mfe_applicant',
      renderedFor: 'USER',
      code: ['applicant-layout', 'notification-bell', 'http-client', 'offline'],
    });
    expect(documentPlan('/home', TEST_REMOTES, 'USER')).toEqual({ remote: 'mfe_public', renderedFor: null, code: [] });
    expect(documentPlan('/login', TEST_REMOTES, 'USER')).toEqual({ remote: null, renderedFor: null, code: ['login'] });
    for (const path of ['/applications', '/profile', '/no/such/page']) expect(documentPlan(path, TEST_REMOTES, 'USER')).toBeNull();
    // Staff pages show a university's own figures: never rendered ahead.
    for (const role of ['ADMIN', 'SUPERUSER'] as const) expect(documentPlan('/dashboard', TEST_REMOTES, role)).toBeNull();
  });

  it("plans a person's page only for a session the server checked, naming the storage keys that hide it on a device keeping its own state", () => {
    expect(documentPlan('/apply/3', TEST_REMOTES, 'USER', true)).toEqual(
      expect.objectContaining({ remote: 'mfe_applicant', renderedFor: 'USER', forPerson: true, unlessStored: ['applicationDraft'] }),
    );
    expect(documentPlan('/apply/3', TEST_REMOTES, 'USER', false)).toBeNull();
    expect(documentPlan('/apply/3', TEST_REMOTES, 'ADMIN', true)).toBeNull();
  });

  it('leaves pages that need a session, and guest pages the manifest does not mark prerender, to the browser', () => {
    for (const path of ['/dashboard', '/applications', '/programs', '/users', '/no/such/page']) expect(documentPlan(path, TEST_REMOTES)).toBeNull();
    expect(documentPlan('/guest/programs/4', TEST_REMOTES)).toBeNull();
    expect(documentPlan('/reset-password/abc', TEST_REMOTES)).toBeNull();
  });

  it('renders no remote page without the remote list the browser will read', () => {
    expect(documentPlan('/home')).toBeNull();
    expect(documentPlan('/home', 'garbage')).toBeNull();
  });
});

describe('browserPagePlan', () => {
  // The staff list page names its code, as the real manifests do (src/pages.ts `code`).
  const list = {
    ...TEST_REMOTES,
    mfe_staff: {
      ...TEST_REMOTES.mfe_staff!,
      pages: { ...TEST_REMOTES.mfe_staff!.pages, pages: TEST_REMOTES.mfe_staff!.pages.pages.map((p) => (p.path === '/applications' ? { ...p, code: ['staff-applications'] } : p)) },
    },
  };

  it("names the remote, the frame's code and the page's code the browser will run for the visitor's role", () => {
    expect(browserPagePlan('/applications', list, 'ADMIN')).toEqual({ remote: 'mfe_staff', code: ['staff-layout', 'notification-bell', 'http-client', 'offline'], remoteCode: ['staff-applications'] });
    expect(browserPagePlan('/programs/edit/4', list, 'SUPERUSER')).toEqual({ remote: 'mfe_staff', code: ['staff-layout', 'notification-bell', 'http-client', 'offline'], remoteCode: [] });
    expect(browserPagePlan('/applications', list, 'USER')).toEqual({ remote: 'mfe_applicant', code: ['applicant-layout', 'notification-bell', 'http-client', 'offline'], remoteCode: [] });
    expect(browserPagePlan('/guest/programs/4', list, null)).toEqual({ remote: 'mfe_public', code: [], remoteCode: [] });
  });

  it('names nothing where the shell would not show a remote page: its own pages, a redirect, a page the role may not open', () => {
    expect(browserPagePlan('/login', list, 'ADMIN')).toBeNull();
    expect(browserPagePlan('/applications', list, null)).toBeNull();
    expect(browserPagePlan('/audit', list, 'ADMIN')).toBeNull();
    expect(browserPagePlan('/no/such/page', list, 'ADMIN')).toBeNull();
    expect(browserPagePlan('/applications', undefined, 'ADMIN')).toBeNull();
  });
});

describe('browserDocument', () => {
  it('carries the runtime list before the empty root, inside one script element', () => {
    const list = { ...TEST_REMOTES, mfe_staff: { ...TEST_REMOTES.mfe_staff!, entry: '/remotes/mfe-staff/v2/remoteEntry.js?</script>' } };
    const html = browserDocument({ template: TEMPLATE, remoteList: list });
    const carried = /<script type="application\/json" id="portal-remote-list">(.*?)<\/script><div id="root"><\/div>/.exec(html);
    expect(JSON.parse(carried![1]!)).toEqual(list);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(() => browserDocument({ template: '<html><body></body></html>', remoteList: list })).toThrow();
  });
});

describe('renderDocument', () => {
  it('renders /login with its styles in the head, marked as already inserted, and none inside the page', async () => {
    const html = await renderDocument({ url: '/login', template: TEMPLATE, remotes: {}, responses: {} });
    const root = rootOf(html);
    expect(root).toMatch(/<h1[^>]*>Sign In<\/h1>/);
    expect(root).toMatch(/<button[^>]*type="submit"[^>]*>Sign In<\/button>/);
    expect(root).not.toMatch(/<style/);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style data-emotion="css-global [^"]+" data-s="">[^<]*box-sizing/);
    expect(head).toMatch(/<style data-emotion="css [^"]+" data-s="">\.css-/);
    // Every class the page uses is defined in the head.
    const classes = new Set([...root.matchAll(/class="[^"]*?(css-[a-z0-9]+)/g)].map((m) => m[1]));
    for (const name of classes) expect(head).toContain(`.${name}`);
  });

  it("renders a guest page with the remote's App inside the shell, embedding the responses it shows", async () => {
    const responses = { '/api/universities': [{ name: 'University of Zambia' }, { name: '</script><script>alert(1)</script>' }] };
    const html = await renderDocument({ url: '/universities', template: TEMPLATE, remotes: { mfe_public: PublicApp }, remoteList: TEST_REMOTES, responses });
    expect(rootOf(html)).toContain('University of Zambia, &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(`${embeddedResponsesElement(responses)}`);
    // The responses' element and the remote list's: no text closed either early.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('carries the remote list it was rendered with, so the browser starts the remote without asking for the list', async () => {
    const list = { ...TEST_REMOTES, mfe_public: { ...TEST_REMOTES.mfe_public!, entry: '/remotes/mfe-public/v2/remoteEntry.js?</script>' } };
    const html = await renderDocument({ url: '/home', template: TEMPLATE, remotes: { mfe_public: PublicApp }, remoteList: list, responses: {} });
    const carried = /<script type="application\/json" id="portal-remote-list">(.*?)<\/script><div id="root">/.exec(html);
    expect(carried).not.toBeNull();
    expect(JSON.parse(carried![1]!)).toEqual(list);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    // A page rendered without a list (the sign-in pages in a test) carries none.
    expect(await renderDocument({ url: '/login', template: TEMPLATE, remotes: {}, responses: {} })).not.toContain('portal-remote-list');
  });

  it("renders an applicant's page for the role inside the applicant's frame, marked for the role, with nobody's name or token", async () => {
    const html = await renderDocument({
      url: '/dashboard',
      template: TEMPLATE,
      remotes: { mfe_applicant: PublicApp },
      remoteList: TEST_REMOTES,
      responses: { '/api/universities': [{ name: 'University of Zambia' }] },
      renderedFor: 'USER',
    });
    expect(html).toMatch(/^<!doctype html><html data-rendered-for="USER">/);
    const root = rootOf(html);
    expect(root).toContain('University of Zambia');
    expect(root).toMatch(/<a[^>]*href="\/applications"[^>]*>Applications<\/a>/);
    expect(root).toMatch(/<button[^>]*>Logout<\/button>/);
    expect(root).toMatch(/<button[^>]*>Menu<\/button>/);
    expect(html).not.toMatch(/eyJ|Bearer/);
  });

  it("marks a person's page with the person and the storage keys that hide it, never writing the token", async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const personToken = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ id: 7, role: 'USER', email: 'ada@example.com', name: 'Ada Banda', exp: Date.now() / 1000 + 3600 })}.signature`;
    const html = await renderDocument({
      url: '/apply/3',
      template: TEMPLATE,
      remotes: { mfe_applicant: PublicApp },
      remoteList: TEST_REMOTES,
      responses: {},
      renderedFor: 'USER',
      personToken,
    });
    expect(html).toMatch(/^<!doctype html><html data-rendered-for="USER" data-rendered-for-person="7" data-rendered-unless-stored="applicationDraft">/);
    expect(html).not.toContain(personToken.split('.')[1]);
  });

  it('renders a guest page unmarked', async () => {
    const html = await renderDocument({ url: '/home', template: TEMPLATE, remotes: { mfe_public: PublicApp }, remoteList: TEST_REMOTES, responses: {} });
    expect(html).not.toContain('data-rendered-for');
  });

  it('fails rather than send a page whose remote is missing', async () => {
    await expect(renderDocument({ url: '/home', template: TEMPLATE, remotes: {}, remoteList: TEST_REMOTES, responses: {} })).rejects.toThrow();
  });

  it('refuses a template without an empty root', async () => {
    await expect(renderDocument({ url: '/login', template: '<html><head></head><body></body></html>', remotes: {}, responses: {} })).rejects.toThrow(/root/);
  });
});
