/**
 * The applicant's open (not yet decided) application to a university, if any:
 * before starting another to the same university the applicant is told, since
 * both would be reviewed (and each has its own fee). A failed look-up is no
 * reason to stop anyone applying, so it answers null. Undefined while looking.
 */
import { useEffect, useState } from 'react';
import { applicationsApi, DECIDABLE_STATUSES, type Application } from 'shared-api';

export function useOpenApplication(userId: number | null | undefined, universityId: number | null): Application | null | undefined {
  const [open, setOpen] = useState<Application | null | undefined>(undefined);
  useEffect(() => {
    let active = true;
    setOpen(undefined);
    if (!userId || universityId === null) {
      setOpen(null);
      return undefined;
    }
    Promise.resolve()
      .then(() => applicationsApi.ofUser(userId, { skipLogoutOn401: true }))
      .then((list) => {
        if (!active || !Array.isArray(list)) return;
        const found = list.find((a) => a.universityId === universityId && DECIDABLE_STATUSES.includes(String(a.status).toUpperCase() as Application['status']));
        setOpen(found ?? null);
      })
      .catch(() => active && setOpen(null));
    return () => {
      active = false;
    };
  }, [userId, universityId]);
  return open;
}
