/**
 * The shell's start: restore the session from storage (the loading flag holds
 * the app until then), start fetching the runtime remote list, render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionWriter } from 'shared-auth';
import App from './App';
import { loadManifest } from './features/remotes/registry';

sessionWriter.restore();
loadManifest().catch((error: unknown) => console.error('[portal] the remote list could not be loaded', error));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
