import {
  PAGE_ROLE_COOKIE,
  PAGE_SESSION_COOKIE,
  pageRoleCookie,
  pageSessionCookie,
  readPageSessionCookie,
  sessionPersonId,
  peekSession,
  peekStoredSession,
  readPageRoleCookie,
  SESSION_TOKEN_KEY,
} from '../src/session-peek';
import { token } from './tokens';

const now = Date.UTC(2026, 10, 25, 12);
const inAnHour = now / 1000 + 3600;

describe('the session peek', () => {
  it('keeps the token under the storage key of spec §9', () => {
    expect(SESSION_TOKEN_KEY).toBe('user');
  });

  it("reads a live token's role, expiry and claims, names in any script included", () => {
    const peek = peekSession(token({ role: 'ADMIN', exp: inAnHour, name: 'Chishimba Mwansa-Ngʼandu', email: 'a@b.zm' }), now);
    expect(peek).toEqual({ role: 'ADMIN', exp: inAnHour, claims: { role: 'ADMIN', exp: inAnHour, name: 'Chishimba Mwansa-Ngʼandu', email: 'a@b.zm' } });
  });

  it('says nothing of a token that has expired, names no role of the portal, or cannot be read', () => {
    expect(peekSession(token({ role: 'USER', exp: now / 1000 }), now)).toBeNull();
    expect(peekSession(token({ role: 'USER' }), now)).toBeNull();
    expect(peekSession(token({ role: 'ROOT', exp: inAnHour }), now)).toBeNull();
    expect(peekSession(token({ exp: inAnHour }), now)).toBeNull();
    for (const unreadable of ['', 'not-a-token', 'a.%%%.c', 'a.bnVsbA.c', `a.${Buffer.from('"text"').toString('base64url')}.c`, null, undefined]) {
      expect(peekSession(unreadable, now)).toBeNull();
    }
  });

  it('reads the stored token, and nothing when storage refuses to be read', () => {
    const stored = token({ role: 'USER', exp: inAnHour });
    expect(peekStoredSession({ getItem: (key) => (key === SESSION_TOKEN_KEY ? stored : null) }, now)?.role).toBe('USER');
    expect(peekStoredSession({ getItem: () => null }, now)).toBeNull();
    expect(
      peekStoredSession(
        {
          getItem: () => {
            throw new Error('SecurityError');
          },
        },
        now,
      ),
    ).toBeNull();
  });
});

describe('the page-role cookie', () => {
  it("records the session's role, and nothing else, until the token expires", () => {
    expect(pageRoleCookie({ role: 'USER', exp: inAnHour }, { secure: true, nowMs: now })).toBe(`${PAGE_ROLE_COOKIE}=USER; Path=/; Max-Age=3600; SameSite=Lax; Secure`);
    expect(pageRoleCookie({ role: 'ADMIN', exp: inAnHour }, { secure: false, nowMs: now })).toBe(`${PAGE_ROLE_COOKIE}=ADMIN; Path=/; Max-Age=3600; SameSite=Lax`);
  });

  it('forgets the role for a guest and for a session already expired', () => {
    expect(pageRoleCookie(null, { secure: false, nowMs: now })).toBe(`${PAGE_ROLE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
    expect(pageRoleCookie({ role: 'USER', exp: now / 1000 - 10 }, { secure: false, nowMs: now })).toBe(`${PAGE_ROLE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
  });

  it('is read from a Cookie header among others; anything but a role of the portal reads as none', () => {
    expect(readPageRoleCookie(`portal_device=v1.abc; ${PAGE_ROLE_COOKIE}=USER; other=1`)).toBe('USER');
    expect(readPageRoleCookie(`${PAGE_ROLE_COOKIE}=SUPERUSER`)).toBe('SUPERUSER');
    for (const header of [undefined, '', 'other=USER', `${PAGE_ROLE_COOKIE}=`, `${PAGE_ROLE_COOKIE}=ROOT`, `${PAGE_ROLE_COOKIE}=user`, `x${PAGE_ROLE_COOKIE}=USER`]) {
      expect(readPageRoleCookie(header)).toBeNull();
    }
  });
});

describe('the page-session cookie (decision 013)', () => {
  const now = Date.parse('2026-12-02T10:00:00Z');
  const inAnHour = now / 1000 + 3600;
  const live = token({ role: 'ADMIN', id: 5, exp: inAnHour });

  it('keeps the token until it expires, strict to this site, and forgets it', () => {
    expect(pageSessionCookie(live, { exp: inAnHour }, { secure: true, nowMs: now })).toBe(`${PAGE_SESSION_COOKIE}=${live}; Path=/; Max-Age=3600; SameSite=Strict; Secure`);
    expect(pageSessionCookie(null, null, { secure: false, nowMs: now })).toBe(`${PAGE_SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`);
    expect(pageSessionCookie(live, { exp: now / 1000 - 1 }, { secure: false, nowMs: now })).toBe(`${PAGE_SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`);
    expect(pageSessionCookie('not a token; Path=/x', { exp: inAnHour }, { secure: false, nowMs: now })).toMatch(new RegExp(`^${PAGE_SESSION_COOKIE}=; `));
  });

  it('is read from a Cookie header only when it is shaped like a token', () => {
    expect(readPageSessionCookie(`portal_page_role=ADMIN; ${PAGE_SESSION_COOKIE}=${live}`)).toBe(live);
    for (const header of [undefined, '', `${PAGE_SESSION_COOKIE}=`, `${PAGE_SESSION_COOKIE}=abc`, `${PAGE_SESSION_COOKIE}=a.b.c<script>`]) expect(readPageSessionCookie(header)).toBeNull();
  });

  it("names the session's person", () => {
    expect(sessionPersonId(peekSession(live, now))).toBe('5');
    expect(sessionPersonId(null)).toBe('');
  });
});
