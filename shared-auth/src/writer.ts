import { pageRoleCookie } from 'page-platform/session-peek';
import { authStore } from './store';
import { decodeSession, SELECTED_UNIVERSITY_KEY, TOKEN_KEY, type Role, type SessionUser } from './session';

/** Where the session is kept: the browser's local storage. */
export type SessionStorage = Pick<Storage, 'getItem' | 'removeItem'>;

function readSelectedUniversity(storage: SessionStorage): number | null {
  const raw = storage.getItem(SELECTED_UNIVERSITY_KEY);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The page-role cookie follows the stored session (page-platform's session
 * peek says why): the server renders a returning visitor's page for their
 * role. Nothing to do where there is no document (the server's render).
 */
function keepPageRole(user: SessionUser | null): void {
  if (typeof document === 'undefined') return;
  document.cookie = pageRoleCookie(user, { secure: location.protocol === 'https:' });
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
    keepPageRole(user);
    authStore.setState({
      token: user ? token : null,
      user,
      loading: false,
      loggingOut: false,
      selectedUniversity: readSelectedUniversity(storage),
    });
  },
  /**
   * The server's render of a page made for a role rather than a person
   * (page-platform's RENDERED_FOR_ATTRIBUTE): a user of that role and nothing
   * else, no token; null renders a guest's page. Never in a browser.
   */
  renderAs(role: Role | null): void {
    const user: SessionUser | null = role ? { id: 0, email: '', phone: null, role, universityId: null, name: null, sub: '', exp: 0 } : null;
    authStore.setState({ token: null, user, loading: false, loggingOut: false, selectedUniversity: null, signedOutNotice: null });
  },
  /** Login success: store the token and set the user. Returns false for an unusable token. */
  signIn(token: string): boolean {
    const user = decodeSession(token);
    if (!user) return false;
    localStorage.setItem(TOKEN_KEY, token);
    keepPageRole(user);
    authStore.setState({ token, user, loading: false, loggingOut: false, signedOutNotice: null });
    return true;
  },
  /** Logout: remove the stored token and clear the user; `notice` says why, on /login. */
  signOut(notice?: string): void {
    localStorage.removeItem(TOKEN_KEY);
    keepPageRole(null);
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
