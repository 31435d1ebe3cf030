/**
 * The shell's start: restore the session from storage (the loading flag holds
 * the app until then), start fetching the runtime remote list, render.
 *
 * A page may arrive already rendered by the server, for a guest or for the
 * visitor's signed-in role: the browser then adopts that HTML (hydration)
 * instead of drawing the page again, and does so in small slices (a
 * transition) so a slow phone stays responsive while it does. A visitor the
 * page was not rendered for (a session on a guest's page, a guest or another
 * role on a role's page) gets their own page rendered here; the page's inline
 * script has kept the server's HTML hidden from them meanwhile.
 */
import { SESSION_HIDES_PAGE_ATTRIBUTE } from 'page-platform/page-document';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { httpClient } from 'shared-api';
import { authStore, sessionWriter } from 'shared-auth';
import App from './App';
import './features/remotes/provided-for-remotes';
import { loadRemoteList, remoteListForRouting } from './features/remotes/registry';
// The name of the applicant's saved answers (the service worker's data cache): a constant, nothing more.
import { DATA_CACHE } from './service-worker/names';

/**
 * The service worker and the saved data's clean-up (features/offline, its own
 * chunk) for signed-in visitors only: a guest's page downloads none of it.
 * A start without a session deletes whatever was saved: the session ended
 * while the portal was closed.
 */
function startOfflineSupportWhenSignedIn(): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import(/* webpackChunkName: "offline" */ './features/offline/offline-support').then(({ entriesForRole, startOfflineSupport }) =>
      startOfflineSupport({ remoteEntriesFor: async (role) => entriesForRole(await loadRemoteList(), role), remoteList: loadRemoteList }),
    );
  };
  if (authStore.getState().user) return start();
  void globalThis.caches?.delete(DATA_CACHE).catch(() => false);
  const stop = authStore.subscribe((state) => {
    if (!state.user) return;
    stop();
    start();
  });
}

export function mount(): void {
  sessionWriter.restore();
  startOfflineSupportWhenSignedIn();
  // Routing and menus wait for it; a failure is logged there and shown with Retry.
  void remoteListForRouting();

  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const signedIn = authStore.getState().user !== null;
  // A signed-in page asks the API for its data as soon as its remote runs:
  // fetch the HTTP client meanwhile. A guest's page may never need it.
  if (signedIn) void httpClient();
  // The pre-start script hid the server's HTML when it was rendered for someone else.
  const renderedForThisVisitor = !document.documentElement.hasAttribute(SESSION_HIDES_PAGE_ATTRIBUTE);
  if (root.hasChildNodes() && renderedForThisVisitor) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
  // The pre-start script set it while a stored session hid the guest's HTML.
  document.documentElement.removeAttribute(SESSION_HIDES_PAGE_ATTRIBUTE);
}
