import { useState } from 'react';
import { universitiesApi } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { cacheUniversities, readCachedUniversities, type CachedUniversity } from 'shared-auth';

/**
 * The universities for a select: the cached list under 'universities' first,
 * then the live list (which refreshes the cache).
 */
export function useUniversityOptions(enabled = true): { universities: CachedUniversity[]; loading: boolean } {
  const [cached] = useState<CachedUniversity[]>(() => readCachedUniversities());
  const { data, loading } = useServerData(
    enabled
      ? () =>
          universitiesApi.list().then((list) => {
            cacheUniversities(list);
            return list.map((u) => ({ id: u.id, name: u.name }));
          })
      : null,
    [enabled],
  );
  // A failed read keeps the cached list: the select still offers what was known.
  return { universities: data ?? cached, loading };
}
