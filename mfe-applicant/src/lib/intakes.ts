/**
 * The admission rounds of a university as the applicant screens need them
 * (university page, wizard, draft card): read once per university. A failed
 * read is taken as 'no intakes' (the spec's behaviour): the server still
 * refuses an application outside an intake, and the wizard says so.
 */
import { useEffect, useState } from 'react';
import { intakesApi, type Intake } from 'shared-api';
import { intakeOutlook, type IntakeOutlook } from 'shared-api/intakes';

export function useUniversityIntakes(universityId: number | null): { intakes: Intake[]; outlook: IntakeOutlook | null } {
  const [state, setState] = useState<{ for: number | null; intakes: Intake[] } | null>(null);
  useEffect(() => {
    let active = true;
    setState(null);
    if (universityId === null) return undefined;
    intakesApi
      .ofUniversity(universityId)
      .then((list) => active && setState({ for: universityId, intakes: Array.isArray(list) ? list : [] }))
      .catch(() => active && setState({ for: universityId, intakes: [] }));
    return () => {
      active = false;
    };
  }, [universityId]);
  if (!state || state.for !== universityId) return { intakes: [], outlook: null };
  return { intakes: state.intakes, outlook: intakeOutlook(state.intakes) };
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
