/**
 * Small helpers every module's queries share: reading the rows of a raw
 * statement, LIKE patterns that take the searched text literally, and telling
 * which constraint refused a write.
 */

/** Rows of a raw `execute`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** The text with LIKE's pattern characters (and its escape character) taken literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%` for ILIKE with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** The PostgreSQL error code of an error or one of its causes (drivers wrap them). */
function hasErrorCode(error: unknown, code: string, maxDepth: number): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < maxDepth; depth += 1) {
    if ((current as { code?: string }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A unique index refused the write (for example an e-mail already taken). */
export function isUniqueViolation(error: unknown): boolean {
  return hasErrorCode(error, '23505', 5);
}

/** A foreign key refused the write (for example a row something still refers to). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasErrorCode(error, '23503', 4);
}
