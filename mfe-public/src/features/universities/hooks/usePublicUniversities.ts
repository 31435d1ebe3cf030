import { useEffect, useState } from 'react';
import { forgetPreloadedResponse, UNIVERSITIES_PATH, universitiesApi, usePreloadedResponse, type University } from 'shared-api';
import { useAuth } from 'shared-auth';

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
  const preloaded = usePreloadedResponse<University[]>(UNIVERSITIES_PATH);
  const [state, setState] = useState<LoadState<University[]>>(() => (preloaded === undefined ? { status: 'loading' } : { status: 'loaded', data: visibleTo(preloaded, ownUniversity) }));
  const [startedPreloaded] = useState(preloaded !== undefined);

  useEffect(() => {
    if (startedPreloaded) {
      forgetPreloadedResponse(UNIVERSITIES_PATH);
      return;
    }
    let active = true;
    setState({ status: 'loading' });
    universitiesApi
      .list()
      .then((list) => {
        if (active) setState({ status: 'loaded', data: visibleTo(list, ownUniversity) });
      })
      .catch(() => {
        if (active) setState({ status: 'error' });
      });
    return () => {
      active = false;
    };
  }, [ownUniversity, startedPreloaded]);

  return state;
}
