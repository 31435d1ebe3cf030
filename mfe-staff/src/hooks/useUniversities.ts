import { useEffect, useState } from 'react';
import { universitiesApi } from 'shared-api';
import { cacheUniversities, readCachedUniversities, type CachedUniversity } from 'shared-auth';

/**
 * The universities for a select: the cached list under 'universities' first,
 * then the live list (which refreshes the cache).
 */
export function useUniversityOptions(enabled = true): { universities: CachedUniversity[]; loading: boolean } {
  const [universities, setUniversities] = useState<CachedUniversity[]>(() => readCachedUniversities());
  const [loading, setLoading] = useState(enabled);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    universitiesApi
      .list()
      .then((list) => {
        if (!live) return;
        cacheUniversities(list);
        setUniversities(list.map((u) => ({ id: u.id, name: u.name })));
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [enabled]);
  return { universities, loading };
}
