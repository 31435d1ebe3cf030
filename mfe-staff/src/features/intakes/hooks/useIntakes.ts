import { useCallback, useEffect, useState } from 'react';
import { intakesApi, type Intake } from 'shared-api';

/**
 * The intakes of a university, read again after every change the staff
 * member makes (`reload`): the list never shows what was true before their
 * own edit. `no-cache` makes the browser ask the server rather than reuse
 * an earlier answer.
 */
export function useIntakes(universityId: number | null) {
  const [intakes, setIntakes] = useState<Intake[]>([]);
  const [loading, setLoading] = useState(universityId !== null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (universityId === null) {
      setIntakes([]);
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    setError(null);
    intakesApi
      .ofUniversity(universityId, { cache: 'no-cache' })
      .then((list) => live && setIntakes(list))
      .catch(() => {
        if (!live) return;
        setIntakes([]);
        setError('Error: Failed to fetch intakes.');
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [universityId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { intakes, loading, error, reload };
}
