import { peekSession, SELECTED_UNIVERSITY_KEY as SELECTED_KEY, SESSION_TOKEN_KEY, type SessionRole } from 'page-platform/session-peek';

export type Role = SessionRole;

/** The claims the API puts in its token (spec §3 "Session user"). */
export interface SessionUser {
  id: number;
  email: string;
  phone: string | null;
  role: Role;
  universityId: number | null;
  name: string | null;
  sub: string;
  exp: number;
}

/** Local storage keys, exactly as spec §9; the session token's is the session peek's. */
export const TOKEN_KEY = SESSION_TOKEN_KEY;
export const SELECTED_UNIVERSITY_KEY = SELECTED_KEY;
export const UNIVERSITIES_KEY = 'universities';

interface RawClaims {
  id?: number | string;
  email?: string;
  phone?: string | null;
  universityId?: number | string | null;
  university?: number | string | null;
  name?: string | null;
  sub?: string;
}

/**
 * Decodes a token into the session user, or null when it is undecodable,
 * expired or names no role of the portal (the session peek decides, as it does
 * for the page's pre-start script and the shell's warm-up).
 */
export function decodeSession(token: string | null | undefined, nowMs: number = Date.now()): SessionUser | null {
  const peek = peekSession(token, nowMs);
  if (!peek) return null;
  const claims = peek.claims as RawClaims;
  const university = claims.universityId ?? claims.university ?? null;
  return {
    id: Number(claims.id ?? claims.sub),
    email: claims.email ?? '',
    phone: claims.phone ?? null,
    role: peek.role,
    universityId: university === null || university === '' ? null : Number(university),
    name: claims.name ?? null,
    sub: claims.sub ?? '',
    exp: peek.exp,
  };
}

export function isStaff(role: Role | undefined | null): boolean {
  return role === 'ADMIN' || role === 'SUPERUSER';
}

/** The top bar's name: name, else e-mail, else the token subject, else 'User'. */
export function displayName(user: SessionUser | null): string {
  return user?.name || user?.email || user?.sub || 'User';
}
