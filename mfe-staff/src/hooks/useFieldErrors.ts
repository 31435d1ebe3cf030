import { useCallback, useState } from 'react';
import { fieldProblem } from 'shared-api';

/**
 * The errors a form shows under its fields. A field's error goes as soon as
 * the person changes that field (a message that stays under a field already
 * filled reads as if the form ignored them), and a field the server refused
 * ('field: reason' in a 400) is said under that field in plain words.
 */
export function useFieldErrors<K extends string>() {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const clear = useCallback((key: K) => setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current)), []);
  /** Puts a server refusal under its field when the form has it; answers whether it did. */
  const showServerProblem = useCallback((error: unknown, fields: readonly K[]): boolean => {
    const problem = fieldProblem(error);
    if (!problem || !fields.includes(problem.field as K)) return false;
    setErrors((current) => ({ ...current, [problem.field]: problem.text }));
    return true;
  }, []);
  return { errors, setErrors, clear, showServerProblem };
}
