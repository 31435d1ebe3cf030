import { useEffect, useState } from 'react';
import { programsApi, type Program } from 'shared-api';

/** The programs of one university, which an intake may offer. */
export function useUniversityPrograms(universityId: number | null) {
  const [programs, setPrograms] = useState<Program[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (universityId === null) return;
    let live = true;
    setPrograms(null);
    programsApi
      .ofUniversity(universityId)
      .then((list) => live && setPrograms(list))
      .catch(() => live && setError('Error: Failed to fetch programs.'));
    return () => {
      live = false;
    };
  }, [universityId]);
  return { programs, error };
}
