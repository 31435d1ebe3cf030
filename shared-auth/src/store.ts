import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import type { SessionUser } from './session';

export interface AuthState {
  token: string | null;
  user: SessionUser | null;
  /** True until the shell has read the stored token at start-up. */
  loading: boolean;
  /** True while a logout is in progress (the shell shows a full-screen Loading). */
  loggingOut: boolean;
  /** SUPERUSER university context: a university id, or null for all. */
  selectedUniversity: number | null;
}

/**
 * The one session store. It is a Module Federation singleton, so the shell and
 * every remote see the same instance. Only the shell writes it (through
 * `sessionWriter`); remotes read it and may ask for a logout with `requestLogout`.
 */
export const authStore = createStore<AuthState>(() => ({
  token: null,
  user: null,
  loading: true,
  loggingOut: false,
  selectedUniversity: null,
}));

/**
 * Reads the session. The server's render and the browser's hydration of a
 * pre-rendered page both read the store as it is (a guest, restored before the
 * render), not its initial loading state: otherwise the first render would be
 * the full-screen Loading and the page would paint twice.
 */
export function useAuth<T>(selector: (state: AuthState) => T): T {
  const snapshot = () => selector(authStore.getState());
  return useSyncExternalStore(authStore.subscribe, snapshot, snapshot);
}

export const LOGOUT_EVENT = 'portal:logout';

/** Asks the shell to end the session (for example after a 401). The shell owns the how. */
export function requestLogout(reason: 'expired' | 'unauthorized' | 'user' = 'unauthorized'): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(LOGOUT_EVENT, { detail: { reason } }));
}

/** The token for a request, read at call time so a refreshed session is always used. */
export function currentToken(): string | null {
  return authStore.getState().token;
}
