import { useCallback, useEffect, useState } from 'react';
import { subscribersApi } from 'shared-api';

/** The waitlist size: null while loading, a number, or 'many' when the count cannot be read (spec §7). */
export function useWaitlistCount() {
  const [count, setCount] = useState<number | 'many' | null>(null);

  const refresh = useCallback(async () => {
    try {
      const answer = await subscribersApi.count();
      setCount(typeof answer?.count === 'number' ? answer.count : 'many');
    } catch {
      setCount('many');
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { count, refresh };
}
