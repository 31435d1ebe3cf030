/**
 * The intake an application goes into (issue 16): the one open intake of the
 * university, or the applicant's choice on step 2 when several are open.
 * A university without intakes needs none (the spec's behaviour). The
 * choice lives with the page, not in the draft, whose keys stay the spec's.
 */
import { useCallback, useMemo, useState } from 'react';
import type { Intake, Program } from 'shared-api';
import type { IntakeOutlook } from 'shared-api/intakes';

export const CHOOSE_INTAKE_MESSAGE = 'Choose the intake you are applying into';

export interface IntakeChoice {
  outlook: IntakeOutlook | null;
  /** The open intakes to choose from (empty when none is open). */
  open: Intake[];
  chosen: Intake | null;
  choose: (intakeId: number | null) => void;
  error: string;
  /** True when the application may go on: an intake is chosen, or none is needed. */
  validate: () => boolean;
  /** The programs the applicant may choose: those of the chosen intake, or of any open one until chosen. */
  offered: (programs: Program[]) => Program[];
}

/** `outlook`: the university's intakes as the page read them (useUniversityIntakes), null until answered. */
export function useIntakeChoice(outlook: IntakeOutlook | null): IntakeChoice {
  const open = useMemo(() => (outlook?.kind === 'open' ? outlook.open : []), [outlook]);
  const [choiceId, setChoiceId] = useState<number | null>(null);
  const [error, setError] = useState('');
  const chosen = open.length === 1 ? open[0]! : (open.find((i) => i.id === choiceId) ?? null);

  const choose = useCallback((intakeId: number | null) => {
    setChoiceId(intakeId);
    setError('');
  }, []);

  const validate = useCallback(() => {
    const ok = open.length === 0 || chosen !== null;
    setError(ok ? '' : CHOOSE_INTAKE_MESSAGE);
    return ok;
  }, [open, chosen]);

  const offered = useCallback(
    (programs: Program[]) => {
      if (open.length === 0) return programs;
      const ids = new Set((chosen ? [chosen] : open).flatMap((i) => i.programs.map((p) => p.programId)));
      return programs.filter((p) => ids.has(p.id));
    },
    [open, chosen],
  );

  return { outlook, open, chosen, choose, error, validate, offered };
}
