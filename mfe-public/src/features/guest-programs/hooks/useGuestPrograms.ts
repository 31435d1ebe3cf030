import { useEffect, useState } from 'react';
import { errorText, isHTTPError, isMissing, isRecordId, programsApi, universitiesApi, type Program } from 'shared-api';

export const PROGRAMS_ERROR = 'Failed to fetch programs.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';
export const UNNAMED_UNIVERSITY = 'Unnamed University';

export type ProgramsState = { status: 'loading' } | { status: 'loaded'; programs: Program[] } | { status: 'error'; message: string };

/**
 * The university's name for the heading: null while loading, the fallback on
 * failure (logged only), or `{ missing: true }` when no university has that id
 * (a 404, or an id like 'abc' that cannot name one), so the page can say so.
 */
export function useUniversityName(universityId: string | null): string | null | { missing: true } {
  const [name, setName] = useState<string | null | { missing: true }>(null);
  useEffect(() => {
    let active = true;
    setName(null);
    if (universityId === null) {
      setName(UNNAMED_UNIVERSITY);
      return undefined;
    }
    if (!isRecordId(universityId)) {
      setName({ missing: true });
      return undefined;
    }
    universitiesApi
      .get(universityId)
      .then((university) => {
        if (active) setName(university?.name?.trim() || UNNAMED_UNIVERSITY);
      })
      .catch((error: unknown) => {
        if (active && isMissing(error)) return setName({ missing: true });
        console.error('Failed to fetch university name.');
        if (active) setName(UNNAMED_UNIVERSITY);
      });
    return () => {
      active = false;
    };
  }, [universityId]);
  return name;
}

/** The programs of the university: loading, then loaded or an error message (the list is emptied). */
export function useGuestPrograms(universityId: string | null): ProgramsState {
  const [state, setState] = useState<ProgramsState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    if (universityId === null || !isRecordId(universityId)) {
      setState({ status: 'loaded', programs: [] });
      return undefined;
    }
    programsApi
      .ofUniversity(universityId)
      .then((programs) => {
        if (active) setState({ status: 'loaded', programs: Array.isArray(programs) ? programs : [] });
      })
      .catch((error: unknown) => {
        if (!active) return;
        setState({ status: 'error', message: isHTTPError(error) ? errorText(error, PROGRAMS_ERROR) : UNEXPECTED_ERROR });
      });
    return () => {
      active = false;
    };
  }, [universityId]);
  return state;
}
