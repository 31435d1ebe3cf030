import { errorText, isHTTPError, isMissing, isRecordId, programsApi, universitiesApi, type Program } from 'shared-api';
import { useServerData } from 'shared-api/data';

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
  const askable = universityId !== null && isRecordId(universityId);
  const { data, loading, error } = useServerData(
    askable
      ? () =>
          universitiesApi.get(universityId).catch((err: unknown) => {
            if (!isMissing(err)) console.error('Failed to fetch university name.');
            throw err;
          })
      : null,
    [universityId],
  );
  if (universityId === null) return UNNAMED_UNIVERSITY;
  if (!askable) return { missing: true };
  if (error) return isMissing(error) ? { missing: true } : UNNAMED_UNIVERSITY;
  if (loading || data === undefined) return null;
  return data?.name?.trim() || UNNAMED_UNIVERSITY;
}

/** The programs of the university: loading, then loaded or an error message (the list is emptied). */
export function useGuestPrograms(universityId: string | null): ProgramsState {
  const askable = universityId !== null && isRecordId(universityId);
  const { data, loading, error } = useServerData(askable ? () => programsApi.ofUniversity(universityId) : null, [universityId]);
  if (!askable) return { status: 'loaded', programs: [] };
  if (error) return { status: 'error', message: isHTTPError(error) ? errorText(error, PROGRAMS_ERROR) : UNEXPECTED_ERROR };
  if (loading || data === undefined) return { status: 'loading' };
  return { status: 'loaded', programs: Array.isArray(data) ? data : [] };
}
