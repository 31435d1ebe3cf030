import { PRELOADED_RESPONSES_ELEMENT_ID } from 'page-platform/page-document';
import { act, render, screen } from '@testing-library/react';
import { OFFLINE_DATA_EVENT } from 'shared-api/offline';
import { authStore, decodeSession } from 'shared-auth';
import { DATA_CACHE, WARM_MESSAGE } from '../../service-worker/routes';
import { makeToken, signInAs, signOutStore } from '../../test-utils';
import { OFFLINE_BANNER_TEXT, OfflineBanner } from './OfflineBanner';
import { entriesForRole, SERVICE_WORKER_URL, startOfflineSupport } from './offline-support';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function answerSource(saved: boolean) {
  act(() => {
    window.dispatchEvent(new CustomEvent(OFFLINE_DATA_EVENT, { detail: { saved } }));
  });
}

describe("the 'Offline — showing saved data' banner", () => {
  afterEach(() => setOnline(true));

  it('shows while the browser is offline, in a status region, and goes when it is back', () => {
    render(<OfflineBanner />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    setOnline(false);
    expect(region).toHaveTextContent(OFFLINE_BANNER_TEXT);
    setOnline(true);
    expect(region).toBeEmptyDOMElement();
  });

  it("shows when an answer was the service worker's saved copy, until the server answers again", () => {
    render(<OfflineBanner />);
    answerSource(true);
    expect(screen.getByRole('status')).toHaveTextContent('Offline — showing saved data');
    answerSource(false);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('comes and goes without moving the page: held to the bottom of the window (the layouts put it last)', () => {
    render(<OfflineBanner />);
    const region = screen.getByRole('status');
    expect(getComputedStyle(region).position).toBe('sticky');
    expect(getComputedStyle(region).bottom).toBe('0px');
    answerSource(true);
    expect(region).toHaveTextContent(OFFLINE_BANNER_TEXT);
    answerSource(false);
  });
});

/** The browser's pieces startOfflineSupport uses, recorded. */
function fakeBrowser() {
  const deleted: string[] = [];
  const registered: string[] = [];
  const posted: unknown[] = [];
  let idle: (() => void) | null = null;
  const registration = { active: { postMessage: (message: unknown) => posted.push(message) } };
  const browser = {
    caches: { delete: async (name: string) => (deleted.push(name), true) } as unknown as CacheStorage,
    serviceWorker: {
      register: async (url: string) => (registered.push(url), registration),
      ready: Promise.resolve(registration),
    } as unknown as ServiceWorkerContainer,
    whenIdle: (run: () => void) => {
      idle = run;
    },
  };
  const runIdle = async () => {
    await act(async () => {
      idle?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return { browser, deleted, registered, posted, runIdle };
}

/** The runtime list and the API answers a page the server made arrives with. */
const PAGE_LIST = { mfe_applicant: { entry: '/remotes/mfe-applicant/1.0.0/remoteEntry.js', pages: { format: 1, pages: [] } } };
const PAGE_ANSWERS = { '/api/universities': [{ id: 1, name: 'University of Zambia' }] };

/** Runs `test` on a page carrying PAGE_ANSWERS in page-platform's embedded block. */
async function onPageWithAnswers(test: () => Promise<void>): Promise<void> {
  const embedded = document.createElement('script');
  embedded.type = 'application/json';
  embedded.id = PRELOADED_RESPONSES_ELEMENT_ID;
  embedded.textContent = JSON.stringify(PAGE_ANSWERS);
  document.body.append(embedded);
  try {
    await test();
  } finally {
    embedded.remove();
  }
}

/** A worker already controlling the page: what the page posts to it, recorded. */
function controlledBy(fake: ReturnType<typeof fakeBrowser>): unknown[] {
  const posted: unknown[] = [];
  Object.assign(fake.browser.serviceWorker!, { controller: { postMessage: (message: unknown) => posted.push(message) } });
  return posted;
}

describe('offline support', () => {
  const entries = async () => ['/remotes/mfe-applicant/1.0.0/remoteEntry.js'];

  it('a guest: no worker, and whatever was saved is deleted (a session that ended while away)', async () => {
    signOutStore();
    const fake = fakeBrowser();
    startOfflineSupport({ remoteEntriesFor: entries, browser: fake.browser });
    await fake.runIdle();
    expect(fake.deleted).toEqual([DATA_CACHE]);
    expect(fake.registered).toEqual([]);
  });

  it("an applicant: the worker is registered when idle and asked to keep the applicant pages' remote", async () => {
    signInAs('USER');
    const fake = fakeBrowser();
    startOfflineSupport({ remoteEntriesFor: entries, browser: fake.browser });
    expect(fake.registered).toEqual([]);
    await fake.runIdle();
    expect(fake.registered).toEqual([SERVICE_WORKER_URL]);
    expect(fake.posted).toEqual([
      { type: WARM_MESSAGE, entries: ['/remotes/mfe-applicant/1.0.0/remoteEntry.js'], remoteList: undefined, responses: { userId: authStore.getState().user!.id, byPath: {} } },
    ]);
    expect(fake.deleted).toEqual([]);
  });

  // A page the server made carries the runtime list and, rendered for the role, the university
  // list: the app asked the network for neither, so the worker would have nothing for offline.
  it('an applicant: the worker is handed the runtime list and the answers the page arrived with', async () => {
    signInAs('USER');
    await onPageWithAnswers(async () => {
      const fake = fakeBrowser();
      startOfflineSupport({ remoteEntriesFor: entries, remoteList: async () => PAGE_LIST, browser: fake.browser });
      await fake.runIdle();
      expect(fake.posted).toEqual([
        { type: WARM_MESSAGE, entries: ['/remotes/mfe-applicant/1.0.0/remoteEntry.js'], remoteList: PAGE_LIST, responses: { userId: authStore.getState().user!.id, byPath: PAGE_ANSWERS } },
      ]);
    });
  });

  // The rendered dashboard shows its list before the app starts: an applicant who moves on before
  // the browser is idle would leave the worker without it (a CI run of offline.e2e did).
  it('an applicant on a page the worker controls: what the page arrived with goes to the worker at once, not when idle', async () => {
    signInAs('USER');
    await onPageWithAnswers(async () => {
      const fake = fakeBrowser();
      const toController = controlledBy(fake);
      await act(async () => {
        startOfflineSupport({ remoteEntriesFor: entries, remoteList: async () => PAGE_LIST, browser: fake.browser });
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(fake.registered).toEqual([]);
      expect(toController).toEqual([{ type: WARM_MESSAGE, entries: [], remoteList: PAGE_LIST, responses: { userId: authStore.getState().user!.id, byPath: PAGE_ANSWERS } }]);
      // When idle, the worker is asked to keep the remote's files, and is not handed the page's answers again.
      await fake.runIdle();
      expect(fake.posted).toEqual([{ type: WARM_MESSAGE, entries: ['/remotes/mfe-applicant/1.0.0/remoteEntry.js'], remoteList: undefined, responses: undefined }]);
    });
  });

  it('a page that arrived with no answers, or staff on a controlled page: nothing goes to the worker before idle', async () => {
    for (const role of ['USER', 'ADMIN'] as const) {
      signInAs(role);
      const fake = fakeBrowser();
      const toController = controlledBy(fake);
      await act(async () => {
        startOfflineSupport({ remoteEntriesFor: entries, browser: fake.browser });
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(toController).toEqual([]);
    }
  });

  it('staff: the worker is registered, but no remote is kept for offline use', async () => {
    signInAs('ADMIN');
    const fake = fakeBrowser();
    startOfflineSupport({ remoteEntriesFor: entries, browser: fake.browser });
    await fake.runIdle();
    expect(fake.registered).toEqual([SERVICE_WORKER_URL]);
    expect(fake.posted).toEqual([]);
  });

  it("deletes the saved data on sign-out and when another person's session replaces it", async () => {
    signInAs('USER');
    const fake = fakeBrowser();
    startOfflineSupport({ remoteEntriesFor: entries, browser: fake.browser });
    // A renewed token of the same person keeps it.
    const renewed = makeToken({ role: 'USER' });
    act(() => authStore.setState({ token: renewed, user: decodeSession(renewed) }));
    expect(fake.deleted).toEqual([]);
    act(() => signOutStore());
    expect(fake.deleted).toEqual([DATA_CACHE]);
    signInAs('USER');
    expect(fake.deleted).toEqual([DATA_CACHE, DATA_CACHE]);
    const other = makeToken({ role: 'USER', sub: '8' });
    act(() => authStore.setState({ token: other, user: { ...decodeSession(other)!, id: 8 } }));
    expect(fake.deleted).toEqual([DATA_CACHE, DATA_CACHE, DATA_CACHE]);
  });

  it('keeps the remotes that have a page for the role', () => {
    const page = (roles: string[]) => ({ path: '/x', roles, layout: 'applicant' });
    const list = {
      mfe_public: { entry: '/remotes/mfe-public/1/remoteEntry.js', pages: { format: 1, pages: [page(['GUEST'])] } },
      mfe_applicant: { entry: '/remotes/mfe-applicant/2/remoteEntry.js', pages: { format: 1, pages: [page(['USER'])] } },
      mfe_staff: { entry: '/remotes/mfe-staff/3/remoteEntry.js', pages: { format: 1, pages: [page(['ADMIN', 'SUPERUSER'])] } },
    } as unknown as Parameters<typeof entriesForRole>[0];
    expect(entriesForRole(list, 'USER')).toEqual(['/remotes/mfe-applicant/2/remoteEntry.js']);
  });
});
