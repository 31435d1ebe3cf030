import { warmUpRemote } from './features/remotes/warm-up';

// Fetch the page's remote while the shared libraries load (see warm-up.ts).
warmUpRemote(window.location.pathname, window.localStorage);
// The dynamic import gives Module Federation the moment it needs to negotiate
// the shared singletons before any of them is evaluated.
void import('./bootstrap');
