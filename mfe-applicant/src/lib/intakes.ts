/**
 * The admission rounds of a university as the applicant screens need them
 * (university page, wizard, draft card): read once per university. A failed
 * read is taken as 'no intakes' (the spec's behaviour): the server still
 * refuses an application outside an intake, and the wizard says so.
 */
import { useEffect, useState } from 'react';
import { intakesApi, type Intake } from 'shared-api';
import { useServerData } from 'shared-api/data';
import { intakeOutlook, type IntakeOutlook } from 'shared-api/intakes';

export interface UniversityIntakes {
  intakes: Intake[];
  /** Null until the answer (or its failure) is in. */
  outlook: IntakeOutlook | null;
  /** True once the answer (or its failure) is in for this university. */
  answered: boolean;
}

/** `rendered`: the answer a page the server rendered came with (not asked again). */
export function useUniversityIntakes(universityId: number | null, rendered?: Intake[]): UniversityIntakes {
  const { data, error, loading } = useServerData(universityId === null ? null : () => intakesApi.ofUniversity(universityId), [universityId], { initial: rendered });
  if (universityId === null || loading || (!data && !error)) return { intakes: [], outlook: null, answered: false };
  const intakes = !error && Array.isArray(data) ? data : [];
  return { intakes, outlook: intakeOutlook(intakes), answered: true };
}

/** The current time, renewed every `ms` (a countdown counts down while the page stays open). */
export function useNow(ms = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
