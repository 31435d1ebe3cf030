/**
 * The shell's session rules (spec §4): the 10-second expiry check, logout
 * (remove the token, clear the user, /login replacing history) and the remotes'
 * logout requests (LOGOUT_EVENT, sent by the API client on a 401) and their
 * renewed tokens (SESSION_RENEWED_EVENT, after a password or e-mail change).
 */
import { useCallback, useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { authApi } from 'shared-api';
import { authStore, decodeSession, LOGOUT_EVENT, SESSION_RENEWED_EVENT, sessionWriter, TOKEN_KEY, useAuth, type LogoutReason, type LogoutRequest } from 'shared-auth';

export const SESSION_CHECK_INTERVAL_MS = 10_000;
/** The server-side logout is best-effort: the user is never kept waiting longer than this. */
export const SERVER_LOGOUT_TIMEOUT_MS = 3_000;

export type { LogoutReason };

const REASONS: readonly LogoutReason[] = ['user', 'expired', 'unauthorized', 'ended'];
/** What /login says after the session ran out (the spec's words for an expired session). */
export const SESSION_EXPIRED_NOTICE = 'Your session has expired. Please log in again.';

let logoutInProgress = false;

/**
 * Ends the session and goes to /login, replacing the history entry, with the
 * reason (`notice`) for /login to show (kept in the store: whichever guard
 * redirects first, /login reads it). Only a user's own Logout is sent to
 * the server: every other reason means the server has already ended it.
 */
export async function endSession(reason: LogoutReason, navigate: NavigateFunction, notice?: string): Promise<void> {
  if (logoutInProgress) return;
  logoutInProgress = true;
  try {
    if (reason === 'user' && authStore.getState().token) {
      sessionWriter.setLoggingOut(true);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        authApi.logout().then(
          () => undefined,
          () => undefined,
        ),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, SERVER_LOGOUT_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    sessionWriter.signOut(notice ?? (reason === 'expired' ? SESSION_EXPIRED_NOTICE : undefined));
    void navigate('/login', { replace: true });
  } finally {
    logoutInProgress = false;
  }
}

/** True when the stored token is missing, undecodable or past its expiry. */
export function storedSessionEnded(nowMs: number = Date.now()): boolean {
  return decodeSession(localStorage.getItem(TOKEN_KEY), nowMs) === null;
}

/** Mounted once by the shell: the expiry poll and the remotes' logout requests. */
export function useSessionWatch(): void {
  const navigate = useNavigate();
  const signedIn = useAuth((s) => s.user !== null);

  useEffect(() => {
    const onLogoutRequest = (event: Event) => {
      if (!authStore.getState().user) return;
      const detail = (event as CustomEvent<LogoutRequest>).detail;
      const reason = detail?.reason && REASONS.includes(detail.reason) ? detail.reason : 'unauthorized';
      void endSession(reason, navigate, typeof detail?.notice === 'string' ? detail.notice : undefined);
    };
    window.addEventListener(LOGOUT_EVENT, onLogoutRequest);
    return () => window.removeEventListener(LOGOUT_EVENT, onLogoutRequest);
  }, [navigate]);

  useEffect(() => {
    // A remote's renewed token (password or e-mail changed): kept only for the same user.
    const onRenewal = (event: Event) => {
      const token = (event as CustomEvent<{ token?: unknown }>).detail?.token;
      const current = authStore.getState().user;
      if (typeof token !== 'string' || !current || decodeSession(token)?.id !== current.id) return;
      sessionWriter.signIn(token);
    };
    window.addEventListener(SESSION_RENEWED_EVENT, onRenewal);
    return () => window.removeEventListener(SESSION_RENEWED_EVENT, onRenewal);
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => {
      if (storedSessionEnded()) void endSession('expired', navigate);
    }, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [signedIn, navigate]);
}

/** The Logout entries of the layouts. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => void endSession('user', navigate), [navigate]);
}
