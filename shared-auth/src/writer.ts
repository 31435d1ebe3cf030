import { pageRoleCookie, pageSessionCookie } from 'page-platform/session-peek';
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
 * The page cookies follow the stored session (page-platform's session peek
 * says why): the page-role cookie, for which the server renders a returning
 * visitor's page of their role, and the page-session cookie, with which it
 * renders a page of their own data (decision 013). Both go with the token,
 * signed in or out, online or not. Nothing to do where there is no document
 * (the server's render).
 */
function keepPageCookies(token: string | null, user: SessionUser | null): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:';
  document.cookie = pageRoleCookie(user, { secure });
  document.cookie = pageSessionCookie(user ? token : null, user, { secure });
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
    keepPageCookies(token, user);
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
   * else, no token; null renders a guest's page. `person`: a page made for
   * that person (decision 013), whose session the server has checked; still
   * no token, so nothing rendered can call the API. Never in a browser.
   */
  renderAs(role: Role | null, person: SessionUser | null = null): void {
    const user: SessionUser | null = person ?? (role ? { id: 0, email: '', phone: null, role, universityId: null, name: null, sub: '', exp: 0 } : null);
    authStore.setState({ token: null, user, loading: false, loggingOut: false, selectedUniversity: null, signedOutNotice: null });
  },
  /** Login success: store the token and set the user. Returns false for an unusable token. */
  signIn(token: string): boolean {
    const user = decodeSession(token);
    if (!user) return false;
    localStorage.setItem(TOKEN_KEY, token);
    keepPageCookies(token, user);
    authStore.setState({ token, user, loading: false, loggingOut: false, signedOutNotice: null });
    return true;
  },
  /** Logout: remove the stored token and clear the user; `notice` says why, on /login. */
  signOut(notice?: string): void {
    localStorage.removeItem(TOKEN_KEY);
    keepPageCookies(null, null);
    authStore.setState({ token: null, user: null, loggingOut: false, loading: false, signedOutNotice: notice ?? null });
  },
  setLoggingOut(loggingOut: boolean): void {
    authStore.setState({ loggingOut });
  },
  /** SUPERUSER context: saved under selectedUniversity; null removes it. */
  selectUniversity(id: number | null): void {
    sessionWriter.rememberUniversity(id);
    authStore.setState({ selectedUniversity: id });
  },
  /**
   * The same choice saved for the next page only, the page shown left as it is:
   * for a choice made on a server-rendered page before the app took it over,
   * which reloads at once. Changing the store then would re-render a tree
   * React is still adopting, which it cannot (React error #418).
   */
  rememberUniversity(id: number | null): void {
    if (id === null) localStorage.removeItem(SELECTED_UNIVERSITY_KEY);
    else localStorage.setItem(SELECTED_UNIVERSITY_KEY, String(id));
  },
};
