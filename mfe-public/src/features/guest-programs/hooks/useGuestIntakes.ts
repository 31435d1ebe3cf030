import { useEffect, useMemo, useState } from 'react';
import { intakesApi, isRecordId } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { intakeOutlook, type IntakeOutlook } from 'shared-api/intakes';

/**
 * Where the university's admission rounds stand, read in the browser after
 * the page shows (guests see open and upcoming intakes only). Null while
 * loading and after a failure: the page then says nothing about deadlines.
 */
export function useGuestIntakes(universityId: string | null): IntakeOutlook | null {
  const askable = universityId !== null && isRecordId(universityId);
  const { data } = useServerData(askable ? () => intakesApi.ofUniversity(universityId) : null, [universityId]);
  return useMemo(() => (askable && data !== undefined ? intakeOutlook(Array.isArray(data) ? data : []) : null), [askable, data]);
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
