import { jwtDecode } from 'jwt-decode';

export type Role = 'SUPERUSER' | 'ADMIN' | 'USER';

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

/** Local storage keys, exactly as spec §9. */
export const TOKEN_KEY = 'user';
export const SELECTED_UNIVERSITY_KEY = 'selectedUniversity';
export const UNIVERSITIES_KEY = 'universities';

interface RawClaims {
  id?: number | string;
  email?: string;
  phone?: string | null;
  role?: string;
  universityId?: number | string | null;
  university?: number | string | null;
  name?: string | null;
  sub?: string;
  exp?: number;
}

/** Decodes a token into the session user, or null when it is undecodable or expired. */
export function decodeSession(token: string | null | undefined, nowMs: number = Date.now()): SessionUser | null {
  if (!token) return null;
  let claims: RawClaims;
  try {
    claims = jwtDecode<RawClaims>(token);
  } catch {
    return null;
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs) return null;
  const role = claims.role;
  if (role !== 'SUPERUSER' && role !== 'ADMIN' && role !== 'USER') return null;
  const university = claims.universityId ?? claims.university ?? null;
  return {
    id: Number(claims.id ?? claims.sub),
    email: claims.email ?? '',
    phone: claims.phone ?? null,
    role,
    universityId: university === null || university === '' ? null : Number(university),
    name: claims.name ?? null,
    sub: claims.sub ?? '',
    exp: claims.exp,
  };
}

export function isStaff(role: Role | undefined | null): boolean {
  return role === 'ADMIN' || role === 'SUPERUSER';
}

/** The top bar's name: name, else e-mail, else the token subject, else 'User'. */
export function displayName(user: SessionUser | null): string {
  return user?.name || user?.email || user?.sub || 'User';
}
