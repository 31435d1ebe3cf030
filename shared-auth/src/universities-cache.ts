import { UNIVERSITIES_KEY } from './session';

export interface CachedUniversity {
  id: number;
  name: string;
}

/** The dashboards cache the universities list (id and name) under 'universities'. */
export function readCachedUniversities(): CachedUniversity[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(UNIVERSITIES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((u): u is CachedUniversity => typeof u?.id === 'number' && typeof u?.name === 'string').map((u) => ({ id: u.id, name: u.name }));
  } catch {
    return [];
  }
}

export function cacheUniversities(list: ReadonlyArray<{ id: number; name: string }>): void {
  localStorage.setItem(UNIVERSITIES_KEY, JSON.stringify(list.map((u) => ({ id: u.id, name: u.name }))));
}
