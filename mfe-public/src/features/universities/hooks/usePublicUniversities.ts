import { useEffect, useMemo, useState } from 'react';
import { forgetPreloadedResponse, UNIVERSITIES_PATH, universitiesApi, usePreloadedResponse, type University } from 'shared-api';
import { useAuth } from 'shared-auth';
import { useServerData } from 'shared-api/data';

export type LoadState<T> = { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'error' };

function visibleTo(list: unknown, ownUniversity: number | null): University[] {
  const all = Array.isArray(list) ? (list as University[]) : [];
  return ownUniversity === null ? all : all.filter((u) => Number(u.id) === ownUniversity);
}

/**
 * The public university list. A signed-in ADMIN bound to a university sees
 * only that university (spec §6). A page the server rendered carries the list
 * it was rendered with: the first render shows it, without a second request.
 */
export function usePublicUniversities(): LoadState<University[]> {
  const user = useAuth((state) => state.user);
  const ownUniversity = user?.role === 'ADMIN' && user.universityId != null ? user.universityId : null;
  const [preloaded] = useState(usePreloadedResponse<University[]>(UNIVERSITIES_PATH));
  const { data, error } = useServerData(() => universitiesApi.list(), [], { initial: preloaded });
  useEffect(() => {
    // Used once: a later visit to the page asks the server.
    if (preloaded !== undefined) forgetPreloadedResponse(UNIVERSITIES_PATH);
  }, [preloaded]);
  const visible = useMemo(() => (data === undefined ? undefined : visibleTo(data, ownUniversity)), [data, ownUniversity]);
  if (visible !== undefined) return { status: 'loaded', data: visible };
  return error ? { status: 'error' } : { status: 'loading' };
}
