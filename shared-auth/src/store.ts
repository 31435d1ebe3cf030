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
  /** Why the last session ended, for /login to say (null after a sign-in). */
  signedOutNotice?: string | null;
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

/**
 * Why a session ends: 'user' (Logout: the shell tells the server), 'expired',
 * 'unauthorized' (a 401), or 'ended' (the server has already ended it, for
 * example after 'Sign out everywhere' or deleting the account: nothing to tell it).
 */
export type LogoutReason = 'expired' | 'unauthorized' | 'user' | 'ended';

export interface LogoutRequest {
  reason?: LogoutReason;
  /** Shown on /login, so nobody is signed out without a word. */
  notice?: string;
}

/** Asks the shell to end the session (for example after a 401). The shell owns the how. */
export function requestLogout(reason: LogoutReason = 'unauthorized', notice?: string): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<LogoutRequest>(LOGOUT_EVENT, { detail: { reason, notice } }));
}

export const SESSION_RENEWED_EVENT = 'portal:session-renewed';

/**
 * Hands the shell a new token for the same user (after a password or e-mail
 * change the server ends every other session and renews this one). The shell
 * stores it only when it belongs to the signed-in user.
 */
export function requestSessionRenewal(token: string): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(SESSION_RENEWED_EVENT, { detail: { token } }));
}

/** The token for a request, read at call time so a refreshed session is always used. */
export function currentToken(): string | null {
  return authStore.getState().token;
}
