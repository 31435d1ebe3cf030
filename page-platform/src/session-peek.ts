/**
 * The session peek: what the stored session token says about its holder (its
 * role and when it expires), read without checking its signature, which only
 * the server can and does on every call. One function for the three readers
 * that cannot wait for one another: the page's pre-start script (a guest's
 * page stays hidden from a visitor with a session), the shell's warm-up (it
 * fetches the remote this role will see) and shared-auth's session store (the
 * signed-in user). It imports nothing, so the pre-start script stays small.
 */

/** Where the session token is kept in local storage (spec §9). */
export const SESSION_TOKEN_KEY = 'user';

/** Where a SUPERUSER's selected university is kept in local storage (spec §4): the staff lists follow it. */
export const SELECTED_UNIVERSITY_KEY = 'selectedUniversity';

export type SessionRole = 'SUPERUSER' | 'ADMIN' | 'USER';
const ROLES: readonly string[] = ['SUPERUSER', 'ADMIN', 'USER'] satisfies SessionRole[];

export interface SessionPeek {
  role: SessionRole;
  /** Expiry, in seconds since 1970 (the token's `exp`). */
  exp: number;
  /** Every claim of the token, for the store to read the user from. */
  claims: Readonly<Record<string, unknown>>;
}

/** base64url to text, UTF-8 included (a name may hold any letter); jsdom has no TextDecoder. */
function decodeBase64Url(text: string): string {
  let base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  while (base64.length % 4) base64 += '=';
  return decodeURIComponent(atob(base64).replace(/[\s\S]/g, (c) => `%${`0${c.charCodeAt(0).toString(16)}`.slice(-2)}`));
}

/** What a token says, or null when it is missing, unreadable, expired at `nowMs`, or names no role of the portal. */
export function peekSession(token: string | null | undefined, nowMs: number = Date.now()): SessionPeek | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(decodeBase64Url(payload));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { role, exp } = claims as { role?: unknown; exp?: unknown };
  if (typeof exp !== 'number' || exp * 1000 <= nowMs) return null;
  if (typeof role !== 'string' || !ROLES.includes(role)) return null;
  return { role: role as SessionRole, exp, claims: claims as Record<string, unknown> };
}

/** The stored session's peek; null for a guest, or when storage cannot be read (privacy modes). */
export function peekStoredSession(storage: { getItem(key: string): string | null }, nowMs?: number): SessionPeek | null {
  let token: string | null;
  try {
    token = storage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
  return peekSession(token, nowMs);
}

/**
 * The page-role cookie: the stored session's role, and nothing else (never the
 * token, nothing personal), so the server can render the page a returning
 * visitor of that role will see before any script has run. It proves nothing
 * and needs not: a page rendered for a role shows only what every holder of
 * that role sees, and the pre-start script hides it from anyone whose stored
 * session says otherwise. shared-auth's session writer keeps it in step with
 * the stored session (sign-in, start, sign-out); it lapses with the token.
 */
export const PAGE_ROLE_COOKIE = 'portal_page_role';

/** The `document.cookie` assignment that records `peek`'s role until its expiry, or forgets it (null). */
export function pageRoleCookie(peek: Pick<SessionPeek, 'role' | 'exp'> | null, options: { secure: boolean; nowMs?: number }): string {
  const seconds = peek ? Math.floor(peek.exp - (options.nowMs ?? Date.now()) / 1000) : 0;
  const value = peek && seconds > 0 ? peek.role : '';
  return `${PAGE_ROLE_COOKIE}=${value}; Path=/; Max-Age=${Math.max(0, seconds)}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

/** The role a request's Cookie header names in the page-role cookie; null when none (or not a role of the portal). */
export function readPageRoleCookie(header: string | undefined): SessionRole | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.split('=', 2).map((text) => text.trim());
    if (name === PAGE_ROLE_COOKIE && value && ROLES.includes(value)) return value as SessionRole;
  }
  return null;
}

/**
 * The page-session cookie (decision 013): the stored session's token, so the
 * server can render a page of the person's own data (a manifest entry marked
 * `prerenderForPerson`) before any script has run. Only page requests read it:
 * the API takes the token from its header alone and ignores cookies, so a
 * request another site causes can change nothing, and `SameSite=Strict` keeps
 * it off such requests anyway. Not HttpOnly: shared-auth's session writer
 * keeps it in step with the stored session and deletes it at sign-out with no
 * network, as it deletes the token; script could read it exactly as it reads
 * the token in local storage.
 */
export const PAGE_SESSION_COOKIE = 'portal_page_session';

/** What a session token may hold (base64url parts and dots): anything else is not one. */
const TOKEN_TEXT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The `document.cookie` assignment that keeps `token` until `peek`'s expiry, or forgets it (null). */
export function pageSessionCookie(token: string | null, peek: Pick<SessionPeek, 'exp'> | null, options: { secure: boolean; nowMs?: number }): string {
  const seconds = token && peek ? Math.floor(peek.exp - (options.nowMs ?? Date.now()) / 1000) : 0;
  const value = token && seconds > 0 && TOKEN_TEXT.test(token) ? token : '';
  return `${PAGE_SESSION_COOKIE}=${value}; Path=/; Max-Age=${Math.max(0, seconds)}; SameSite=Strict${options.secure ? '; Secure' : ''}`;
}

/** The token a request's Cookie header carries in the page-session cookie; null when none (or not shaped like one). */
export function readPageSessionCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.split('=', 2).map((text) => text.trim());
    if (name === PAGE_SESSION_COOKIE && value && TOKEN_TEXT.test(value)) return value;
  }
  return null;
}

/** The id of the person a session is for (the token's `id`, else `sub`), as text; '' when it names none. */
export function sessionPersonId(peek: SessionPeek | null): string {
  const id = peek?.claims.id ?? peek?.claims.sub;
  return typeof id === 'number' || (typeof id === 'string' && id !== '') ? String(id) : '';
}
