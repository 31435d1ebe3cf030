/**
 * The shell's session rules (spec §4): the 10-second expiry check, logout
 * (remove the token, clear the user, /login replacing history) and the remotes'
 * logout requests (LOGOUT_EVENT, sent by the API client on a 401).
 */
import { useCallback, useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { authApi } from 'shared-api';
import { authStore, decodeSession, LOGOUT_EVENT, sessionWriter, TOKEN_KEY, useAuth } from 'shared-auth';

export const SESSION_CHECK_INTERVAL_MS = 10_000;
/** The server-side logout is best-effort: the user is never kept waiting longer than this. */
export const SERVER_LOGOUT_TIMEOUT_MS = 3_000;

export type LogoutReason = 'user' | 'expired' | 'unauthorized';

let logoutInProgress = false;

/** Ends the session and goes to /login, replacing the history entry. */
export async function endSession(reason: LogoutReason, navigate: NavigateFunction): Promise<void> {
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
    sessionWriter.signOut();
    navigate('/login', { replace: true });
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
      const reason = (event as CustomEvent<{ reason?: LogoutReason }>).detail?.reason;
      void endSession(reason === 'user' ? 'user' : reason === 'expired' ? 'expired' : 'unauthorized', navigate);
    };
    window.addEventListener(LOGOUT_EVENT, onLogoutRequest);
    return () => window.removeEventListener(LOGOUT_EVENT, onLogoutRequest);
  }, [navigate]);

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
