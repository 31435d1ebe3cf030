/**
 * The one way a screen loads server data: what it shows while loading, the
 * error, and a refresh that keeps the current data on screen until the new
 * answer arrives. An answer that comes back after its inputs changed (or after
 * the screen went away) is dropped, so a slow reply never overwrites a newer
 * one — the "still mounted?" flag each screen used to write by hand.
 *
 * `load` null means "nothing to ask yet" (no university chosen, say): no call,
 * not loading. `deps` are what the call depends on, as for useEffect.
 * `initial` is an answer already in hand (the server rendered the page with
 * it): it is shown at once and the first call is not made; new inputs ask.
 * `keepWhileLoading` keeps the answer for the previous inputs on screen
 * (`refreshing`) while the new inputs' answer is awaited: a list's next page
 * or search, where swapping the list for a spinner would pull the pager out
 * from under the finger that just tapped it.
 */
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export interface ServerData<T> {
  /** The last answer (kept while refreshing); undefined before the first. */
  data: T | undefined;
  /** True while the first answer for these inputs is awaited. */
  loading: boolean;
  /** True while a refresh is awaited with the old data still shown. */
  refreshing: boolean;
  /** What the last call threw, or null once one succeeds. */
  error: unknown;
  /** Asks again; resolves when the answer (or the error) is in. */
  refresh: () => Promise<void>;
  /** Changes the data shown after the screen's own edit (a row removed, a status set). */
  setData: (update: T | ((previous: T | undefined) => T)) => void;
}

export function useServerData<T>(load: (() => Promise<T>) | null, deps: DependencyList, options: { initial?: T; keepWhileLoading?: boolean } = {}): ServerData<T> {
  const [data, setDataState] = useState<T | undefined>(options.initial);
  // What the effect for new inputs sees: whether there is an answer to keep showing.
  const shown = useRef(data);
  shown.current = data;
  const keepWhileLoading = options.keepWhileLoading === true;
  const [loading, setLoading] = useState(load !== null && options.initial === undefined);
  // The answer in hand stands for the first call only.
  const answeredFirst = useRef(options.initial !== undefined);
  const [refreshing, setRefreshing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // Each call gets a number; only the newest may write.
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const run = useCallback(async (keepData: boolean) => {
    const call = ++latest.current;
    const current = loadRef.current;
    if (current === null) {
      setLoading(false);
      setRefreshing(false);
      return;
    }
    if (keepData) setRefreshing(true);
    else setLoading(true);
    try {
      const answer = await current();
      if (call !== latest.current) return;
      setDataState(answer);
      setError(null);
    } catch (err) {
      if (call !== latest.current) return;
      setError(err);
    } finally {
      if (call === latest.current) {
        setLoading(false);
        setRefreshing(false);
      }
    }
  }, []);

  useEffect(() => {
    if (answeredFirst.current) {
      answeredFirst.current = false;
      return () => {
        latest.current += 1;
      };
    }
    const keep = keepWhileLoading && shown.current !== undefined && loadRef.current !== null;
    if (!keep) setDataState(undefined);
    setError(null);
    void run(keep);
    return () => {
      // Leaving (or new inputs): whatever is still on its way is dropped.
      latest.current += 1;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the call depends on
  }, deps);

  const refresh = useCallback(() => run(true), [run]);
  const setData = useCallback((update: T | ((previous: T | undefined) => T)) => {
    setDataState((previous) => (typeof update === 'function' ? (update as (p: T | undefined) => T)(previous) : update));
  }, []);

  return { data, loading, refreshing, error, refresh, setData };
}
