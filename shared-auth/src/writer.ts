import { authStore } from './store';
import { decodeSession, SELECTED_UNIVERSITY_KEY, TOKEN_KEY } from './session';

/** Where the session is kept: the browser's local storage, or nothing at all when the server renders a guest's page. */
export type SessionStorage = Pick<Storage, 'getItem' | 'removeItem'>;

/** No stored session: what the server renders pages with. */
export const NO_STORED_SESSION: SessionStorage = { getItem: () => null, removeItem: () => undefined };

function readSelectedUniversity(storage: SessionStorage): number | null {
  const raw = storage.getItem(SELECTED_UNIVERSITY_KEY);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The store's writers. Lint allows them only in the shell: remotes read the
 * session, they never change it.
 */
export const sessionWriter = {
  /** Start-up: read the stored token under 'user'; an expired or broken token is dropped. */
  restore(storage: SessionStorage = localStorage): void {
    const token = storage.getItem(TOKEN_KEY);
    const user = decodeSession(token);
    if (token && !user) storage.removeItem(TOKEN_KEY);
    authStore.setState({
      token: user ? token : null,
      user,
      loading: false,
      loggingOut: false,
      selectedUniversity: readSelectedUniversity(storage),
    });
  },
  /** Login success: store the token and set the user. Returns false for an unusable token. */
  signIn(token: string): boolean {
    const user = decodeSession(token);
    if (!user) return false;
    localStorage.setItem(TOKEN_KEY, token);
    authStore.setState({ token, user, loading: false, loggingOut: false, signedOutNotice: null });
    return true;
  },
  /** Logout: remove the stored token and clear the user; `notice` says why, on /login. */
  signOut(notice?: string): void {
    localStorage.removeItem(TOKEN_KEY);
    authStore.setState({ token: null, user: null, loggingOut: false, loading: false, signedOutNotice: notice ?? null });
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
