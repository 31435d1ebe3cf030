import { useEffect, useMemo, useState } from 'react';
import { intakesApi, isRecordId } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { isAnswered } from 'shared-api/complete-view';
import { intakeOutlook, type IntakeOutlook } from 'shared-api/intakes';

export interface GuestIntakes {
  /** Null while loading and after a failure: the page then says nothing about deadlines. */
  outlook: IntakeOutlook | null;
  /** True once the answer (or its failure) is in, or there is nothing to ask. */
  answered: boolean;
}

/**
 * Where the university's admission rounds stand, read in the browser after
 * the page shows (guests see open and upcoming intakes only).
 */
export function useGuestIntakes(universityId: string | null): GuestIntakes {
  const askable = universityId !== null && isRecordId(universityId);
  const read = useServerData(askable ? () => intakesApi.ofUniversity(universityId) : null, [universityId]);
  const { data } = read;
  const outlook = useMemo(() => (askable && data !== undefined ? intakeOutlook(Array.isArray(data) ? data : []) : null), [askable, data]);
  return { outlook, answered: !askable || isAnswered(read) };
}

/** The current time, renewed every minute, so a countdown counts down while the page stays open. */
export function useNow(ms = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
