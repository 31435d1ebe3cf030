import { authStore } from './store';
import { decodeSession, SELECTED_UNIVERSITY_KEY, TOKEN_KEY } from './session';

function readSelectedUniversity(): number | null {
  const raw = localStorage.getItem(SELECTED_UNIVERSITY_KEY);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The store's writers. Lint allows them only in the shell: remotes read the
 * session, they never change it.
 */
export const sessionWriter = {
  /** Start-up: read the stored token under 'user'; an expired or broken token is dropped. */
  restore(): void {
    const token = localStorage.getItem(TOKEN_KEY);
    const user = decodeSession(token);
    if (token && !user) localStorage.removeItem(TOKEN_KEY);
    authStore.setState({
      token: user ? token : null,
      user,
      loading: false,
      loggingOut: false,
      selectedUniversity: readSelectedUniversity(),
    });
  },
  /** Login success: store the token and set the user. Returns false for an unusable token. */
  signIn(token: string): boolean {
    const user = decodeSession(token);
    if (!user) return false;
    localStorage.setItem(TOKEN_KEY, token);
    authStore.setState({ token, user, loading: false, loggingOut: false });
    return true;
  },
  /** Logout: remove the stored token and clear the user. */
  signOut(): void {
    localStorage.removeItem(TOKEN_KEY);
    authStore.setState({ token: null, user: null, loggingOut: false, loading: false });
  },
  setLoggingOut(loggingOut: boolean): void {
    authStore.setState({ loggingOut });
  },
  /** SUPERUSER context: saved under selectedUniversity; null removes it. */
  selectUniversity(id: number | null): void {
    if (id === null) localStorage.removeItem(SELECTED_UNIVERSITY_KEY);
    else localStorage.setItem(SELECTED_UNIVERSITY_KEY, String(id));
    authStore.setState({ selectedUniversity: id });
  },
};
