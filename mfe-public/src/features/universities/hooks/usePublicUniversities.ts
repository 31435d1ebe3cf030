import { useEffect, useState } from 'react';
import { universitiesApi, type University } from 'shared-api';
import { useAuth } from 'shared-auth';

export type LoadState<T> = { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'error' };

/**
 * The public university list. A signed-in ADMIN bound to a university sees
 * only that university (spec §6).
 */
export function usePublicUniversities(): LoadState<University[]> {
  const user = useAuth((state) => state.user);
  const ownUniversity = user?.role === 'ADMIN' && user.universityId != null ? user.universityId : null;
  const [state, setState] = useState<LoadState<University[]>>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    universitiesApi
      .list()
      .then((list) => {
        if (!active) return;
        const all = Array.isArray(list) ? list : [];
        setState({ status: 'loaded', data: ownUniversity === null ? all : all.filter((u) => Number(u.id) === ownUniversity) });
      })
      .catch(() => {
        if (active) setState({ status: 'error' });
      });
    return () => {
      active = false;
    };
  }, [ownUniversity]);

  return state;
}
