import { programsApi, type Program } from 'shared-api';
import { useServerData } from 'shared-api/data';

/** The programs of one university, which an intake may offer. */
export function useUniversityPrograms(universityId: number | null) {
  const { data, error } = useServerData<Program[]>(universityId === null ? null : () => programsApi.ofUniversity(universityId), [universityId]);
  return { programs: data ?? null, error: error ? 'Error: Failed to fetch programs.' : null };
}
