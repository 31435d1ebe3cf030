import { useEffect, useState } from 'react';
import { intakesApi, isRecordId } from 'shared-api';
import { intakeOutlook, type IntakeOutlook } from 'shared-api/intakes';

/**
 * Where the university's admission rounds stand, read in the browser after
 * the page shows (guests see open and upcoming intakes only). Null while
 * loading and after a failure: the page then says nothing about deadlines.
 */
export function useGuestIntakes(universityId: string | null): IntakeOutlook | null {
  const [outlook, setOutlook] = useState<IntakeOutlook | null>(null);
  useEffect(() => {
    let active = true;
    setOutlook(null);
    if (universityId === null || !isRecordId(universityId)) return undefined;
    intakesApi
      .ofUniversity(universityId)
      .then((list) => active && setOutlook(intakeOutlook(Array.isArray(list) ? list : [])))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [universityId]);
  return outlook;
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
