/**
 * The shell's start: restore the session from storage (the loading flag holds
 * the app until then), start fetching the runtime remote list, render.
 *
 * A guest's page may arrive already rendered by the server: the browser then
 * adopts that HTML (hydration) instead of drawing the page again, and does so
 * in small slices (a transition) so a slow phone stays responsive while it
 * does. A visitor with a session gets the page the server could not know
 * about, rendered here; the page's inline script has kept the guest's HTML
 * hidden from them meanwhile.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { httpClient } from 'shared-api';
import { authStore, sessionWriter } from 'shared-auth';
import App from './App';
import './features/remotes/provided-for-remotes';
import { loadManifest } from './features/remotes/registry';

/** Set on <html> by the page's inline script while a stored session hides the guest's HTML. */
export const SESSION_MARK = 'data-session';

export function mount(): void {
  sessionWriter.restore();
  loadManifest().catch((error: unknown) => console.error('[portal] the remote list could not be loaded', error));

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
  if (root.hasChildNodes() && !signedIn) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
  document.documentElement.removeAttribute(SESSION_MARK);
}
