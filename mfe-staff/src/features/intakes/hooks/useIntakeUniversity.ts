import { useState } from 'react';
import { useScope } from '../../../hooks/useScope';
import { useUniversityOptions } from '../../../hooks/useUniversities';

/**
 * The university whose intakes a page shows: an ADMIN's own always; for a
 * SUPERUSER the one selected in the top bar, which the page's own select can
 * change (intakes belong to one university, so 'all' cannot be shown).
 */
export function useIntakeUniversity(initial?: number | null) {
  const { user, isSuperuser, universityId: scoped } = useScope();
  const { universities } = useUniversityOptions(isSuperuser);
  const [chosen, setChosen] = useState<number | null>(initial ?? null);
  const universityId = isSuperuser ? (chosen ?? scoped) : (user?.universityId ?? null);
  return { isSuperuser, universityId, setUniversityId: setChosen, universities: isSuperuser ? universities : [] };
}
