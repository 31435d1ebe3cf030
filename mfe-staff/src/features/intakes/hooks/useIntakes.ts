import { useCallback } from 'react';
import { intakesApi, type Intake } from 'shared-api';
import { useServerData } from 'shared-api/data';

/**
 * The intakes of a university, read again after every change the staff
 * member makes (`reload`): the list never shows what was true before their
 * own edit. `no-cache` makes the browser ask the server rather than reuse
 * an earlier answer.
 */
export function useIntakes(universityId: number | null) {
  const { data, loading, error, refresh } = useServerData<Intake[]>(universityId === null ? null : () => intakesApi.ofUniversity(universityId, { cache: 'no-cache' }), [universityId]);
  const reload = useCallback(() => void refresh(), [refresh]);
  return { intakes: error ? [] : (data ?? []), loading, error: error ? 'Error: Failed to fetch intakes.' : null, reload };
}
